import {
  buttonTap,
  FakeBotApi,
  type FakeUpdate,
  peakInWindow,
  privateMessage,
  type TelegramPerson,
} from '@stolik/bot/testing';
import { GuestQueueStatus } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { ru } from '@stolik/i18n';
import { sign } from '@tma.js/init-data-node';
import { eq } from 'drizzle-orm';
import type { InlineKeyboardMarkup, Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities } from '../../test/identities';
import { openTestRestaurant } from '../../test/restaurants';
import { arrivals, deliveredChats, guestCalledEvent, settled } from '../../test/telegram';
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from '../../test/test-app';
import { createBookingService } from '../booking/booking.service';
import { createQueueService } from '../queue/queue.service';
import { createChatActions } from './chat-actions';
import { createTelegramRuntime, type TelegramRuntime } from './telegram-runtime';

/**
 * The real pieces together, in this process: the API app, the bot long-polling the fake Bot API
 * through grammY, and the dispatcher. (telegram-e2e.postgres.test.ts does the crash as a real
 * process kill of bot-main.ts against PostgreSQL.)
 */
const HOSTESS: TelegramPerson = { id: 2101, first_name: 'Мария', username: 'maria_host' };
const GUEST: TelegramPerson = { id: 2201, first_name: 'Ира' };
const SILENT = { info: () => {}, warn: () => {}, error: () => {} };

let fake: FakeBotApi;
let fakeRoot: string;
let t: TestApp;
let who: Identities;
let app: TelegramRuntime;

beforeAll(async () => {
  fake = new FakeBotApi();
  fakeRoot = await fake.start();
  t = await createTestApp({
    config: { telegramApiRoot: fakeRoot },
    telegram: { botInfo: fake.botInfo, tuning: { pollMs: 50 } },
  });
  who = await createIdentities(t);
  if (!t.app.telegram) throw new Error('the bot should exist with a token');
  app = t.app.telegram;
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

/** The root the bot that replaces a crashed one is given on the fake, after the fake's own. */
const RESTARTED = '/restarted';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Polls until `found` gives something, or the deadline passes (then undefined). */
async function until<T>(found: () => T | undefined | Promise<T | undefined>, withinMs: number) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await found();
    if (value !== undefined || Date.now() > deadline) return value;
    await sleep(10);
  }
}
const sent = () => fake.callsOf('sendMessage');
const lastTo = (chat: number, text: string) =>
  sent().findLast((c) => c.payload.chat_id === chat && String(c.payload.text).includes(text));
