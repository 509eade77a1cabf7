import { type DatabaseHandle, schema } from '@stolik/db';
import { createTestDatabase } from '@stolik/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveBackSms, localMonth, smsUsageOf, smsUsedThisMonth, takeSms } from './sms-budget.repository';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function restaurant(budget: number, timezone = 'Europe/Moscow'): Promise<number> {
  const [row] = await database.db
    .insert(schema.restaurants)
    .values({ name: 'Бюджет', timezone, smsMonthlyBudget: budget })
    .returning();
  if (!row) throw new Error('no restaurant');
  return row.id;
}

const NOW = new Date('2026-11-28T12:00:00Z');

describe('the SMS budget', () => {
  it('takes while under the budget, then refuses; counts messages and segments', async () => {
    const id = await restaurant(3);
    const taken = [];
    for (const segments of [1, 2, 1, 1]) taken.push(await takeSms(database.db, id, segments, NOW));
    expect(taken).toEqual(['taken', 'taken', 'taken', 'budget']);
    expect(await smsUsageOf(database.db, id, '2026-11-01')).toEqual({ messages: 3, segments: 4 });
    expect(await smsUsedThisMonth(database.db, id, NOW)).toBe(3);
  });

  it('a budget of 0 never sends; an unknown restaurant neither', async () => {
    const id = await restaurant(0);
    expect(await takeSms(database.db, id, 1, NOW)).toBe('budget');
    expect(await takeSms(database.db, 999_999, 1, NOW)).toBe('budget');
    expect(await smsUsageOf(database.db, id, '2026-11-01')).toEqual({ messages: 0, segments: 0 });
  });

  it('a budget lowered below what was sent refuses the next; raised, it takes again', async () => {
    const id = await restaurant(5);
    for (let i = 0; i < 4; i += 1) expect(await takeSms(database.db, id, 1, NOW)).toBe('taken');
    await database.db
      .update(schema.restaurants)
      .set({ smsMonthlyBudget: 2 })
      .where(eq(schema.restaurants.id, id));
    expect(await takeSms(database.db, id, 1, NOW)).toBe('budget');
    await database.db
      .update(schema.restaurants)
      .set({ smsMonthlyBudget: 5 })
      .where(eq(schema.restaurants.id, id));
    expect(await takeSms(database.db, id, 1, NOW)).toBe('taken');
    expect(await takeSms(database.db, id, 1, NOW)).toBe('budget');
  });

  it('gives back an SMS the provider did not take, never below zero', async () => {
    const id = await restaurant(1);
    expect(await takeSms(database.db, id, 2, NOW)).toBe('taken');
    expect(await takeSms(database.db, id, 1, NOW)).toBe('budget');
    await giveBackSms(database.db, id, 2, NOW);
    expect(await smsUsageOf(database.db, id, '2026-11-01')).toEqual({ messages: 0, segments: 0 });
    await giveBackSms(database.db, id, 2, NOW);
    expect(await smsUsageOf(database.db, id, '2026-11-01')).toEqual({ messages: 0, segments: 0 });
    expect(await takeSms(database.db, id, 1, NOW)).toBe('taken');
  });

  it('works inside a transaction, and a rolled-back take is not counted', async () => {
    const id = await restaurant(1);
    await expect(
      database.db.transaction(async (tx) => {
        expect(await takeSms(tx, id, 1, NOW)).toBe('taken');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await database.db.transaction((tx) => takeSms(tx, id, 1, NOW))).toBe('taken');
  });

  it('starts a new month at midnight of the restaurant, not of UTC', async () => {
    // Vladivostok is UTC+10: 14:00 UTC on 31 January is midnight of 1 February there.
    const far = await restaurant(1, 'Asia/Vladivostok');
    const near = await restaurant(1, 'Europe/Moscow');
    expect(await takeSms(database.db, far, 1, new Date('2026-01-31T13:00:00Z'))).toBe('taken');
    expect(await takeSms(database.db, far, 1, new Date('2026-01-31T13:59:59Z'))).toBe('budget');
    expect(await takeSms(database.db, far, 1, new Date('2026-01-31T14:00:00Z'))).toBe('taken');
    expect(await smsUsageOf(database.db, far, '2026-01-01')).toEqual({ messages: 1, segments: 1 });
    expect(await smsUsageOf(database.db, far, '2026-02-01')).toEqual({ messages: 1, segments: 1 });
    // In Moscow it is still January at that instant (17:00).
    expect(await takeSms(database.db, near, 1, new Date('2026-01-31T13:00:00Z'))).toBe('taken');
    expect(await takeSms(database.db, near, 1, new Date('2026-01-31T14:00:00Z'))).toBe('budget');
    expect(await takeSms(database.db, near, 1, new Date('2026-01-31T21:00:00Z'))).toBe('taken');
    expect(localMonth(new Date('2026-01-31T14:00:00Z'), 'Asia/Vladivostok')).toBe('2026-02-01');
    expect(localMonth(new Date('2026-01-31T14:00:00Z'), 'Europe/Moscow')).toBe('2026-01-01');
    expect(await smsUsedThisMonth(database.db, far, new Date('2026-02-10T00:00:00Z'))).toBe(1);
  });
});
