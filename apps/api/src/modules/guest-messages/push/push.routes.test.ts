import { createECDH, randomBytes } from 'node:crypto';
import { schema } from '@stolik/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingKit, DAY } from '../../../test/booking-kit';
import { createIdentities, type Identities } from '../../../test/identities';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createPushSubscriptions } from './push-subscriptions';
import { loadVapidKeys } from './vapid-keys';

/** A browser's subscription as `PushSubscription.toJSON()` gives it: real P-256 keys. */
function browserSubscription(
  endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(9).toString('base64url')}`,
) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

const BAD_ENDPOINT = 'Этот адрес уведомлений не поддерживается';
const BAD_KEY = 'Ключ подписки на уведомления поврежден';

let t: TestApp;
/** The same database, served by a process started with PUSH_TEST_ENDPOINTS=loopback. */
let loopback: TestApp;
let who: Identities;
beforeAll(async () => {
  t = await createTestApp();
  who = await createIdentities(t);
  loopback = await createTestApp({ database: t.database, config: { pushTestEndpoints: 'loopback' } });
});
afterAll(async () => {
  await loopback.close();
  await t.close();
});

const kit = bookingKit(
  () => t,
  () => who,
  { firstPhone: 8000 },
);

let phone = 0;
async function joinQueue(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/restaurant/${who.restaurantA}/queue/`,
    remoteAddress: `10.8.0.${++phone}`,
    payload: { group_size: 2, name: 'Гость', phone: `+7916555${String(phone).padStart(4, '0')}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().token as string;
}
// Each call from an address of its own: the per-address cap (30 a minute) is tested on its own below.
let address = 0;
const from = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;
const subscribe = (token: string, body: unknown, app: TestApp = t, kind = 'queue') =>
  app.app.inject({
    method: 'POST',
    url: `/api/public/${kind}/${token}/push/`,
    payload: body as object,
    remoteAddress: from(),
  });
const unsubscribe = (token: string, endpoint: string, kind = 'queue') =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/public/${kind}/${token}/push/`,
    payload: { endpoint },
    remoteAddress: from(),
  });
const storedFor = async (token: string) => {
  const [entry] = await t.database.db
    .select({ id: schema.queueEntries.id })
    .from(schema.queueEntries)
    .where(eq(schema.queueEntries.guestToken, token));
  return createPushSubscriptions(t.database.db).listFor({ kind: 'queue', id: entry?.id ?? -1 });
};

describe('the VAPID public key', () => {
  it('is the one kept in the database, the same on every ask', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/public/push-key/' });
    expect(first.statusCode).toBe(200);
    const key = first.json().public_key as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect((await loopback.app.inject({ method: 'GET', url: '/api/public/push-key/' })).json()).toEqual({
      public_key: key,
    });
    expect((await loadVapidKeys(t.database.db)).publicKey).toBe(key);
  });
});

