import { createHash } from 'node:crypto';
import { type DatabaseHandle, schema, seed } from '@stolik/db';
import { createTestDatabase } from '@stolik/db/testing';
import { ROLE_MANAGER } from '@stolik/domain';
import { ru } from '@stolik/i18n';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BotDeps, createBot } from './bot';
import { callbackData } from './callback-data';
import type { ChatActions } from './chat-actions';
import { startUpdates } from './run';
import { FakeBotApi } from './testing/fake-bot-api';
import { ANNA, buttonTap, privateMessage, type TelegramPerson } from './testing/updates';

const TOKEN = '123456:TEST-token-for-the-fake-bot-api-000';
const BORIS: TelegramPerson = { id: 4343, first_name: 'Борис' };

let database: DatabaseHandle;
let demo: number;
let api: FakeBotApi;
let apiRoot: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db, { adminEmail: 'root@stolik.test', adminPasswordHash: 'x' });
  const [restaurant] = await database.db.select().from(schema.restaurants);
  if (!restaurant) throw new Error('no demo restaurant');
  demo = restaurant.id;
});
afterAll(() => database.close());

beforeEach(async () => {
  api = new FakeBotApi();
  apiRoot = await api.start();
});
afterEach(() => api.stop());

function bot(deps: Partial<BotDeps> = {}) {
  return createBot({
    token: TOKEN,
    apiRoot,
    botInfo: api.botInfo,
    db: database.db,
    publicUrl: () => 'https://stolik.test',
    ...deps,
  });
}

let people = 0;
/** A staff member of the given restaurants, optionally already linked to a Telegram account. */
async function staffMember(restaurants: number[], telegram?: TelegramPerson, active = true) {
  people += 1;
  const [user] = await database.db
    .insert(schema.users)
    .values({
      email: `staff${people}@stolik.test`,
      firstName: `Сотрудник${people}`,
      telegramId: telegram?.id ?? null,
      isActive: active,
    })
    .returning();
  if (!user) throw new Error('no user');
  for (const restaurantId of restaurants) {
    await database.db
      .insert(schema.memberships)
      .values({ userId: user.id, restaurantId, role: ROLE_MANAGER });
  }
  return user;
}

async function linkToken(userId: number, token: string, expiresInMs = 60_000) {
  await database.db.insert(schema.telegramLinkTokens).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    userId,
    expiresAt: new Date(Date.now() + expiresInMs),
  });
}

async function unlinkEveryone() {
  await database.db.update(schema.users).set({ telegramId: null });
}

describe('the bot', () => {
  it('greets a user who sends /start, through the Bot API', async () => {
    await bot().handleUpdate(privateMessage('/start'));
    const [sent] = api.callsOf('sendMessage');
    expect(sent?.payload).toMatchObject({ chat_id: ANNA.id, text: ru.bot.welcome });
  });

  it('answers anything it does not understand with a hint, not silence', async () => {
    await bot().handleUpdate(privateMessage('привет'));
    expect(api.callsOf('sendMessage').map((c) => c.payload.text)).toEqual([ru.bot.unknown]);
  });

  it('stops the spinner of a button it does not know', async () => {
    await bot().handleUpdate(buttonTap('something-old'));
    expect(api.callsOf('answerCallbackQuery')[0]?.payload).toMatchObject({ text: ru.bot.actions.expired });
  });

  it('keeps running when a handler fails, and reports the failure', async () => {
    const errors: unknown[] = [];
    const b = bot({ logger: { error: (o) => errors.push(o) } });
    api.fail('sendMessage', 1, 400, 'Bad Request: chat not found');
    await b.handleUpdate(privateMessage('/start'));
    await b.handleUpdate(privateMessage('/start'));
    expect(errors).toHaveLength(1);
    expect(api.callsOf('sendMessage')).toHaveLength(1);
  });

  it('waits out a short 429 when answering in chat, instead of failing', async () => {
    api.throttle('sendMessage', 1, 1);
    const started = Date.now();
    await bot().handleUpdate(privateMessage('/start'));
    expect(api.refused).toHaveLength(1);
    const [sent] = api.callsOf('sendMessage');
    expect(sent?.at).toBeGreaterThanOrEqual(started + 1000);
  });
});