const push = (update: Update) => fake.pushUpdate(update as unknown as FakeUpdate);
const keyboardOf = (payload: Record<string, unknown>) =>
  (payload.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard ?? [];

describe('Telegram end to end: linking, subscribing, hearing of a guest, acting from chat', () => {
  it('staff links and subscribes; a guest joins from the Mini App; the message reaches the chat within 2 s', async () => {
    await app.start();
    try {
      // The profile's 'connect Telegram': a one-time token, opened as t.me/<bot>?start=<token>.
      const link = await t.app.inject({
        method: 'POST',
        url: '/api/user/me/telegram-link/',
        headers: who.bearer(who.hostessA),
      });
      const { uuid, url } = link.json() as { uuid: string; url: string | null };
      // The button opens the bot's chat with the token as its start parameter.
      expect(url).toBe(`https://t.me/${fake.botInfo.username}?start=${uuid}`);
      push(privateMessage(`/start ${uuid}`, HOSTESS));
      expect(await until(() => lastTo(HOSTESS.id, 'Телеграм подключен'), 5000)).toBeDefined();
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/user/me/',
        headers: who.bearer(who.hostessA),
      });
      expect(me.json()).toMatchObject({ telegram_id: HOSTESS.id, telegram_username: 'maria_host' });
      const subscribed = await t.app.inject({
        method: 'POST',
        url: '/api/telegram/notifications/',
        headers: who.bearer(who.hostessA),
        payload: [{ restaurant: who.restaurantA, type: 'queue', statuses: ['live'] }],
      });
      expect(subscribed.statusCode, subscribed.body).toBe(200);

      const joinedAt = Date.now();
      const joined = await t.app.inject({
        method: 'POST',
        url: `/api/public/restaurant/${who.restaurantA}/queue/`,
        payload: {
          group_size: 2,
          name: 'Ира',
          phone: '+79161234567',
          init_data: sign(
            { user: GUEST as never, chat_instance: '1', chat_type: 'sender' },
            TEST_BOT_TOKEN,
            new Date(),
          ),
        },
      });
      expect(joined.statusCode, joined.body).toBe(201);
      const staffMessage = await until(() => lastTo(HOSTESS.id, 'Новый гость'), 2000);
      expect(staffMessage, 'the staff message did not arrive within 2 s').toBeDefined();
      expect((staffMessage?.at ?? Number.POSITIVE_INFINITY) - joinedAt).toBeLessThan(2000);

      // The hostess calls the guest from the message; the guest hears it in their own chat.
      const [entry] = await t.database.db
        .select()
        .from(schema.queueEntries)
        .where(eq(schema.queueEntries.guestToken, GuestQueueStatus.parse(joined.json()).token));
      const staffKeyboard = keyboardOf(staffMessage?.payload ?? {});
      expect(staffKeyboard[0]).toEqual([{ text: 'Вызвать', callback_data: `q:c:${entry?.id}` }]);
      push(
        buttonTap(`q:c:${entry?.id}`, HOSTESS, {
          message_id: 7,
          reply_markup: { inline_keyboard: staffKeyboard },
        }),
      );
      const ready = await until(() => lastTo(GUEST.id, 'Ваш столик готов'), 5000);
      expect(ready?.payload.text).toBe(
        `Ваш столик готов! Подходите к хостес «Демо», ваш номер — №${entry?.number}.`,
      );
      // The button's answer and the guest's message race (the dispatcher sends on its own): wait for both.
      const answered = await until(
        () => fake.callsOf('answerCallbackQuery').find((c) => c.payload.text === ru.bot.actions.guestCalled),
        5000,
      );
      expect(answered?.payload.text).toBe(ru.bot.actions.guestCalled);

      // The guest answers that they are coming.
      push(
        buttonTap(`g:q:y:${entry?.id}`, GUEST, {
          message_id: 8,
          reply_markup: { inline_keyboard: keyboardOf(ready?.payload ?? {}) },
        }),
      );
      expect(
        await until(
          () =>
            fake.callsOf('answerCallbackQuery').find((c) => c.payload.text === ru.bot.actions.guestComing),
          5000,
        ),
      ).toBeDefined();
    } finally {
      await app.stop();
    }
  });

  it('a crash and a restart during a burst of 200 events lose nothing, and a 429 is honoured', async () => {
    const db = t.database.db;
    const place = await openTestRestaurant(t, who, { name: 'Поток гостей', tables: [] });
    const chats = Array.from({ length: 200 }, (_, i) => 930_001 + i);
    const toBurst = () => sent().filter((c) => chats.includes(Number(c.payload.chat_id)));

    // When each of the burst's sends left its dispatcher. The fake's own times are when it read
    // them: in this one process, a loop held up by the embedded database reads several at once.
    const departures: { at: number }[] = [];
    const recordDepartures = (runtime: TelegramRuntime) =>
      runtime.deliveryApi.config.use((prev, method, payload, signal) => {
        const chat = Number((payload as { chat_id?: unknown }).chat_id);
        if (method === 'sendMessage' && chats.includes(chat)) departures.push({ at: Date.now() });
        return prev(method, payload, signal);
      });
    recordDepartures(app);
    await app.start();
    // The burst: 20 guests called every 100 ms while the bot runs, crashes and comes back.
    const burst = (async () => {
      for (let i = 0; i < chats.length; i += 1) {
        await guestCalledEvent(db, place.id, i + 1, chats[i] as number);
        if (i % 20 === 19) await sleep(100);
      }
    })();

    // A slow Telegram (150 ms an answer): at the crash some sends are on their way, received but
    // not yet answered, so not yet recorded as sent. Those are the messages that may come twice.
    fake.setLatency(150);
    await until(() => (toBurst().length >= 60 ? true : undefined), 30_000);
    // Dies as a crashed process would: its claims stay leased, nothing more is recorded.
    await app.dispatcher.kill();
    await app.stop();
    const markedSent = await deliveredChats(db, place.id);
    const sentByFirst = toBurst().length;
    expect(sentByFirst).toBeLessThan(chats.length);

    fake.setLatency(0);
    const second = createTelegramRuntime({
      database: t.database,
      token: TEST_BOT_TOKEN,
      // Its own root on the same fake, so that what each dispatcher sent can be told apart.
      apiRoot: `${fakeRoot}${RESTARTED}`,
      botInfo: fake.botInfo,
      publicUrl: () => 'https://stolik.test',
      actions: createChatActions(db, { queue: createQueueService(db), bookings: createBookingService(db) }),
      logger: SILENT,
      // The dead dispatcher's claims come back after 3 s (60 s in production).
      tuning: { pollMs: 50, leaseMs: 3000 },
    });
    recordDepartures(second);
    await second.start();
    try {
      // Telegram says 'too many requests' once, well into the second half of the burst.
      await until(() => (toBurst().length >= sentByFirst + 20 ? true : undefined), 30_000);
      fake.throttle('sendMessage', 1, 2);
      await burst;
      await settled(db, 60_000);
      // It still answers in chat after the restart (a linked hostess is greeted by name).
      push(privateMessage('/start', HOSTESS));
      expect(
        await until(() => lastTo(HOSTESS.id, ru.bot.welcomeStaff.split('{{')[0] ?? ''), 5000),
      ).toBeDefined();
    } finally {
      await second.stop();
    }

    // Every event's message arrived at least once…
    const { missing, repeated } = arrivals(toBurst(), chats);
    expect(missing).toEqual([]);
    // …and a message came twice only where a send was cut short by the crash: the dead
    // dispatcher had sent it (before the restart) but not yet recorded it as sent.
    // (Told apart by the root each dispatcher was given, not by the clock: in one process, a send
    // the dead dispatcher had started can be read by the fake after the restart.)
    for (const { chat, times, vias } of repeated) {
      expect(markedSent.has(chat), `chat ${chat} was recorded as sent, yet sent again`).toBe(false);
      expect(vias, `chat ${chat}: first from the dead dispatcher, then once from the new`).toEqual([
        '',
        RESTARTED,
      ]);
      expect(times).toHaveLength(2);
    }
    const beforeRestart = toBurst().filter((c) => c.via === '').length;
    // Reported, not asserted: how many depends on how many sends the crash caught on their way.
    console.info(
      `burst of ${chats.length}: ${beforeRestart} received before the restart, ` +
        `${repeated.length} of them again after it (sent, but not yet recorded, at the crash)`,
    );

    // The 429: the refused message went again no sooner than retry_after, and nothing else went
    // out meanwhile (but sends already on their way when the refusal came back).
    const [refusal] = fake.refused;
    expect(refusal?.status).toBe(429);
    const refusedAt = refusal?.at ?? 0;
    const refusedChat = refusal?.payload.chat_id;
    const retried = toBurst().find((c) => c.payload.chat_id === refusedChat && c.at > refusedAt);
    expect(retried?.at).toBeGreaterThanOrEqual(refusedAt + 2000);
    const duringPause = toBurst().filter((c) => c.at > refusedAt + 500 && c.at < refusedAt + 2000);
    expect(duringPause).toEqual([]);

    // The limits held across the crash: at most 30 messages left in any second.
    expect(departures.length).toBeGreaterThanOrEqual(toBurst().length);
    expect(peakInWindow(departures, 1000)).toBeLessThanOrEqual(30);
  }, 120_000);
});
