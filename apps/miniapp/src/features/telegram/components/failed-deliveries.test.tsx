import type { FailedDelivery, FailedDeliveryPage, Me, Restaurant } from '@stolik/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { TelegramScreen } from './telegram-screen';

const restaurant = (id: number, name: string): Restaurant => ({
  id,
  name,
  timezone: 'Europe/Moscow',
  has_bookings: true,
  ui_content: { app: { hide_orders: false, hide_main_table: false } },
});
const DEMO = restaurant(1, 'Демо');
const VERANDA = restaurant(2, 'Веранда на Неглинной');

const person = (over: Partial<Me>): Me => ({
  id: 5,
  first_name: 'Ирина',
  last_name: 'Управляющая',
  email: 'irina@example.test',
  telegram_username: 'irina',
  telegram_id: 778,
  role: 'Админ',
  is_superuser: false,
  is_active: true,
  restaurants: [
    { id: 1, name: 'Демо', role: 'Админ' },
    { id: 2, name: 'Веранда на Неглинной', role: 'Менеджер' },
  ],
  ...over,
});
let me: Me = person({});
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

const failure = (over: Partial<FailedDelivery>): FailedDelivery => ({
  id: 1,
  type: 'queue',
  status: 'live',
  entity_id: 10,
  chat_id: 4001,
  user: 7,
  user_name: 'Мария Соколова',
  guest_name: 'Олег',
  attempts: 1,
  last_error: '403: Forbidden: bot was blocked by the user',
  created: '2026-03-14T16:04:00.000Z',
  failed_at: '2026-03-14T16:05:00.000Z',
  ...over,
});
const page = (results: FailedDelivery[], count = results.length, next: string | null = null) =>
  ({ count, next, previous: null, results }) satisfies FailedDeliveryPage;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  me = person({});
});
afterAll(() => server.close());

/** Every failed-deliveries request, as `restaurant:page`. */
function api(pages: Record<number, (pageNumber: number) => Response | Promise<Response>>) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/restaurant/', () => HttpResponse.json([DEMO, VERANDA])),
    http.get('*/api/restaurant/:id/telegram/failed-deliveries/', ({ params, request }) => {
      const id = Number(params.id);
      const number = Number(new URL(request.url).searchParams.get('page') ?? 1);
      asked.push(`${id}:${number}`);
      const answer = pages[id];
      return answer ? answer(number) : HttpResponse.json({ detail: 'Не найдено' }, { status: 404 });
    }),
  );
  return asked;
}

const open = () => renderAt(<TelegramScreen />, { path: '/telegram', route: '/telegram' });
const section = () => screen.findByRole('region', { name: 'Недоставленные сообщения' });

describe('undelivered messages on /telegram', () => {
  it('shows a restaurant admin when, to whom, what about and why, for the restaurants they administer', async () => {
    const asked = api({
      1: () =>
        HttpResponse.json(
          page([
            failure({ id: 3 }),
            failure({
              id: 2,
              type: 'guest',
              status: 'booking_confirmed',
              user: null,
              user_name: null,
              guest_name: 'Ольга',
              chat_id: 5005,
              attempts: 0,
              last_error: '429 #20: retry after 3600 s; gave up after 20 in a row',
            }),
            failure({
              id: 1,
              type: 'booking',
              status: 'new',
              guest_name: null,
              user_name: null,
              chat_id: 4002,
              attempts: 10,
              last_error: '500: Internal Server Error',
            }),
          ]),
        ),
    });
    open();
    const failures = await section();
    const items = await within(failures).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Очередь: Ожидает · Гость: ОлегКому: Мария СоколоваНе доставлено 14 марта в 19:05' +
        'Получатель заблокировал бота или ни разу его не запускал' +
        'Ответ телеграм: 403: Forbidden: bot was blocked by the user',
      'Гостю: бронь подтверждена · Гость: ОльгаКому: гостю в телеграм, чат 5005Не доставлено 14 марта в 19:05' +
        'Телеграм слишком долго не давал отправить сообщение' +
        'Ответ телеграм: 429 #20: retry after 3600 s; gave up after 20 in a row',
      'Бронь: Ожидает подтвержденияКому: сотруднику, чат 4002Не доставлено 14 марта в 19:05' +
        'Телеграм не принял сообщение после 10 попыток' +
        'Ответ телеграм: 500: Internal Server Error',
    ]);
    expect(within(failures).getByText('Не доставлено: 3')).toBeTruthy();
    // Only where she is the admin: not the veranda, where she is a manager.
    expect(asked).toEqual(['1:1']);
    expect(within(failures).queryByRole('heading', { name: 'Веранда на Неглинной' })).toBeNull();
  });

  it('says plainly when everything was delivered', async () => {
    api({ 1: () => HttpResponse.json(page([])) });
    open();
    const failures = await section();
    expect(await within(failures).findByText('Все сообщения доставлены')).toBeTruthy();
    expect(within(failures).queryByRole('list')).toBeNull();
  });

  it('shows skeletons while loading, and a retry when the list could not be loaded', async () => {
    let fail = true;
    api({
      1: async () => {
        await delay(50);
        return fail
          ? HttpResponse.json({ detail: 'Ошибка' }, { status: 500 })
          : HttpResponse.json(page([failure({})]));
      },
    });
    open();
    const failures = await section();
    expect(within(failures).getAllByRole('status').length).toBeGreaterThan(0);
    expect(await within(failures).findByText('Не удалось загрузить информацию')).toBeTruthy();
    fail = false;
    await userEvent.click(within(failures).getByRole('button', { name: 'Повторить' }));
    expect(await within(failures).findByText('Кому: Мария Соколова')).toBeTruthy();
    expect(within(failures).queryByText('Не удалось загрузить информацию')).toBeNull();
  });

  it('loads older ones on request', async () => {
    const asked = api({
      1: (number) =>
        HttpResponse.json(
          number === 1
            ? page([failure({ id: 12, user_name: 'Первая' })], 2, 'http://x/?page=2')
            : page([failure({ id: 11, user_name: 'Вторая' })], 2),
        ),
    });
    open();
    const failures = await section();
    await within(failures).findByText('Кому: Первая');
    await userEvent.click(within(failures).getByRole('button', { name: 'Показать еще' }));
    expect(await within(failures).findByText('Кому: Вторая')).toBeTruthy();
    expect(within(failures).queryByRole('button', { name: 'Показать еще' })).toBeNull();
    expect(asked).toEqual(['1:1', '1:2']);
  });

  it('names each restaurant for a superuser, who administers them all', async () => {
    me = person({ is_superuser: true, restaurants: [] });
    api({
      1: () => HttpResponse.json(page([failure({ user_name: 'Из Демо' })])),
      2: () => HttpResponse.json(page([])),
    });
    open();
    const failures = await section();
    const demo = await within(failures).findByRole('region', { name: 'Демо' });
    expect(await within(demo).findByText('Кому: Из Демо')).toBeTruthy();
    const veranda = within(failures).getByRole('region', { name: 'Веранда на Неглинной' });
    expect(await within(veranda).findByText('Все сообщения доставлены')).toBeTruthy();
  });

  it('is not there for a hostess, and nothing is asked', async () => {
    me = person({
      role: 'Менеджер',
      restaurants: [{ id: 1, name: 'Демо', role: 'Менеджер' }],
    });
    const asked = api({});
    open();
    await screen.findByText('Уведомления в телеграм');
    expect(screen.queryByRole('region', { name: 'Недоставленные сообщения' })).toBeNull();
    expect(asked).toEqual([]);
  });
});
