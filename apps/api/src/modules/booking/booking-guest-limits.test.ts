import { schema } from '@stolik/db';
import { addDays } from '@stolik/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingKit, DAY } from '../../test/booking-kit';
import { createIdentities, type Identities } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';

/** How often the guest form and its slots may be asked, per address and per phone. */

let t: TestApp;
let who: Identities;
beforeAll(async () => {
  t = await createTestApp();
  who = await createIdentities(t);
});
afterAll(() => t.close());

const { call, smallHall, guestRequest, nextPhone } = bookingKit(
  () => t,
  () => who,
  { firstPhone: 3000 },
);

describe('rate limits of the guest form', () => {
  const throttled = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(res.json()).toEqual({
      detail: `Слишком много запросов. Попробуйте через ${retryAfter} с`,
      code: 'throttled',
    });
    return retryAfter;
  };

  it('answers 429 with Retry-After past 20 requests from one address in 10 minutes', async () => {
    const hall = await smallHall('Лимит адреса');
    // 03:00 is never offered: each request is refused (409) yet counts, and nothing is stored.
    const body = () => ({ date: DAY, time: '03:00', group_size: 2, name: 'Частый', phone: nextPhone() });
    for (let i = 0; i < 20; i += 1) {
      expect((await guestRequest(hall.id, body(), '198.51.100.20')).statusCode).toBe(409);
    }
    const retryAfter = throttled(await guestRequest(hall.id, body(), '198.51.100.20'));
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Another address is not held back by it.
    expect((await guestRequest(hall.id, body(), '198.51.100.21')).statusCode).toBe(409);
  });

  it('answers 429 past 5 requests made for one phone at one restaurant in 10 minutes, whatever the address', async () => {
    const hall = await smallHall('Лимит телефона');
    const phone = nextPhone();
    const device = 'limit-phone-device-0001';
    let address = 30;
    const request = (body: object, headers: Record<string, string> = {}, restaurant = hall.id) =>
      call('POST', `/api/public/restaurant/${restaurant}/booking/`, null, body, {
        headers,
        remoteAddress: `198.51.100.${address++}`,
      });
    const base = { date: DAY, group_size: 2, name: 'Один', phone, device_key: device };
    // 03:00 is never offered: refused (409), made nothing, and counts for nothing.
    for (let i = 0; i < 6; i += 1) expect((await request({ ...base, time: '03:00' })).statusCode).toBe(409);
    // Five requests made, at times that do not overlap.
    const places = [
      [DAY, '12:00'],
      [DAY, '15:00'],
      [DAY, '18:00'],
      [DAY, '21:00'],
      [addDays(DAY, 1), '12:00'],
    ];
    const made = [];
    for (const [i, [date, time]] of places.entries()) {
      const res = await request({ ...base, date, time }, { 'idempotency-key': `limit-phone-key-000${i}` });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json().token as string);
    }
    throttled(await request({ ...base, date: addDays(DAY, 1), time: '15:00' }));
    // The same phone written another way is the same phone.
    throttled(
      await request({
        ...base,
        date: addDays(DAY, 1),
        time: '15:00',
        phone: `8 ${phone.slice(2, 5)} ${phone.slice(5)}`,
      }),
    );
    // The same guest still gets what they already have: a replayed form, their own request.
    const replay = await request(
      { ...base, date: DAY, time: '12:00' },
      { 'idempotency-key': 'limit-phone-key-0000' },
    );
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().token).toBe(made[0]);
    const repeated = await request({ ...base, time: '12:30' });
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json()).toMatchObject({ code: 'booking_exists', token: made[0] });
    // Another restaurant is not held back by this one.
    const elsewhere = await smallHall('Лимит телефона, другой');
    expect((await request({ ...base, time: '19:00' }, {}, elsewhere.id)).statusCode).toBe(201);
    const stored = await t.database.db
      .select()
      .from(schema.bookings)
      .where(eq(schema.bookings.restaurantId, hall.id));
    expect(stored).toHaveLength(5);
  });

  it('answers 429 past 120 slot lookups a minute from one address', async () => {
    const hall = await smallHall('Лимит слотов');
    const slots = (address: string) =>
      call('GET', `/api/public/restaurant/${hall.id}/slots/?date=${DAY}&group_size=2`, null, undefined, {
        remoteAddress: address,
      });
    for (let i = 0; i < 120; i += 1) {
      const res = await slots('198.51.100.50');
      if (res.statusCode !== 200) expect.fail(`lookup ${i + 1}: ${res.statusCode} ${res.body}`);
    }
    expect(throttled(await slots('198.51.100.50'))).toBeLessThanOrEqual(60);
    expect((await slots('198.51.100.51')).statusCode).toBe(200);
  });
});