describe('linking a staff member’s Telegram (/start <one-time token>)', () => {
  afterEach(unlinkEveryone);

  it('links the account that asked for the token, and says so in chat', async () => {
    const user = await staffMember([demo]);
    await linkToken(user.id, 'link-token-for-anna-0001');
    await bot().handleUpdate(privateMessage('/start link-token-for-anna-0001'));
    const [row] = await database.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row).toMatchObject({ telegramId: ANNA.id, telegramUsername: 'anna_host' });
    expect(api.callsOf('sendMessage')[0]?.payload.text).toBe(
      ru.bot.link.done.replace('{{name}}', user.firstName),
    );
  });

  it('refuses a used, expired or unknown token', async () => {
    const user = await staffMember([demo]);
    await linkToken(user.id, 'link-token-used-00000001');
    await linkToken(user.id, 'link-token-expired-00001', -1000);
    const b = bot();
    await b.handleUpdate(privateMessage('/start link-token-used-00000001'));
    await unlinkEveryone();
    await b.handleUpdate(privateMessage('/start link-token-used-00000001'));
    await b.handleUpdate(privateMessage('/start link-token-expired-00001'));
    await b.handleUpdate(privateMessage('/start link-token-never-issued-01'));
    expect(api.callsOf('sendMessage').map((c) => c.payload.text)).toEqual([
      ru.bot.link.done.replace('{{name}}', user.firstName),
      ru.bot.link.invalid,
      ru.bot.link.invalid,
      ru.bot.link.invalid,
    ]);
    const [row] = await database.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row?.telegramId).toBeNull();
  });

  it('does not move a Telegram account from one staff member to another, and keeps the token', async () => {
    await staffMember([demo], ANNA);
    const other = await staffMember([demo]);
    await linkToken(other.id, 'link-token-for-other-001');
    const b = bot();
    await b.handleUpdate(privateMessage('/start link-token-for-other-001'));
    expect(api.callsOf('sendMessage')[0]?.payload.text).toBe(ru.bot.link.taken);
    // The token is still good for a Telegram account that is free.
    await b.handleUpdate(privateMessage('/start link-token-for-other-001', BORIS));
    const [row] = await database.db.select().from(schema.users).where(eq(schema.users.id, other.id));
    expect(row?.telegramId).toBe(BORIS.id);
  });
});

