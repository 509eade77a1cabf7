import type { FontInfo, Palette, RestaurantStyle } from '@stolik/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Toaster } from '../../../shared/ui/toast';
import { RESTAURANT } from '../../../test/booking-fixtures';
import { renderAt } from '../../../test/render';
import { StyleScreen } from './style-screen';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const FONT: FontInfo = {
  url: '/api/public/restaurant/1/font/?v=0123456789abcdef',
  format: 'woff2',
  file_name: 'brand.woff2',
  size: 48 * 1024,
  sha256: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  uploaded_at: '2026-03-14T09:30:00+00:00',
};

function styleApi(start: { palette?: Palette; font?: FontInfo | null; styleStatus?: number } = {}) {
  let style: RestaurantStyle = { restaurant: 1, palette: start.palette ?? {}, font: start.font ?? null };
  const saved: Palette[] = [];
  const uploads: string[] = [];
  let fontAnswer: () => HttpResponse<object> = () => HttpResponse.json(FONT, { status: 201 });
  server.use(
    http.get('*/api/restaurant/', () => HttpResponse.json([RESTAURANT])),
    http.get('*/api/public/restaurant/1/style/', ({ request }) => {
      // Public: the page does not send the staff token to it.
      if (request.headers.get('authorization')) return HttpResponse.json({}, { status: 500 });
      return start.styleStatus
        ? HttpResponse.json({ detail: 'Ошибка' }, { status: start.styleStatus })
        : HttpResponse.json(style);
    }),
    http.post('*/api/restaurant/1/style/', async ({ request }) => {
      const body = (await request.json()) as { palette: Palette };
      saved.push(body.palette);
      if (body.palette.danger === '#fff')
        return HttpResponse.json({ 'palette.danger': ['Неверный цвет'] }, { status: 400 });
      style = { ...style, palette: body.palette };
      return HttpResponse.json(style);
    }),
    http.post('*/api/restaurant/1/font/', async ({ request }) => {
      const file = (await request.formData()).get('file');
      if (file && typeof file !== 'string') uploads.push(file.type);
      return fontAnswer();
    }),
    http.delete('*/api/restaurant/1/font/', () => new HttpResponse(null, { status: 204 })),
  );
  return {
    saved,
    uploads,
    answerFont: (answer: () => HttpResponse<object>) => {
      fontAnswer = answer;
    },
  };
}

const renderStyle = () =>
  renderAt(
    <>
      <StyleScreen />
      <Toaster />
    </>,
    { path: '/restaurant/:id/settings/style', route: '/restaurant/1/settings/style' },
  );

/** Types a value into a colour's field at once (a paste): per-key typing is slow and proves nothing more. */
async function fill(user: ReturnType<typeof userEvent.setup>, name: string, value: string) {
  const field = screen.getByRole('textbox', { name });
  await user.click(field);
  await user.paste(value);
  return field;
}

const tokenOf = (element: HTMLElement, token: string) => element.style.getPropertyValue(token);

