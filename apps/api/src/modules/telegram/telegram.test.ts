import { Writable } from 'node:stream';
import { callbackData } from '@stolik/bot';
import { buttonTap, FakeBotApi, privateMessage, type TelegramPerson } from '@stolik/bot/testing';
import { schema } from '@stolik/db';
import { ru } from '@stolik/i18n';
import { sign } from '@tma.js/init-data-node';
import { eq } from 'drizzle-orm';
import type { Update } from 'grammy/types';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities, type Person } from '../../test/identities';
import { linkTelegram, signRawInitData } from '../../test/telegram';
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from '../../test/test-app';
import type { TelegramRuntime } from './telegram-runtime';

const HOSTESS_TG: TelegramPerson = { id: 2001, first_name: 'Мария', username: 'maria_host' };
const STRANGER_TG: TelegramPerson = { id: 2999, first_name: 'Чужой' };

let fake: FakeBotApi;
let fakeRoot: string;
let t: TestApp;
let who: Identities;
let telegram: TelegramRuntime;

beforeAll(async () => {
  fake = new FakeBotApi();
  fakeRoot = await fake.start();
  t = await createTestApp({
    config: { telegramApiRoot: fakeRoot },
    telegram: { botInfo: fake.botInfo, tuning: { pollMs: 100 } },
  });
  who = await createIdentities(t);
  if (!t.app.telegram) throw new Error('the bot should exist with a token');
  telegram = t.app.telegram;
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
afterEach(async () => {
  fake.reset();
  await t.database.db.update(schema.users).set({ telegramId: null });
  await t.database.db.delete(schema.telegramNotificationSettings);
});

const settingsOf = (person: Person) =>
  t.app.inject({ method: 'GET', url: '/api/telegram/notifications/', headers: who.bearer(person) });
const saveSettings = (person: Person, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/telegram/notifications/', headers: who.bearer(person), payload });
const tap = (update: Update) => telegram.bot.handleUpdate(update);

describe('telegram notification settings (GET and POST /api/telegram/notifications/)', () => {
  it('lists both types for every restaurant of the user, nothing chosen at first', async () => {
    const res = await settingsOf(who.hostessA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { restaurant: who.restaurantA, type: 'queue', statuses: [] },
      { restaurant: who.restaurantA, type: 'booking', statuses: [] },
    ]);
    // A superuser hears about any restaurant.
    const all = await settingsOf(who.superuser);
    expect(new Set(all.json().map((s: { restaurant: number }) => s.restaurant))).toEqual(
      new Set([who.restaurantA, who.restaurantB]),
    );
  });

  it('replaces the listed settings, each status once in the order they happen, and leaves the rest', async () => {
    await saveSettings(who.hostessA, [{ restaurant: who.restaurantA, type: 'booking', statuses: ['new'] }]);
    const res = await saveSettings(who.hostessA, [
      { restaurant: who.restaurantA, type: 'queue', statuses: ['sat', 'live', 'live'] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { restaurant: who.restaurantA, type: 'queue', statuses: ['live', 'sat'] },
      { restaurant: who.restaurantA, type: 'booking', statuses: ['new'] },
    ]);
    expect((await settingsOf(who.hostessA)).json()).toEqual(res.json());
    // Another user's settings are their own.
    expect((await settingsOf(who.adminA)).json()[0]).toEqual({
      restaurant: who.restaurantA,
      type: 'queue',
      statuses: [],
    });
  });

  it('refuses statuses that are not notifiable for the type, and a restaurant listed twice', async () => {
    for (const payload of [
      [{ restaurant: who.restaurantA, type: 'queue', statuses: ['closed'] }],
      [{ restaurant: who.restaurantA, type: 'booking', statuses: ['live'] }],
      [{ restaurant: who.restaurantA, type: 'orders', statuses: [] }],
      [{ restaurant: who.restaurantA, type: 'queue' }],
      [
        { restaurant: who.restaurantA, type: 'queue', statuses: ['live'] },
        { restaurant: who.restaurantA, type: 'queue', statuses: [] },
      ],
      { restaurant: who.restaurantA, type: 'queue', statuses: [] },
    ]) {
      const res = await saveSettings(who.hostessA, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await settingsOf(who.hostessA)).json()[0].statuses).toEqual([]);
  });

  it('answers 404 for a restaurant the user does not work in, and saves nothing of the request', async () => {
    const res = await saveSettings(who.hostessA, [
      { restaurant: who.restaurantA, type: 'queue', statuses: ['live'] },
      { restaurant: who.restaurantB, type: 'queue', statuses: ['live'] },
    ]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    expect((await settingsOf(who.hostessA)).json()[0].statuses).toEqual([]);
    const unknown = await saveSettings(who.superuser, [{ restaurant: 999_999, type: 'queue', statuses: [] }]);
    expect(unknown.statusCode).toBe(404);
  });

  it('is one setting with the bot’s /notifications: a tap in chat shows in the API and back', async () => {
    await linkTelegram(t.database.db, who.hostessA.id, HOSTESS_TG.id);
    await tap(
      buttonTap(
        callbackData({
          kind: 'settings-toggle',
          restaurant: who.restaurantA,
          type: 'booking',
          status: 'waiting',
        }),
        HOSTESS_TG,
      ),
    );
    expect((await settingsOf(who.hostessA)).json()[1]).toEqual({
      restaurant: who.restaurantA,
      type: 'booking',
      statuses: ['waiting'],
    });

    await saveSettings(who.hostessA, [
      { restaurant: who.restaurantA, type: 'queue', statuses: ['cancelled'] },
    ]);
    await tap(privateMessage('/notifications', HOSTESS_TG));
    const menu = fake.callsOf('sendMessage').at(-1)?.payload;
    expect(String(menu?.text)).toContain('Живая очередь: Отмена');
    expect(String(menu?.text)).toContain('Бронирования: Пришли');
  });
});

describe('acting from a notification, with the API’s own rules', () => {
  async function newBooking(restaurantId: number) {
    const start = new Date(Date.now() + 3 * 3600_000);
    const [booking] = await t.database.db
      .insert(schema.bookings)
      .values({
        restaurantId,
        groupSize: 2,
        seatingTime: start,
        endTime: new Date(start.getTime() + 2 * 3600_000),
        status: 'new',
        name: 'Гость',
        source: 'guest_form',
        guestToken: `token-${Math.random()}`,
      })
      .returning();
    if (!booking) throw new Error('no booking');
    return booking;
  }
  const statusOf = async (id: number) =>
    (await t.database.db.select().from(schema.bookings).where(eq(schema.bookings.id, id)))[0]?.status;
  const lastAnswer = () => fake.callsOf('answerCallbackQuery').at(-1)?.payload;

  it('a linked member confirms a new booking: new -> application, as that staff member', async () => {
    await linkTelegram(t.database.db, who.hostessA.id, HOSTESS_TG.id);
    const booking = await newBooking(who.restaurantA);
    await tap(buttonTap(callbackData({ kind: 'booking-confirm', booking: booking.id }), HOSTESS_TG));
    expect(await statusOf(booking.id)).toBe('application');
    expect(lastAnswer()).toMatchObject({ text: ru.bot.actions.bookingConfirmed });
    const moves = await t.database.db
      .select()
      .from(schema.bookingHistory)
      .where(eq(schema.bookingHistory.bookingId, booking.id));
    expect(moves).toEqual([
      expect.objectContaining({ fromStatus: 'new', toStatus: 'application', changedBy: who.hostessA.id }),
    ]);

    // Declined from another copy of the message afterwards: it has moved on, and says so.
    await tap(buttonTap(callbackData({ kind: 'booking-decline', booking: booking.id }), HOSTESS_TG));
    expect(lastAnswer()).toMatchObject({ text: ru.bot.actions.conflict, show_alert: true });
    expect(await statusOf(booking.id)).toBe('application');
  });

  it('refuses a stranger, and a staff member of another restaurant; the booking stays new', async () => {
    const booking = await newBooking(who.restaurantA);
    await tap(buttonTap(callbackData({ kind: 'booking-confirm', booking: booking.id }), STRANGER_TG));
    expect(lastAnswer()).toMatchObject({ text: ru.bot.notLinked, show_alert: true });
    await linkTelegram(t.database.db, who.hostessB.id, STRANGER_TG.id);
    await tap(buttonTap(callbackData({ kind: 'booking-decline', booking: booking.id }), STRANGER_TG));
    expect(lastAnswer()).toMatchObject({ text: ru.bot.actions.refused, show_alert: true });
    expect(await statusOf(booking.id)).toBe('new');
  });

  it('calls a waiting guest from chat, which queues the guest’s own message', async () => {
    await linkTelegram(t.database.db, who.hostessA.id, HOSTESS_TG.id);
    const walkIn = await t.app.inject({
      method: 'POST',
      url: '/api/reservation/',
      headers: who.bearer(who.hostessA),
      payload: { restaurant: who.restaurantA, group_size: 2, name: 'Ира' },
    });
    const entry = walkIn.json() as { id: number };
    await tap(buttonTap(callbackData({ kind: 'queue-call', entry: entry.id }), HOSTESS_TG));
    const [row] = await t.database.db
      .select()
      .from(schema.queueEntries)
      .where(eq(schema.queueEntries.id, entry.id));
    expect(row?.status).toBe('called');
    expect(lastAnswer()).toMatchObject({ text: ru.bot.actions.guestCalled });
  });

  it('lets only the guest of that chat say they are not coming', async () => {
    const walkIn = await t.app.inject({
      method: 'POST',
      url: '/api/reservation/',
      headers: who.bearer(who.hostessA),
      payload: { restaurant: who.restaurantA, group_size: 2, name: 'Гость из телеграма' },
    });
    const entry = walkIn.json() as { id: number };
    await t.database.db
      .update(schema.queueEntries)
      .set({ telegramChatId: 7007 })
      .where(eq(schema.queueEntries.id, entry.id));
    const cancel = callbackData({ kind: 'guest-queue', entry: entry.id, answer: 'cancel' });
    await tap(buttonTap(cancel, STRANGER_TG));
    expect(lastAnswer()).toMatchObject({ text: ru.bot.actions.expired, show_alert: true });
    await tap(buttonTap(cancel, { id: 7007, first_name: 'Гость' }));
    expect(lastAnswer()).toMatchObject({ text: ru.bot.actions.guestCancelled });
    const [row] = await t.database.db
      .select()
      .from(schema.queueEntries)
      .where(eq(schema.queueEntries.id, entry.id));
    expect(row?.status).toBe('cancelled');
  });
});

describe('completing the Telegram link from the Mini App (POST /api/telegram/complete-auth/)', () => {
  const initData = (user: object, token = TEST_BOT_TOKEN) =>
    sign({ user: user as never, chat_instance: '1', chat_type: 'sender' }, token, new Date());
  const complete = (person: Person, init_data: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/telegram/complete-auth/',
      headers: who.bearer(person),
      payload: { init_data },
    });

  it('links the Telegram account of signed init data to the signed-in user', async () => {
    const res = await complete(who.hostessA, initData({ id: 3131, first_name: 'Мария', username: 'mari' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: who.hostessA.id, telegram_id: 3131, telegram_username: 'mari' });
  });

  it('takes the init data of older clients (no signature) and answers unreadable data with 400', async () => {
    const old = signRawInitData({ user: JSON.stringify({ id: 3133 }) }, TEST_BOT_TOKEN);
    const res = await complete(who.targetA, old);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: who.targetA.id, telegram_id: 3133, telegram_username: null });
    const unread = await complete(who.targetA, signRawInitData({ user: '{' }, TEST_BOT_TOKEN));
    expect(unread.statusCode).toBe(400);
    expect(unread.json()).toEqual({ init_data: ['Не удалось проверить данные Telegram'] });
  });

  it('refuses init data not signed with our bot’s token, and an account someone else has', async () => {
    const forged = await complete(
      who.hostessA,
      initData({ id: 3131 }, '999:another-token-of-another-bot-000000'),
    );
    expect(forged.statusCode).toBe(401);
    await linkTelegram(t.database.db, who.adminA.id, 3232);
    const taken = await complete(who.hostessA, initData({ id: 3232, first_name: 'X' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'telegram_taken' });
  });
});

describe('client error reports (POST /api/frontend-event/)', () => {
  let logged: Record<string, unknown>[];
  let withLog: TestApp;
  beforeAll(async () => {
    logged = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
        done();
      },
    });
    withLog = await createTestApp({ logger: { level: 'info', stream } });
  });
  afterAll(() => withLog.close());

  const report = (payload: object, ip = '10.0.0.1') =>
    withLog.app.inject({ method: 'POST', url: '/api/frontend-event/', payload, remoteAddress: ip });

  it('logs a valid report and answers 204', async () => {
    const res = await report({
      event: 'chunk_load',
      message: 'Failed to fetch dynamically imported module',
      url: 'https://stolik.test/restaurant/1',
      details: { attempt: 1, online: true },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(logged.find((line) => line.msg === 'frontend event')).toMatchObject({
      frontend_event: { event: 'chunk_load', message: 'Failed to fetch dynamically imported module' },
      user: null,
    });
  });

  it('answers 400 to what is not a report', async () => {
    for (const payload of [
      {},
      { event: '' },
      { event: 'x y' },
      { event: 'error', message: 'x'.repeat(2001) },
    ]) {
      expect((await report(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('keeps answering 204 past the limit of an address, but stops logging its reports', async () => {
    const before = logged.filter((line) => line.msg === 'frontend event').length;
    const statuses = new Set<number>();
    for (let i = 0; i < 35; i += 1)
      statuses.add((await report({ event: 'error', message: `#${i}` }, '10.0.0.9')).statusCode);
    expect([...statuses]).toEqual([204]);
    expect(logged.filter((line) => line.msg === 'frontend event').length - before).toBe(30);
  });
});

describe('Telegram’s webhook (POST /api/telegram/webhook/)', () => {
  let hooked: TestApp;
  const SECRET = 'webhook-secret-for-tests-0001';
  beforeAll(async () => {
    hooked = await createTestApp({
      config: {
        telegramApiRoot: fakeRoot,
        botWebhookUrl: 'https://stolik.test/api/telegram/webhook/',
        botWebhookSecret: SECRET,
      },
      telegram: { botInfo: fake.botInfo },
    });
  });
  afterAll(() => hooked.close());

  const post = (headers: Record<string, string>, payload: object) =>
    hooked.app.inject({ method: 'POST', url: '/api/telegram/webhook/', headers, payload });

  it('hands an update with the right secret to the bot', async () => {
    // Among what the bot sent since: a guest message of an earlier test may still be on its way
    // through the dispatcher and land after the welcome.
    const before = fake.callsOf('sendMessage').length;
    const res = await post({ 'x-telegram-bot-api-secret-token': SECRET }, privateMessage('/start'));
    expect(res.statusCode, res.body).toBe(200);
    expect(
      fake
        .callsOf('sendMessage')
        .slice(before)
        .map((call) => call.payload.text),
    ).toContain(ru.bot.welcome);
  });

  it('answers 404 without the secret or with another one, before reading the body', async () => {
    expect((await post({}, privateMessage('/start'))).statusCode).toBe(404);
    expect((await post({ 'x-telegram-bot-api-secret-token': 'nope' }, { nonsense: true })).statusCode).toBe(
      404,
    );
    expect(fake.callsOf('sendMessage')).toEqual([]);
  });

  it('is not there at all in long-polling mode', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/telegram/webhook/',
      headers: { 'x-telegram-bot-api-secret-token': 'anything' },
      payload: privateMessage('/start'),
    });
    expect(res.statusCode).toBe(404);
  });
});
