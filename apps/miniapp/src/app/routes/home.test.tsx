import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { HomeScreen } from './home';

const demo = {
  id: 3,
  name: 'Демо',
  timezone: 'Europe/Moscow',
  has_bookings: true,
  ui_content: { app: { hide_orders: false, hide_main_table: false } },
};
const server = setupServer();

describe('the main page', () => {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  it('lists the restaurants, each opening its live queue', async () => {
    server.use(http.get('*/api/restaurant/', () => HttpResponse.json([demo])));
    renderAt(<HomeScreen />);
    const link = await screen.findByRole('link', { name: /Демо/ });
    expect(link.getAttribute('href')).toBe('/restaurant/3');
    expect(document.title).toBe('Главная');
  });

  it('tells a person in no restaurant yet how to get in one', async () => {
    server.use(http.get('*/api/restaurant/', () => HttpResponse.json([])));
    renderAt(<HomeScreen />);
    expect(
      await screen.findByText(
        'Вас еще не добавили ни в один ресторан. Попросите у управляющего приглашение.',
      ),
    ).toBeTruthy();
  });

  it('says «Не удалось загрузить рестораны» on failure, and retries on request', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/restaurant/', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ detail: 'x' }, { status: 500 }) : HttpResponse.json([demo]);
      }),
    );
    renderAt(<HomeScreen />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить рестораны');
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(screen.getByRole('link', { name: /Демо/ })).toBeTruthy());
    expect(calls).toBe(2);
  });
});