describe('the style page', () => {
  it('edits the palette with a live guest form card, warns of poor contrast, and saves only colours that are set', async () => {
    const api = styleApi({ palette: { primary: '#0055aa' } });
    const user = userEvent.setup();
    renderStyle();
    expect(await screen.findByRole('heading', { name: 'Стиль' })).toBeTruthy();
    const preview = await screen.findByTestId('guest-preview');
    expect(tokenOf(preview, '--tgui--button_color')).toBe('#0055aa');
    expect(preview.getAttribute('aria-hidden')).toBe('true');

    // Light grey text on a white card: far below 4.5:1.
    await fill(user, 'Фон карточки', '#ffffff');
    await fill(user, 'Текст', '#cccccc');
    expect(tokenOf(preview, '--tgui--text_color')).toBe('#cccccc');
    expect(tokenOf(preview, '--tgui--bg_color')).toBe('#ffffff');
    const warning = await screen.findByText('Текст будет трудно прочитать');
    expect(warning.parentElement?.textContent).toContain(
      '«Текст» на «Фон карточки»: контраст 1,6:1, нужно не меньше 4,5:1 (WCAG AA)',
    );

    // The picker sets the same colour; a dark text passes.
    fireEvent.change(screen.getByLabelText('Текст: выбрать цвет'), { target: { value: '#222222' } });
    expect((screen.getByRole('textbox', { name: 'Текст' }) as HTMLInputElement).value).toBe('#222222');
    await waitFor(() => expect(screen.queryByText('Текст будет трудно прочитать')).toBeNull());
    expect(screen.getByText('Контраст текста достаточный (WCAG AA, не меньше 4,5:1)')).toBeTruthy();

    // Not a colour: said at the field, and nothing is sent.
    const accent = await fill(user, 'Ссылки и акценты', 'red');
    expect(screen.getByText('Цвет в виде #RRGGBB (или #RGB, #RRGGBBAA)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Сохранить палитру' })).toHaveProperty('disabled', true);
    await user.clear(accent);

    // The primary colour back to the product's own.
    await user.click(screen.getByRole('button', { name: 'Сбросить «Основная кнопка»: как в продукте' }));
    expect(tokenOf(preview, '--tgui--button_color')).toBe('');
    await user.click(screen.getByRole('button', { name: 'Сохранить палитру' }));
    await screen.findByText('Палитра сохранена');
    expect(api.saved).toEqual([{ surface: '#ffffff', text: '#222222' }]);
  }, 15_000);

  it("shows the server's refusal at the colour it names", async () => {
    const api = styleApi();
    const user = userEvent.setup();
    renderStyle();
    await user.type(await screen.findByRole('textbox', { name: 'Ошибки' }), '#fff');
    await user.click(screen.getByRole('button', { name: 'Сохранить палитру' }));
    expect(await screen.findByText('Неверный цвет')).toBeTruthy();
    expect(api.saved).toEqual([{ danger: '#fff' }]);
  });

  it("uploads a font as a file, shows the server's reasons for a refusal, and removes it after asking", async () => {
    const api = styleApi();
    const user = userEvent.setup();
    renderStyle();
    expect(await screen.findByText('Шрифт не загружен: гостевые формы в шрифте продукта.')).toBeTruthy();
    const input = screen.getByTestId('font-input') as HTMLInputElement;

    api.answerFont(() =>
      HttpResponse.json({ file: ['Это не файл шрифта. Подойдет WOFF2, WOFF, TTF или OTF'] }, { status: 400 }),
    );
    await user.upload(input, new File(['<script>'], 'brand.woff2', { type: 'font/woff2' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Это не файл шрифта. Подойдет WOFF2, WOFF, TTF или OTF',
    );

    api.answerFont(() =>
      HttpResponse.json(
        { detail: 'Файл шрифта слишком большой: не больше 2 МБ', code: 'file_too_large' },
        { status: 413 },
      ),
    );
    await user.upload(input, new File(['x'.repeat(10)], 'huge.ttf', { type: 'font/ttf' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Файл шрифта слишком большой: не больше 2 МБ'),
    );

    api.answerFont(() => HttpResponse.json(FONT, { status: 201 }));
    await user.upload(input, new File(['wOF2'], 'brand.woff2', { type: 'font/woff2' }));
    await screen.findByText('Шрифт загружен');
    expect(screen.getByText('brand.woff2 · WOFF2 · 48 КБ · загружен 14.03.2026')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.uploads).toEqual(['font/woff2', 'font/ttf', 'font/woff2']);

    await user.click(screen.getByRole('button', { name: 'Удалить шрифт' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(dialog.textContent).toContain('Удалить шрифт гостевых форм?');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить шрифт', hidden: true }));
    await screen.findByText('Шрифт удален');
    expect(screen.getByText('Шрифт не загружен: гостевые формы в шрифте продукта.')).toBeTruthy();
  });

  it('says when the style cannot be loaded, and loads it on retry', async () => {
    styleApi({ styleStatus: 500 });
    const user = userEvent.setup();
    renderStyle();
    expect(await screen.findByText('Не удалось загрузить стиль гостевых форм')).toBeTruthy();
    styleApi();
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { name: 'Палитра' })).toBeTruthy();
  });
});
