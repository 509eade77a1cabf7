import {
  CloseOrdersReply,
  Order,
  OrderItem,
  OrderPage,
  OrderSummary,
  PosImportReply,
  RestaurantChange,
} from '@stolik/contracts';
import { schema } from '@stolik/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openEventStream } from '../../test/event-stream';
import { createIdentities, type Identities, type Person } from '../../test/identities';
import { openTestRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

/** A bill as a POS sends it: table 5, opened 18:05 in Moscow on 14 March, two lines. */
const bill = (over: Record<string, unknown> = {}) => ({
  external_id: 'A-1',
  table_number: '5',
  opened_at: '2026-03-14T18:05:00+03:00',
  status: 'open',
  guests: 2,
  total: 1250.5,
  items: [
    { name: 'Борщ', quantity: 2, price: 450 },
    { name: 'Морс, кувшин', quantity: 0.5, price: 701 },
  ],
  ...over,
});
const DAY = '2026-03-14';

describe('orders from the POS', () => {
  let t: TestApp;
  let who: Identities;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  let seq = 0;
  /** A restaurant of its own (Moscow time, tables 1–6 and 'Бар'), with a POS key. */
  const openRestaurant = async (timezone = 'Europe/Moscow') => {
    seq += 1;
    const place = await openTestRestaurant(t, who, {
      name: `Заказы ${seq}`,
      timezone,
      tables: [
        ...['1', '2', '3', '4', '5', '6'].map((number) => ({ number, seatsMax: 4 })),
        { number: 'Бар', seatsMax: 8 },
      ],
    });
    return { ...place, key: await makeKey(place.id) };
  };
  const makeKey = async (restaurant: number, name = 'Касса в зале') => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/restaurant/${restaurant}/pos-keys/`,
      headers: who.bearer(who.adminA),
      payload: { name },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { key: string }).key;
  };
  const push = (key: string, orders: unknown[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pos/orders/',
      headers: { authorization: `Token ${key}` },
      payload: { orders },
    });
  const pushed = async (key: string, orders: unknown[]) => {
    const res = await push(key, orders);
    expect(res.statusCode, res.body).toBe(200);
    return PosImportReply.parse(res.json());
  };
  const get = (url: string, as: Person = who.hostessA) =>
    t.app.inject({ method: 'GET', url, headers: who.bearer(as) });
  const list = async (restaurant: number, query = `date=${DAY}`, as: Person = who.hostessA) => {
    const res = await get(`/api/orders/?restaurant_id=${restaurant}&${query}`, as);
    expect(res.statusCode, res.body).toBe(200);
    return OrderPage.parse(res.json());
  };
  const items = async (orderId: number) => {
    const res = await get(`/api/order-items/?order_id=${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    return z.array(OrderItem).parse(res.json());
  };
  const close = (restaurant: number, ids: number[], as: Person = who.hostessA) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/close_orders/manual_close_orders/',
      headers: who.bearer(as),
      payload: { restaurant_id: restaurant, order_ids: ids },
    });
  const stored = async (externalId: string, restaurant: number) => {
    const [row] = await t.database.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.externalId, externalId))
      .then((rows) => rows.filter((r) => r.restaurantId === restaurant));
    if (!row) throw new Error(`no order ${externalId}`);
    return row;
  };

  describe('the import', () => {
    it('creates orders with their items, matches tables by number and lists them in rubles', async () => {
      const place = await openRestaurant();
      const reply = await pushed(place.key, [
        bill(),
        bill({
          external_id: 77,
          table_number: 'Бар',
          opened_at: '2026-03-14T19:40:00+03:00',
          status: 'closed',
          closed_at: '2026-03-14T21:02:00+03:00',
          guests: null,
          total: 99.99,
          items: [{ name: 'Эспрессо', quantity: 1, price: 99.99 }],
        }),
        bill({ external_id: 'A-3', table_number: '', guests: undefined, total: 0, items: [] }),
      ]);
      expect(reply).toEqual({ created: 3, updated: 0, unchanged: 0 });

      const day = await list(place.id);
      expect(day.count).toBe(3);
      const [first, second, third] = day.results;
      expect(first).toEqual({
        id: expect.any(Number),
        restaurant: place.id,
        external_id: 'A-1',
        table: place.table('5'),
        table_number: '5',
        service_date: DAY,
        opened_at: '2026-03-14T15:05:00.000Z',
        closed_at: null,
        status: 'open',
        guests: 2,
        total: 1250.5,
        closed_by: null,
        closed_by_name: '',
      });
      // A numeric POS id is kept as its digits; an order at the bar or at no table keeps the POS's word.
      expect(third).toMatchObject({
        external_id: '77',
        table: place.table('Бар'),
        status: 'closed',
        guests: null,
      });
      expect(third?.closed_at).toBe('2026-03-14T18:02:00.000Z');
      expect(second).toMatchObject({ external_id: 'A-3', table: null, table_number: '', total: 0 });

      expect(await items(first?.id ?? 0)).toEqual([
        { id: expect.any(Number), order: first?.id, name: 'Борщ', quantity: 2, price: 450, sum: 900 },
        {
          id: expect.any(Number),
          order: first?.id,
          name: 'Морс, кувшин',
          quantity: 0.5,
          price: 701,
          sum: 350.5,
        },
      ]);
      expect(await items(second?.id ?? 0)).toEqual([]);
    });

    it('changes nothing when the same orders come again, not even when they were last changed', async () => {
      const place = await openRestaurant();
      const orders = [
        bill(),
        bill({ external_id: 'A-2', status: 'closed', closed_at: undefined, total: 10 }),
      ];
      expect(await pushed(place.key, orders)).toEqual({ created: 2, updated: 0, unchanged: 0 });
      const before = await stored('A-2', place.id);
      const itemIds = (await items(before.id)).map((i) => i.id);
      expect(await pushed(place.key, orders)).toEqual({ created: 0, updated: 0, unchanged: 2 });
      const after = await stored('A-2', place.id);
      // Closed without a time: closed when first heard of, and that time is kept.
      expect(after.closedAt).toEqual(before.closedAt);
      expect(after.closedAt).not.toBeNull();
      expect(after.updatedAt).toEqual(before.updatedAt);
      expect((await items(before.id)).map((i) => i.id)).toEqual(itemIds);
    });

    it('brings a known order up to date and replaces its items whole', async () => {
      const place = await openRestaurant();
      await pushed(place.key, [bill(), bill({ external_id: 'A-2' })]);
      const first = await stored('A-1', place.id);
      const reply = await pushed(place.key, [
        bill({
          table_number: '6',
          guests: 3,
          total: 1600,
          items: [
            { name: 'Борщ', quantity: 3, price: 450 },
            { name: 'Хлеб', quantity: 1, price: 250 },
          ],
        }),
        bill({ external_id: 'A-2' }),
      ]);
      expect(reply).toEqual({ created: 0, updated: 1, unchanged: 1 });
      const [order] = (await list(place.id)).results;
      expect(order).toMatchObject({ id: first.id, table: place.table('6'), guests: 3, total: 1600 });
      expect((await items(first.id)).map(({ name, quantity, sum }) => ({ name, quantity, sum }))).toEqual([
        { name: 'Борщ', quantity: 3, sum: 1350 },
        { name: 'Хлеб', quantity: 1, sum: 250 },
      ]);
      const lines = await t.database.db
        .select()
        .from(schema.orderItems)
        .where(eq(schema.orderItems.orderId, first.id));
      expect(lines).toHaveLength(2);
    });

    it('announces each order it changes on the restaurant’s live channel, and nothing when nothing changed', async () => {
      const place = await openRestaurant();
      const stream = await openEventStream(
        `${base}/api/restaurant/${place.id}/events/`,
        who.bearer(who.hostessA),
      );
      expect((await stream.next()).event).toBe('ready');
      await pushed(place.key, [bill()]);
      const id = (await stored('A-1', place.id)).id;
      const message = await stream.next(1000);
      expect(message.event).toBe('change');
      expect(RestaurantChange.parse(JSON.parse(message.data))).toEqual({
        kind: 'order',
        restaurant: place.id,
        id,
        status: 'open',
      });
      await pushed(place.key, [bill()]);
      await expect(stream.next(300)).rejects.toThrow(/no message/);
      stream.close();
    });

    it('announces a big import once, for all its orders', async () => {
      const place = await openRestaurant();
      const stream = await openEventStream(
        `${base}/api/restaurant/${place.id}/events/`,
        who.bearer(who.hostessA),
      );
      await stream.next();
      const many = Array.from({ length: 25 }, (_, i) => bill({ external_id: `M-${i}` }));
      expect(await pushed(place.key, many)).toMatchObject({ created: 25 });
      expect(JSON.parse((await stream.next(1000)).data)).toEqual({
        kind: 'order',
        restaurant: place.id,
        id: 0,
      });
      await expect(stream.next(300)).rejects.toThrow(/no message/);
      stream.close();
    });

    it('lists an order on the service day of the restaurant’s own clock (06:00 to 06:00), not UTC’s', async () => {
      // Vladivostok is UTC+10: 14 March 20:30 UTC is 06:30 on the 15th there, 19:30 UTC is 05:30.
      const place = await openRestaurant('Asia/Vladivostok');
      await pushed(place.key, [
        bill({ external_id: 'late-night', opened_at: '2026-03-14T19:30:00Z' }),
        bill({ external_id: 'morning', opened_at: '2026-03-14T20:30:00Z' }),
        bill({ external_id: 'utc-yesterday', opened_at: '2026-03-13T23:00:00Z' }),
      ]);
      const ids = async (date: string) =>
        (await list(place.id, `date=${date}`)).results.map((o) => o.external_id);
      expect(await ids('2026-03-14')).toEqual(['utc-yesterday', 'late-night']);
      expect(await ids('2026-03-15')).toEqual(['morning']);
      expect(await ids('2026-03-13')).toEqual([]);
    });

    it('shows today’s orders when no date is asked for', async () => {
      const place = await openRestaurant();
      await pushed(place.key, [
        bill({ external_id: 'now', opened_at: new Date().toISOString() }),
        bill({ external_id: 'long-ago' }),
      ]);
      expect((await list(place.id, '')).results.map((o) => o.external_id)).toEqual(['now']);
    });

    it('refuses a bad order with the field and a Russian message, and stores nothing of that call', async () => {
      const place = await openRestaurant();
      const res = await push(place.key, [
        bill({ external_id: 'good' }),
        bill({ external_id: 'B-1', opened_at: undefined, total: 10.005 }),
        bill({ external_id: 'B-2', status: 'paid', items: [{ name: '', quantity: 0, price: -1 }] }),
        { external_id: 'B-3' },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        'orders.1.opened_at': ['Заполните поле'],
        'orders.1.total': ['Некорректное значение'],
        'orders.2.status': ['Некорректное значение'],
        'orders.2.items.0.name': ['Заполните поле'],
        'orders.2.items.0.quantity': ['Значение должно быть не меньше 0.001'],
        'orders.2.items.0.price': ['Значение должно быть не меньше 0'],
        'orders.3.total': ['Заполните поле'],
        'orders.3.items': ['Заполните поле'],
      });
      expect((await list(place.id)).count).toBe(0);
    });

    it('refuses an order twice in one call, a closing before the opening and an open order with a closing time', async () => {
      const place = await openRestaurant();
      const res = await push(place.key, [
        bill(),
        bill(),
        bill({ external_id: 'A-2', status: 'closed', closed_at: '2026-03-14T18:00:00+03:00' }),
        bill({ external_id: 'A-3', closed_at: '2026-03-14T20:00:00+03:00' }),
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        'orders.1.external_id': ['Этот заказ уже есть выше в том же запросе'],
        'orders.2.closed_at': ['Заказ не может закрыться раньше, чем открылся'],
        'orders.3.closed_at': ['У открытого заказа не может быть времени закрытия'],
      });
      expect((await list(place.id)).count).toBe(0);
    });

    it('takes at most 500 orders a call', async () => {
      const place = await openRestaurant();
      const res = await push(
        place.key,
        Array.from({ length: 501 }, (_, i) => bill({ external_id: `X-${i}`, items: [] })),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ orders: ['Значение должно быть не больше 500'] });
      const big = await push(place.key, [
        bill({ items: Array.from({ length: 301 }, () => bill().items[0]) }),
      ]);
      expect(big.json()).toEqual({ 'orders.0.items': ['Значение должно быть не больше 300'] });
    });

    it('writes each key’s orders into that key’s restaurant only', async () => {
      const first = await openRestaurant();
      const second = await openRestaurant();
      await pushed(first.key, [bill()]);
      await pushed(second.key, [bill({ total: 5 })]);
      expect((await list(first.id)).results.map((o) => o.total)).toEqual([1250.5]);
      expect((await list(second.id)).results.map((o) => o.total)).toEqual([5]);
    });
  });

  describe('the POS key', () => {
    it('is refused when missing, unknown, revoked, or when a staff token comes instead (401)', async () => {
      const place = await openRestaurant();
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/pos/orders/',
        payload: { orders: [] },
      });
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toMatchObject({ code: 'not_authenticated' });
      expect(missing.headers['www-authenticate']).toBe('Token');

      const wrong = await push(`pos_${'x'.repeat(43)}`, []);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({
        detail: 'Ключ кассы не подходит или отозван',
        code: 'pos_key_not_valid',
      });
      expect((await push('not-even-a-key', [])).statusCode).toBe(401);
      const staff = await t.app.inject({
        method: 'POST',
        url: '/api/pos/orders/',
        headers: who.bearer(who.adminA),
        payload: { orders: [] },
      });
      expect(staff.statusCode).toBe(401);

      expect((await push(place.key, [])).statusCode).toBe(200);
      const [key] = await t.database.db
        .select()
        .from(schema.posKeys)
        .where(eq(schema.posKeys.restaurantId, place.id));
      const revoke = await t.app.inject({
        method: 'DELETE',
        url: `/api/restaurant/${place.id}/pos-keys/${key?.id}/`,
        headers: who.bearer(who.adminA),
      });
      expect(revoke.statusCode).toBe(204);
      const revoked = await push(place.key, [bill()]);
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json()).toMatchObject({ code: 'pos_key_not_valid' });
      expect((await list(place.id)).count).toBe(0);
    });

    it('is limited to 60 calls a minute, each key on its own', async () => {
      const place = await openRestaurant();
      for (let i = 0; i < 60; i += 1) expect((await push(place.key, [])).statusCode).toBe(200);
      const over = await push(place.key, []);
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect((await push(await makeKey(place.id, 'Вторая касса'), [])).statusCode).toBe(200);
    });
  });

  describe('closing by hand', () => {
    it('lets a hostess close forgotten bills: closed now, by her; an order already closed stays as it was', async () => {
      const place = await openRestaurant();
      await pushed(place.key, [
        bill(),
        bill({ external_id: 'A-2' }),
        bill({ external_id: 'A-3', status: 'closed', closed_at: '2026-03-14T20:00:00+03:00' }),
      ]);
      const [a1, a2, a3] = (await list(place.id)).results;
      const before = Date.now();
      const res = await close(place.id, [a1?.id ?? 0, a3?.id ?? 0, a1?.id ?? 0]);
      expect(res.statusCode, res.body).toBe(200);
      const reply = CloseOrdersReply.parse(res.json());
      expect(reply.closed).toBe(1);
      const closed = reply.orders.find((o) => o.id === a1?.id);
      expect(closed).toMatchObject({
        status: 'closed',
        closed_by: who.hostessA.id,
        closed_by_name: 'hostess.a',
      });
      expect(Date.parse(closed?.closed_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
      expect(reply.orders.find((o) => o.id === a3?.id)).toMatchObject({
        status: 'closed',
        closed_at: '2026-03-14T17:00:00.000Z',
        closed_by: null,
      });
      expect((await list(place.id, `date=${DAY}&status=open`)).results.map((o) => o.id)).toEqual([a2?.id]);
    });

    it('refuses a cancelled order with 409 and closes none of the others', async () => {
      const place = await openRestaurant();
      await pushed(place.key, [
        bill(),
        bill({ external_id: 'A-2', status: 'cancelled', closed_at: '2026-03-14T18:30:00+03:00' }),
      ]);
      const [open, cancelled] = (await list(place.id)).results;
      const res = await close(place.id, [open?.id ?? 0, cancelled?.id ?? 0]);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        detail: 'Отмененный заказ нельзя закрыть',
        code: 'conflict',
        orders: [cancelled?.id],
      });
      expect((await list(place.id, `date=${DAY}&status=open`)).count).toBe(1);
    });

    it('answers 404 for an order of another restaurant, or a restaurant one does not work in', async () => {
      const mine = await openRestaurant();
      const other = await openRestaurant();
      await pushed(mine.key, [bill()]);
      await pushed(other.key, [bill()]);
      const [theirs] = (await list(other.id)).results;
      const [own] = (await list(mine.id)).results;
      expect((await close(mine.id, [own?.id ?? 0, theirs?.id ?? 0])).statusCode).toBe(404);
      expect((await close(mine.id, [999_999])).statusCode).toBe(404);
      expect((await close(mine.id, [own?.id ?? 0], who.hostessB)).statusCode).toBe(404);
      expect((await list(mine.id, `date=${DAY}&status=open`)).count).toBe(1);
      const empty = await close(mine.id, []);
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ order_ids: ['Заполните поле'] });
    });

    it('stays closed while the POS still calls it open, and follows the POS once it closes or cancels it', async () => {
      const place = await openRestaurant();
      await pushed(place.key, [bill(), bill({ external_id: 'A-2' })]);
      const [a1, a2] = (await list(place.id)).results;
      await close(place.id, [a1?.id ?? 0, a2?.id ?? 0]);
      const byHand = await stored('A-1', place.id);

      // Still open at the POS, with one more line: the bill changes, the closing stays.
      expect(await pushed(place.key, [bill({ total: 1300 }), bill({ external_id: 'A-2' })])).toEqual({
        created: 0,
        updated: 1,
        unchanged: 1,
      });
      const kept = await stored('A-1', place.id);
      expect(kept).toMatchObject({ status: 'closed', closedBy: who.hostessA.id, totalKopecks: 130_000 });
      expect(kept.closedAt).toEqual(byHand.closedAt);

      await pushed(place.key, [
        bill({ total: 1300, status: 'closed', closed_at: '2026-03-14T22:00:00+03:00' }),
        bill({ external_id: 'A-2', status: 'cancelled' }),
      ]);
      expect(await stored('A-1', place.id)).toMatchObject({
        status: 'closed',
        closedBy: null,
        closedAt: new Date('2026-03-14T19:00:00Z'),
      });
      expect(await stored('A-2', place.id)).toMatchObject({ status: 'cancelled', closedBy: null });
    });

    it('announces each order it closes', async () => {
      const place = await openRestaurant();
      await pushed(place.key, [bill()]);
      const [order] = (await list(place.id)).results;
      const stream = await openEventStream(
        `${base}/api/restaurant/${place.id}/events/`,
        who.bearer(who.adminA),
      );
      await stream.next();
      await close(place.id, [order?.id ?? 0]);
      expect(JSON.parse((await stream.next(1000)).data)).toEqual({
        kind: 'order',
        restaurant: place.id,
        id: order?.id,
        status: 'closed',
      });
      stream.close();
    });
  });

  describe('the day’s list, items and figures', () => {
    it('filters by status and pages like every list', async () => {
      const place = await openRestaurant();
      await pushed(
        place.key,
        Array.from({ length: 5 }, (_, i) =>
          bill({
            external_id: `P-${i}`,
            opened_at: `2026-03-14T1${i}:00:00+03:00`,
            ...(i % 2 ? { status: 'closed', closed_at: '2026-03-14T23:00:00+03:00' } : {}),
          }),
        ),
      );
      const first = await list(place.id, `date=${DAY}&page_size=2`);
      expect(first).toMatchObject({ count: 5, previous: null });
      expect(first.results.map((o) => o.external_id)).toEqual(['P-0', 'P-1']);
      expect(first.next).toBe(`/api/orders/?restaurant_id=${place.id}&date=${DAY}&page_size=2&page=2`);
      const last = await list(place.id, `date=${DAY}&page_size=2&page=3`);
      expect(last.results.map((o) => o.external_id)).toEqual(['P-4']);
      expect(last.next).toBeNull();
      expect(last.previous).toContain('page=2');
      const closed = await list(place.id, `date=${DAY}&status=closed`);
      expect(closed.results.map((o) => o.external_id)).toEqual(['P-1', 'P-3']);
      expect((await list(place.id, `date=${DAY}&status=open,closed`)).count).toBe(5);
      const bad = await get(`/api/orders/?restaurant_id=${place.id}&date=14.03.2026&status=paid`);
      expect(bad.statusCode).toBe(400);
      // The list's value that is wrong is named by its place, as for bookings.
      expect(Object.keys(bad.json()).sort()).toEqual(['date', 'status.0']);
    });

    it('counts the day: covers and takings leave cancelled orders out', async () => {
      const place = await openRestaurant();
      await pushed(place.key, [
        bill({ guests: 2, total: 1000.1 }),
        bill({ external_id: 'A-2', guests: 4, total: 2000.2, status: 'closed' }),
        bill({ external_id: 'A-3', guests: 6, total: 500, status: 'cancelled' }),
        bill({ external_id: 'A-4', guests: null, total: 0.05, status: 'closed' }),
        bill({ external_id: 'other-day', opened_at: '2026-03-15T12:00:00+03:00' }),
      ]);
      const res = await get(`/api/orders/summary/?restaurant_id=${place.id}&date=${DAY}`);
      expect(res.statusCode).toBe(200);
      expect(OrderSummary.parse(res.json())).toEqual({
        date: DAY,
        orders: 3,
        open: 1,
        closed: 2,
        cancelled: 1,
        guests: 6,
        total: 3000.35,
        closed_total: 2000.25,
      });
      const empty = await get(`/api/orders/summary/?restaurant_id=${place.id}&date=2026-01-01`);
      expect(empty.json()).toMatchObject({ orders: 0, guests: 0, total: 0, closed_total: 0 });
    });

    it('shows an order’s items only to the people of its restaurant', async () => {
      const place = await openRestaurant();
      await pushed(place.key, [bill()]);
      const [order] = (await list(place.id)).results;
      expect((await get(`/api/order-items/?order_id=${order?.id}`, who.hostessB)).statusCode).toBe(404);
      expect((await get('/api/order-items/?order_id=999999')).statusCode).toBe(404);
      expect((await get('/api/order-items/?order_id=x')).json()).toEqual({
        order_id: ['Некорректное значение'],
      });
      expect((await get(`/api/order-items/?order_id=${order?.id}`, who.superuser)).statusCode).toBe(200);
    });

    it('keeps orders for the restaurant’s people: another restaurant’s hostess gets 404', async () => {
      const place = await openRestaurant();
      expect((await get(`/api/orders/?restaurant_id=${place.id}`, who.hostessB)).statusCode).toBe(404);
      expect((await get(`/api/orders/summary/?restaurant_id=${place.id}`, who.hostessB)).statusCode).toBe(
        404,
      );
      expect((await get(`/api/orders/?restaurant_id=${place.id}`, who.adminA)).statusCode).toBe(200);
      expect(Order.array().parse((await list(place.id, '', who.superuser)).results)).toEqual([]);
    });
  });

  describe('in the OpenAPI document', () => {
    it('describes the import for integrators: the key, the body, the reply', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      const route = doc.paths['/api/pos/orders/'].post;
      expect(route.tags).toEqual(['orders']);
      expect(route.security).toEqual([{ posKey: [] }]);
      expect(route.description).toContain('Authorization: Token <key>');
      const body = route.requestBody.content['application/json'].schema;
      expect(body.properties.orders.maxItems).toBe(500);
      expect(body.properties.orders.items.required).toEqual(
        expect.arrayContaining(['external_id', 'opened_at', 'status', 'total', 'items']),
      );
      expect(route.responses['200'].content['application/json'].schema.properties).toHaveProperty('created');
      expect(doc.components.securitySchemes.posKey).toMatchObject({ type: 'apiKey', name: 'Authorization' });
      for (const path of ['/api/orders/', '/api/order-items/', '/api/close_orders/manual_close_orders/'])
        expect(doc.paths).toHaveProperty([path]);
    });
  });
});
