import { type DatabaseHandle, schema } from '@stolik/db';
import { createTestDatabase } from '@stolik/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsUsageOf, takeSms } from './sms-budget.repository';

/** What only a server with many connections shows: takes at the same moment at the budget's edge. */
describe('the SMS budget under concurrency', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('20 concurrent takes with 5 SMS left take exactly 5', async () => {
    const [restaurant] = await database.db
      .insert(schema.restaurants)
      .values({ name: 'Край', smsMonthlyBudget: 10 })
      .returning();
    if (!restaurant) throw new Error('no restaurant');
    const now = new Date('2026-11-28T12:00:00Z');
    for (let i = 0; i < 5; i += 1) expect(await takeSms(database.db, restaurant.id, 1, now)).toBe('taken');
    // Each take in its own transaction that holds its row lock a moment: the others wait on it
    // and must decide from the count it left, not the one they started with.
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        database.db.transaction(async (tx) => {
          const result = await takeSms(tx, restaurant.id, 2, now);
          await tx.execute(sql`select pg_sleep(0.02)`);
          return result;
        }),
      ),
    );
    expect(results.filter((r) => r === 'taken')).toHaveLength(5);
    expect(results.filter((r) => r === 'budget')).toHaveLength(15);
    expect(await smsUsageOf(database.db, restaurant.id, '2026-11-01')).toEqual({
      messages: 10,
      segments: 15,
    });
  });

  it('20 concurrent first takes of a month (no row yet) with a budget of 3 take exactly 3', async () => {
    const [restaurant] = await database.db
      .insert(schema.restaurants)
      .values({ name: 'Новый месяц', smsMonthlyBudget: 3 })
      .returning();
    if (!restaurant) throw new Error('no restaurant');
    const now = new Date('2026-12-01T00:30:00Z');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        database.db.transaction(async (tx) => {
          const result = await takeSms(tx, restaurant.id, 1, now);
          await tx.execute(sql`select pg_sleep(0.02)`);
          return result;
        }),
      ),
    );
    expect(results.filter((r) => r === 'taken')).toHaveLength(3);
    expect(await smsUsageOf(database.db, restaurant.id, '2026-12-01')).toEqual({ messages: 3, segments: 3 });
  });
});
