import { PushPayload } from '@stolik/contracts';
import type { DatabaseHandle } from '@stolik/db';
import { createTestDatabase } from '@stolik/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { type FakePushService, startFakePushService } from '../../../test/fake-push-service';
import type { GuestMessageContent } from '../channels';
import { createPushChannel, PUSH_TTL_S, pushTopic } from './push-channel';
import { loadVapidKeys, vapidSubject } from './vapid-keys';

const content = (messageId: number): GuestMessageContent => ({
  messageId,
  kind: 'called',
  title: 'Столик готов',
  body: 'Подойди к хостес',
  url: 'https://stolik.test/guest/queue/abcdefghijklmnop',
  answers: ['coming', 'not_coming'],
  subject: { kind: 'queue', token: 'abcdefghijklmnop' },
});

describe('the Web Push channel against a fake push service', () => {
  let fake: FakePushService;
  const keys = webpush.generateVAPIDKeys();
  const subject = 'mailto:admin@stolik.test';
  const channel = () => createPushChannel({ keys, subject, allowLoopback: true, timeoutMs: 500 });
  beforeAll(async () => {
    fake = await startFakePushService();
  });
  afterAll(() => fake.close());

  it('sends an encrypted push the browser decrypts to the message, with its topic, urgency and TTL', async () => {
    const browser = fake.subscribe({ serverKey: keys.publicKey });
    const outcome = await channel().send(browser.flat, content(4242));
    expect(outcome).toMatchObject({ ok: true });
    expect(outcome.ok && outcome.ref).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/m\/\d+$/);
    const got = fake.received.find((push) => push.endpoint === browser.endpoint);
    expect(got).toBeDefined();
    expect(got?.topic).toBe(pushTopic(4242));
    expect(got?.urgency).toBe('high');
    expect(got?.ttl).toBe(PUSH_TTL_S);
    expect(got?.vapid).toMatchObject({ aud: fake.origin, sub: subject, publicKey: keys.publicKey });
    expect(PushPayload.parse(got?.json)).toEqual({
      message_id: 4242,
      kind: 'called',
      title: 'Столик готов',
      body: 'Подойди к хостес',
      url: 'https://stolik.test/guest/queue/abcdefghijklmnop',
      answers: ['coming', 'not_coming'],
      actions: [
        { action: 'coming', title: 'Иду' },
        { action: 'not_coming', title: 'Не приду' },
      ],
      subject: { kind: 'queue', token: 'abcdefghijklmnop' },
    });
  });

  it('sends a repeat of a message under the same Topic (it replaces), another message under another', async () => {
    const browser = fake.subscribe();
    await channel().send(browser.flat, content(77));
    await channel().send(browser.flat, content(77));
    await channel().send(browser.flat, content(78));
    const topics = fake.received
      .filter((push) => push.endpoint === browser.endpoint)
      .map((push) => push.topic);
    expect(topics).toEqual([pushTopic(77), pushTopic(77), pushTopic(78)]);
    expect(pushTopic(Number.MAX_SAFE_INTEGER)).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
  });

  it('reports 410 and 404 as gone for good, 500 as an error to go down the ladder on', async () => {
    const cases = [
      [410, { ok: false, error: 'http_410', gone: true }],
      [404, { ok: false, error: 'http_404', gone: true }],
      [500, { ok: false, error: 'http_500' }],
    ] as const;
    for (const [status, expected] of cases) {
      const browser = fake.subscribe();
      fake.answer(browser.endpoint, status);
      expect(await channel().send(browser.flat, content(1))).toEqual(expected);
    }
  });

  it('gives up on a push service that never answers: timeout', async () => {
    const browser = fake.subscribe();
    fake.answer(browser.endpoint, 'hang');
    const started = Date.now();
    expect(await channel().send(browser.flat, content(2))).toEqual({ ok: false, error: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('is refused by the fake when the VAPID signature is not made by the key it names', async () => {
    const browser = fake.subscribe();
    const other = webpush.generateVAPIDKeys();
    const forged = createPushChannel({
      keys: { publicKey: keys.publicKey, privateKey: other.privateKey },
      subject,
      allowLoopback: true,
    });
    expect(await forged.send(browser.flat, content(3))).toEqual({ ok: false, error: 'http_401' });
    expect(fake.refused.find((r) => r.endpoint === browser.endpoint)).toMatchObject({
      status: 401,
      reason: 'bad signature',
    });
    expect(fake.received.some((push) => push.endpoint === browser.endpoint)).toBe(false);
  });

  it('is refused when signed by another key than the one the browser subscribed with', async () => {
    const browser = fake.subscribe({ serverKey: webpush.generateVAPIDKeys().publicKey });
    expect(await channel().send(browser.flat, content(5))).toEqual({ ok: false, error: 'http_403' });
  });

  it('never sends to an endpoint off the known push services without the test setting', async () => {
    const browser = fake.subscribe();
    const refusedBefore = fake.refused.length;
    const strict = createPushChannel({ keys, subject });
    expect(await strict.send(browser.flat, content(6))).toEqual({
      ok: false,
      error: 'endpoint_refused',
      gone: true,
    });
    expect(fake.received.some((push) => push.endpoint === browser.endpoint)).toBe(false);
    expect(fake.refused.length).toBe(refusedBefore);
  });
});

describe('the VAPID keys', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('are made once and kept: processes starting at once all get the same pair', async () => {
    const pairs = await Promise.all(Array.from({ length: 6 }, () => loadVapidKeys(database.db)));
    const first = pairs[0];
    for (const pair of pairs) expect(pair).toEqual(first);
    expect(Buffer.from(first?.publicKey ?? '', 'base64url')).toHaveLength(65);
    expect(await loadVapidKeys(database.db)).toEqual(first);
  });

  it('sign what a channel reading them from the database sends', async () => {
    const fake = await startFakePushService();
    try {
      const keys = await loadVapidKeys(database.db);
      const browser = fake.subscribe({ serverKey: keys.publicKey });
      const channel = createPushChannel({
        db: database.db,
        subject: 'https://stolik.test',
        allowLoopback: true,
      });
      expect(await channel.publicKey()).toBe(keys.publicKey);
      expect(await channel.send(browser.flat, content(9))).toMatchObject({ ok: true });
      expect(fake.received[0]?.vapid.sub).toBe('https://stolik.test');
    } finally {
      await fake.close();
    }
  });

  it('name the product by its https address, else by the administrator’s e-mail', () => {
    expect(vapidSubject({ publicUrl: 'https://stolik.example/', adminEmail: 'a@b.ru' })).toBe(
      'https://stolik.example',
    );
    expect(vapidSubject({ publicUrl: 'http://192.168.1.5:3000', adminEmail: 'a@b.ru' })).toBe(
      'mailto:a@b.ru',
    );
    expect(vapidSubject({ publicUrl: 'https://localhost:3000', adminEmail: 'a@b.ru' })).toBe('mailto:a@b.ru');
    expect(vapidSubject({ publicUrl: undefined, adminEmail: undefined })).toBe('mailto:admin@stolik.local');
  });
});
