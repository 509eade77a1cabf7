import { schema } from '@stolik/db';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { chatsOf, dispatcherKit } from '../../test/dispatcher-kit';
import { insertBooking, insertEntry } from '../../test/privacy-fixtures';
import { openTestRestaurant } from '../../test/restaurants';
import { linkTelegram, queueEvent, settled, subscribe, subscribedHostesses } from '../../test/telegram';
import { rateLimitedInARow } from './dispatcher-tuning';

/*
 * What the dispatcher sends and to whom, what it gives up on, and what it forgets. Nothing here is
 * timed by the clock beyond waiting for an outcome, so it runs beside other files; the pace tests
 * are in dispatcher.test.ts.
 */
const kit = dispatcherKit();
const { dispatcher, messenger, sent } = kit;

describe('kit.who hears of a new guest in the queue', () => {
  it('exactly the subscribed, linked, active members of that restaurant; the name escaped', async () => {
    const db = kit.t.database.db;
    const place = await openTestRestaurant(kit.t, kit.who, {
      name: 'Вкусно',
      tables: [{ number: '1', seatsMax: 4 }],
    });
    // Subscribed to 'live' in this restaurant, linked: hears it.
    await linkTelegram(db, kit.who.adminA.id, 1001);
    await subscribe(db, kit.who.adminA.id, place.id, 'queue', ['live', 'sat']);
    // Linked, but subscribed to other statuses only: does not.
    await linkTelegram(db, kit.who.hostessA.id, 1002);
    await subscribe(db, kit.who.hostessA.id, place.id, 'queue', ['called']);
    // Subscribed (straight in the table), linked, but not a member: does not.
    await linkTelegram(db, kit.who.hostessB.id, 1003);
    await subscribe(db, kit.who.hostessB.id, place.id, 'queue', ['live']);
    // A member, subscribed, linked, but deactivated: does not.
    await linkTelegram(db, kit.who.targetA.id, 1004);
    await subscribe(db, kit.who.targetA.id, place.id, 'queue', ['live']);
    await db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, kit.who.targetA.id));
    // Subscribed to the booking type only: does not.
    await linkTelegram(db, kit.who.superuser.id, 1005);
    await subscribe(db, kit.who.superuser.id, place.id, 'booking', ['new']);

    const walkIn = await kit.t.app.inject({
      method: 'POST',
      url: '/api/reservation/',
      headers: kit.who.bearer(kit.who.hostessA),
      payload: { restaurant: place.id, group_size: 3, name: '<b>Вася</b> & Co' },
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const entry = walkIn.json() as { id: number; number: number };

    await dispatcher().start();
    await settled(db);
    expect(chatsOf(sent())).toEqual([1001]);
    const [message] = sent();
    expect(message?.payload.parse_mode).toBe('HTML');
    expect(message?.payload.text).toBe(
      `<b>Новый гость в очереди</b> · Вкусно\n№${entry.number} · &lt;b&gt;Вася&lt;/b&gt; &amp; Co · 3 гостя`,
    );
    expect(message?.payload.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: 'Вызвать', callback_data: `q:c:${entry.id}` }],
        [{ text: 'Открыть очередь', web_app: { url: `https://stolik.test/restaurant/${place.id}` } }],
      ],
    });
    const [delivery] = await db
      .select()
      .from(schema.notificationDeliveries)
      .where(eq(schema.notificationDeliveries.chatId, 1001));
    expect(delivery).toMatchObject({ userId: kit.who.adminA.id, attempts: 0, lastError: null });
    expect(delivery?.deliveredAt).not.toBeNull();
    expect(delivery?.messageId).toEqual(expect.any(Number));

    await db.update(schema.users).set({ isActive: true }).where(eq(schema.users.id, kit.who.targetA.id));
    await db
      .update(schema.users)
      .set({ telegramId: null })
      .where(
        inArray(schema.users.id, [
          kit.who.adminA.id,
          kit.who.hostessA.id,
          kit.who.hostessB.id,
          kit.who.targetA.id,
          kit.who.superuser.id,
        ]),
      );
  });

  it('writes to the guest who came through Telegram; a guest with no channel is noted as unreached', async () => {
    const db = kit.t.database.db;
    const now = new Date();
    const entry = (chat: number | null, number: number) =>
      insertEntry(db, {
        restaurantId: kit.who.restaurantA,
        status: 'called',
        createdAt: now,
        telegramChatId: chat,
        number,
      });
    const viaTelegram = await entry(5005, 12);
    const noChat = await entry(null, 13);
    const guestRow = (entityId: number, chat: number | null, number: number) =>
      db
        .insert(schema.outbox)
        .values({
          restaurantId: kit.who.restaurantA,
          type: 'guest',
          status: 'called',
          entityId,
          payload: { channel: chat ? 'telegram' : 'sms', chat_id: chat, number },
        })
        .returning();
    await guestRow(viaTelegram.id, 5005, 12);
    await guestRow(noChat.id, null, 13);
    await dispatcher().start();
    await messenger().start();
    await settled(db);
    expect(chatsOf(sent())).toEqual([5005]);
    expect(sent()[0]?.payload.text).toBe('Ваш столик готов! Подходите к хостес «Демо», ваш номер — №12.');
    expect(sent()[0]?.payload.reply_markup).toEqual({
      inline_keyboard: [
        [
          { text: 'Иду', callback_data: `g:q:y:${viaTelegram.id}` },
          { text: 'Не приду', callback_data: `g:q:n:${viaTelegram.id}` },
        ],
      ],
    });
    // The guest with no chat (and here no push nor SMS): every rung skipped, the ladder over.
    const messages = await db
      .select()
      .from(schema.guestMessages)
      .where(inArray(schema.guestMessages.queueEntryId, [viaTelegram.id, noChat.id]));
    const unreached = messages.find((m) => m.queueEntryId === noChat.id);
    expect(unreached?.finishedAt).not.toBeNull();
    const attempts = await db
      .select()
      .from(schema.guestMessageAttempts)
      .where(eq(schema.guestMessageAttempts.messageId, unreached?.id ?? 0));
    expect(attempts.map((a) => [a.channel, a.status, a.error])).toEqual([['telegram', 'skipped', 'no_chat']]);
  });
});

