import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('the guest queue form under pressure', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  it('counts the entries one phone made at one restaurant, however it is written: the sixth in ten minutes gets 429', async () => {
    const writings = [
      '+7 916 700-11-22',
      '8 916 700 11 22',
      '89167001122',
      '+7(916)7001122',
      '7 916 700-1122',
    ];
    const device = 'queue-limit-device-0001';
    let address = 0;
    const join = (
      phone: string,
      extra: object = {},
      headers: Record<string, string> = {},
      restaurant = who.restaurantA,
    ) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/restaurant/${restaurant}/queue/`,
        // A new address each time: only the per-phone limit can stop these.
        remoteAddress: `10.1.0.${++address}`,
        headers,
        payload: { group_size: 2, name: 'Анна', phone, ...extra },
      });
    const leave = (token: string) =>
      t.app.inject({ method: 'POST', url: `/api/public/queue/${token}/cancel/` });
    // Five entries, one after another (each left before the next).
    const tokens: string[] = [];
    for (const [i, phone] of writings.entries()) {
      const joined = await join(
        phone,
        { device_key: device },
        { 'idempotency-key': `queue-limit-key-000${i}` },
      );
      expect(joined.statusCode, joined.body).toBe(201);
      tokens.push(joined.json().token);
      if (i < writings.length - 1) expect((await leave(tokens[i] as string)).statusCode).toBe(200);
    }
    // The guest still waiting gets their own entry back: from their device, or replaying their form.
    const own = await join('8-916-700-11-22', { device_key: device });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: 'already_queued', token: tokens[4] });
    const replay = await join(
      writings[4] as string,
      { device_key: device },
      { 'idempotency-key': 'queue-limit-key-0004' },
    );
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().token).toBe(tokens[4]);
    // Anyone else learns only that the phone waits.
    expect((await join('8-916-700-11-22')).json()).toEqual({
      detail: 'Ты уже в очереди',
      code: 'already_queued',
    });
    // Once they have left, a sixth entry is one too many…
    expect((await leave(tokens[4] as string)).statusCode).toBe(200);
    const sixth = await join('8-916-700-11-22');
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // …at this restaurant only.
    expect((await join('8-916-700-11-22', {}, {}, who.restaurantB)).statusCode).toBe(201);
  });
});