describe('guest deep links', () => {
  it('opens the queue form as the Mini App (https): /start queue_<restaurant>', async () => {
    await bot().handleUpdate(privateMessage(`/start queue_${demo}`));
    const [sent] = api.callsOf('sendMessage');
    expect(sent?.payload.text).toBe(ru.bot.guest.queue.replace('{{restaurant}}', 'Демо'));
    expect(sent?.payload.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: ru.bot.guest.queueButton, web_app: { url: `https://stolik.test/guest/${demo}/queue` } }],
      ],
    });
  });

  it('falls back to a plain link when the product is served over http', async () => {
    await bot({ publicUrl: () => 'http://stolik.lan:3000/' }).handleUpdate(
      privateMessage(`/start booking_${demo}`),
    );
    const [sent] = api.callsOf('sendMessage');
    expect(sent?.payload.text).toBe(ru.bot.guest.booking.replace('{{restaurant}}', 'Демо'));
    expect(sent?.payload.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: ru.bot.guest.bookingButton, url: `http://stolik.lan:3000/guest/${demo}/booking` }],
      ],
    });
  });

  it('keeps the web_app button in the private chat when the Mini App also has a short name', async () => {
    await bot({ miniAppShortName: 'app' }).handleUpdate(privateMessage(`/start booking_${demo}`));
    expect(api.callsOf('sendMessage')[0]?.payload.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: ru.bot.guest.bookingButton, web_app: { url: `https://stolik.test/guest/${demo}/booking` } }],
      ],
    });
  });

  it('opens the registered Mini App by its startapp link where no https address allows a web_app button', async () => {
    for (const publicUrl of ['http://stolik.lan:3000', undefined]) {
      api.reset();
      await bot({ publicUrl: () => publicUrl, miniAppShortName: 'app' }).handleUpdate(
        privateMessage(`/start queue_${demo}`),
      );
      expect(api.callsOf('sendMessage')[0]?.payload.reply_markup).toEqual({
        inline_keyboard: [
          [
            {
              text: ru.bot.guest.queueButton,
              url: `https://t.me/stolik_test_bot/app?startapp=queue_${demo}`,
            },
          ],
        ],
      });
    }
  });

  it('leaves a staff booking card’s start parameter to the plain greeting', async () => {
    await bot().handleUpdate(privateMessage(`/start b_${demo}_5`));
    expect(api.callsOf('sendMessage')[0]?.payload.text).toBe(ru.bot.welcome);
  });

  it('writes the address as text where Telegram would refuse a button (localhost)', async () => {
    await bot({ publicUrl: () => 'http://localhost:3000' }).handleUpdate(
      privateMessage(`/start queue_${demo}`),
    );
    const [sent] = api.callsOf('sendMessage');
    expect(sent?.payload.reply_markup).toBeUndefined();
    expect(sent?.payload.text).toContain(`http://localhost:3000/guest/${demo}/queue`);
  });

  it('says so for a restaurant that does not exist, or takes no bookings', async () => {
    const [closed] = await database.db
      .insert(schema.restaurants)
      .values({ name: 'Без брони', hasBookings: false })
      .returning();
    const b = bot();
    await b.handleUpdate(privateMessage('/start queue_999999'));
    await b.handleUpdate(privateMessage(`/start booking_${closed?.id}`));
    expect(api.callsOf('sendMessage').map((c) => c.payload.text)).toEqual([
      ru.bot.guest.unknownRestaurant,
      ru.bot.guest.bookingsOff.replace('{{restaurant}}', 'Без брони'),
    ]);
  });
});

describe('/start without a parameter', () => {
  afterEach(unlinkEveryone);

  it('tells anyone how a guest joins or books, and how staff link their Telegram', async () => {
    await bot().handleUpdate(privateMessage('/start', BORIS));
    const text = api.callsOf('sendMessage')[0]?.payload.text as string;
    expect(text).toBe(ru.bot.welcome);
    expect(text).toContain('QR-код');
    expect(text).toContain('Подключить телеграм');
  });

  it('greets a linked staff member by name and points at the notifications', async () => {
    const staff = await staffMember([demo], ANNA);
    await bot().handleUpdate(privateMessage('/start'));
    expect(api.callsOf('sendMessage')[0]?.payload.text).toBe(
      ru.bot.welcomeStaff.replace('{{name}}', staff.firstName),
    );
  });
});

