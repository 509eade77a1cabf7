import type { CloseOrdersBody, Order } from '@stolik/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { localTokenStore } from '../../../shared/api/token-store';
import { SessionProvider } from '../../../shared/session/session';
import { Toaster } from '../../../shared/ui/toast';
import { openDialogsInJsdom } from '../../../test/booking-fixtures';
import { renderAt } from '../../../test/render';
import { DAY, item, me, msk, type OrdersApi, order, ordersApi, posKey } from '../test/orders-fixtures';
import { OrdersScreen } from './orders-screen';

const server = setupServer();
beforeAll(() => {
  openDialogsInJsdom();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  // Only the clock is fixed (21:00 in Moscow on the day shown); timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(msk(DAY, '21:00')));
  localTokenStore.set({ access: 'access-token', refresh: 'refresh-token' });
});
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
});
afterAll(() => server.close());

/** Intl writes (narrow) no-break spaces in money; people read spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const renderOrders = (route = '/restaurant/1/orders') =>
  renderAt(
    <SessionProvider>
      <OrdersScreen />
      <Toaster />
    </SessionProvider>,
    { path: '/restaurant/:id/orders', route },
  );

const EVENING: Order[] = [
  order({ id: 1, external_id: 'A-1', table_number: '5', total: 1250.5, guests: 2 }),
  order({
    id: 2,
    external_id: 'A-2',
    table_number: '12',
    total: 800,
    guests: 4,
    opened_at: msk(DAY, '19:10'),
  }),
  order({
    id: 3,
    external_id: 'A-3',
    table_number: '5',
    status: 'closed',
    opened_at: msk(DAY, '12:00'),
    closed_at: msk(DAY, '13:30'),
    total: 2000,
    guests: 3,
    closed_by: 7,
    closed_by_name: 'Мария Соколова',
  }),
  order({ id: 4, external_id: 'A-4', table_number: '', status: 'cancelled', total: 300, guests: 1 }),
];

const tableCard = (name: string) => screen.getByRole('region', { name });

describe('the day’s orders', () => {
  it('shows the orders per table with their totals in rubles, and the day’s takings and covers', async () => {
    const queries: URLSearchParams[] = [];
    ordersApi(server, { orders: () => EVENING, queries });
    renderOrders();
    const five = await screen.findByRole('region', { name: 'Стол 5' });
    expect(plain(within(five).getByText(/₽$/, { selector: '.order-table__total' }).textContent)).toBe(
      '3 250,50 ₽',
    );
    const rows = within(five).getAllByTestId('order-row');
    expect(rows.map((r) => r.dataset.status)).toEqual(['open', 'closed']);
    expect(plain(rows[0]?.textContent)).toContain('Заказ A-1Открытс 18:05 · 2 гостя1 250,50 ₽');
    expect(plain(rows[1]?.textContent)).toContain('12:00–13:30 · 3 гостя · Закрыт вручную');
    // Tables in the natural order of their numbers; orders at no table last; a cancelled bill counts for nothing.
    expect(screen.getAllByTestId('order-table').map((s) => s.querySelector('h2')?.textContent)).toEqual([
      'Стол 5',
      'Стол 12',
      'Без стола',
    ]);
    expect(
      plain(within(tableCard('Без стола')).getByText(/₽$/, { selector: '.order-table__total' }).textContent),
    ).toBe('0,00 ₽');
    const figures = await screen.findByTestId('orders-figures');
    expect(plain(figures.textContent)).toBe('За день4 050,50 ₽Гостей9Открыто2');
    expect(queries[0]?.get('date')).toBe(DAY);
    expect(screen.getByRole('tab', { name: /^Все\s*4$/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('filters open and finished bills', async () => {
    ordersApi(server, { orders: () => EVENING });
    renderOrders();
    await screen.findByRole('region', { name: 'Стол 5' });
    await userEvent.click(screen.getByRole('tab', { name: /^Открытые\s*2$/ }));
    expect(screen.getAllByTestId('order-row')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Без стола' })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: /^Закрытые\s*2$/ }));
    expect(screen.getAllByTestId('order-row').map((r) => r.dataset.status)).toEqual(['closed', 'cancelled']);
  });

  it('says so when the day has no orders, and where they come from', async () => {
    ordersApi(server, { orders: () => [] });
    renderOrders();
    expect(await screen.findByText('За этот день заказов нет')).toBeTruthy();
    expect(screen.getByText('Заказы приходят из кассы ресторана, как только их откроют.')).toBeTruthy();
  });

  it('says the orders could not be loaded, and loads them on a retry', async () => {
    let fail = true;
    ordersApi(server, { orders: () => EVENING });
    server.use(
      http.get('*/api/orders/', () =>
        fail
          ? HttpResponse.json({ detail: 'Внутренняя ошибка сервера', code: 'internal' }, { status: 500 })
          : HttpResponse.json({ count: 1, next: null, previous: null, results: [EVENING[0]] }),
      ),
    );
    renderOrders();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить заказы');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('region', { name: 'Стол 5' })).toBeTruthy();
  });

  it('opens a day from the switcher and keeps it in the address', async () => {
    const queries: URLSearchParams[] = [];
    ordersApi(server, { orders: (date) => (date === DAY ? EVENING : []), queries });
    renderOrders(`/restaurant/1/orders?date=${DAY}`);
    await screen.findByRole('region', { name: 'Стол 5' });
    await userEvent.click(screen.getByRole('button', { name: 'Следующий день' }));
    expect(await screen.findByText('За этот день заказов нет')).toBeTruthy();
    expect(queries.at(-1)?.get('date')).toBe('2026-03-15');
  });

  it('shows an order’s items in a sheet', async () => {
    ordersApi(server, {
      orders: () => EVENING,
      items: [
        item({ id: 1, name: 'Борщ', quantity: 2, price: 450, sum: 900 }),
        item({ id: 2, name: 'Морс, кувшин', quantity: 0.5, price: 701, sum: 350.5 }),
      ],
    });
    renderOrders();
    await userEvent.click(await screen.findByRole('button', { name: /^Заказ A-1/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Заказ A-1 · Стол 5' });
    await within(sheet).findByText('Морс, кувшин');
    expect(plain(within(sheet).getByText('0,5 × 701,00 ₽').textContent)).toBe('0,5 × 701,00 ₽');
    expect(plain(within(sheet).getByText('350,50 ₽').textContent)).toBe('350,50 ₽');
    expect(plain(sheet.querySelector('.order-bill__total')?.textContent)).toBe('Итого1 250,50 ₽');
    expect(within(sheet).getByRole('button', { name: 'Закрыть заказ вручную' })).toBeTruthy();
  });
});

describe('closing bills by hand', () => {
  /** The server's side: closing marks the orders closed, by Мария. */
  function closingApi(api: Partial<OrdersApi> = {}) {
    let orders = EVENING;
    const bodies: CloseOrdersBody[] = [];
    ordersApi(server, { orders: () => orders, ...api });
    server.use(
      http.patch('*/api/close_orders/manual_close_orders/', async ({ request }) => {
        const body = (await request.json()) as CloseOrdersBody;
        bodies.push(body);
        orders = orders.map((o) =>
          body.order_ids.includes(o.id) && o.status === 'open'
            ? {
                ...o,
                status: 'closed',
                closed_at: msk(DAY, '21:00'),
                closed_by: 7,
                closed_by_name: 'Мария Соколова',
              }
            : o,
        );
        return HttpResponse.json({ closed: body.order_ids.length, orders: [] });
      }),
    );
    return bodies;
  }

  it('closes the open orders chosen, after a question', async () => {
    const bodies = closingApi();
    renderOrders();
    await screen.findByRole('region', { name: 'Стол 5' });
    // Only open bills can be chosen.
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Выбрать: Заказ A-1, Стол 5' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Выбрать: Заказ A-2, Стол 12' }));
    const bar = screen.getByRole('region', { name: 'Выбрано: 2' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Закрыть вручную' }));
    const question = await screen.findByRole('dialog', {
      name: 'Закрыть 2 заказа вручную? Сделайте это, только если гости уже расплатились.',
    });
    await userEvent.click(within(question).getByRole('button', { name: 'Закрыть' }));
    expect(await screen.findByText('Закрыто 2 заказа')).toBeTruthy();
    expect(bodies).toEqual([{ restaurant_id: 1, order_ids: [1, 2] }]);
    await waitFor(() => expect(screen.queryAllByRole('checkbox')).toHaveLength(0));
    expect(screen.queryByRole('region', { name: /^Выбрано/ })).toBeNull();
  });

  it('closes nothing when the question is answered no', async () => {
    const bodies = closingApi();
    renderOrders();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Выбрать: Заказ A-1, Стол 5' }));
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть вручную' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Отмена' }));
    expect(bodies).toEqual([]);
    expect(screen.getByRole('region', { name: 'Выбрано: 1' })).toBeTruthy();
  });

  it('closes one order from its sheet', async () => {
    const bodies = closingApi({ items: [item()] });
    renderOrders();
    await userEvent.click(await screen.findByRole('button', { name: /^Заказ A-2/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Заказ A-2 · Стол 12' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Закрыть заказ вручную' }));
    const question = await screen.findByRole('dialog', { name: /^Закрыть 1 заказ вручную\?/ });
    await userEvent.click(within(question).getByRole('button', { name: 'Закрыть' }));
    expect(await screen.findByText('Закрыт 1 заказ')).toBeTruthy();
    expect(bodies).toEqual([{ restaurant_id: 1, order_ids: [2] }]);
  });

  it('tells the server’s reason when it refuses', async () => {
    ordersApi(server, { orders: () => EVENING });
    server.use(
      http.patch('*/api/close_orders/manual_close_orders/', () =>
        HttpResponse.json(
          { detail: 'Отмененный заказ нельзя закрыть', code: 'conflict', orders: [1] },
          { status: 409 },
        ),
      ),
    );
    renderOrders();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Выбрать: Заказ A-1, Стол 5' }));
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть вручную' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Закрыть' }));
    const toast = await screen.findByText('Отмененный заказ нельзя закрыть');
    expect(toast.getAttribute('role')).toBe('alert');
  });
});

