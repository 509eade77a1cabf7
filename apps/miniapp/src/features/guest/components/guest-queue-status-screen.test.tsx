import type { GuestQueueStatus } from '@stolik/contracts';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { GuestQueueStatusScreen } from './guest-queue-status-screen';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const entry = (waiting_time: number | null): GuestQueueStatus => ({
  token: 'guest-token-0123456789',
  restaurant: 1,
  restaurant_name: 'Демо',
  number: 12,
  status: 'live',
  position: 2,
  waiting_time,
});

function showWait(waiting: number | null) {
  server.use(
    http.get('*/api/public/queue/guest-token-0123456789/', () => HttpResponse.json(entry(waiting))),
    http.get('*/api/public/restaurant/1/style/', () =>
      HttpResponse.json({ restaurant: 1, palette: null, font: null }),
    ),
  );
  renderAt(<GuestQueueStatusScreen />, {
    path: '/guest/queue/:token',
    route: '/guest/queue/guest-token-0123456789',
  });
}

describe("the guest's own page: the wait", () => {
  it('shows the quote in minutes, the same number the staff see', async () => {
    showWait(12);
    expect(await screen.findByText('~12 мин')).toBeTruthy();
  });

  it("says '1 час' for about an hour, as spec §1 words it", async () => {
    showWait(66);
    expect(await screen.findByText('1 час')).toBeTruthy();
    expect(screen.queryByText(/66/)).toBeNull();
  });

  it("says how far beyond an hour a longer wait is, to five minutes, never a bare '1 час'", async () => {
    showWait(97);
    expect(await screen.findByText('~1 ч 35 мин')).toBeTruthy();
    expect(screen.queryByText('1 час')).toBeNull();
  });

  it('says whole hours as such', async () => {
    showWait(121);
    expect(await screen.findByText('~2 ч')).toBeTruthy();
  });
});

describe("the guest's own page: the call", () => {
  it("says the call was seen, once, and 'Иду' tells the hostess the guest is coming", async () => {
    const reports: unknown[] = [];
    server.use(
      http.get('*/api/public/queue/guest-token-0123456789/', () =>
        HttpResponse.json({ ...entry(null), status: 'called', position: null }),
      ),
      http.get('*/api/public/restaurant/1/style/', () =>
        HttpResponse.json({ restaurant: 1, palette: null, font: null }),
      ),
      http.post('*/api/public/queue/guest-token-0123456789/reach/', async ({ request }) => {
        reports.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderAt(<GuestQueueStatusScreen />, {
      path: '/guest/queue/:token',
      route: '/guest/queue/guest-token-0123456789',
    });
    const coming = await screen.findByRole('button', { name: 'Иду' });
    await vi.waitFor(() => expect(reports).toEqual([{ event: 'seen' }]));
    coming.click();
    expect(await screen.findByText('Ждем тебя!')).toBeTruthy();
    expect(reports).toEqual([{ event: 'seen' }, { event: 'coming' }]);
    expect(screen.queryByRole('button', { name: 'Иду' })).toBeNull();
  });
});

describe("the guest's own page: at the door", () => {
  it("'Я на месте' tells the hostess the guest is here, and the page says she knows", async () => {
    let arrived = 0;
    server.use(
      http.get('*/api/public/queue/guest-token-0123456789/', () =>
        HttpResponse.json({ ...entry(null), status: 'called', position: null }),
      ),
      http.get('*/api/public/restaurant/1/style/', () =>
        HttpResponse.json({ restaurant: 1, palette: null, font: null }),
      ),
      http.post(
        '*/api/public/queue/guest-token-0123456789/reach/',
        () => new HttpResponse(null, { status: 204 }),
      ),
      http.post('*/api/public/queue/guest-token-0123456789/arrived/', () => {
        arrived += 1;
        return HttpResponse.json({ ...entry(null), status: 'joined', position: null });
      }),
    );
    renderAt(<GuestQueueStatusScreen />, {
      path: '/guest/queue/:token',
      route: '/guest/queue/guest-token-0123456789',
    });
    (await screen.findByRole('button', { name: 'Я на месте' })).click();
    expect(await screen.findByText('Хостес знает, что ты пришел. Подойди к стойке')).toBeTruthy();
    expect(arrived).toBe(1);
    expect(screen.queryByRole('button', { name: 'Я на месте' })).toBeNull();
  });
});
