import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePushService, startFakePushService } from '../../api/src/test/fake-push-service';
import { type FakeSmsProvider, startFakeSmsProvider } from '../../api/src/test/fake-sms-provider';
import { type Browser, launchBrowser, PHONE, TABLET } from './support/browser';
import { joinQueue } from './support/evening';
import { createMember, HOSTESS, signInByApi } from './support/people';
import { type RunningProduct, startProduct } from './support/product';
import { signedInitData } from './support/telegram-launch';

/*
 * Issue #32 in real Chromium: every called guest hears it, and the hostess sees how. The product
 * runs as `pnpm start` runs it (bot embedded, against the fake Bot API), with a local push service
 * (PUSH_TEST_ENDPOINTS=loopback) and a local SMSC.ru (SMS_API_ROOT); both fakes speak their
 * protocols: the push service checks the VAPID signature and decrypts with the guest's keys.
 *
 * Headless Chromium here has no push service behind it, so the guest page's PushManager alone
 * hands back a subscription to the local push service, with keys this test made as a browser would
 * (guest-push.e2e.ts says more). The call, the push, its decryption and the page it opens are real.
 */

/** The row's mark says it in full to screen readers and on hover: 'Push · доставлено · 19:42'. */
const fullMark = (mark: Locator) => mark.getAttribute('title');

describe('the hostess calls; the guest hears it on some channel; the row shows which', () => {
  let product: RunningProduct;
  let browser: Browser;
  let push: FakePushService;
  let sms: FakeSmsProvider;

  beforeAll(async () => {
    push = await startFakePushService();
    sms = await startFakeSmsProvider({ apiKey: 'e2e-sms-key' });
    product = await startProduct({
      PUSH_TEST_ENDPOINTS: 'loopback',
      SMS_PROVIDER: 'smsc',
      SMS_API_KEY: 'e2e-sms-key',
      SMS_API_ROOT: sms.apiRoot,
    });
    browser = await launchBrowser({ serviceWorkers: 'allow' });
    await browser.context.grantPermissions(['notifications'], { origin: product.url });
    await createMember(product.url, HOSTESS, 'Менеджер');
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await push?.close();
    await sms?.close();
  });

  async function hostessQueue() {
    const hostess = await browser.newPage(TABLET);
    await signInByApi(hostess, product.url, HOSTESS.email, HOSTESS.password);
    await hostess.goto(`${product.url}/restaurant/1`);
    await hostess.getByRole('heading', { name: 'Живая Очередь' }).waitFor();
    return hostess;
  }

  it('a web guest who turned on notifications and closed the page gets the call by push', async () => {
    const browserKeys = push.subscribe();
    const guest = await browser.newPage(PHONE);
    await guest.addInitScript(
      (json) => {
        let current: unknown = null;
        PushManager.prototype.subscribe = async function subscribe() {
          current = {
            endpoint: json.endpoint,
            expirationTime: null,
            toJSON: () => json,
            unsubscribe: async () => true,
          };
          return current as PushSubscription;
        };
        PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
      },
      { endpoint: browserKeys.endpoint, expirationTime: null, keys: browserKeys.keys },
    );
    await guest.goto(`${product.url}/guest/1/queue`);
    await guest.getByLabel('Как тебя зовут').fill('Вера Пуш');
    await guest.getByLabel('Телефон').fill('8 916 700-55-01');
    await guest.getByRole('button', { name: 'Встать в очередь' }).click();
    await guest.waitForURL(/\/guest\/queue\//);
    await guest.getByRole('button', { name: 'Сообщить мне, когда позовут' }).click();
    await guest.getByText('Пришлем уведомление, когда позовут').waitFor();
    // The guest puts the phone away: nothing of theirs is open any more.
    await guest.close();

    const hostess = await hostessQueue();
    const row = hostess.getByTestId('queue-row').filter({ hasText: 'Вера Пуш' });
    await row.getByRole('button', { name: 'Вызвать' }).click();

    // The push service got it, signed by the product and readable only with the guest's keys.
    await expect.poll(() => push.received.length, { timeout: 15_000 }).toBe(1);
    const payload = push.received[0]?.json as { body: string; url: string; message_id: number };
    expect(payload.body).toMatch(/^Ваш столик готов! Подходите к хостес «.+», ваш номер — №\d+\.$/);
    const mark = row.getByTestId('reach-mark');
    // Sent, or shown by the guest's browser already: the mark follows the push service's answer.
    await expect
      .poll(async () => mark.getAttribute('data-state'), { timeout: 10_000 })
      .toMatch(/^(sent|delivered)$/);
    expect(await mark.getAttribute('data-channel')).toBe('push');
    expect(await fullMark(mark)).toMatch(/^Push · (отправлено|доставлено) · \d{2}:\d{2}$/);
    expect(await mark.getByText(/^Push ✓/).count()).toBe(1);

    // The notification's link opens the guest's page, which shows the call; the row says so.
    const opened = await browser.newPage(PHONE);
    await opened.goto(new URL(payload.url, product.url).toString());
    await opened.getByText('Твой столик готов! Подойди к хостес').waitFor();
    await expect.poll(async () => mark.getAttribute('data-state'), { timeout: 10_000 }).toBe('seen');
    expect(await fullMark(mark)).toMatch(/^Push · открыл страницу · \d{2}:\d{2}$/);
    await opened.close();
    await hostess.close();
  });

  it('a Telegram guest who blocked the bot falls to SMS, and the row shows it', async () => {
    const GUEST = { id: 555_000_932, first_name: 'Олег', username: 'oleg_blocked' };
    product.botApi.behave('sendMessage', (payload) =>
      payload.chat_id === GUEST.id
        ? { status: 403, description: 'Forbidden: bot was blocked by the user' }
        : undefined,
    );
    await joinQueue(product.url, {
      group_size: 2,
      name: 'Олег Телеграм',
      phone: '8 916 700-55-02',
      init_data: signedInitData({ user: GUEST }),
    });
    const hostess = await hostessQueue();
    const row = hostess.getByTestId('queue-row').filter({ hasText: 'Олег Телеграм' });
    await row.getByRole('button', { name: 'Вызвать' }).click();

    await expect
      .poll(() => sms.sends.filter((s) => s.phone === '+79167005502').length, { timeout: 20_000 })
      .toBe(1);
    expect(product.botApi.refused.some((c) => c.payload.chat_id === GUEST.id && c.status === 403)).toBe(true);
    const mark = row.getByTestId('reach-mark');
    await expect
      .poll(async () => mark.getAttribute('data-state'), { timeout: 10_000 })
      .toMatch(/^(sent|delivered)$/);
    expect(await mark.getAttribute('data-channel')).toBe('sms');
    expect(await fullMark(mark)).toMatch(/^SMS · (отправлено|доставлено) · \d{2}:\d{2}$/);

    // The guest card lists each channel tried: Telegram refused, push not turned on, then SMS.
    await row.getByRole('button', { name: /Действия: Олег/ }).click();
    const card = hostess.getByRole('dialog', { name: /Олег/ });
    await card.getByText('Сообщения гостю').waitFor();
    const attempts = card.locator('.message-log__attempts li');
    await expect.poll(() => attempts.count()).toBe(3);
    expect(await attempts.allTextContents()).toEqual([
      'Telegram не доставлено',
      'Push не доставлено — гость не включил уведомления',
      expect.stringMatching(/^SMS (отправлено|доставлено) в \d{2}:\d{2}$/),
    ]);
    await hostess.close();
  });
});
