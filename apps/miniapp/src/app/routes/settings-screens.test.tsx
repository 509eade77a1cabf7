import type { GlobalAlert, RestaurantStyle } from '@stolik/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Toaster } from '../../shared/ui/toast';
import { RESTAURANT } from '../../test/booking-fixtures';
import { renderAt } from '../../test/render';
import { SettingsStyleScreen } from './settings-screens';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The style page and the global alert are two features; the settings routes put them on one page. */
describe("the settings' style page", () => {
  it('publishes the global alert for every staff member, and takes it down', async () => {
    const style: RestaurantStyle = { restaurant: 1, palette: {}, font: null };
    let alert: GlobalAlert = { text: '', updated_at: null };
    const alerts: string[] = [];
    server.use(
      http.get('*/api/restaurant/', () => HttpResponse.json([RESTAURANT])),
      http.get('*/api/public/restaurant/1/style/', () => HttpResponse.json(style)),
      http.get('*/api/static/global-alert/', () => HttpResponse.json(alert)),
      http.post('*/api/static/global-alert/', async ({ request }) => {
        const { text } = (await request.json()) as { text: string };
        alerts.push(text);
        alert = { text, updated_at: text ? '2026-03-14T10:00:00+00:00' : null };
        return HttpResponse.json(alert);
      }),
    );
    const user = userEvent.setup();
    renderAt(
      <>
        <SettingsStyleScreen />
        <Toaster />
      </>,
      { path: '/restaurant/:id/settings/style', route: '/restaurant/1/settings/style' },
    );
    expect(await screen.findByRole('heading', { name: 'Палитра' })).toBeTruthy();
    expect(await screen.findByText('Сейчас объявления нет')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Текст объявления' }), 'Сегодня закрываемся в 22:00');
    await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
    await screen.findByText('Объявление опубликовано');
    expect(screen.getByText('Объявление сейчас показано')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Снять объявление' }));
    await screen.findByText('Объявление снято');
    expect(alerts).toEqual(['Сегодня закрываемся в 22:00', '']);
  });
});
