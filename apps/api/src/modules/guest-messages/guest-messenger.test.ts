import { FakeBotApi } from '@stolik/bot/testing';
import { GuestQueueStatus, QueueEntry } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { ru } from '@stolik/i18n';
import { sign } from '@tma.js/init-data-node';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIdentities, type Identities } from '../../test/identities';
import { openTestRestaurant } from '../../test/restaurants';
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from '../../test/test-app';
import type { ChannelOutcome, GuestMessageContent, PushChannel, PushSubscriptionKeys } from './channels';
import {
  createGuestMessenger,
  type GuestMessenger,
  type MessengerTuning,
  type SmsRung,
} from './guest-messenger';

/*
 * The ladder: a guest message goes down Telegram, push and SMS until the guest reacts, never twice
 * on one rung, and the hostess's row says how far it got. The push and SMS channels here are
 * in-test ones that record what they are asked (their real drivers are tested against local fakes
 * of the push service and the SMS provider in their own folders); Telegram is the real dispatcher
 * against the fake Bot API.
 */

let fake: FakeBotApi;
let t: TestApp;
let who: Identities;
let phones = 0;
const nextPhone = () => `+7916${String(6_100_000 + ++phones).padStart(7, '0')}`;

type PushBehaviour = 'ok' | 'gone' | 'error' | 'hang';
const pushed: { endpoint: string; content: GuestMessageContent }[] = [];
const pushBehaviour = new Map<string, PushBehaviour>();
const hanging: (() => void)[] = [];
const push: PushChannel = {
  async send(subscription: PushSubscriptionKeys, content: GuestMessageContent): Promise<ChannelOutcome> {
    pushed.push({ endpoint: subscription.endpoint, content });
    const behaviour = pushBehaviour.get(subscription.endpoint) ?? 'ok';
    if (behaviour === 'hang') await new Promise<void>((resolve) => hanging.push(resolve));
    if (behaviour === 'gone') return { ok: false, error: '410 Gone', gone: true };
    if (behaviour === 'error') return { ok: false, error: '500 push service' };
    return { ok: true };
  },
};

const texted: { phone: string; text: string; clientId: string }[] = [];
/** Phones the SMS provider refuses (its error 8: cannot be delivered). */
const smsRefused = new Set<string>();
let smsBudgetLeft = 100;
const sms: SmsRung = {
  channel: {
    configured: true,
    async send(phone, text, clientId) {
      if (smsRefused.has(phone)) return { ok: false, error: 'smsc 8: undeliverable' };
      texted.push({ phone, text, clientId });
      return { ok: true, ref: `ref-${texted.length}` };
    },
    async statuses() {
      return new Map();
    },
  },
  text: (content) => ({ text: `${content.body} ${content.url}`, segments: 1 }),
  async take() {
    if (smsBudgetLeft <= 0) return false;
    smsBudgetLeft -= 1;
    return true;
  },
  async giveBack() {
    smsBudgetLeft += 1;
  },
};

const running: GuestMessenger[] = [];
function messenger(tuning: Partial<MessengerTuning> = {}) {
  const m = createGuestMessenger({
    db: t.database.db,
    publicUrl: () => 'https://stolik.test',
    telegram: true,
    push,
    sms,
    tuning: { pollMs: 50, sendDeadlineMs: 3000, ...tuning },
  });
  running.push(m);
  return m;
}

beforeAll(async () => {
  fake = new FakeBotApi();
  const root = await fake.start();
  t = await createTestApp({
    config: { telegramApiRoot: root },
    telegram: { botInfo: fake.botInfo, tuning: { pollMs: 50, perChatIntervalMs: 10 } },
  });
  who = await createIdentities(t);
  await t.app.telegram?.dispatcher.start();
});
afterEach(async () => {
  for (const resolve of hanging.splice(0)) resolve();
  await Promise.all(running.splice(0).map((m) => m.stop()));
});
afterAll(async () => {
  await t.app.telegram?.dispatcher.stop();
  await t.close();
  await fake.stop();
});

/** A restaurant whose guests have `waitS` seconds to react before the next channel is tried. */
async function restaurant(name: string, waitS = 60, ladder = ['telegram', 'push', 'sms']) {
  const place = await openTestRestaurant(t, who, { name, tables: [{ number: '1', seatsMax: 4 }] });
  await t.database.db
    .update(schema.restaurants)
    .set({ guestAnswerWaitSeconds: waitS, guestLadder: ladder })
    .where(eq(schema.restaurants.id, place.id));
  return place;
}

