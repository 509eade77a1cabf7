import { buttonTap, FakeBotApi, type TelegramPerson } from '@stolik/bot/testing';
import { GuestBookingCreated, GuestQueueStatus } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { addDays, localIsoDate } from '@stolik/domain';
import { ru } from '@stolik/i18n';
import { sign } from '@tma.js/init-data-node';
import { count, eq } from 'drizzle-orm';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FieldValidationError } from '../../shared/http-errors';
import { createIdentities, type Identities } from '../../test/identities';
import { openTestRestaurant } from '../../test/restaurants';
import { settled, signRawInitData } from '../../test/telegram';
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from '../../test/test-app';
import { createGuestChannel } from './guest-chat';
import type { TelegramRuntime } from './telegram-runtime';

const TZ = 'Europe/Moscow';
/** A day a week ahead: far from any lead-time rule and from today's clock. */
const DAY = addDays(localIsoDate(TZ, new Date()), 7);

/** The Mini App's init data as Telegram signs it for this user (the bot token is the key). */
function initData(user: TelegramPerson, options: { token?: string; authDate?: Date } = {}) {
  return sign(
    { user: user as never, chat_instance: '8428209589180549439', chat_type: 'sender' },
    options.token ?? TEST_BOT_TOKEN,
    options.authDate ?? new Date(),
  );
}

let fake: FakeBotApi;
let t: TestApp;
let who: Identities;
let telegram: TelegramRuntime;
let phones = 0;
function nextPhone() {
  phones += 1;
  return `+7916${String(5_000_000 + phones).padStart(7, '0')}`;
}

beforeAll(async () => {
  fake = new FakeBotApi();
  const fakeRoot = await fake.start();
  t = await createTestApp({
    config: { telegramApiRoot: fakeRoot },
    telegram: { botInfo: fake.botInfo, tuning: { pollMs: 50 } },
  });
  who = await createIdentities(t);
  if (!t.app.telegram) throw new Error('the bot should exist with a token');
  telegram = t.app.telegram;
  // The dispatcher and the guest messenger (guests' messages go down its ladder): the guests'
  // taps are handed to the bot directly.
  await telegram.dispatcher.start();
  await telegram.messenger.start();
});
afterAll(async () => {
  await telegram.messenger.stop();
  await telegram.dispatcher.stop();
  await t.close();
  await fake.stop();
});

const messagesTo = (chat: number) =>
  fake.callsOf('sendMessage').filter((call) => call.payload.chat_id === chat);
const keyboardOf = (payload: Record<string, unknown>) =>
  (payload.reply_markup as InlineKeyboardMarkup | undefined)?.inline_keyboard ?? [];
const tapIn = (person: TelegramPerson, payload: Record<string, unknown>, data: string) =>
  telegram.bot.handleUpdate(
    buttonTap(data, person, { message_id: 1, reply_markup: { inline_keyboard: keyboardOf(payload) } }),
  );
const lastAnswer = () => fake.callsOf('answerCallbackQuery').at(-1)?.payload;