describe('a guest who lost their page (joined from the Mini App)', () => {
  const GLEB: TelegramPerson = { id: 77_001, first_name: 'Глеб' };
  let entryId = 0;
  beforeAll(async () => {
    const [entry] = await database.db
      .insert(schema.queueEntries)
      .values({
        restaurantId: demo,
        serviceDate: '2026-11-25',
        number: 31,
        groupSize: 2,
        name: 'Глеб',
        phone: '+79165550101',
        source: 'telegram',
        guestToken: 'gleb-secret-page-token-01',
        telegramChatId: GLEB.id,
      })
      .returning();
    entryId = entry?.id ?? 0;
  });
  afterAll(() => database.db.delete(schema.queueEntries).where(eq(schema.queueEntries.id, entryId)));

  const placeText = ru.bot.guest.alreadyQueued.replace('{{restaurant}}', 'Демо').replace('{{number}}', '31');
  const pageButton = {
    inline_keyboard: [
      [
        {
          text: ru.bot.guest.openMine,
          web_app: { url: 'https://stolik.test/guest/queue/gleb-secret-page-token-01' },
        },
      ],
    ],
  };

  it('gets their place and page again from /start, and from the queue link instead of a second form', async () => {
    const b = bot();
    await b.handleUpdate(privateMessage('/start', GLEB));
    await b.handleUpdate(privateMessage(`/start queue_${demo}`, GLEB));
    const sent = api.callsOf('sendMessage');
    expect(sent.map((c) => c.payload.text)).toEqual([placeText, placeText]);
    expect(sent.map((c) => c.payload.reply_markup)).toEqual([pageButton, pageButton]);
  });

  it('gives nobody else that page: another Telegram user is greeted and offered the form', async () => {
    const b = bot();
    await b.handleUpdate(privateMessage('/start', BORIS));
    await b.handleUpdate(privateMessage(`/start queue_${demo}`, BORIS));
    const texts = api.callsOf('sendMessage').map((c) => c.payload.text);
    expect(texts).toEqual([ru.bot.welcome, ru.bot.guest.queue.replace('{{restaurant}}', 'Демо')]);
    expect(JSON.stringify(api.callsOf('sendMessage'))).not.toContain('gleb-secret-page-token-01');
  });

  it('says nothing of a place that is over (seated, cancelled)', async () => {
    await database.db
      .update(schema.queueEntries)
      .set({ status: 'sat' })
      .where(eq(schema.queueEntries.id, entryId));
    await bot().handleUpdate(privateMessage('/start', GLEB));
    expect(api.callsOf('sendMessage').map((c) => c.payload.text)).toEqual([ru.bot.welcome]);
    await database.db
      .update(schema.queueEntries)
      .set({ status: 'live' })
      .where(eq(schema.queueEntries.id, entryId));
  });

  it('writes the page address as text where no button can carry it (localhost)', async () => {
    await bot({ publicUrl: () => 'http://localhost:3000' }).handleUpdate(privateMessage('/start', GLEB));
    const [sent] = api.callsOf('sendMessage');
    expect(sent?.payload.reply_markup).toBeUndefined();
    expect(sent?.payload.text).toBe(
      `${placeText}\n${ru.bot.guest.openAt.replace('{{url}}', 'http://localhost:3000/guest/queue/gleb-secret-page-token-01')}`,
    );
  });
});

