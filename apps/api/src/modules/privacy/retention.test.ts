import { schema } from '@stolik/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities } from '../../test/identities';
import {
  BLANK,
  bookingRow,
  bookingStatistics,
  entryRow,
  entryStatistics,
  guestOf,
  insertBooking,
  insertEntry,
  insertRestaurant,
} from '../../test/privacy-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startGuestRetention } from './retention';
import { anonymiseExpiredGuests } from './retention.repository';

/** The moment the job runs in these tests; every row is placed relative to it. */
const NOW = new Date('2026-06-01T12:00:00Z');
const daysAgo = (days: number, hours = 0) => new Date(NOW.getTime() - days * 86_400_000 - hours * 3_600_000);
const daysAhead = (days: number) => new Date(NOW.getTime() + days * 86_400_000);

describe('guest data retention', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  describe('the retention period setting', () => {
    const patch = (body: object, as = who.adminA, id = who.restaurantA) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/restaurant/${id}/`,
        headers: who.bearer(as),
        payload: body,
      });

    it('is a year by default, and the admins change it within 30..3650 days', async () => {
      const before = await t.app.inject({
        method: 'GET',
        url: `/api/restaurant/${who.restaurantA}/`,
        headers: who.bearer(who.hostessA),
      });
      expect(before.json().guest_retention_days).toBe(365);
      const saved = await patch({ guest_retention_days: 90 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().guest_retention_days).toBe(90);
      const [row] = await db()
        .select({ days: schema.restaurants.guestRetentionDays })
        .from(schema.restaurants)
        .where(eq(schema.restaurants.id, who.restaurantA));
      expect(row?.days).toBe(90);
      // Other settings sent alone leave it as it is.
      expect((await patch({ name: 'Демо' })).json().guest_retention_days).toBe(90);
      expect((await patch({ guest_retention_days: 30 })).json().guest_retention_days).toBe(30);
      expect((await patch({ guest_retention_days: 3650 })).json().guest_retention_days).toBe(3650);
    });

    it('refuses a period out of range or not whole, in Russian', async () => {
      const short = await patch({ guest_retention_days: 29 });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toEqual({ guest_retention_days: ['Значение должно быть не меньше 30'] });
      const long = await patch({ guest_retention_days: 3651 });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ guest_retention_days: ['Значение должно быть не больше 3650'] });
      const fraction = await patch({ guest_retention_days: 90.5 });
      expect(fraction.statusCode).toBe(400);
      expect(Object.keys(fraction.json())).toEqual(['guest_retention_days']);
      const text = await patch({ guest_retention_days: 'год' });
      expect(text.statusCode).toBe(400);
    });

    it('is for the restaurant admins: a hostess 403, another restaurant 404', async () => {
      expect((await patch({ guest_retention_days: 60 }, who.hostessA)).statusCode).toBe(403);
      expect((await patch({ guest_retention_days: 60 }, who.hostessB)).statusCode).toBe(404);
    });
  });

  describe('the job', () => {
    it('blanks the guests of finished visits and bookings past the period, and nothing else', async () => {
      const r = await insertRestaurant(db(), 'Год хранения', 365);
      const restaurantId = r.id;
      // Finished long ago: blanked.
      const closed = await insertEntry(db(), {
        restaurantId,
        status: 'closed',
        createdAt: daysAgo(450),
        seatedAt: daysAgo(450),
        finishedAt: daysAgo(450),
      });
      const cancelled = await insertEntry(db(), {
        restaurantId,
        status: 'cancelled',
        createdAt: daysAgo(400),
      });
      const seatedNeverClosed = await insertEntry(db(), {
        restaurantId,
        status: 'sat',
        createdAt: daysAgo(380),
        seatedAt: daysAgo(380),
      });
      const justPast = await insertEntry(db(), {
        restaurantId,
        status: 'closed',
        createdAt: daysAgo(365, 3),
        finishedAt: daysAgo(365, 1),
      });
      // Kept: still waiting however old, finished within the period, or edited within it.
      const stillWaiting = await insertEntry(db(), { restaurantId, status: 'live', createdAt: daysAgo(500) });
      const inReserve = await insertEntry(db(), { restaurantId, status: 'reserve', createdAt: daysAgo(500) });
      const calledLongAgo = await insertEntry(db(), {
        restaurantId,
        status: 'called',
        createdAt: daysAgo(500),
        invitedAt: daysAgo(500),
      });
      const recent = await insertEntry(db(), {
        restaurantId,
        status: 'closed',
        createdAt: daysAgo(31),
        finishedAt: daysAgo(31),
      });
      const justWithin = await insertEntry(db(), {
        restaurantId,
        status: 'closed',
        createdAt: daysAgo(365, -3),
        finishedAt: daysAgo(364, 23),
      });
      const editedLately = await insertEntry(db(), {
        restaurantId,
        status: 'cancelled',
        createdAt: daysAgo(400),
        updatedAt: daysAgo(10),
      });

      const oldBooking = await insertBooking(db(), {
        restaurantId,
        status: 'closed',
        seatingTime: daysAgo(420),
      });
      const noShow = await insertBooking(db(), {
        restaurantId,
        status: 'application',
        seatingTime: daysAgo(390),
      });
      const declined = await insertBooking(db(), {
        restaurantId,
        status: 'declined',
        seatingTime: daysAgo(370),
      });
      const future = await insertBooking(db(), {
        restaurantId,
        status: 'application',
        seatingTime: daysAhead(9),
        createdAt: daysAgo(400),
        updatedAt: daysAgo(400),
      });
      const lastMonth = await insertBooking(db(), {
        restaurantId,
        status: 'closed',
        seatingTime: daysAgo(40),
      });
      const cancelledLately = await insertBooking(db(), {
        restaurantId,
        status: 'cancelled',
        seatingTime: daysAgo(380),
        updatedAt: daysAgo(2),
      });

      const blanked = [closed, cancelled, seatedNeverClosed, justPast];
      const kept = [stillWaiting, inReserve, calledLongAgo, recent, justWithin, editedLately];
      const blankedBookings = [oldBooking, noShow, declined];
      const keptBookings = [future, lastMonth, cancelledLately];
      const entryIds = [...blanked, ...kept].map((e) => e.id);
      const bookingIds = [...blankedBookings, ...keptBookings].map((b) => b.id);
      const entriesBefore = await entryStatistics(db(), entryIds);
      const bookingsBefore = await bookingStatistics(db(), bookingIds);

      const outcome = await anonymiseExpiredGuests(db(), NOW);
      expect(outcome.queueEntries).toBe(blanked.length);
      expect(outcome.bookings).toBe(blankedBookings.length);

      for (const entry of blanked) {
        const row = await entryRow(db(), entry.id);
        expect(guestOf(row), entry.status).toEqual(BLANK);
        expect(row.guestDeviceHash, entry.status).toBeNull();
      }
      for (const entry of kept) expect(guestOf(await entryRow(db(), entry.id))).toEqual(guestOf(entry));
      for (const booking of blankedBookings) {
        const row = await bookingRow(db(), booking.id);
        expect(guestOf(row)).toEqual(BLANK);
        expect(row.guestDeviceHash).toBeNull();
      }
      for (const booking of keptBookings)
        expect(guestOf(await bookingRow(db(), booking.id))).toEqual(guestOf(booking));

      // The statistics read the same: counts, statuses, sizes, numbers and every time.
      expect(await entryStatistics(db(), entryIds)).toEqual(entriesBefore);
      expect(await bookingStatistics(db(), bookingIds)).toEqual(bookingsBefore);

      // Done once: a second run finds nothing.
      expect(Object.values(await anonymiseExpiredGuests(db(), NOW)).every((n) => n === 0)).toBe(true);
    });

    it("follows each restaurant's own period", async () => {
      const month = await insertRestaurant(db(), 'Месяц хранения', 30);
      const year = await insertRestaurant(db(), 'Год хранения, второй', 365);
      const here = await insertEntry(db(), {
        restaurantId: month.id,
        status: 'closed',
        createdAt: daysAgo(45),
      });
      const there = await insertEntry(db(), {
        restaurantId: year.id,
        status: 'closed',
        createdAt: daysAgo(45),
      });
      const fresh = await insertEntry(db(), {
        restaurantId: month.id,
        status: 'closed',
        createdAt: daysAgo(20),
      });
      await anonymiseExpiredGuests(db(), NOW);
      expect(guestOf(await entryRow(db(), here.id))).toEqual(BLANK);
      expect(guestOf(await entryRow(db(), there.id))).toEqual(guestOf(there));
      expect(guestOf(await entryRow(db(), fresh.id))).toEqual(guestOf(fresh));
    });

    it('scrubs the history of names, phones and comments, keeping what changed', async () => {
      const r = await insertRestaurant(db(), 'История', 30);
      const old = await insertEntry(db(), { restaurantId: r.id, status: 'closed', createdAt: daysAgo(60) });
      const young = await insertEntry(db(), { restaurantId: r.id, status: 'closed', createdAt: daysAgo(5) });
      const [oldChange, youngChange] = await db()
        .insert(schema.queueHistory)
        .values([
          {
            entryId: old.id,
            fromStatus: 'live',
            toStatus: 'live',
            changes: { name: 'Анна Петрова', phone: '+79161234567', comment: 'у окна', group_size: 5 },
            at: daysAgo(60),
          },
          {
            entryId: young.id,
            fromStatus: 'live',
            toStatus: 'live',
            changes: { name: 'Борис', group_size: 2 },
            at: daysAgo(5),
          },
        ])
        .returning();
      const booking = await insertBooking(db(), {
        restaurantId: r.id,
        status: 'closed',
        seatingTime: daysAgo(50),
      });
      const [bookingChange] = await db()
        .insert(schema.bookingHistory)
        .values({
          bookingId: booking.id,
          fromStatus: 'application',
          toStatus: 'application',
          changes: { phone: '+79167654321', deposit: true },
          at: daysAgo(51),
        })
        .returning();

      const outcome = await anonymiseExpiredGuests(db(), NOW);
      expect(outcome.queueHistory).toBe(1);
      expect(outcome.bookingHistory).toBe(1);
      const changesOf = async (id: number | undefined) =>
        (
          await db()
            .select()
            .from(schema.queueHistory)
            .where(eq(schema.queueHistory.id, id ?? 0))
        )[0]?.changes;
      expect(await changesOf(oldChange?.id)).toEqual({ name: '', phone: '', comment: '', group_size: 5 });
      expect(await changesOf(youngChange?.id)).toEqual({ name: 'Борис', group_size: 2 });
      const [scrubbed] = await db()
        .select()
        .from(schema.bookingHistory)
        .where(eq(schema.bookingHistory.id, bookingChange?.id ?? 0));
      expect(scrubbed?.changes).toEqual({ phone: '', deposit: true });
    });

    it('scrubs old notifications of names, phones and chats, and forgets old guest messages', async () => {
      const r = await insertRestaurant(db(), 'Уведомления', 30);
      const [staffNews, guestNews, recentNews] = await db()
        .insert(schema.outbox)
        .values([
          {
            restaurantId: r.id,
            type: 'queue',
            status: 'live',
            entityId: 1,
            payload: { number: 7, group_size: 2, name: 'Анна' },
            createdAt: daysAgo(40),
            deliveredAt: daysAgo(40),
          },
          {
            restaurantId: r.id,
            type: 'guest',
            status: 'called',
            entityId: 1,
            payload: { channel: 'telegram', chat_id: 555, phone: '+79161112233', number: 7 },
            createdAt: daysAgo(40),
            deliveredAt: daysAgo(40),
          },
          {
            restaurantId: r.id,
            type: 'queue',
            status: 'live',
            entityId: 2,
            payload: { number: 8, group_size: 3, name: 'Борис' },
            createdAt: daysAgo(3),
          },
        ])
        .returning();
      if (!staffNews || !guestNews || !recentNews) throw new Error('no outbox');
      const delivery = (
        outboxId: number,
        chatId: number,
        userId: number | null,
        age: number,
        done: boolean,
      ) => ({
        outboxId,
        restaurantId: r.id,
        chatId,
        userId,
        createdAt: daysAgo(age),
        ...(done ? { deliveredAt: daysAgo(age) } : {}),
      });
      const [guestSent, staffSent, guestPending, guestRecent] = await db()
        .insert(schema.notificationDeliveries)
        .values([
          delivery(guestNews.id, 555, null, 40, true),
          delivery(staffNews.id, 42, who.adminA.id, 40, true),
          delivery(staffNews.id, 556, null, 40, false),
          delivery(recentNews.id, 557, null, 3, true),
        ])
        .returning();

      const outcome = await anonymiseExpiredGuests(db(), NOW);
      expect(outcome.outbox).toBe(2);
      expect(outcome.deliveries).toBe(1);
      const payloads = new Map(
        (
          await db()
            .select()
            .from(schema.outbox)
            .where(inArray(schema.outbox.id, [staffNews.id, guestNews.id, recentNews.id]))
        ).map((row) => [row.id, row.payload]),
      );
      expect(payloads.get(staffNews.id)).toEqual({ number: 7, group_size: 2, name: '' });
      expect(payloads.get(guestNews.id)).toEqual({ channel: 'telegram', phone: '', number: 7 });
      expect(payloads.get(recentNews.id)).toEqual({ number: 8, group_size: 3, name: 'Борис' });
      const left = (
        await db()
          .select({ id: schema.notificationDeliveries.id })
          .from(schema.notificationDeliveries)
          .where(eq(schema.notificationDeliveries.restaurantId, r.id))
      ).map((row) => row.id);
      expect(left.sort()).toEqual([staffSent?.id, guestPending?.id, guestRecent?.id].sort());
      expect(left).not.toContain(guestSent?.id);
    });

    it("forgets old guests' push subscriptions and SMS records; keeps the young and the other channels", async () => {
      const r = await insertRestaurant(db(), 'Каналы', 30);
      const old = await insertEntry(db(), {
        restaurantId: r.id,
        status: 'sat',
        createdAt: daysAgo(40),
        seatedAt: daysAgo(40),
      });
      const young = await insertEntry(db(), { restaurantId: r.id, status: 'sat', createdAt: daysAgo(3) });
      const subscription = (entryId: number) => ({
        restaurantId: r.id,
        queueEntryId: entryId,
        endpoint: `https://fcm.googleapis.com/fcm/send/${entryId}`,
        p256dh: 'k',
        auth: 'a',
      });
      await db()
        .insert(schema.pushSubscriptions)
        .values([subscription(old.id), subscription(young.id)]);
      const message = async (entryId: number, age: number) => {
        const [m] = await db()
          .insert(schema.guestMessages)
          .values({
            restaurantId: r.id,
            queueEntryId: entryId,
            kind: 'called',
            ladder: ['sms', 'push'],
            createdAt: daysAgo(age),
          })
          .returning();
        if (!m) throw new Error('no message');
        await db()
          .insert(schema.guestMessageAttempts)
          .values([
            {
              messageId: m.id,
              restaurantId: r.id,
              channel: 'sms',
              status: 'delivered',
              providerRef: `sms-${entryId}`,
              createdAt: daysAgo(age),
            },
            { messageId: m.id, restaurantId: r.id, channel: 'push', status: 'sent', createdAt: daysAgo(age) },
          ]);
        return m;
      };
      const oldMessage = await message(old.id, 40);
      const youngMessage = await message(young.id, 3);

      const outcome = await anonymiseExpiredGuests(db(), NOW);
      expect(outcome).toMatchObject({ pushSubscriptions: 1, smsRecords: 1 });
      const subscribed = await db()
        .select({ entry: schema.pushSubscriptions.queueEntryId })
        .from(schema.pushSubscriptions)
        .where(eq(schema.pushSubscriptions.restaurantId, r.id));
      expect(subscribed).toEqual([{ entry: young.id }]);
      const attempts = await db()
        .select({
          message: schema.guestMessageAttempts.messageId,
          channel: schema.guestMessageAttempts.channel,
        })
        .from(schema.guestMessageAttempts)
        .where(eq(schema.guestMessageAttempts.restaurantId, r.id));
      expect(attempts.sort((a, b) => a.message - b.message || a.channel.localeCompare(b.channel))).toEqual([
        { message: oldMessage.id, channel: 'push' },
        { message: youngMessage.id, channel: 'push' },
        { message: youngMessage.id, channel: 'sms' },
      ]);
    });

    it('goes in short batches, and two processes at once change each row once', async () => {
      const r = await insertRestaurant(db(), 'Много гостей', 30);
      const rows = [];
      for (let i = 0; i < 23; i++)
        rows.push(
          await insertEntry(db(), { restaurantId: r.id, status: 'closed', createdAt: daysAgo(100 + i) }),
        );
      const [a, b] = await Promise.all([
        anonymiseExpiredGuests(db(), NOW, 4),
        anonymiseExpiredGuests(db(), NOW, 4),
      ]);
      expect((a?.queueEntries ?? 0) + (b?.queueEntries ?? 0)).toBe(23);
      for (const row of rows) expect(guestOf(await entryRow(db(), row.id))).toEqual(BLANK);
    });

    it('runs once at start and then on its schedule, and stops', async () => {
      const r = await insertRestaurant(db(), 'По расписанию', 30);
      const first = await insertEntry(db(), { restaurantId: r.id, status: 'closed', createdAt: daysAgo(60) });
      const job = startGuestRetention(db(), { everyMs: 100, now: () => NOW });
      await job.first;
      expect(guestOf(await entryRow(db(), first.id))).toEqual(BLANK);
      const later = await insertEntry(db(), {
        restaurantId: r.id,
        status: 'cancelled',
        createdAt: daysAgo(61),
      });
      const deadline = Date.now() + 5_000;
      while (guestOf(await entryRow(db(), later.id)).name !== '' && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await job.stop();
      expect(guestOf(await entryRow(db(), later.id))).toEqual(BLANK);
      const afterStop = await insertEntry(db(), {
        restaurantId: r.id,
        status: 'closed',
        createdAt: daysAgo(62),
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(guestOf(await entryRow(db(), afterStop.id))).toEqual(guestOf(afterStop));
    });
  });
});