describe("a guest's Web Push subscription for their queue place", () => {
  it('is kept, and sending the same endpoint again replaces its keys', async () => {
    const token = await joinQueue();
    const browser = browserSubscription();
    const res = await subscribe(token, browser);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ subscribed: true });
    const again = { ...browserSubscription(browser.endpoint) };
    expect((await subscribe(token, again)).statusCode).toBe(201);
    const stored = await storedFor(token);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ endpoint: browser.endpoint, ...again.keys });
  });

  it('accepts every known push service: Google, Mozilla, Apple, Windows', async () => {
    const token = await joinQueue();
    const endpoints = [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://push.services.mozilla.com/wpush/v2/gAAAAB',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ];
    for (const endpoint of endpoints) {
      const res = await subscribe(token, browserSubscription(endpoint));
      expect(res.statusCode, `${endpoint}: ${res.body}`).toBe(201);
    }
    expect((await storedFor(token)).map((row) => row.endpoint).sort()).toEqual([...endpoints].sort());
  });

  it('keeps the five newest browsers of one guest', async () => {
    const token = await joinQueue();
    const endpoints: string[] = [];
    for (let i = 0; i < 7; i++) {
      const browser = browserSubscription();
      endpoints.push(browser.endpoint);
      expect((await subscribe(token, browser)).statusCode).toBe(201);
    }
    expect((await storedFor(token)).map((row) => row.endpoint).sort()).toEqual(endpoints.slice(2).sort());
  });

  it('refuses, with a Russian message and nothing stored, any endpoint off the known push services', async () => {
    const token = await joinQueue();
    const endpoints = [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://evil.example/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://evil-fcm.googleapis.com/x',
      'https://10.0.0.1/push',
      'https://192.168.1.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'http://127.0.0.1:9/push',
      'https://127.0.0.1/push',
      'https://localhost/push',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pass@fcm.googleapis.com/fcm/send/abc',
      'https://a.b.push.apple.com/x',
      'https://push.apple.com/x',
      'ftp://fcm.googleapis.com/x',
      'not a url',
      `https://fcm.googleapis.com/${'a'.repeat(1100)}`,
    ];
    for (const endpoint of endpoints) {
      const res = await subscribe(token, browserSubscription(endpoint));
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json(), endpoint).toEqual({ endpoint: [BAD_ENDPOINT] });
    }
    expect(await storedFor(token)).toEqual([]);
  });

  it('refuses keys that are not a P-256 point and a 16-byte secret, nothing stored', async () => {
    const token = await joinQueue();
    const good = browserSubscription();
    const point = Buffer.from(good.keys.p256dh, 'base64url');
    const offCurve = Buffer.from(point);
    offCurve[64] = (offCurve[64] ?? 0) ^ 1;
    const cases: [object, string][] = [
      [{ p256dh: offCurve.toString('base64url') }, 'keys.p256dh'],
      [{ p256dh: point.subarray(0, 64).toString('base64url') }, 'keys.p256dh'],
      [
        { p256dh: Buffer.concat([Buffer.from([2]), point.subarray(1, 33)]).toString('base64url') },
        'keys.p256dh',
      ],
      [{ p256dh: `${good.keys.p256dh.slice(0, -2)}!!` }, 'keys.p256dh'],
      [{ auth: randomBytes(15).toString('base64url') }, 'keys.auth'],
      [{ auth: randomBytes(17).toString('base64url') }, 'keys.auth'],
      [{ auth: 'не base64 вовсе' }, 'keys.auth'],
    ];
    for (const [keys, field] of cases) {
      const res = await subscribe(token, { ...good, keys: { ...good.keys, ...keys } });
      expect(res.statusCode, JSON.stringify(keys)).toBe(400);
      expect(res.json()).toEqual({ [field]: [BAD_KEY] });
    }
    const noKeys = await subscribe(token, { endpoint: good.endpoint });
    expect(noKeys.statusCode).toBe(400);
    expect(noKeys.json()).toEqual({ keys: ['Заполните поле'] });
    expect(await storedFor(token)).toEqual([]);
  });

  it('takes a fake push service on 127.0.0.1 only from a process started with PUSH_TEST_ENDPOINTS=loopback', async () => {
    const token = await joinQueue();
    const fake = browserSubscription('http://127.0.0.1:43210/push/abc');
    expect((await subscribe(token, fake)).json()).toEqual({ endpoint: [BAD_ENDPOINT] });
    expect(await storedFor(token)).toEqual([]);
    expect((await subscribe(token, fake, loopback)).statusCode).toBe(201);
    // Loopback only: even that process refuses other private addresses and plain http elsewhere.
    for (const endpoint of [
      'http://10.0.0.1:43210/push',
      'http://localhost:43210/push',
      'http://fcm.googleapis.com/x',
    ])
      expect((await subscribe(token, browserSubscription(endpoint), loopback)).statusCode, endpoint).toBe(
        400,
      );
    expect((await storedFor(token)).map((row) => row.endpoint)).toEqual([fake.endpoint]);
  });

  it('is refused once the guest has left the queue (409), and turning it off still works', async () => {
    const token = await joinQueue();
    const browser = browserSubscription();
    expect((await subscribe(token, browser)).statusCode).toBe(201);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/public/queue/${token}/cancel/` })).statusCode,
    ).toBe(200);
    const late = await subscribe(token, browserSubscription());
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: 'Ты уже не в очереди: уведомления не нужны', code: 'conflict' });
    expect((await storedFor(token)).map((row) => row.endpoint)).toEqual([browser.endpoint]);
    expect((await unsubscribe(token, browser.endpoint)).statusCode).toBe(204);
    expect(await storedFor(token)).toEqual([]);
    // Again: nothing to forget, still done.
    expect((await unsubscribe(token, browser.endpoint)).statusCode).toBe(204);
  });

  it('forgets only the endpoint named, of this guest only', async () => {
    const mine = await joinQueue();
    const theirs = await joinQueue();
    const a = browserSubscription();
    const b = browserSubscription();
    await subscribe(mine, a);
    await subscribe(mine, b);
    await subscribe(theirs, a);
    expect((await unsubscribe(mine, a.endpoint)).statusCode).toBe(204);
    expect((await storedFor(mine)).map((row) => row.endpoint)).toEqual([b.endpoint]);
    expect((await storedFor(theirs)).map((row) => row.endpoint)).toEqual([a.endpoint]);
  });

  it('caps one address at 30 a minute (429), refused ones counted too', async () => {
    const token = await joinQueue();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/public/queue/${token}/push/`,
        payload: browserSubscription('https://evil.example/x'),
        remoteAddress: '10.7.7.7',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 30).every((code) => code === 400)).toBe(true);
    expect(codes[30]).toBe(429);
  });

  it('answers 404 to a token nobody has', async () => {
    const unknown = 'x'.repeat(32);
    expect((await subscribe(unknown, browserSubscription())).statusCode).toBe(404);
    expect((await unsubscribe(unknown, 'https://fcm.googleapis.com/fcm/send/abc')).statusCode).toBe(404);
  });
});

describe("a guest's Web Push subscription for their booking", () => {
  it('is kept while the request is open, and refused (409) once the restaurant declined it', async () => {
    const hall = await kit.smallHall('Пуш');
    const guest = await kit.requested(hall.id, {
      date: DAY,
      time: '15:00',
      group_size: 2,
      name: 'Гостья',
      phone: kit.nextPhone(),
    });
    const browser = browserSubscription('https://web.push.apple.com/QGuQyavXutnMH');
    const res = await subscribe(guest.token, browser, t, 'booking');
    expect(res.statusCode, res.body).toBe(201);
    const stored = await createPushSubscriptions(t.database.db).listFor({
      kind: 'booking',
      id: guest.row.id,
    });
    expect(stored.map((row) => row.endpoint)).toEqual([browser.endpoint]);
    // The booking's own refusals are the queue's.
    const bad = await subscribe(guest.token, browserSubscription('https://evil.example/x'), t, 'booking');
    expect(bad.json()).toEqual({ endpoint: [BAD_ENDPOINT] });

    expect((await kit.patch(guest.row.id, { status: 'declined' })).statusCode).toBe(200);
    const late = await subscribe(guest.token, browserSubscription(), t, 'booking');
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe('Бронь уже завершена или отменена: уведомления не нужны');
    expect((await unsubscribe(guest.token, browser.endpoint, 'booking')).statusCode).toBe(204);
    expect(
      await createPushSubscriptions(t.database.db).listFor({ kind: 'booking', id: guest.row.id }),
    ).toEqual([]);
  });
});
