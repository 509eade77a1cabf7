import { rmSync } from 'node:fs';
import { PushPayload } from '@stolik/contracts';
import { openDatabase, schema } from '@stolik/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestMessageContent } from '../../api/src/modules/guest-messages/channels';
import { createPushChannel, pushPayload } from '../../api/src/modules/guest-messages/push/push-channel';
import { type FakePushService, startFakePushService } from '../../api/src/test/fake-push-service';
import { type Browser, launchBrowser, PHONE } from './support/browser';
import { type RunningProduct, startProduct } from './support/product';

/*
 * Web Push from a guest's queue page in real Chromium, against the real product started with
 * PUSH_TEST_ENDPOINTS=loopback and a fake push service on 127.0.0.1 (apps/api/src/test).
 *
 * What headless Chromium here cannot do: make a real PushSubscription. Its `pushManager.subscribe`
 * rejects with "AbortError: Registration failed - permission denied" even with notifications
 * granted (no push service behind it; tried 28 November 2026, Debian's Chromium). So this page's
 * `PushManager.prototype.subscribe` and `getSubscription` alone are replaced, before the page
 * loads, by ones that return a subscription to the fake push service with keys this test made as
 * a browser would. Everything else is real: the button, the permission, the service worker's
 * registration, the VAPID key from the API, the POST and what the product stored, which is then
 * sent to through the push channel and decrypted by the fake with the test's keys. The service
 * worker's push handling is driven by a real push event (DevTools' ServiceWorker.deliverPushMessage,
 * which hands the worker the payload unencrypted; decryption is the fake's side above).
 * A tap on a notification cannot be made headless: the answer button's click is a synthetic
 * NotificationEvent dispatched in the worker, and opening the page on a tap is not proven here.
 */

