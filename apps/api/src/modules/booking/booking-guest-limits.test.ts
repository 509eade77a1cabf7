import { schema } from '@stolik/db';
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

  it('answers 429 past 5 requests for one phone in 10 minutes, whatever the address', async () => {
    const hall = await smallHall('Лимит телефона');
    const phone = nextPhone();
    const body = { date: DAY, time: '03:00', group_size: 2, name: 'Один', phone };
    for (let i = 0; i < 5; i += 1) {
      expect((await guestRequest(hall.id, body, `198.51.100.${30 + i}`)).statusCode).toBe(409);
    }
    throttled(await guestRequest(hall.id, body, '198.51.100.40'));
    // The same phone written another way is the same phone.
    throttled(
      await guestRequest(
        hall.id,
        { ...body, phone: `8 ${phone.slice(2, 5)} ${phone.slice(5)}` },
        '198.51.100.41',
      ),
    );
    expect((await guestRequest(hall.id, { ...body, phone: nextPhone() }, '198.51.100.42')).statusCode).toBe(
      409,
    );
    const stored = await t.database.db
      .select()
      .from(schema.bookings)
      .where(eq(schema.bookings.restaurantId, hall.id));
    expect(stored).toEqual([]);
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