/** A guest joins by the web form (with Telegram init data when `chat` is given) and is called. */
async function calledGuest(restaurantId: number, options: { chat?: number; push?: string[] } = {}) {
  const initData = options.chat
    ? sign(
        { user: { id: options.chat, first_name: 'Гость' } as never, chat_instance: '1', chat_type: 'sender' },
        TEST_BOT_TOKEN,
        new Date(),
      )
    : undefined;
  const joined = await t.app.inject({
    method: 'POST',
    url: `/api/public/restaurant/${restaurantId}/queue/`,
    payload: {
      group_size: 2,
      name: 'Вера',
      phone: nextPhone(),
      ...(initData ? { init_data: initData } : {}),
    },
  });
  expect(joined.statusCode, joined.body).toBe(201);
  const { token } = GuestQueueStatus.parse(joined.json());
  const [entry] = await t.database.db
    .select()
    .from(schema.queueEntries)
    .where(eq(schema.queueEntries.guestToken, token));
  if (!entry) throw new Error('no entry');
  for (const endpoint of options.push ?? []) {
    await t.database.db.insert(schema.pushSubscriptions).values({
      restaurantId,
      queueEntryId: entry.id,
      endpoint,
      p256dh: 'key',
      auth: 'auth',
    });
  }
  const called = await t.app.inject({
    method: 'POST',
    url: '/api/reservation/invite/',
    headers: who.bearer(who.hostessA),
    payload: { id: entry.id },
  });
  expect(called.statusCode, called.body).toBe(200);
  return { entry, token };
}

const attemptsOf = async (entryId: number) => {
  const [message] = await t.database.db
    .select()
    .from(schema.guestMessages)
    .where(eq(schema.guestMessages.queueEntryId, entryId));
  const tries = message
    ? await t.database.db
        .select()
        .from(schema.guestMessageAttempts)
        .where(eq(schema.guestMessageAttempts.messageId, message.id))
        .orderBy(schema.guestMessageAttempts.id)
    : [];
  return { message, tries: tries.map((a) => [a.channel, a.status, a.error]) };
};