describe('a guest who joins the queue from the Mini App', () => {
  const IRA: TelegramPerson = { id: 81_001, first_name: 'Ира', username: 'ira' };
  const join = (restaurant: number, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/public/restaurant/${restaurant}/queue/`, payload });
  const entryByToken = async (token: string) =>
    (
      await t.database.db.select().from(schema.queueEntries).where(eq(schema.queueEntries.guestToken, token))
    )[0];

  it('is recorded with their chat, hears in it that the table is ready, and can say they are not coming', async () => {
    const place = await openTestRestaurant(t, who, {
      name: 'Очередь ТГ',
      tables: [{ number: '1', seatsMax: 4 }],
    });
    const res = await join(place.id, {
      group_size: 2,
      name: 'Ира',
      phone: nextPhone(),
      init_data: initData(IRA),
    });
    expect(res.statusCode, res.body).toBe(201);
    const entry = await entryByToken(GuestQueueStatus.parse(res.json()).token);
    expect(entry).toMatchObject({ source: 'telegram', telegramChatId: IRA.id });

    const called = await t.app.inject({
      method: 'POST',
      url: '/api/reservation/invite/',
      headers: who.bearer(who.hostessA),
      payload: { id: entry?.id },
    });
    expect(called.statusCode, called.body).toBe(200);
    await settled(t.database.db);
    const [message] = messagesTo(IRA.id);
    expect(message?.payload.text).toBe(
      `Ваш столик готов! Подходите к хостес «Очередь ТГ», ваш номер — №${entry?.number}.`,
    );
    expect(keyboardOf(message?.payload ?? {})).toEqual([
      [
        { text: 'Иду', callback_data: `g:q:y:${entry?.id}` },
        { text: 'Не приду', callback_data: `g:q:n:${entry?.id}` },
      ],
    ]);

    await tapIn(IRA, message?.payload ?? {}, `g:q:y:${entry?.id}`);
    expect(lastAnswer()).toMatchObject({ text: ru.bot.actions.guestComing });
    await tapIn(IRA, message?.payload ?? {}, `g:q:n:${entry?.id}`);
    expect(lastAnswer()).toMatchObject({ text: ru.bot.actions.guestCancelled });
    expect((await entryByToken(entry?.guestToken ?? ''))?.status).toBe('cancelled');
  });

  it('is refused with 400, and nothing is stored, when the init data is forged or too old', async () => {
    const place = await openTestRestaurant(t, who, {
      name: 'Подделка',
      tables: [{ number: '1', seatsMax: 4 }],
    });
    const forgedUser = initData(IRA).replace(
      encodeURIComponent(`"id":${IRA.id}`),
      encodeURIComponent('"id":1'),
    );
    const cases: [string, string][] = [
      [initData(IRA, { token: '999:another-token-of-another-bot-000000' }), ru.auth.telegramInvalid],
      [forgedUser, ru.auth.telegramInvalid],
      ['query_id=1&user=%7B%7D&hash=00', ru.auth.telegramInvalid],
      [initData(IRA, { authDate: new Date(Date.now() - 25 * 3600_000) }), ru.auth.telegramExpired],
    ];
    // Another user put in, the signature left as it was.
    expect(forgedUser).not.toContain(String(IRA.id));
    for (const [init_data, message] of cases) {
      const res = await join(place.id, { group_size: 2, name: 'Ира', phone: nextPhone(), init_data });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ init_data: [message] });
    }
    const [entries] = await t.database.db
      .select({ n: count() })
      .from(schema.queueEntries)
      .where(eq(schema.queueEntries.restaurantId, place.id));
    expect(entries?.n).toBe(0);
  });

  it('keeps to the form as before without init data: no chat, source guest_form', async () => {
    const place = await openTestRestaurant(t, who, {
      name: 'Без ТГ',
      tables: [{ number: '1', seatsMax: 4 }],
    });
    const res = await join(place.id, { group_size: 2, name: 'Оля', phone: nextPhone() });
    expect(res.statusCode, res.body).toBe(201);
    const entry = await entryByToken(GuestQueueStatus.parse(res.json()).token);
    expect(entry).toMatchObject({ source: 'guest_form', telegramChatId: null });
  });
});

describe('a guest who asks for a booking from the Mini App', () => {
  const LEV: TelegramPerson = { id: 82_001, first_name: 'Лев' };
  const request = (restaurant: number, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/public/restaurant/${restaurant}/booking/`, payload });
  const bookingByToken = async (token: string) =>
    (await t.database.db.select().from(schema.bookings).where(eq(schema.bookings.guestToken, token)))[0];
  const decide = (id: number, status: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/booking/${id}/`,
      headers: who.bearer(who.hostessA),
      payload: { status },
    });
  const hall = (name: string) =>
    openTestRestaurant(t, who, {
      name,
      timezone: TZ,
      tables: [
        { number: '1', seatsMax: 4 },
        { number: '2', seatsMax: 4 },
      ],
      hours: { opens: '12:00', closes: '23:00' },
    });

  it('hears the confirmation in their chat, with coming, cancel and their page; cancelling is not told twice', async () => {
    const place = await hall('Бронь ТГ');
    const res = await request(place.id, {
      date: DAY,
      time: '19:00',
      group_size: 2,
      name: 'Лев',
      phone: nextPhone(),
      init_data: initData(LEV),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { token } = GuestBookingCreated.parse(res.json());
    const booking = await bookingByToken(token);
    expect(booking).toMatchObject({ source: 'telegram', telegramChatId: LEV.id, status: 'new' });

    expect((await decide(booking?.id ?? 0, 'application')).statusCode).toBe(200);
    await settled(t.database.db);
    const [message] = messagesTo(LEV.id);
    expect(message?.payload.text).toBe(
      `Бронирование подтверждено: «Бронь ТГ», ${DAY.slice(8, 10)}.${DAY.slice(5, 7)} в 19:00, 2 гостя.`,
    );
    expect(keyboardOf(message?.payload ?? {})).toEqual([
      [
        { text: 'Приду', callback_data: `g:b:y:${booking?.id}` },
        { text: 'Отменить бронь', callback_data: `g:b:n:${booking?.id}` },
      ],
      [{ text: 'Моя бронь', web_app: { url: `https://stolik.test/guest/booking/${token}` } }],
    ]);

    await tapIn(LEV, message?.payload ?? {}, `g:b:n:${booking?.id}`);
    expect(lastAnswer()).toMatchObject({ text: ru.bot.actions.bookingCancelled });
    expect((await bookingByToken(token))?.status).toBe('cancelled');
    await settled(t.database.db);
    // The tap said so already: no second message about their own cancellation.
    expect(messagesTo(LEV.id)).toHaveLength(1);
  });

  it('hears that the restaurant declined, with a button to book another time', async () => {
    const place = await hall('Отказ ТГ');
    const guest: TelegramPerson = { id: 82_002, first_name: 'Ян' };
    const res = await request(place.id, {
      date: DAY,
      time: '20:00',
      group_size: 2,
      name: 'Ян',
      phone: nextPhone(),
      init_data: initData(guest),
    });
    expect(res.statusCode, res.body).toBe(201);
    const booking = await bookingByToken(GuestBookingCreated.parse(res.json()).token);
    expect((await decide(booking?.id ?? 0, 'declined')).statusCode).toBe(200);
    await settled(t.database.db);
    const [message] = messagesTo(guest.id);
    expect(message?.payload.text).toMatch(/^Бронирование отменено: «Отказ ТГ»/);
    expect(keyboardOf(message?.payload ?? {})).toEqual([
      [{ text: 'Забронировать снова', web_app: { url: `https://stolik.test/guest/${place.id}/booking` } }],
    ]);
  });

  it('is refused with 400, and nothing is held, when the init data is forged', async () => {
    const place = await hall('Бронь подделка');
    const res = await request(place.id, {
      date: DAY,
      time: '19:00',
      group_size: 2,
      name: 'Лев',
      phone: nextPhone(),
      init_data: initData(LEV, { token: '999:another-token-of-another-bot-000000' }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ init_data: [ru.auth.telegramInvalid] });
    const [bookings] = await t.database.db
      .select({ n: count() })
      .from(schema.bookings)
      .where(eq(schema.bookings.restaurantId, place.id));
    expect(bookings?.n).toBe(0);
  });
});

