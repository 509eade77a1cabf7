import { Restaurant, Table } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { ROLE_ADMIN } from '@stolik/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createIdentities, type Identities } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('restaurants', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it('lists only the restaurants a person works in, in the wire shape of the contract', async () => {
    const res = await get('/api/restaurant/', who.bearer(who.hostessA));
    expect(res.statusCode).toBe(200);
    expect(z.array(Restaurant).parse(res.json())).toEqual([
      {
        id: who.restaurantA,
        name: 'Демо',
        timezone: 'Europe/Moscow',
        has_bookings: true,
        ui_content: { app: { hide_orders: false, hide_main_table: false } },
        tags: [],
        guest_retention_days: 365,
        quote_walk_minutes: 5,
        quote_grace_minutes: 10,
        guest_ladder: ['telegram', 'push', 'sms'],
        guest_answer_wait_seconds: 60,
        sms_monthly_budget: 300,
      },
    ]);
    const other = z.array(Restaurant).parse((await get('/api/restaurant/', who.bearer(who.hostessB))).json());
    expect(other.map((r) => r.name)).toEqual(['Второй']);
  });

  it('lists every restaurant for a superuser', async () => {
    const all = z.array(Restaurant).parse((await get('/api/restaurant/', who.bearer(who.superuser))).json());
    expect(all.map((r) => r.id)).toEqual([who.restaurantA, who.restaurantB]);
  });

  it('gives one restaurant by id, with or without the trailing slash, with its ui flags', async () => {
    await t.database.db
      .update(schema.restaurants)
      .set({ uiContent: { app: { hide_orders: true, hide_main_table: false } } })
      .where(eq(schema.restaurants.id, who.restaurantA));
    for (const url of [`/api/restaurant/${who.restaurantA}/`, `/api/restaurant/${who.restaurantA}`]) {
      const res = await get(url, who.bearer(who.hostessA));
      expect(res.statusCode).toBe(200);
      expect(Restaurant.parse(res.json())).toMatchObject({
        name: 'Демо',
        ui_content: { app: { hide_orders: true } },
      });
    }
  });

  it('answers 404 for another restaurant, exactly as for one that does not exist', async () => {
    const foreign = await get(`/api/restaurant/${who.restaurantB}/`, who.bearer(who.hostessA));
    const missing = await get('/api/restaurant/999999/', who.bearer(who.superuser));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Не найдено', code: 'not_found' });
    expect(missing.json()).toEqual(foreign.json());
  });

  it('answers 400 with a field error for an id that is not a number or out of range', async () => {
    const abc = await get('/api/restaurant/abc/', who.bearer(who.hostessA));
    expect(abc.statusCode).toBe(400);
    expect(abc.json()).toEqual({ id: ['Некорректное значение'] });
    const zero = await get('/api/restaurant/0/', who.bearer(who.hostessA));
    expect(zero.json()).toEqual({ id: ['Значение должно быть не меньше 1'] });
  });

  describe('settings of the restaurant (PATCH)', () => {
    const patch = (id: number, body: object, as = who.adminA) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/restaurant/${id}/`,
        headers: who.bearer(as),
        payload: body,
      });

    it('changes only what is sent: name, time zone (canonical IANA name), bookings, ui flags, tags', async () => {
      const [row] = await t.database.db
        .insert(schema.restaurants)
        .values({ name: 'Настройки' })
        .returning({ id: schema.restaurants.id });
      const id = row?.id ?? 0;
      await t.database.db
        .insert(schema.memberships)
        .values({ userId: who.adminA.id, restaurantId: id, role: ROLE_ADMIN });
      const res = await patch(id, {
        name: '  Кафе у моря ',
        timezone: 'europe/kaliningrad',
        ui_content: { app: { hide_orders: true } },
        tags: ['Веранда', 'Дети', 'веранда'],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(Restaurant.parse(res.json())).toEqual({
        id,
        name: 'Кафе у моря',
        timezone: 'Europe/Kaliningrad',
        has_bookings: true,
        ui_content: { app: { hide_orders: true, hide_main_table: false } },
        tags: ['Веранда', 'Дети'],
        guest_retention_days: 365,
        quote_walk_minutes: 5,
        quote_grace_minutes: 10,
        guest_ladder: ['telegram', 'push', 'sms'],
        guest_answer_wait_seconds: 60,
        sms_monthly_budget: 300,
        sms_used_this_month: 0,
        sms_configured: false,
      });
      const second = await patch(id, { has_bookings: false, ui_content: { app: { hide_main_table: true } } });
      expect(second.json()).toMatchObject({
        name: 'Кафе у моря',
        has_bookings: false,
        ui_content: { app: { hide_orders: true, hide_main_table: true } },
        tags: ['Веранда', 'Дети'],
      });
      expect((await get(`/api/restaurant/${id}/`, who.bearer(who.adminA))).json()).toEqual(second.json());
    });

    it('refuses a time zone that is not an IANA name, an empty name and too many tags', async () => {
      for (const timezone of ['Mars/Olympus', '+03:00', '']) {
        const res = await patch(who.restaurantA, { timezone });
        expect(res.statusCode, timezone).toBe(400);
        expect(Object.keys(res.json())).toEqual(['timezone']);
      }
      expect((await patch(who.restaurantA, { name: '   ' })).json()).toEqual({ name: ['Заполните поле'] });
      const tags = Array.from({ length: 51 }, (_, i) => `тег ${i}`);
      expect((await patch(who.restaurantA, { tags })).statusCode).toBe(400);
      expect((await patch(who.restaurantA, { has_bookings: 'yes' })).statusCode).toBe(400);
    });

    it("changes the queue's quote settings within their bounds (issue #20)", async () => {
      const res = await patch(who.restaurantA, { quote_walk_minutes: 7, quote_grace_minutes: 0 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ quote_walk_minutes: 7, quote_grace_minutes: 0 });
      for (const body of [
        { quote_walk_minutes: -1 },
        { quote_walk_minutes: 31 },
        { quote_grace_minutes: 61 },
        { quote_grace_minutes: 2.5 },
      ]) {
        const refused = await patch(who.restaurantA, body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(refused.json())).toEqual(Object.keys(body));
      }
      const back = await patch(who.restaurantA, { quote_walk_minutes: 5, quote_grace_minutes: 10 });
      expect(back.json()).toMatchObject({ quote_walk_minutes: 5, quote_grace_minutes: 10 });
    });

    it("is the restaurant's managers' to change: hostesses are refused, other restaurants answer 404", async () => {
      expect((await patch(who.restaurantA, { name: 'X' }, who.hostessA)).statusCode).toBe(403);
      expect((await patch(who.restaurantA, { name: 'X' }, who.hostessB)).statusCode).toBe(404);
      expect((await patch(who.restaurantB, { name: 'X' }, who.adminA)).statusCode).toBe(404);
      expect((await patch(999_999, { name: 'X' }, who.superuser)).statusCode).toBe(404);
      expect((await get(`/api/restaurant/${who.restaurantA}/`, who.bearer(who.hostessA))).json().name).toBe(
        'Демо',
      );
    });
  });

  it("lists a restaurant's tables", async () => {
    const res = await get(`/api/restaurant/${who.restaurantA}/tables/`, who.bearer(who.hostessA));
    const tables = z.array(Table).parse(res.json());
    expect(tables).toHaveLength(12);
    expect(tables.every((table) => table.restaurant === who.restaurantA)).toBe(true);
  });
});