describe('live and admin parts', () => {
  it('refetches when an order changes elsewhere (the POS pushed one)', async () => {
    let orders = EVENING.slice(0, 1);
    const push = { send: (_event: string, _data: unknown) => {} };
    ordersApi(server, { orders: () => orders, push });
    renderOrders();
    await screen.findByRole('region', { name: 'Стол 5' });
    await screen.findByText('Онлайн');
    orders = [...EVENING.slice(0, 1), order({ id: 9, external_id: 'NEW', table_number: '7' })];
    push.send('change', { kind: 'order', restaurant: 1, id: 9, status: 'open' });
    expect(await screen.findByRole('region', { name: 'Стол 7' })).toBeTruthy();
  });

  it('gives admins the POS integration, and hostesses not', async () => {
    ordersApi(server, { orders: () => EVENING, role: 'Админ' });
    server.use(http.get('*/api/restaurant/1/pos-keys/', () => HttpResponse.json([posKey()])));
    const admin = renderOrders();
    await userEvent.click(await screen.findByText('Интеграция с кассой: ключи доступа'));
    expect(await screen.findByText('Касса в зале')).toBeTruthy();
    admin.unmount();

    ordersApi(server, { orders: () => EVENING, role: 'Менеджер' });
    let profileServed = false;
    server.use(
      http.get('*/api/user/me/', () => {
        profileServed = true;
        return HttpResponse.json(me('Менеджер'));
      }),
    );
    renderOrders();
    await screen.findByRole('region', { name: 'Стол 5' });
    await waitFor(() => expect(profileServed).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Интеграция с кассой: ключи доступа')).toBeNull();
  });
});
