import { schema } from '@stolik/db';
import { addDays } from '@stolik/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingKit, DAY } from '../test/booking-kit';
import { createIdentities, type Identities } from '../test/identities';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The database limits hold when the requests arrive together: each is decided from the count its
 * own hit returned, not from a count read before another request's hit (the check-then-count that
 * let 50 concurrent wrong passwords all be verified against a limit of 10).
 */
let t: TestApp;
let who: Identities;
beforeAll(async () => {
  t = await createTestApp();
  who = await createIdentities(t);
});
afterAll(() => t.close());

const { smallHall, guestRequest } = bookingKit(
  () => t,
  () => who,
  { firstPhone: 7000 },
);
const statuses = (replies: { statusCode: number }[]) =>
  replies.reduce<Record<number, number>>((counts, { statusCode }) => {
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  }, {});

describe('the database limits under concurrency', () => {
  it('verifies at most 10 of 50 concurrent wrong passwords from one address', async () => {
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/jwt/create/',
          payload: { email: 'hostess.b@stolik.test', password: `wrong-${i}` },
          remoteAddress: '198.51.100.77',
        }),
      ),
    );
    // 400 'Неверный пароль' is a verified password; 429 was refused before verifying.
    expect(statuses(replies)).toEqual({ 400: 10, 429: 40 });
  });

  it('creates at most 20 queue entries of 40 concurrent joins from one address', async () => {
    const hall = await smallHall('Очередь одновременно');
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/public/restaurant/${hall.id}/queue/`,
          payload: { group_size: 2, name: `Гость ${i}`, phone: `+7916555${String(1000 + i)}` },
          remoteAddress: '198.51.100.78',
        }),
      ),
    );
    expect(statuses(replies)).toEqual({ 201: 20, 429: 20 });
    const stored = await t.database.db
      .select()
      .from(schema.queueEntries)
      .where(eq(schema.queueEntries.restaurantId, hall.id));
    expect(stored).toHaveLength(20);
  });

  it('creates at most 5 booking requests of 20 concurrent ones for one phone', async () => {
    const hall = await smallHall('Телефон одновременно');
    const phone = '+79165559999';
    // Times far enough apart not to overlap (one phone's overlapping requests are refused anyway).
    const times = ['12:00', '15:00', '18:00', '21:00'];
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        guestRequest(
          hall.id,
          {
            date: DAY,
            time: times[i % times.length],
            group_size: 2,
            name: 'Один',
            phone,
            // Five days: twenty requests no two of which overlap.
            ...(i >= 4 ? { date: addDays(DAY, Math.floor(i / 4)) } : {}),
          },
          `198.51.100.${100 + i}`,
        ),
      ),
    );
    const stored = await t.database.db
      .select()
      .from(schema.bookings)
      .where(eq(schema.bookings.restaurantId, hall.id));
    expect(statuses(replies)).toEqual({ 201: 5, 429: 15 });
    expect(stored).toHaveLength(5);
  });
});
