import type { Me, Order, OrderItem, OrderSummary, PosKey, Restaurant } from '@stolik/contracts';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';

/** The demo restaurant of the tests: Moscow time (UTC+3 all year). */
export const RESTAURANT: Restaurant = {
  id: 1,
  name: 'Демо',
  timezone: 'Europe/Moscow',
  has_bookings: true,
  ui_content: { app: { hide_orders: false, hide_main_table: false } },
};

export const DAY = '2026-03-14';

/** 'HH:mm' on a date in Moscow as the wire's instant. */
export const msk = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`).toISOString();

export function order(over: Partial<Order> = {}): Order {
  return {
    id: 1,
    restaurant: 1,
    external_id: 'A-1',
    table: 5,
    table_number: '5',
    service_date: DAY,
    opened_at: msk(DAY, '18:05'),
    closed_at: null,
    status: 'open',
    guests: 2,
    total: 1250.5,
    closed_by: null,
    closed_by_name: '',
    ...over,
  };
}

export const item = (over: Partial<OrderItem> = {}): OrderItem => ({
  id: 1,
  order: 1,
  name: 'Борщ',
  quantity: 2,
  price: 450,
  sum: 900,
  ...over,
});

export function summaryOf(orders: Order[], date = DAY): OrderSummary {
  const live = orders.filter((o) => o.status !== 'cancelled');
  const kopecks = (list: Order[]) => list.reduce((sum, o) => sum + Math.round(o.total * 100), 0) / 100;
  return {
    date,
    orders: live.length,
    open: orders.filter((o) => o.status === 'open').length,
    closed: orders.filter((o) => o.status === 'closed').length,
    cancelled: orders.length - live.length,
    guests: live.reduce((sum, o) => sum + (o.guests ?? 0), 0),
    total: kopecks(live),
    closed_total: kopecks(orders.filter((o) => o.status === 'closed')),
  };
}

export const me = (role: 'Админ' | 'Менеджер'): Me => ({
  id: 7,
  email: 'hostess@stolik.test',
  first_name: 'Мария',
  last_name: 'Соколова',
  telegram_username: null,
  telegram_id: null,
  role,
  is_superuser: false,
  is_active: true,
  restaurants: [{ id: 1, name: 'Демо', role }],
});

export const posKey = (over: Partial<PosKey> = {}): PosKey => ({
  id: 1,
  name: 'Касса в зале',
  prefix: 'pos_AbC123',
  created_at: msk(DAY, '10:00'),
  created_by: 7,
  last_used_at: null,
  revoked_at: null,
  ...over,
});

const encoder = new TextEncoder();

export interface OrdersApi {
  /** The orders of each date asked for (a function: the test changes them as it goes). */
  orders: (date: string) => Order[];
  items?: OrderItem[];
  /** Every GET /api/orders/ query string, in order. */
  queries?: URLSearchParams[];
  role?: 'Админ' | 'Менеджер';
  /** Sends one more message on the open event stream (set by the handler). */
  push?: { send: (event: string, data: unknown) => void };
}

/** The API the orders screen talks to, answering from the given data. */
export function ordersApi(server: SetupServer, api: OrdersApi) {
  server.use(
    http.get('*/api/restaurant/1/', () => HttpResponse.json(RESTAURANT)),
    http.post('*/api/auth/jwt/verify/', () => HttpResponse.json({})),
    http.get('*/api/user/me/', () => HttpResponse.json(me(api.role ?? 'Менеджер'))),
    http.get('*/api/orders/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      api.queries?.push(query);
      const results = api.orders(query.get('date') ?? DAY);
      return HttpResponse.json({ count: results.length, next: null, previous: null, results });
    }),
    http.get('*/api/orders/summary/', ({ request }) => {
      const date = new URL(request.url).searchParams.get('date') ?? DAY;
      return HttpResponse.json(summaryOf(api.orders(date), date));
    }),
    http.get('*/api/order-items/', () => HttpResponse.json(api.items ?? [])),
    // An event stream that opens and stays open; the test may send changes on it.
    http.get(
      '*/api/restaurant/1/events/',
      () =>
        new HttpResponse(
          new ReadableStream({
            start(controller) {
              controller.enqueue(encoder.encode('event: ready\ndata: {}\n\n'));
              if (api.push)
                api.push.send = (event, data) =>
                  controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    ),
  );
}