describe('/notifications in chat', () => {
  afterEach(unlinkEveryone);

  const keyboardOf = (call: { payload: Record<string, unknown> } | undefined) =>
    (
      (call?.payload.reply_markup ?? { inline_keyboard: [] }) as {
        inline_keyboard: { text: string; callback_data?: string }[][];
      }
    ).inline_keyboard;

  it('tells someone without a linked Telegram how to link it', async () => {
    await bot().handleUpdate(privateMessage('/notifications', BORIS));
    expect(api.callsOf('sendMessage')[0]?.payload.text).toBe(ru.bot.notLinked);
  });

  it('shows a deactivated staff member nothing but that', async () => {
    await staffMember([demo], ANNA, false);
    await bot().handleUpdate(privateMessage('/notifications'));
    expect(api.callsOf('sendMessage')[0]?.payload.text).toBe(ru.bot.notLinked);
  });

  it('switches a status on and off in place, in the same settings the API reads', async () => {
    const user = await staffMember([demo], ANNA);
    const b = bot();
    await b.handleUpdate(privateMessage('/notifications'));
    // One restaurant: its menu at once, every notifiable status off.
    const menu = keyboardOf(api.callsOf('sendMessage')[0]);
    const toggles = menu.flat().filter((button) => button.callback_data?.startsWith('n:t:'));
    expect(toggles.map((button) => button.text)).toEqual([
      '▫️ Ожидает',
      '▫️ Вызван',
      '▫️ Пришел',
      '▫️ Занял место',
      '▫️ Отмена',
      '▫️ Ожидает подтверждения',
      '▫️ Ожидаем',
      '▫️ Пришли',
      '▫️ В зале',
      '▫️ Отменен',
    ]);

    const live = callbackData({ kind: 'settings-toggle', restaurant: demo, type: 'queue', status: 'live' });
    await b.handleUpdate(buttonTap(live, ANNA, { message_id: 7 }));
    const settings = () =>
      database.db
        .select()
        .from(schema.telegramNotificationSettings)
        .where(eq(schema.telegramNotificationSettings.userId, user.id));
    expect((await settings()).map((s) => [s.type, s.statuses])).toEqual([['queue', ['live']]]);
    const [edited] = api.callsOf('editMessageText');
    expect(edited?.payload).toMatchObject({ message_id: 7, chat_id: ANNA.id, parse_mode: 'HTML' });
    expect(String(edited?.payload.text)).toContain('Живая очередь: Ожидает');
    expect(
      keyboardOf(edited)
        .flat()
        .map((b) => b.text),
    ).toContain('✅ Ожидает');
    expect(api.callsOf('answerCallbackQuery').at(-1)?.payload.text).toBe(ru.bot.notifications.on);

    await b.handleUpdate(buttonTap(live, ANNA, { message_id: 7 }));
    expect((await settings()).map((s) => [s.type, s.statuses])).toEqual([['queue', []]]);
    expect(api.callsOf('answerCallbackQuery').at(-1)?.payload.text).toBe(ru.bot.notifications.off);
  });

  it('lists several restaurants first, and refuses one the user does not work in', async () => {
    const [second] = await database.db.insert(schema.restaurants).values({ name: 'Альфа' }).returning();
    const [foreign] = await database.db.insert(schema.restaurants).values({ name: 'Чужой' }).returning();
    if (!second || !foreign) throw new Error('no restaurants');
    await staffMember([demo, second.id], ANNA);
    const b = bot();
    await b.handleUpdate(privateMessage('/notifications'));
    expect(keyboardOf(api.callsOf('sendMessage')[0]).map((row) => row[0]?.text)).toEqual(['Альфа', 'Демо']);

    await b.handleUpdate(
      buttonTap(
        callbackData({ kind: 'settings-toggle', restaurant: foreign.id, type: 'booking', status: 'new' }),
      ),
    );
    expect(api.callsOf('answerCallbackQuery').at(-1)?.payload).toMatchObject({
      text: ru.bot.notifications.unavailable,
      show_alert: true,
    });
    const rows = await database.db
      .select()
      .from(schema.telegramNotificationSettings)
      .where(eq(schema.telegramNotificationSettings.restaurantId, foreign.id));
    expect(rows).toEqual([]);
  });
});