describe('Telegram’s refusals', () => {
  it('gives up at once where retrying cannot help (the guest blocked the bot)', async () => {
    const place = await openTestRestaurant(kit.t, kit.who, { name: 'Блок', tables: [] });
    await subscribedHostesses(kit.t.database.db, place.id, 1, 4501);
    kit.fake.fail('sendMessage', 1, 403, 'Forbidden: bot was blocked by the user');
    await queueEvent(kit.t.database.db, place.id, 1);
    await dispatcher().start();
    await settled(kit.t.database.db);
    const [row] = await kit.t.database.db
      .select()
      .from(schema.notificationDeliveries)
      .where(eq(schema.notificationDeliveries.chatId, 4501));
    expect(row).toMatchObject({ attempts: 1, lastError: '403: Forbidden: bot was blocked by the user' });
    expect(row?.failedAt).not.toBeNull();

    // A guest kit.who never started the bot: the admins see it was for a guest, and which one.
    kit.fake.fail('sendMessage', 1, 403, "Forbidden: bot can't initiate conversation with a user");
    const booking = await insertBooking(kit.t.database.db, {
      restaurantId: place.id,
      status: 'waiting',
      seatingTime: new Date(Date.now() + 86_400_000),
      telegramChatId: 4502,
      name: ' Ольга ',
    });
    await kit.t.database.db.insert(schema.outbox).values({
      restaurantId: place.id,
      type: 'guest',
      status: 'booking_confirmed',
      entityId: booking.id,
      payload: { channel: 'telegram', chat_id: 4502, name: ' Ольга ' },
    });
    await messenger().start();
    await settled(kit.t.database.db);
    const listed = await kit.t.app.inject({
      method: 'GET',
      url: `/api/restaurant/${place.id}/telegram/failed-deliveries/`,
      headers: kit.who.bearer(kit.who.adminA),
    });
    expect(listed.json()).toMatchObject({
      count: 2,
      results: [
        { type: 'guest', chat_id: 4502, user: null, user_name: null, guest_name: 'Ольга' },
        { type: 'queue', chat_id: 4501, user_name: 'Хостес0', guest_name: 'Гость 1' },
      ],
    });
  });

  it('waits at most an hour however long a 429 says, and the whole bot waits with it', async () => {
    const db = kit.t.database.db;
    const place = await openTestRestaurant(kit.t, kit.who, { name: 'Неделя', tables: [] });
    await subscribedHostesses(db, place.id, 1, 4601);
    // Ten days: a misbehaving proxy, a misread header.
    kit.fake.throttle('sendMessage', 1, 10 * 24 * 3600);
    await queueEvent(db, place.id, 1);
    const d = dispatcher();
    await d.start();
    await vi.waitFor(() => expect(kit.fake.refused).toHaveLength(1), { timeout: 5000 });
    const refusedAt = kit.fake.refused[0]?.at ?? 0;
    await vi.waitFor(
      async () => {
        const [row] = await db
          .select()
          .from(schema.notificationDeliveries)
          .where(eq(schema.notificationDeliveries.chatId, 4601));
        expect(row?.lastError).toBe('429 #1: retry after 3600 s');
      },
      { timeout: 5000 },
    );
    await d.stop();
    const [row] = await db
      .select()
      .from(schema.notificationDeliveries)
      .where(eq(schema.notificationDeliveries.chatId, 4601));
    const waitMs = (row?.nextAttemptAt.getTime() ?? 0) - refusedAt;
    expect(waitMs).toBeGreaterThan(3590_000);
    expect(waitMs).toBeLessThan(3610_000);
    expect(row).toMatchObject({ attempts: 0, failedAt: null, deliveredAt: null });
    const [overall] = await db
      .select()
      .from(schema.telegramSendSlots)
      .where(eq(schema.telegramSendSlots.key, 'global'));
    expect((overall?.nextAt.getTime() ?? 0) - refusedAt).toBeGreaterThan(3590_000);
    // An hour is long for a test: the row and the bot's pause are put back.
    await db.delete(schema.notificationDeliveries).where(eq(schema.notificationDeliveries.chatId, 4601));
    await db.delete(schema.telegramSendSlots);
  });

  it('gives a message up after 429s in a row, and lists it; another answer between starts the count again', async () => {
    const db = kit.t.database.db;
    const place = await openTestRestaurant(kit.t, kit.who, { name: 'Упор', tables: [] });
    await subscribedHostesses(db, place.id, 1, 4701);
    const tuning = { maxRateLimitedInARow: 3, backoffBaseMs: 1000, perChatIntervalMs: 10 };
    const row = async () =>
      (
        await db
          .select()
          .from(schema.notificationDeliveries)
          .where(eq(schema.notificationDeliveries.restaurantId, place.id))
      ).at(-1);

    // Two 429s, a 500, two 429s: never three in a row, so it goes out in the end.
    kit.fake.throttle('sendMessage', 2, 1);
    await queueEvent(db, place.id, 1);
    const d = dispatcher(tuning);
    await d.start();
    await vi.waitFor(() => expect(kit.fake.refused).toHaveLength(2), { timeout: 10_000 });
    expect((await row())?.lastError).toMatch(/^429 #[12]: retry after 1 s$/);
    kit.fake.fail('sendMessage', 1, 500, 'Internal Server Error');
    await vi.waitFor(() => expect(kit.fake.refused).toHaveLength(3), { timeout: 10_000 });
    kit.fake.throttle('sendMessage', 2, 1);
    await vi.waitFor(() => expect(kit.fake.refused).toHaveLength(5), { timeout: 10_000 });
    await settled(db, 15_000);
    expect(kit.fake.refused.map((call) => call.status)).toEqual([429, 429, 500, 429, 429]);
    expect(sent()).toHaveLength(1);
    expect(await row()).toMatchObject({ attempts: 1, failedAt: null, lastError: null });
    await d.stop();

    // Refused three times running: failed for good (no try counted), and listed for the admins.
    kit.fake.reset();
    kit.fake.throttle('sendMessage', 100, 1);
    await queueEvent(db, place.id, 2);
    const again = dispatcher(tuning);
    await again.start();
    await settled(db, 20_000);
    expect(kit.fake.refused.map((call) => call.status)).toEqual([429, 429, 429]);
    expect(sent()).toEqual([]);
    expect(again.stats).toMatchObject({ rateLimited: 3, failed: 1, sent: 0 });
    const failed = await kit.t.app.inject({
      method: 'GET',
      url: `/api/restaurant/${place.id}/telegram/failed-deliveries/`,
      headers: kit.who.bearer(kit.who.adminA),
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({
      count: 1,
      results: [
        { status: 'live', attempts: 0, last_error: '429 #3: retry after 1 s; gave up after 3 in a row' },
      ],
    });
  });

  it('counts the 429s in a row from last_error, and nothing else', () => {
    expect(rateLimitedInARow(null)).toBe(0);
    expect(rateLimitedInARow('500: Internal Server Error')).toBe(0);
    expect(rateLimitedInARow('429 #1: retry after 5 s')).toBe(1);
    expect(rateLimitedInARow('429 #17: retry after 3600 s')).toBe(17);
    expect(rateLimitedInARow('error 429 #3: retry after 1 s')).toBe(0);
  });
});

describe('forgetting old rows', () => {
  const DAY_MS = 24 * 3600_000;
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

  /** An outbox row handed over `days` ago, with one message per given state. */
  async function oldRow(
    days: number,
    messages: { chat: number; sentDaysAgo?: number; failedDaysAgo?: number }[],
  ) {
    // One transaction: a clean-up running meanwhile must never see the outbox row without its
    // messages, or it would delete it as emptied.
    return kit.t.database.db.transaction(async (db) => {
      const [row] = await db
        .insert(schema.outbox)
        .values({
          restaurantId: kit.who.restaurantA,
          type: 'queue',
          status: 'live',
          entityId: 1,
          createdAt: daysAgo(days),
          deliveredAt: daysAgo(days),
        })
        .returning();
      if (!row) throw new Error('no outbox row');
      for (const m of messages) {
        await db.insert(schema.notificationDeliveries).values({
          outboxId: row.id,
          restaurantId: kit.who.restaurantA,
          chatId: m.chat,
          createdAt: daysAgo(days),
          deliveredAt: m.sentDaysAgo === undefined ? null : daysAgo(m.sentDaysAgo),
          failedAt: m.failedDaysAgo === undefined ? null : daysAgo(m.failedDaysAgo),
          // A message still waiting is not due yet, so that no dispatcher of this test sends it.
          nextAttemptAt: new Date(Date.now() + DAY_MS),
        });
      }
      return row.id;
    });
  }
  const outboxLeft = async (ids: number[]) =>
    (
      await kit.t.database.db
        .select({ id: schema.outbox.id })
        .from(schema.outbox)
        .where(inArray(schema.outbox.id, ids))
    )
      .map((r) => r.id)
      .sort((a, b) => a - b);
  const messagesLeft = async (ids: number[]) =>
    (
      await kit.t.database.db
        .select({ chat: schema.notificationDeliveries.chatId })
        .from(schema.notificationDeliveries)
        .where(inArray(schema.notificationDeliveries.outboxId, ids))
    )
      .map((r) => r.chat)
      .sort((a, b) => a - b);

  it('deletes messages sent over 30 days ago, failed over 90, their emptied outbox rows and stale rate slots', async () => {
    const db = kit.t.database.db;
    const sentLongAgo = await oldRow(40, [{ chat: 8001, sentDaysAgo: 40 }]);
    const sentLately = await oldRow(10, [{ chat: 8002, sentDaysAgo: 10 }]);
    const mixed = await oldRow(40, [
      { chat: 8003, sentDaysAgo: 40 },
      { chat: 8004, failedDaysAgo: 40 },
    ]);
    const failedLongAgo = await oldRow(100, [{ chat: 8005, failedDaysAgo: 100 }]);
    const stillWaiting = await oldRow(40, [{ chat: 8006 }]);
    const ids = [sentLongAgo, sentLately, mixed, failedLongAgo, stillWaiting];
    const ago = (ms: number) => new Date(Date.now() - ms);
    await db
      .insert(schema.telegramSendSlots)
      .values([
        { key: 'chat:8101', nextAt: ago(2 * 60_000) },
        { key: 'chat:8102', nextAt: ago(10_000) },
        { key: 'chat:8103', nextAt: new Date(Date.now() + 60_000) },
      ])
      .onConflictDoNothing();
    await db
      .insert(schema.telegramSendSlots)
      .values({ key: 'global', nextAt: ago(2 * 60_000) })
      .onConflictDoUpdate({ target: schema.telegramSendSlots.key, set: { nextAt: ago(2 * 60_000) } });

    const removed = await dispatcher().cleanUp();
    expect(removed).toMatchObject({ sent: 2, failed: 1, outbox: 2 });
    expect(await messagesLeft(ids)).toEqual([8002, 8004, 8006]);
    expect(await outboxLeft(ids)).toEqual([sentLately, mixed, stillWaiting].sort((a, b) => a - b));
    const keys = (await db.select().from(schema.telegramSendSlots)).map((s) => s.key);
    expect(keys).not.toContain('chat:8101');
    expect(keys).toEqual(expect.arrayContaining(['chat:8102', 'chat:8103', 'global']));

    // Nothing old is left: a second clean-up finds nothing.
    expect(await dispatcher().cleanUp()).toMatchObject({ sent: 0, failed: 0, outbox: 0 });
    await db.delete(schema.outbox).where(inArray(schema.outbox.id, ids));
  });

  it('cleans up by itself while it runs', async () => {
    const d = dispatcher({ cleanupEveryMs: 100 });
    await d.start();
    // Written after the first clean-up at start: found by a later one.
    const row = await oldRow(45, [{ chat: 8201, sentDaysAgo: 45 }]);
    const deadline = Date.now() + 10_000;
    while ((await outboxLeft([row])).length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await outboxLeft([row])).toEqual([]);
    expect(await messagesLeft([row])).toEqual([]);
  });
});
