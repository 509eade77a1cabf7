import type { Me, TelegramNotificationSettings } from '@stolik/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { TelegramNotificationsScreen } from './telegram-notifications-screen';

const maria: Me = {
  id: 5,
  first_name: 'Мария',
  last_name: 'Соколова',
  email: 'maria@example.test',
  telegram_username: 'maria_host',
  telegram_id: 777,
  role: 'Менеджер',
  is_superuser: false,
  is_active: true,
  restaurants: [
    { id: 1, name: 'Демо', role: 'Менеджер' },
    { id: 2, name: 'Веранда на Неглинной', role: 'Менеджер' },
  ],
};
let me: Me = maria;
vi.mock(import('../../../shared/session/session'), async (importOriginal) => ({
  ...(await importOriginal()),
  useSession: () => ({
    status: 'signed-in',
    me,
    telegramProblem: null,
    expired: false,
    start: () => {},
    signOut: async () => {},
    retry: () => {},
    updateMe: () => {},
    reloadMe: () => {},
  }),
}));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  me = maria;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The settings as the API keeps them (GET and POST), and every POST body. */
function settingsApi({ failSaves = 0 } = {}) {
  let settings: TelegramNotificationSettings = [
    { restaurant: 1, type: 'queue', statuses: ['live'] },
    { restaurant: 1, type: 'booking', statuses: [] },
    { restaurant: 2, type: 'queue', statuses: [] },
    { restaurant: 2, type: 'booking', statuses: ['new'] },
  ];
  const posts: unknown[] = [];
  let failures = failSaves;
  server.use(
    http.get('*/api/telegram/notifications/', () => HttpResponse.json(settings)),
    http.post('*/api/telegram/notifications/', async ({ request }) => {
      const body = (await request.json()) as TelegramNotificationSettings;
      posts.push(body);
      if (failures > 0) {
        failures -= 1;
        return HttpResponse.json({ detail: 'Внутренняя ошибка сервера' }, { status: 500 });
      }
      settings = settings.map(
        (s) => body.find((b) => b.restaurant === s.restaurant && b.type === s.type) ?? s,
      ) as TelegramNotificationSettings;
      return HttpResponse.json(settings);
    }),
  );
  return { posts };
}

const open = () =>
  renderAt(<TelegramNotificationsScreen />, {
    path: '/telegram/notifications',
    route: '/telegram/notifications',
  });
const restaurant = (name: string) => screen.getByRole('region', { name });
const picker = (name: string, type: 'Живая очередь' | 'Бронирования') =>
  within(restaurant(name)).getByRole('group', { name: type });
const status = (name: string, type: 'Живая очередь' | 'Бронирования', label: string) =>
  within(picker(name, type)).getByRole('checkbox', { name: label }) as HTMLInputElement;

describe('the Telegram notifications dialog', () => {
  it("lists the person's restaurants, each with a queue and a booking status picker", async () => {
    settingsApi();
    open();
    await screen.findByRole('region', { name: 'Демо' });
    expect(status('Демо', 'Живая очередь', 'Ожидает').checked).toBe(true);
    expect(status('Демо', 'Живая очередь', 'Вызван').checked).toBe(false);
    expect(status('Веранда на Неглинной', 'Бронирования', 'Ожидает подтверждения').checked).toBe(true);
    // The notifiable events of spec §4, five of each.
    expect(within(picker('Демо', 'Живая очередь')).getAllByRole('checkbox')).toHaveLength(5);
    expect(within(picker('Демо', 'Бронирования')).getAllByRole('checkbox')).toHaveLength(5);
    expect(screen.queryByText('У вас еще не подключен телеграм')).toBeNull();
  });

  it('saves what was changed and says it may be closed', async () => {
    const api = settingsApi();
    open();
    await screen.findByRole('region', { name: 'Демо' });
    await userEvent.click(status('Демо', 'Живая очередь', 'Пришел'));
    await userEvent.click(status('Веранда на Неглинной', 'Бронирования', 'Отменен'));
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await screen.findByText('Сохранено, можешь закрыть');
    expect(api.posts).toEqual([
      [
        { restaurant: 1, type: 'queue', statuses: ['live', 'joined'] },
        { restaurant: 2, type: 'booking', statuses: ['new', 'cancelled'] },
      ],
    ]);
    expect(status('Демо', 'Живая очередь', 'Пришел').checked).toBe(true);
  });

  it('says when saving failed, keeps the choice, and saves it on another try', async () => {
    const api = settingsApi({ failSaves: 1 });
    open();
    await screen.findByRole('region', { name: 'Демо' });
    await userEvent.click(status('Демо', 'Бронирования', 'В зале'));
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось сохранить');
    expect(alert.textContent).toContain('Попробуй еще раз');
    expect(status('Демо', 'Бронирования', 'В зале').checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await screen.findByText('Сохранено, можешь закрыть');
    expect(screen.queryByText('Не удалось сохранить')).toBeNull();
    expect(api.posts).toHaveLength(2);
  });

  it('says when it could not load, and loads on retry', async () => {
    let fail = true;
    server.use(
      http.get('*/api/telegram/notifications/', () =>
        fail
          ? HttpResponse.json({ detail: 'Внутренняя ошибка сервера' }, { status: 500 })
          : HttpResponse.json([{ restaurant: 1, type: 'queue', statuses: [] }]),
      ),
    );
    open();
    await screen.findByText('Не удалось загрузить информацию');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await screen.findByRole('region', { name: 'Демо' });
    expect(screen.queryByText('Не удалось загрузить информацию')).toBeNull();
  });

  it('says when Telegram is not linked yet, and offers to link it through the bot', async () => {
    me = { ...maria, telegram_id: null, telegram_username: null };
    settingsApi();
    const url = 'https://t.me/stolik_bot?start=one-time-token';
    server.use(
      http.post('*/api/user/me/telegram-link/', () =>
        HttpResponse.json(
          { uuid: 'one-time-token', expires_at: '2030-01-01T00:00:00Z', url },
          { status: 201 },
        ),
      ),
    );
    const tab = { location: { href: '' }, close: vi.fn() };
    const openWindow = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    open();
    await screen.findByText('У вас еще не подключен телеграм');
    await userEvent.click(screen.getByRole('button', { name: 'Подключить телеграм' }));
    await vi.waitFor(() => expect(tab.location.href).toBe(url));
    expect(openWindow).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Открыть бота' }).getAttribute('href')).toBe(url);
    openWindow.mockRestore();
  });
});
