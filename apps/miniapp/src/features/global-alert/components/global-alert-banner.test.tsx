import type { GlobalAlert } from '@stolik/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { GLOBAL_ALERT_POLL_MS } from '../api/global-alert-api';
import { GlobalAlertBanner } from './global-alert-banner';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

function alertApi(first: string) {
  let alert: GlobalAlert = { text: first, updated_at: first ? '2026-03-14T10:00:00+00:00' : null };
  let asked = 0;
  server.use(
    http.get('*/api/static/global-alert/', () => {
      asked += 1;
      return HttpResponse.json(alert);
    }),
  );
  return {
    asked: () => asked,
    set: (text: string) => {
      alert = { text, updated_at: '2026-03-14T11:00:00+00:00' };
    },
  };
}

const banner = () => screen.queryByRole('region', { name: 'Объявление' });

describe('the global alert banner', () => {
  it('shows the text until closed; the same text stays closed, a new one shows again', async () => {
    alertApi('Сегодня закрываемся в 22:00');
    const user = userEvent.setup();
    const first = renderAt(<GlobalAlertBanner />);
    expect((await screen.findByText('Сегодня закрываемся в 22:00')).closest('section')).toBe(banner());
    await user.click(screen.getByRole('button', { name: 'Закрыть объявление' }));
    expect(banner()).toBeNull();
    const remembered = window.localStorage.getItem('closedGlobalAlert');
    expect(remembered).toMatch(/^[0-9a-f]{8}$/);

    // The app opened again later: the same text is still closed.
    first.unmount();
    const api = alertApi('Сегодня закрываемся в 22:00');
    const second = renderAt(<GlobalAlertBanner />);
    await vi.waitFor(() => expect(api.asked()).toBe(1));
    expect(banner()).toBeNull();
    second.unmount();

    api.set('Завтра санитарный день');
    renderAt(<GlobalAlertBanner />);
    expect(await screen.findByText('Завтра санитарный день')).toBeTruthy();
    expect(window.localStorage.getItem('closedGlobalAlert')).toBe(remembered);
  });

  it('shows nothing while there is no alert, and picks one up on its timer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = alertApi('');
    renderAt(<GlobalAlertBanner />);
    await vi.waitFor(() => expect(api.asked()).toBe(1));
    expect(banner()).toBeNull();
    api.set('Обновление приложения в 23:00');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(GLOBAL_ALERT_POLL_MS);
    });
    expect(await screen.findByText('Обновление приложения в 23:00')).toBeTruthy();
    expect(api.asked()).toBe(2);
    // It is not an action's alert: it does not close by itself.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(banner()).not.toBeNull();
  });
});
