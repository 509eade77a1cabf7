import { GuestQueueStatus, QueueEntry } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakePushService, startFakePushService } from '../../test/fake-push-service';
import { createIdentities, type Identities } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * A web guest with no Telegram hears that the table is ready by Web Push: the product's own push
 * channel (VAPID-signed, aes128gcm-encrypted) against a local push service that checks the
 * signature and decrypts the payload as a browser would. No bot here: the API process runs the
 * guest messenger itself.
 */

let push: FakePushService;
let t: TestApp;
let who: Identities;

beforeAll(async () => {
  push = await startFakePushService();
  t = await createTestApp({ config: { pushTestEndpoints: 'loopback', botToken: undefined } });
  who = await createIdentities(t);
  await t.app.guestMessenger?.start();
});
afterAll(async () => {
  await t.app.guestMessenger?.stop();
  await t.close();
  await push.close();
});

describe('a web guest who turned on notifications', () => {
  it('gets the call by push, decrypted to its words, and the row shows push, then delivered', async () => {
    expect(t.app.telegram).toBeNull();
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/public/restaurant/${who.restaurantA}/queue/`,
      payload: { group_size: 2, name: 'Нина', phone: '+79167770011' },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const { token, number } = GuestQueueStatus.parse(joined.json());
    const key = await t.app.inject({ method: 'GET', url: '/api/public/push-key/' });
    const browser = push.subscribe({ serverKey: key.json().public_key });
    const subscribed = await t.app.inject({
      method: 'POST',
      url: `/api/public/queue/${token}/push/`,
      payload: { endpoint: browser.endpoint, keys: browser.keys },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const [entry] = await t.database.db
      .select()
      .from(schema.queueEntries)
      .where(eq(schema.queueEntries.guestToken, token));

    const called = await t.app.inject({
      method: 'POST',
      url: '/api/reservation/invite/',
      headers: who.bearer(who.hostessA),
      payload: { id: entry?.id },
    });
    expect(called.statusCode, called.body).toBe(200);
    await vi.waitFor(() => expect(push.received).toHaveLength(1), { timeout: 10_000 });
    const [received] = push.received;
    expect(received?.json).toMatchObject({
      kind: 'called',
      body: `Ваш столик готов! Подходите к хостес «Демо», ваш номер — №${number}.`,
      subject: { kind: 'queue', token },
    });
    const row = async () =>
      QueueEntry.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/reservation/${entry?.id}/`,
            headers: who.bearer(who.hostessA),
          })
        ).json(),
      ).reach;
    await vi.waitFor(async () => expect(await row()).toMatchObject({ channel: 'push', state: 'sent' }));

    // The service worker showed it and says so; then the guest opens the page.
    const messageId = (received?.json as { message_id?: number } | undefined)?.message_id;
    const shown = await t.app.inject({
      method: 'POST',
      url: `/api/public/queue/${token}/reach/`,
      payload: { event: 'delivered', message_id: messageId },
    });
    expect(shown.statusCode, shown.body).toBe(204);
    expect(await row()).toMatchObject({ channel: 'push', state: 'delivered' });
    await t.app.inject({
      method: 'POST',
      url: `/api/public/queue/${token}/reach/`,
      payload: { event: 'seen' },
    });
    expect(await row()).toMatchObject({ channel: 'push', state: 'seen' });
  });
});