describe('acting from a notification', () => {
  afterEach(unlinkEveryone);

  function recordingActions(outcome: 'done' | 'refused' | 'conflict' = 'done') {
    const calls: unknown[][] = [];
    const actions: ChatActions = {
      setBookingStatus: async (...args) => {
        calls.push(['booking', ...args]);
        return outcome;
      },
      callGuest: async (...args) => {
        calls.push(['call', ...args]);
        return outcome;
      },
      answerQueueCall: async (...args) => {
        calls.push(['queue-answer', ...args]);
        return outcome;
      },
      answerBooking: async (...args) => {
        calls.push(['booking-answer', ...args]);
        return outcome;
      },
    };
    return { actions, calls };
  }

  const notification = {
    message_id: 9,
    reply_markup: {
      inline_keyboard: [
        [
          { text: 'Подтвердить', callback_data: 'b:a:5' },
          { text: 'Отклонить', callback_data: 'b:d:5' },
        ],
        [{ text: 'Открыть бронь', web_app: { url: 'https://stolik.test/telegram/restaurant/1/booking/5' } }],
      ],
    },
  };

  it('confirms as the linked staff member, then leaves only the link on the message', async () => {
    const user = await staffMember([demo], ANNA);
    const { actions, calls } = recordingActions();
    await bot({ actions }).handleUpdate(buttonTap('b:a:5', ANNA, notification));
    expect(calls).toEqual([['booking', user.id, 5, 'application']]);
    expect(api.callsOf('editMessageReplyMarkup')[0]?.payload.reply_markup).toEqual({
      inline_keyboard: [notification.reply_markup.inline_keyboard[1]],
    });
    expect(api.callsOf('answerCallbackQuery')[0]?.payload.text).toBe(ru.bot.actions.bookingConfirmed);
  });

  it('refuses someone whose Telegram is not linked, without calling the service', async () => {
    const { actions, calls } = recordingActions();
    await bot({ actions }).handleUpdate(buttonTap('q:c:3', BORIS, notification));
    expect(calls).toEqual([]);
    expect(api.callsOf('answerCallbackQuery')[0]?.payload).toMatchObject({
      text: ru.bot.notLinked,
      show_alert: true,
    });
    expect(api.callsOf('editMessageReplyMarkup')).toEqual([]);
  });

  it('passes on the service’s refusal and keeps the buttons', async () => {
    await staffMember([demo], ANNA);
    const { actions } = recordingActions('refused');
    await bot({ actions }).handleUpdate(buttonTap('b:d:5', ANNA, notification));
    expect(api.callsOf('answerCallbackQuery')[0]?.payload).toMatchObject({
      text: ru.bot.actions.refused,
      show_alert: true,
    });
    expect(api.callsOf('editMessageReplyMarkup')).toEqual([]);
  });

  it('hands a guest’s answer over with the chat it came from', async () => {
    const { actions, calls } = recordingActions();
    await bot({ actions }).handleUpdate(buttonTap('g:q:n:11', BORIS));
    expect(calls).toEqual([['queue-answer', BORIS.id, 11, 'cancel']]);
    expect(api.callsOf('answerCallbackQuery')[0]?.payload.text).toBe(ru.bot.actions.guestCancelled);
  });
});

describe('receiving updates by long polling', () => {
  it('answers a message fed through getUpdates, and stops cleanly', async () => {
    const b = bot();
    const updates = await startUpdates(b, { kind: 'polling' });
    try {
      api.pushUpdate(privateMessage('/start') as unknown as Record<string, unknown>);
      const [sent] = await api.waitFor('sendMessage');
      expect(sent?.payload).toMatchObject({ chat_id: ANNA.id, text: ru.bot.welcome });
      expect(api.callsOf('deleteWebhook')).toHaveLength(1);
      expect(api.callsOf('setMyCommands')[0]?.payload.commands).toEqual([
        { command: 'notifications', description: ru.bot.commands.notifications },
        { command: 'start', description: ru.bot.commands.start },
      ]);
    } finally {
      await updates.stop();
    }
  });

  it("sets the chat's menu button to open the Mini App at an https address, else the commands", async () => {
    const withApp = await startUpdates(bot(), { kind: 'polling' }, { appUrl: 'https://stolik.test' });
    await withApp.stop();
    const local = await startUpdates(bot(), { kind: 'polling' }, { appUrl: 'http://localhost:3000' });
    await local.stop();
    expect(api.callsOf('setChatMenuButton').map((call) => call.payload.menu_button)).toEqual([
      { type: 'web_app', text: ru.bot.menuButton, web_app: { url: 'https://stolik.test' } },
      { type: 'commands' },
    ]);
  });

  it('registers a webhook with its secret token instead, when given one', async () => {
    const b = bot();
    await startUpdates(b, {
      kind: 'webhook',
      url: 'https://stolik.test/api/telegram/webhook/',
      secretToken: 's3cret',
    });
    expect(api.callsOf('setWebhook')[0]?.payload).toMatchObject({
      url: 'https://stolik.test/api/telegram/webhook/',
      secret_token: 's3cret',
    });
    expect(api.callsOf('getUpdates')).toEqual([]);
  });
});
