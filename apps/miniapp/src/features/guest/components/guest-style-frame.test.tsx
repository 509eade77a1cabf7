import type { GuestQueueStatus, RestaurantStyle } from '@stolik/contracts';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GuestFrame } from '../../../shared/guest-style/guest-style-frame';
import { renderAt } from '../../../test/render';
import { GuestQueueScreen } from './guest-queue-screen';
import { GuestQueueStatusScreen } from './guest-queue-status-screen';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllGlobals();
});
afterAll(() => server.close());

const SHA = 'abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789';
const STYLE: RestaurantStyle = {
  restaurant: 1,
  palette: { primary: '#8b1e3f', primary_text: '#ffffff', background: '#fdf6ec' },
  font: {
    url: `/api/public/restaurant/1/font/?v=${SHA.slice(0, 16)}`,
    format: 'woff2',
    file_name: 'brand.woff2',
    size: 40_000,
    sha256: SHA,
    uploaded_at: '2026-03-14T09:30:00+00:00',
  },
};

function guestApi(style: () => HttpResponse<object>) {
  const asked = { style: 0 };
  server.use(
    http.get('*/api/public/restaurant/1/', () =>
      HttpResponse.json({ id: 1, name: 'Демо', queue_open: true, typical_wait: 10 }),
    ),
    http.get('*/api/public/restaurant/1/style/', () => {
      asked.style += 1;
      return style();
    }),
  );
  return asked;
}

const renderQueueForm = () =>
  renderAt(
    <GuestFrame className="public-frame">
      <GuestQueueScreen />
    </GuestFrame>,
    { path: '/guest/:id/queue', route: '/guest/1/queue' },
  );

/** A FontFace that loads at once, and the document's font set it is added to. */
function stubFonts() {
  const added: string[] = [];
  class LoadedFontFace {
    constructor(
      readonly family: string,
      readonly source: string,
    ) {}
    load() {
      return Promise.resolve(this);
    }
  }
  vi.stubGlobal('FontFace', LoadedFontFace);
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: {
      add: (face: LoadedFontFace) => added.push(`${face.family} ${face.source}`),
      delete: () => true,
    },
  });
  return added;
}

describe("a guest form in its restaurant's style", () => {
  it('wears the palette and the font on the guest frame', async () => {
    const added = stubFonts();
    guestApi(() => HttpResponse.json(STYLE));
    renderQueueForm();
    const join = await screen.findByRole('button', { name: 'Встать в очередь' });
    const frame = screen.getByTestId('guest-frame');
    await waitFor(() => expect(frame.style.getPropertyValue('--tgui--button_color')).toBe('#8b1e3f'));
    expect(frame.contains(join)).toBe(true);
    expect(frame.style.getPropertyValue('--tgui--button_text_color')).toBe('#ffffff');
    expect(frame.style.getPropertyValue('--tgui--secondary_bg_color')).toBe('#fdf6ec');
    // A colour the restaurant did not set stays the product's own.
    expect(frame.style.getPropertyValue('--tgui--text_color')).toBe('');
    expect(frame.className).toBe('public-frame guest-frame--styled');
    await waitFor(() => expect(frame.style.fontFamily).toContain('stolik-guest-1-abcdef012345'));
    expect(added).toEqual([`stolik-guest-1-abcdef012345 url("${STYLE.font?.url}")`]);
  });

  it("keeps the product's own look when the style cannot be had, and the form works", async () => {
    const asked = guestApi(() => HttpResponse.json({ detail: 'Ошибка' }, { status: 500 }));
    renderQueueForm();
    expect(await screen.findByRole('button', { name: 'Встать в очередь' })).toBeTruthy();
    const frame = screen.getByTestId('guest-frame');
    // Asked once more, then given up on.
    await waitFor(() => expect(asked.style).toBe(2), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(frame.getAttribute('style')).toBeNull();
    expect(frame.className).toBe('public-frame');
  });

  it('refuses a reply that is not a palette of colours: nothing of it reaches the page', async () => {
    const asked = guestApi(() =>
      HttpResponse.json({ ...STYLE, palette: { primary: 'red;background:url(https://evil.example)' } }),
    );
    renderQueueForm();
    await screen.findByRole('button', { name: 'Встать в очередь' });
    await waitFor(() => expect(asked.style).toBe(2), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('guest-frame').getAttribute('style')).toBeNull();
  });

  it("the guest's queue page wears the style of the entry's restaurant", async () => {
    const entry: GuestQueueStatus = {
      token: 'guest-token-0123456789',
      restaurant: 1,
      restaurant_name: 'Демо',
      number: 7,
      status: 'live',
      position: 2,
      waiting_time: 15,
    };
    guestApi(() => HttpResponse.json({ ...STYLE, font: null }));
    server.use(
      http.get('*/api/public/queue/guest-token-0123456789/', () => HttpResponse.json(entry)),
      http.get(
        '*/api/public/queue/guest-token-0123456789/events/',
        () => new HttpResponse(null, { status: 404 }),
      ),
    );
    renderAt(
      <GuestFrame className="public-frame">
        <GuestQueueStatusScreen />
      </GuestFrame>,
      { path: '/guest/queue/:token', route: '/guest/queue/guest-token-0123456789' },
    );
    expect(await screen.findByText('7')).toBeTruthy();
    const frame = screen.getByTestId('guest-frame');
    await waitFor(() => expect(frame.style.getPropertyValue('--tgui--button_color')).toBe('#8b1e3f'));
    expect(frame.dataset.guestStyle).toBe('1');
  });
});
