import { Restaurant } from '@stolik/contracts';
import { schema, seed } from '@stolik/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('restaurants', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seed(t.database.db, { adminEmail: 'admin@example.com', adminPasswordHash: 'x' });
  });
  afterAll(() => t.close());

  it('lists the restaurants in the wire shape of the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/restaurant/' });
    expect(res.statusCode).toBe(200);
    const list = z.array(Restaurant).parse(res.json());
    expect(list).toEqual([
      {
        id: expect.any(Number),
        name: 'Демо',
        timezone: 'Europe/Moscow',
        has_bookings: true,
        ui_content: { app: { hide_orders: false, hide_main_table: false } },
      },
    ]);
  });

  it('gives one restaurant by id, with or without the trailing slash', async () => {
    const [demo] = await t.database.db.select().from(schema.restaurants);
    await t.database.db
      .update(schema.restaurants)
      .set({ uiContent: { app: { hide_orders: true, hide_main_table: false } } })
      .where(eq(schema.restaurants.id, demo?.id ?? 0));
    for (const url of [`/api/restaurant/${demo?.id}/`, `/api/restaurant/${demo?.id}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(Restaurant.parse(res.json())).toMatchObject({
        name: 'Демо',
        ui_content: { app: { hide_orders: true } },
      });
    }
  });

  it('answers 404 with a Russian detail for a restaurant that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/restaurant/999999/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Не найдено', code: 'not_found' });
  });

  it('answers 400 with a field error for an id that is not a number', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/restaurant/abc/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ id: ['Некорректное значение'] });
  });

  it('answers 400 for an id out of range, naming the bound', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/restaurant/0/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ id: ['Значение должно быть не меньше 1'] });
  });
});