describe('init data where no bot is configured', () => {
  it('is not checked and not kept: nobody could write to the guest', () => {
    expect(createGuestChannel(undefined)(initData({ id: 5, first_name: 'Икс' }))).toEqual({
      source: 'guest_form',
      chatId: null,
    });
    expect(createGuestChannel(TEST_BOT_TOKEN)(initData({ id: 5, first_name: 'Икс' }))).toEqual({
      source: 'telegram',
      chatId: 5,
    });
  });
});

describe('init data of every shape on the guest forms', () => {
  const channel = createGuestChannel(TEST_BOT_TOKEN);
  const signed = (fields: Record<string, string>, authDate: Date | null = new Date()) =>
    signRawInitData(fields, TEST_BOT_TOKEN, authDate);

  it('takes signed init data whatever optional fields it lacks (older clients send no signature)', () => {
    const shapes: Record<string, string>[] = [
      { user: JSON.stringify({ id: 81_500, first_name: 'Ира' }), chat_instance: '1', chat_type: 'sender' },
      { user: JSON.stringify({ id: 81_500 }) },
      { user: JSON.stringify({ id: 81_500, first_name: 'Ан\u0000на', username: 12 }), query_id: 'q' },
    ];
    for (const fields of shapes) {
      expect(channel(signed(fields)), JSON.stringify(fields)).toEqual({ source: 'telegram', chatId: 81_500 });
    }
  });

  it('answers anything else with a field error of init_data, never an exception of its own', () => {
    const unreadable: string[] = [
      signed({ chat_instance: '1' }),
      signed({ user: 'not json' }),
      signed({ user: '[]' }),
      signed({ user: JSON.stringify({ id: '81500' }) }),
      signed({ user: JSON.stringify({ id: 1.5 }) }),
      signed({ user: JSON.stringify({ first_name: 'Без id' }) }),
      signed({ user: JSON.stringify({ id: 81_500 }) }, null),
      'garbage',
      'hash=00',
      '%E0%A4%A',
    ];
    for (const initData of unreadable) {
      let thrown: unknown;
      try {
        channel(initData);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, initData).toBeInstanceOf(FieldValidationError);
      expect((thrown as FieldValidationError).fields, initData).toEqual({
        init_data: ['auth.telegramInvalid'],
      });
    }
  });

  it('refuses init data dated more than a minute ahead, like an expired one', () => {
    const ahead = signed({ user: JSON.stringify({ id: 81_500 }) }, new Date(Date.now() + 5 * 60_000));
    expect(() => channel(ahead)).toThrow(FieldValidationError);
    try {
      channel(ahead);
    } catch (error) {
      expect((error as FieldValidationError).fields).toEqual({ init_data: ['auth.telegramExpired'] });
    }
    const skewed = signed({ user: JSON.stringify({ id: 81_500 }) }, new Date(Date.now() + 20_000));
    expect(channel(skewed)).toEqual({ source: 'telegram', chatId: 81_500 });
  });

  it('joins the queue with the init data of an older client (no signature)', async () => {
    const place = await openTestRestaurant(t, who, {
      name: 'Старый клиент',
      tables: [{ number: '1', seatsMax: 4 }],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/restaurant/${place.id}/queue/`,
      payload: {
        group_size: 2,
        name: 'Ира',
        phone: nextPhone(),
        init_data: signed({ user: JSON.stringify({ id: 81_501, first_name: 'Ира' }) }),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const unread = await t.app.inject({
      method: 'POST',
      url: `/api/public/restaurant/${place.id}/booking/`,
      payload: {
        date: DAY,
        time: '19:00',
        group_size: 2,
        name: 'Ира',
        phone: nextPhone(),
        init_data: signed({ user: 'not json' }),
      },
    });
    expect(unread.statusCode, unread.body).toBe(400);
    expect(unread.json()).toEqual({ init_data: [ru.auth.telegramInvalid] });
  });
});