describe('a guest hears of their queue place by Web Push', () => {
  let product: RunningProduct;
  let browser: Browser;
  let fake: FakePushService;

  beforeAll(async () => {
    fake = await startFakePushService();
    product = await startProduct({ PUSH_TEST_ENDPOINTS: 'loopback' });
    browser = await launchBrowser({ serviceWorkers: 'allow' });
    await browser.context.grantPermissions(['notifications'], { origin: product.url });
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    if (product?.dataDir) rmSync(product.dataDir, { recursive: true, force: true });
    await fake?.close();
  });

  it('joins, taps the button, and the product keeps the subscription; a push shows and answers', async () => {
    const made = fake.subscribe();
    const page = await browser.newPage(PHONE);
    // The one stand-in (see above): this page's PushManager returns the fake service's subscription.
    await page.addInitScript(
      (json) => {
        let current: unknown = null;
        const asked: { userVisibleOnly?: boolean; key?: string }[] = [];
        (window as unknown as { pushAsked: typeof asked }).pushAsked = asked;
        PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
          const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
          asked.push({
            userVisibleOnly: options?.userVisibleOnly,
            key: btoa(String.fromCharCode(...key))
              .replace(/\+/g, '-')
              .replace(/\//g, '_')
              .replace(/=+$/, ''),
          });
          current = {
            endpoint: json.endpoint,
            expirationTime: null,
            options: { applicationServerKey: key.buffer, userVisibleOnly: true },
            toJSON: () => json,
            unsubscribe: async () => true,
          };
          return current as PushSubscription;
        };
        PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
      },
      { endpoint: made.endpoint, expirationTime: null, keys: made.keys },
    );

    await page.goto(`${product.url}/guest/1/queue`);
    await page.getByLabel('Как тебя зовут').fill('Вера');
    await page.getByLabel('Телефон').fill('8 916 700-33-44');
    await page.getByRole('button', { name: 'Встать в очередь' }).click();
    await page.waitForURL(/\/guest\/queue\//);
    const token = new URL(page.url()).pathname.split('/').pop() as string;

    await page.getByRole('button', { name: 'Сообщить мне, когда позовут' }).click();
    await page.getByText('Пришлем уведомление, когда позовут').waitFor();
    const serverKey = (
      (await (await fetch(`${product.url}/api/public/push-key/`)).json()) as { public_key: string }
    ).public_key;
    expect(await page.evaluate(() => (window as unknown as { pushAsked: unknown }).pushAsked)).toEqual([
      { userVisibleOnly: true, key: serverKey },
    ]);
    // The real service worker was registered by the tap and is running.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toBe(
      `${product.url}/sw.js`,
    );

    // A real push event in the worker: the notification, and 'delivered' to the reach endpoint.
    const reached: { url: string; body: unknown }[] = [];
    browser.context.on('request', (request) => {
      if (request.url().endsWith('/reach/'))
        reached.push({ url: new URL(request.url()).pathname, body: request.postDataJSON() });
    });
    const content: GuestMessageContent = {
      messageId: 31,
      kind: 'called',
      title: 'Твой столик готов',
      body: 'Подойди к хостес',
      url: `${product.url}/guest/queue/${token}`,
      answers: ['coming', 'not_coming'],
      subject: { kind: 'queue', token },
    };
    const cdp = await browser.context.newCDPSession(page);
    const registrations: string[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
      for (const registration of event.registrations)
        if (registration.scopeURL === `${product.url}/`) registrations.push(registration.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.length).toBeGreaterThan(0);
    for (const _ of [1, 2])
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: product.url,
        registrationId: registrations[0] as string,
        data: JSON.stringify(pushPayload(content)),
      });
    const shown = async () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
          actions: (n as unknown as { actions: { action: string; title: string }[] }).actions.map((a) => ({
            action: a.action,
            title: a.title,
          })),
        })),
      );
    await expect.poll(async () => (await shown()).length).toBe(1);
    // The same message twice: one notification (its tag), showing the message's words and buttons.
    expect(await shown()).toEqual([
      {
        title: 'Твой столик готов',
        body: 'Подойди к хостес',
        tag: 'guest-message-31',
        data: { url: content.url, subject: { kind: 'queue', token }, message_id: 31 },
        actions: [
          { action: 'coming', title: 'Иду' },
          { action: 'not_coming', title: 'Не приду' },
        ],
      },
    ]);
    const reachPath = `/api/public/queue/${token}/reach/`;
    await expect
      .poll(() => reached.filter((r) => (r.body as { event?: string }).event === 'delivered').length)
      .toBe(2);
    expect(reached[0]).toEqual({ url: reachPath, body: { event: 'delivered', message_id: 31 } });

    // The answer button (a synthetic click: see above) posts the answer.
    const [worker] = browser.context.serviceWorkers();
    await worker?.evaluate(async () => {
      // The worker's own globals (the page's DOM types here have none of them).
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: unknown; action: string }) => Event;
      };
      const [notification] = await scope.registration.getNotifications();
      try {
        scope.dispatchEvent(
          new scope.NotificationEvent('notificationclick', { notification, action: 'coming' }),
        );
      } catch {
        // waitUntil refuses an untrusted event; the answer is already on its way.
      }
    });
    await expect
      .poll(() => reached.some((r) => (r.body as { event?: string }).event === 'coming'))
      .toBe(true);
    expect(reached.find((r) => (r.body as { event?: string }).event === 'coming')).toEqual({
      url: reachPath,
      body: { event: 'coming', message_id: 31 },
    });
    await page.close();

    // What the product stored is exactly the browser's subscription: sent to with the product's
    // own VAPID keys, the fake push service decrypts it with the test's keys.
    await product.stop({ keepData: true });
    const database = await openDatabase({ dataDir: product.dataDir as string });
    try {
      const rows = await database.db.select().from(schema.pushSubscriptions);
      expect(rows.map((row) => ({ endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth }))).toEqual([
        made.flat,
      ]);
      const vapid = (await database.db.select().from(schema.appSecrets)).find((row) => row.name === 'vapid');
      const keys = JSON.parse(vapid?.value ?? '{}') as { publicKey: string; privateKey: string };
      expect(keys.publicKey).toBe(serverKey);
      const channel = createPushChannel({ keys, subject: 'mailto:admin@e2e.test', allowLoopback: true });
      expect(await channel.send(rows[0] as typeof made.flat, content)).toMatchObject({ ok: true });
      expect(PushPayload.parse(fake.received.at(-1)?.json)).toEqual(pushPayload(content));
    } finally {
      await database.close();
    }
  });
});