const rowOf = async (entryId: number) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/reservation/${entryId}/`,
    headers: who.bearer(who.hostessA),
  });
  return QueueEntry.parse(res.json());
};

describe('the ladder', () => {
  it('goes from a Telegram guest who blocked the bot to push at once, and the row says push', async () => {
    const place = await restaurant('Лестница');
    fake.fail('sendMessage', 1, 403, 'Forbidden: bot was blocked by the user');
    const endpoint = 'https://fcm.googleapis.com/fcm/send/blocked-bot';
    const { entry } = await calledGuest(place.id, { chat: 91_001, push: [endpoint] });
    await messenger().start();
    await vi.waitFor(async () => expect((await attemptsOf(entry.id)).tries).toHaveLength(2), {
      timeout: 10_000,
    });
    await vi.waitFor(async () =>
      expect((await attemptsOf(entry.id)).tries).toEqual([
        ['telegram', 'failed', '403: Forbidden: bot was blocked by the user'],
        ['push', 'sent', null],
      ]),
    );
    expect(pushed.filter((p) => p.endpoint === endpoint)).toHaveLength(1);
    expect(pushed.at(-1)?.content).toMatchObject({
      body: `Ваш столик готов! Подходите к хостес «Лестница», ваш номер — №${entry.number}.`,
      url: `https://stolik.test/guest/queue/${entry.guestToken}`,
      answers: ['coming', 'not_coming'],
    });
    expect((await rowOf(entry.id)).reach).toMatchObject({ channel: 'push', state: 'sent' });
  });

  it('tries the next channel when the guest does not react in time, and never the same one twice', async () => {
    const place = await restaurant('Молчун', 1);
    const endpoint = 'https://fcm.googleapis.com/fcm/send/silent';
    const { entry } = await calledGuest(place.id, { chat: 91_002, push: [endpoint] });
    await messenger().start();
    await vi.waitFor(
      async () =>
        expect((await attemptsOf(entry.id)).tries).toEqual([
          ['telegram', 'sent', null],
          ['push', 'sent', null],
          ['sms', 'sent', null],
        ]),
      { timeout: 15_000 },
    );
    // Past the last rung the ladder is over: nothing more is sent, whatever the wait.
    await vi.waitFor(
      async () => expect((await attemptsOf(entry.id)).message?.finishedAt).toBeInstanceOf(Date),
      {
        timeout: 5000,
      },
    );
    expect(fake.callsOf('sendMessage').filter((c) => c.payload.chat_id === 91_002)).toHaveLength(1);
    expect(pushed.filter((p) => p.endpoint === endpoint)).toHaveLength(1);
    expect(texted.filter((s) => s.phone === entry.phone)).toHaveLength(1);
    expect((await rowOf(entry.id)).reach).toMatchObject({ channel: 'sms', state: 'sent' });
  });

  it('stops when the guest answers: an answer on the page ends the ladder, and the row shows it', async () => {
    const place = await restaurant('Ответ', 2);
    const { entry, token } = await calledGuest(place.id, { chat: 91_003 });
    await messenger().start();
    await vi.waitFor(async () =>
      expect((await attemptsOf(entry.id)).tries).toEqual([['telegram', 'sent', null]]),
    );
    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/public/queue/${token}/reach/`,
      payload: { event: 'coming' },
    });
    expect(answered.statusCode, answered.body).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await attemptsOf(entry.id)).tries).toEqual([['telegram', 'sent', null]]);
    expect((await rowOf(entry.id)).reach).toMatchObject({ channel: 'telegram', state: 'coming' });
  });

  it('skips what the guest has not got, and says so: no chat, no subscription, the SMS budget spent', async () => {
    const place = await restaurant('Бюджет');
    smsBudgetLeft = 0;
    try {
      const { entry } = await calledGuest(place.id);
      await messenger().start();
      await vi.waitFor(
        async () => expect((await attemptsOf(entry.id)).message?.finishedAt).toBeInstanceOf(Date),
        {
          timeout: 10_000,
        },
      );
      expect((await attemptsOf(entry.id)).tries).toEqual([
        ['telegram', 'skipped', 'no_chat'],
        ['push', 'failed', 'no_subscription'],
        ['sms', 'failed', 'sms_budget'],
      ]);
      expect((await rowOf(entry.id)).reach).toMatchObject({ channel: null, state: 'unreached' });
    } finally {
      smsBudgetLeft = 100;
    }
  });

  it('a refused SMS on the last rung leaves the guest unreached, and gives the budget back', async () => {
    const place = await restaurant('Отказ SMS');
    const budgetBefore = smsBudgetLeft;
    const { entry } = await calledGuest(place.id);
    smsRefused.add(entry.phone);
    await messenger().start();
    await vi.waitFor(
      async () => expect((await attemptsOf(entry.id)).message?.finishedAt).toBeInstanceOf(Date),
      {
        timeout: 10_000,
      },
    );
    expect((await attemptsOf(entry.id)).tries).toEqual([
      ['telegram', 'skipped', 'no_chat'],
      ['push', 'failed', 'no_subscription'],
      ['sms', 'failed', 'smsc 8: undeliverable'],
    ]);
    expect(smsBudgetLeft).toBe(budgetBefore);
    expect((await rowOf(entry.id)).reach).toMatchObject({ channel: null, state: 'unreached' });
  });

  it('forgets a subscription the push service says is gone, and goes on to SMS', async () => {
    const place = await restaurant('Пропал');
    const endpoint = 'https://fcm.googleapis.com/fcm/send/gone';
    pushBehaviour.set(endpoint, 'gone');
    const { entry } = await calledGuest(place.id, { push: [endpoint] });
    await messenger().start();
    await vi.waitFor(
      async () =>
        expect((await attemptsOf(entry.id)).tries).toEqual([
          ['telegram', 'skipped', 'no_chat'],
          ['push', 'failed', '410 Gone'],
          ['sms', 'sent', null],
        ]),
      { timeout: 10_000 },
    );
    const left = await t.database.db
      .select()
      .from(schema.pushSubscriptions)
      .where(eq(schema.pushSubscriptions.queueEntryId, entry.id));
    expect(left).toEqual([]);
  });

  it('after a crash mid-send, does not send again on that rung: the next channel takes it', async () => {
    const place = await restaurant('Сбой');
    const endpoint = 'https://fcm.googleapis.com/fcm/send/crash';
    pushBehaviour.set(endpoint, 'hang');
    const { entry } = await calledGuest(place.id, { push: [endpoint] });
    const first = messenger({ leaseMs: 500 });
    await first.start();
    await vi.waitFor(() => expect(pushed.filter((p) => p.endpoint === endpoint)).toHaveLength(1), {
      timeout: 10_000,
    });
    await first.kill();
    await messenger({ leaseMs: 500 }).start();
    await vi.waitFor(
      async () =>
        expect((await attemptsOf(entry.id)).tries).toEqual([
          ['telegram', 'skipped', 'no_chat'],
          ['push', 'failed', 'lease ran out mid-send: perhaps sent'],
          ['sms', 'sent', null],
        ]),
      { timeout: 10_000 },
    );
    expect(pushed.filter((p) => p.endpoint === endpoint)).toHaveLength(1);
  });
});

describe("the guest's answers", () => {
  it('refuses what makes no sense, with a Russian message, and changes nothing', async () => {
    const place = await restaurant('Ответы');
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/public/restaurant/${place.id}/queue/`,
      payload: { group_size: 2, name: 'Лев', phone: nextPhone() },
    });
    const { token } = GuestQueueStatus.parse(joined.json());
    const post = (payload: unknown, tok = token) =>
      t.app.inject({ method: 'POST', url: `/api/public/queue/${tok}/reach/`, payload: payload as object });

    const early = await post({ event: 'coming' });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(ru.guestReach.notCalled);
    const bad = await post({ event: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect((await post({ event: 'seen' }, 'x'.repeat(24))).statusCode).toBe(404);
    const still = await t.app.inject({ method: 'GET', url: `/api/public/queue/${token}/` });
    expect(GuestQueueStatus.parse(still.json()).status).toBe('live');
  });

  it("'Я на месте' from the called guest marks them 'Пришел' and answers the call; only once called", async () => {
    const place = await restaurant('На месте', 1);
    const waiting = await t.app.inject({
      method: 'POST',
      url: `/api/public/restaurant/${place.id}/queue/`,
      payload: { group_size: 2, name: 'Рано', phone: nextPhone() },
    });
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/public/queue/${GuestQueueStatus.parse(waiting.json()).token}/arrived/`,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(ru.guestReach.notCalled);

    const { entry, token } = await calledGuest(place.id, { chat: 91_005 });
    await messenger().start();
    await vi.waitFor(async () =>
      expect((await attemptsOf(entry.id)).tries).toEqual([['telegram', 'sent', null]]),
    );
    const arrived = await t.app.inject({ method: 'POST', url: `/api/public/queue/${token}/arrived/` });
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect(GuestQueueStatus.parse(arrived.json()).status).toBe('joined');
    // Said twice, nothing more changes.
    const again = await t.app.inject({ method: 'POST', url: `/api/public/queue/${token}/arrived/` });
    expect(GuestQueueStatus.parse(again.json()).status).toBe('joined');
    expect((await rowOf(entry.id)).reach).toMatchObject({ channel: 'telegram', state: 'coming' });
    // The guest at the door is not texted: the wait (1 s here) passes and no other channel is tried.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await attemptsOf(entry.id)).tries).toEqual([['telegram', 'sent', null]]);
  });

  it("'Не приду' ends the visit; the guest card lists each channel tried", async () => {
    const place = await restaurant('Не приду');
    const { entry, token } = await calledGuest(place.id, { chat: 91_004 });
    await messenger().start();
    await vi.waitFor(async () =>
      expect((await attemptsOf(entry.id)).tries).toEqual([['telegram', 'sent', null]]),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/queue/${token}/reach/`,
      payload: { event: 'not_coming' },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await rowOf(entry.id)).status).toBe('cancelled');
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/reservation/${entry.id}/messages/`,
      headers: who.bearer(who.hostessA),
    });
    expect(log.json()).toMatchObject({
      results: [
        {
          kind: 'called',
          reach: { channel: 'telegram', state: 'not_coming' },
          attempts: [{ channel: 'telegram', status: 'sent', error: null }],
        },
      ],
    });
    // Another restaurant's hostess does not see it.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/reservation/${entry.id}/messages/`,
      headers: who.bearer(who.hostessB),
    });
    expect([403, 404]).toContain(foreign.statusCode);
  });
});
