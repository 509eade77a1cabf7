import { Restaurant, Table } from '@stolik/contracts';
import { schema } from '@stolik/db';
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

  it("lists a restaurant's tables", async () => {
    const res = await get(`/api/restaurant/${who.restaurantA}/tables/`, who.bearer(who.hostessA));
    const tables = z.array(Table).parse(res.json());
    expect(tables).toHaveLength(12);
    expect(tables.every((table) => table.restaurant === who.restaurantA)).toBe(true);
  });
});
