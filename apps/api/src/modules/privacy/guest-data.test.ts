import { GuestErasure, GuestExport, QueueEntry } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities, type Person } from '../../test/identities';
import {
  BLANK,
  bookingRow,
  bookingStatistics,
  entryRow,
  entryStatistics,
  freshPhone,
  guestOf,
  insertBooking,
  insertEntry,
} from '../../test/privacy-fixtures';
import { openTestRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

const DAY = 86_400_000;

describe("one guest's data: export and erase", () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    as?: Person,
    payload?: object,
  ) => t.app.inject({ method, url, headers: as ? who.bearer(as) : {}, ...(payload ? { payload } : {}) });
  const exportOf = (restaurant: number, phone: string, as: Person = who.adminA) =>
    call('GET', `/api/restaurant/${restaurant}/guests/export/?phone=${encodeURIComponent(phone)}`, as);
  const erase = (restaurant: number, phone: string, as: Person = who.adminA) =>
    call('POST', `/api/restaurant/${restaurant}/guests/erase/`, as, { phone });
  const restaurant = (name: string) =>
    openTestRestaurant(t, who, { name, tables: [{ number: '1', seatsMax: 4 }] });
  const auditOf = async (restaurantId: number, action: string) =>
    db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.restaurantId, restaurantId), eq(schema.auditLog.action, action)));

  /** A walk-in added by the hostess, renamed, then gone: history with the guest's words in it. */
  async function visit(restaurantId: number, phone: string, name = 'Анна') {
    const made = await call('POST', '/api/reservation/', who.hostessA, {
      restaurant: restaurantId,
      group_size: 3,
      name,
      phone,
      comment: 'у окна',
    });
    expect(made.statusCode, made.body).toBe(201);
    const entry = QueueEntry.parse(made.json());
    const renamed = await call('PUT', `/api/reservation/${entry.id}/`, who.hostessA, {
      name: `${name} Петровна`,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    return entry;
  }

  it('exports every queue entry and booking of the phone here, with history, and logs who looked', async () => {
    const here = await restaurant('Выгрузка');
    const elsewhere = await restaurant('Выгрузка, другой');
    const phone = freshPhone();
    const entry = await visit(here.id, phone);
    const booking = await insertBooking(db(), {
      restaurantId: here.id,
      status: 'closed',
      seatingTime: new Date(Date.now() - 20 * DAY),
      phone,
      name: 'Анна П.',
    });
    await db()
      .insert(schema.bookingHistory)
      .values({
        bookingId: booking.id,
        fromStatus: 'open',
        toStatus: 'closed',
        changedBy: who.hostessA.id,
        changes: { comment: 'десерт' },
      });
    await visit(here.id, freshPhone(), 'Чужой гость');
    await visit(elsewhere.id, phone, 'Анна в другом');

    // The phone as a person types it: the same guest.
    const typed = `8 (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8, 10)}-${phone.slice(10)}`;
    const res = await exportOf(here.id, typed);
    expect(res.statusCode, res.body).toBe(200);
    const data = GuestExport.parse(res.json());
    expect(data).toMatchObject({ restaurant: here.id, phone, retention_days: 365 });
    expect(data.queue_entries.map((e) => e.id)).toEqual([entry.id]);
    expect(data.queue_entries[0]).toMatchObject({
      name: 'Анна Петровна',
      phone,
      comment: 'у окна',
      group_size: 3,
      status: 'live',
    });
    expect(data.queue_entries[0]?.history.map((h) => h.changes)).toEqual([{}, { name: 'Анна Петровна' }]);
    expect(data.bookings.map((b) => b.id)).toEqual([booking.id]);
    expect(data.bookings[0]).toMatchObject({ name: 'Анна П.', telegram_chat_id: booking.telegramChatId });
    expect(data.bookings[0]?.history).toEqual([
      expect.objectContaining({ changes: { comment: 'десерт' }, changed_by_name: 'hostess.a' }),
    ]);

    const [logged] = await auditOf(here.id, 'guest.export');
    expect(logged).toMatchObject({ actorId: who.adminA.id, entityType: 'guest', entityId: null });
    expect(logged?.details).toEqual({ fields: ['phone'] });
    expect(JSON.stringify(logged)).not.toContain(phone.slice(2));
  });

  it("exports the guest's push subscriptions and messages, and erasing forgets the subscriptions and SMS records", async () => {
    const here = await restaurant('Каналы гостя');
    const phone = freshPhone();
    const visitRow = await insertEntry(db(), {
      restaurantId: here.id,
      status: 'closed',
      createdAt: new Date(Date.now() - 2 * DAY),
      phone,
    });
    await db().insert(schema.pushSubscriptions).values({
      restaurantId: here.id,
      queueEntryId: visitRow.id,
      endpoint: 'https://fcm.googleapis.com/fcm/send/guest-device',
      p256dh: 'k',
      auth: 'a',
    });
    const [message] = await db()
      .insert(schema.guestMessages)
      .values({
        restaurantId: here.id,
        queueEntryId: visitRow.id,
        kind: 'called',
        ladder: ['telegram', 'sms'],
      })
      .returning();
    if (!message) throw new Error('no message');
    await db()
      .insert(schema.guestMessageAttempts)
      .values([
        {
          messageId: message.id,
          restaurantId: here.id,
          channel: 'telegram',
          status: 'failed',
          error: 'no_chat',
        },
        {
          messageId: message.id,
          restaurantId: here.id,
          channel: 'sms',
          status: 'delivered',
          providerRef: 'sms-1',
        },
      ]);

    const exported = GuestExport.parse((await exportOf(here.id, phone)).json());
    const [exportedEntry] = exported.queue_entries;
    expect(exportedEntry?.push_subscriptions).toEqual([
      { service: 'fcm.googleapis.com', created: expect.any(String) },
    ]);
    expect(exportedEntry?.messages).toMatchObject([
      {
        kind: 'called',
        attempts: [
          { channel: 'telegram', status: 'failed' },
          { channel: 'sms', status: 'delivered' },
        ],
      },
    ]);
    // The address itself (it could reach the browser) is never handed out.
    expect(JSON.stringify(exported)).not.toContain('guest-device');

    expect((await erase(here.id, phone)).statusCode).toBe(200);
    const subscriptions = await db()
      .select()
      .from(schema.pushSubscriptions)
      .where(eq(schema.pushSubscriptions.queueEntryId, visitRow.id));
    expect(subscriptions).toEqual([]);
    const left = await db()
      .select({ channel: schema.guestMessageAttempts.channel })
      .from(schema.guestMessageAttempts)
      .where(eq(schema.guestMessageAttempts.messageId, message.id));
    expect(left).toEqual([{ channel: 'telegram' }]);
  });

  it('exports nothing for a phone it does not hold', async () => {
    const here = await restaurant('Выгрузка, пусто');
    const res = await exportOf(here.id, freshPhone());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ queue_entries: [], bookings: [] });
  });

  it("refuses a wrong or missing phone with the spec's messages", async () => {
    const here = await restaurant('Телефоны');
    for (const send of [(p: string) => exportOf(here.id, p), (p: string) => erase(here.id, p)]) {
      const wrong = await send('12345');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ phone: ['Некорректный номер мобильного телефона'] });
      const landline = await send('+7 495 123-45-67');
      expect(landline.json()).toEqual({ phone: ['Некорректный номер мобильного телефона'] });
      const empty = await send('');
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ phone: ['Укажите номер телефона'] });
    }
    const none = await call('POST', `/api/restaurant/${here.id}/guests/erase/`, who.adminA, {});
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json())).toEqual(['phone']);
    expect(await auditOf(here.id, 'guest.erase')).toEqual([]);
  });

  it("is for the restaurant's admins: a hostess 403, another restaurant 404, no sign-in 401", async () => {
    const here = await restaurant('Доступ');
    const phone = freshPhone();
    expect((await exportOf(here.id, phone, who.hostessA)).statusCode).toBe(403);
    expect((await erase(here.id, phone, who.hostessA)).statusCode).toBe(403);
    expect((await exportOf(here.id, phone, who.hostessB)).statusCode).toBe(404);
    expect((await erase(here.id, phone, who.hostessB)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/restaurant/${here.id}/guests/erase/`, undefined, { phone })).statusCode,
    ).toBe(401);
    expect((await erase(here.id, phone, who.superuser)).statusCode).toBe(200);
  });

  it('refuses to erase a guest who still waits or has a booking ahead, and changes nothing', async () => {
    const here = await restaurant('Активный гость');
    const phone = freshPhone();
    const entry = await visit(here.id, phone);
    const waiting = await erase(here.id, phone);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toMatchObject({
      code: 'guest_active',
      active_queue_entries: 1,
      upcoming_bookings: 0,
      detail:
        'Гость сейчас в очереди или у него есть предстоящая бронь. Завершите или отмените их, затем сотрите данные',
    });
    expect((await entryRow(db(), entry.id)).name).toBe('Анна Петровна');

    expect((await call('DELETE', `/api/reservation/${entry.id}/`, who.hostessA)).statusCode).toBe(204);
    const ahead = await insertBooking(db(), {
      restaurantId: here.id,
      status: 'application',
      seatingTime: new Date(Date.now() + 3 * DAY),
      phone,
    });
    const booked = await erase(here.id, phone);
    expect(booked.statusCode).toBe(409);
    expect(booked.json()).toMatchObject({ active_queue_entries: 0, upcoming_bookings: 1 });
    expect(guestOf(await bookingRow(db(), ahead.id))).toEqual(guestOf(ahead));
    expect(await auditOf(here.id, 'guest.erase')).toEqual([]);
  });

  it('erases the guest everywhere here: rows, history, notifications; keeps the statistics and everyone else', async () => {
    const here = await restaurant('Стереть');
    const elsewhere = await restaurant('Стереть, другой');
    const phone = freshPhone();
    const entry = await visit(here.id, phone);
    expect((await call('DELETE', `/api/reservation/${entry.id}/`, who.hostessA)).statusCode).toBe(204);
    const oldVisit = await insertEntry(db(), {
      restaurantId: here.id,
      status: 'closed',
      createdAt: new Date(Date.now() - 40 * DAY),
      phone,
    });
    // A booking asked for in Telegram, cancelled by the restaurant: the guest was told in their chat.
    const booking = await insertBooking(db(), {
      restaurantId: here.id,
      status: 'application',
      seatingTime: new Date(Date.now() + 2 * DAY),
      phone,
    });
    const commented = await call('PATCH', `/api/booking/${booking.id}/`, who.hostessA, {
      comment: 'без лука',
    });
    expect(commented.statusCode, commented.body).toBe(200);
    const cancelled = await call('PATCH', `/api/booking/${booking.id}/`, who.hostessA, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const news = await db()
      .select()
      .from(schema.outbox)
      .where(
        and(eq(schema.outbox.restaurantId, here.id), inArray(schema.outbox.entityId, [entry.id, booking.id])),
      );
    const guestMessage = news.find((row) => row.type === 'guest');
    const staffNews = news.find((row) => row.type === 'queue');
    if (!guestMessage || !staffNews) throw new Error('the changes told nobody');
    // A second message to the guest, written just now and not sent yet.
    const { id: _sent, ...again } = guestMessage;
    const [laterGuestMessage] = await db()
      .insert(schema.outbox)
      .values({ ...again, createdAt: new Date() })
      .returning();
    if (!laterGuestMessage) throw new Error('no second message');
    expect(guestMessage.payload).toMatchObject({ phone, chat_id: booking.telegramChatId });
    const [guestDelivery, unsentToGuest, staffDelivery] = await db()
      .insert(schema.notificationDeliveries)
      .values([
        {
          outboxId: guestMessage.id,
          restaurantId: here.id,
          chatId: booking.telegramChatId ?? 1,
          deliveredAt: new Date(),
        },
        // Not sent yet (and not due, so that no dispatcher sends it meanwhile): it is not sent after.
        {
          outboxId: laterGuestMessage.id,
          restaurantId: here.id,
          chatId: booking.telegramChatId ?? 1,
          nextAttemptAt: new Date(Date.now() + DAY),
        },
        {
          outboxId: staffNews.id,
          restaurantId: here.id,
          chatId: 42,
          userId: who.adminA.id,
          deliveredAt: new Date(),
        },
      ])
      .returning();
    const someoneElse = await visit(here.id, freshPhone(), 'Борис');
    const sameElsewhere = await visit(elsewhere.id, phone, 'Анна');
    const entries = [entry.id, oldVisit.id];
    const statsBefore = {
      entries: await entryStatistics(db(), entries),
      bookings: await bookingStatistics(db(), [booking.id]),
    };

    // A tablet's kept answer naming the guest (a replayed walk-in), and one naming someone else.
    const keptAnswer = (key: string, guestPhone: string) => ({
      userId: who.hostessA.id,
      key,
      method: 'POST',
      url: '/api/reservation/',
      statusCode: 201,
      body: { payload: JSON.stringify({ name: 'Анна', phone: guestPhone }), contentType: 'application/json' },
    });
    await db()
      .insert(schema.requestReplays)
      .values([keptAnswer('erase-kept-guest', phone), keptAnswer('erase-kept-other', freshPhone())]);

    const res = await erase(here.id, `+${phone.slice(1)}`);
    expect(res.statusCode, res.body).toBe(200);
    const keptKeys = (await db().select({ key: schema.requestReplays.key }).from(schema.requestReplays)).map(
      (r) => r.key,
    );
    expect(keptKeys).not.toContain('erase-kept-guest');
    expect(keptKeys).toContain('erase-kept-other');
    expect(GuestErasure.parse(res.json())).toEqual({ phone, queue_entries: 2, bookings: 1 });

    for (const id of entries) {
      const row = await entryRow(db(), id);
      expect(guestOf(row)).toEqual(BLANK);
      expect(row.guestDeviceHash).toBeNull();
    }
    expect(guestOf(await bookingRow(db(), booking.id))).toEqual(BLANK);
    expect((await bookingRow(db(), booking.id)).guestDeviceHash).toBeNull();
    expect(await entryStatistics(db(), entries)).toEqual(statsBefore.entries);
    expect(await bookingStatistics(db(), [booking.id])).toEqual(statsBefore.bookings);

    const history = await db()
      .select()
      .from(schema.queueHistory)
      .where(eq(schema.queueHistory.entryId, entry.id));
    expect(history.map((h) => h.changes)).toEqual([{}, { name: '' }, {}]);
    const bookingChanges = await db()
      .select()
      .from(schema.bookingHistory)
      .where(eq(schema.bookingHistory.bookingId, booking.id));
    expect(bookingChanges.map((h) => h.changes)).toContainEqual({ comment: '' });
    expect(JSON.stringify(bookingChanges)).not.toContain('без лука');

    const after = await db()
      .select()
      .from(schema.outbox)
      .where(
        inArray(
          schema.outbox.id,
          news.map((row) => row.id),
        ),
      );
    for (const row of after) {
      expect(row.payload.name ?? '', `${row.type} ${row.status}`).toBe('');
      expect(row.payload.phone ?? '').toBe('');
      expect(row.payload).not.toHaveProperty('chat_id');
    }
    const deliveries = await db()
      .select({ id: schema.notificationDeliveries.id })
      .from(schema.notificationDeliveries)
      .where(eq(schema.notificationDeliveries.restaurantId, here.id));
    expect(deliveries.map((d) => d.id)).toEqual([staffDelivery?.id]);
    expect(guestDelivery).toBeDefined();
    expect(unsentToGuest).toBeDefined();

    // Nobody else lost a thing: another guest here, the same phone in another restaurant.
    expect((await entryRow(db(), someoneElse.id)).name).toBe('Борис Петровна');
    expect((await entryRow(db(), sameElsewhere.id)).phone).toBe(phone);

    const [logged] = await auditOf(here.id, 'guest.erase');
    expect(logged?.details).toEqual({ fields: ['phone'], queue_entries: 2, bookings: 1 });
    expect(JSON.stringify(logged)).not.toContain(phone.slice(2));

    // Nothing is held any more; erasing again finds nothing.
    const exported = GuestExport.parse((await exportOf(here.id, phone)).json());
    expect(exported.queue_entries).toEqual([]);
    expect(exported.bookings).toEqual([]);
    expect((await erase(here.id, phone)).json()).toEqual({ phone, queue_entries: 0, bookings: 0 });
  });
});
