import { type Database, schema, type Tx } from '@stolik/db';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  holdsGuestValues,
  outboxOfBookings,
  outboxOfEntries,
  scrubbedGuestValues,
  scrubbedPayload,
} from './guest-scrub.repository';

const {
  restaurants,
  queueEntries,
  queueHistory,
  bookings,
  bookingHistory,
  outbox,
  notificationDeliveries,
  requestReplays,
  users,
  pushSubscriptions,
  guestMessages,
  guestMessageAttempts,
} = schema;

/** Where one guest's rows in a restaurant are found by phone, read for export and blanked on erasure. */
export function createGuestDataRepository(db: Database) {
  return {
    /** The restaurant's retention period in days; undefined when there is no such restaurant. */
    retentionDaysOf: async (restaurantId: number): Promise<number | undefined> =>
      (
        await db
          .select({ days: restaurants.guestRetentionDays })
          .from(restaurants)
          .where(eq(restaurants.id, restaurantId))
      )[0]?.days,

    /** Every queue entry and booking of the phone, oldest first, each with its history (a booking's with who changed it). */
    async recordsOf(restaurantId: number, phone: string) {
      const entries = await db
        .select()
        .from(queueEntries)
        .where(and(eq(queueEntries.restaurantId, restaurantId), eq(queueEntries.phone, phone)))
        .orderBy(asc(queueEntries.createdAt), asc(queueEntries.id));
      const entryHistory = entries.length
        ? await db
            .select()
            .from(queueHistory)
            .where(
              inArray(
                queueHistory.entryId,
                entries.map((e) => e.id),
              ),
            )
            .orderBy(asc(queueHistory.at), asc(queueHistory.id))
        : [];
      const booked = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.restaurantId, restaurantId), eq(bookings.phone, phone)))
        .orderBy(asc(bookings.seatingTime), asc(bookings.id));
      const bookedHistory = booked.length
        ? await db
            .select({ h: bookingHistory, first: users.firstName, last: users.lastName })
            .from(bookingHistory)
            .leftJoin(users, eq(users.id, bookingHistory.changedBy))
            .where(
              inArray(
                bookingHistory.bookingId,
                booked.map((b) => b.id),
              ),
            )
            .orderBy(asc(bookingHistory.at), asc(bookingHistory.id))
        : [];
      return { entries, entryHistory, booked, bookedHistory };
    },

    /** The browsers the guest turned notifications on in, for these entries and bookings. */
    pushSubscriptionsOf: (entryIds: number[], bookingIds: number[]) =>
      entryIds.length + bookingIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              queueEntryId: pushSubscriptions.queueEntryId,
              bookingId: pushSubscriptions.bookingId,
              endpoint: pushSubscriptions.endpoint,
              createdAt: pushSubscriptions.createdAt,
            })
            .from(pushSubscriptions)
            .where(
              or(
                inArray(pushSubscriptions.queueEntryId, entryIds.length ? entryIds : [-1]),
                inArray(pushSubscriptions.bookingId, bookingIds.length ? bookingIds : [-1]),
              ),
            )
            .orderBy(asc(pushSubscriptions.id)),

    /** The guest's queue entries and bookings, locked to the end of the transaction. */
    async lockGuestRows(tx: Tx, restaurantId: number, phone: string) {
      const ofGuest = <T extends typeof queueEntries | typeof bookings>(table: T) =>
        and(eq(table.restaurantId, restaurantId), eq(table.phone, phone));
      const entries = await tx
        .select({ id: queueEntries.id, status: queueEntries.status })
        .from(queueEntries)
        .where(ofGuest(queueEntries))
        .for('update');
      const booked = await tx
        .select({ id: bookings.id, status: bookings.status, endTime: bookings.endTime })
        .from(bookings)
        .where(ofGuest(bookings))
        .for('update');
      return { entries, booked };
    },

    /**
     * Blanks the guest's name, phone, comment, chat and device in these entries and bookings and in
     * their history, scrubs the notifications about them, deletes the guest's own messages, and
     * forgets kept staff answers that name the phone.
     */
    async erase(tx: Tx, restaurantId: number, phone: string, entryIds: number[], bookingIds: number[]) {
      const blank = { name: '', phone: '', comment: '', telegramChatId: null };
      if (entryIds.length > 0) {
        // The device key's hash goes too: it would tie this device to the guest's other visits.
        await tx
          .update(queueEntries)
          .set({ ...blank, guestDeviceHash: null })
          .where(inArray(queueEntries.id, entryIds));
        await tx
          .update(queueHistory)
          .set({ changes: scrubbedGuestValues(sql`changes`) })
          .where(and(inArray(queueHistory.entryId, entryIds), holdsGuestValues(sql`changes`)));
      }
      if (bookingIds.length > 0) {
        await tx
          .update(bookings)
          .set({ ...blank, guestDeviceHash: null })
          .where(inArray(bookings.id, bookingIds));
        await tx
          .update(bookingHistory)
          .set({ changes: scrubbedGuestValues(sql`changes`) })
          .where(and(inArray(bookingHistory.bookingId, bookingIds), holdsGuestValues(sql`changes`)));
      }
      const told = [
        ...(entryIds.length ? [outboxOfEntries(entryIds)] : []),
        ...(bookingIds.length ? [outboxOfBookings(bookingIds)] : []),
      ];
      if (told.length > 0) {
        const mine = and(eq(outbox.restaurantId, restaurantId), or(...told));
        await tx.update(outbox).set({ payload: scrubbedPayload }).where(mine);
        // The guest's own messages, sent, failed or still waiting: their chat goes with them, and
        // a guest who asked to be forgotten is not written to afterwards. (A message a dispatcher
        // is sending at this very moment may still arrive; its row goes all the same.)
        await tx
          .delete(notificationDeliveries)
          .where(
            and(
              sql`${notificationDeliveries.userId} is null`,
              inArray(notificationDeliveries.outboxId, tx.select({ id: outbox.id }).from(outbox).where(mine)),
            ),
          );
      }
      // Where the guest could be reached by push, and the SMS records (the provider's copy names
      // the phone): gone. What was sent when, and on which other channel, stays for the statistics.
      if (entryIds.length + bookingIds.length > 0) {
        const theirs = or(
          inArray(pushSubscriptions.queueEntryId, entryIds.length ? entryIds : [-1]),
          inArray(pushSubscriptions.bookingId, bookingIds.length ? bookingIds : [-1]),
        );
        await tx.delete(pushSubscriptions).where(theirs);
        await tx.delete(guestMessageAttempts).where(
          and(
            eq(guestMessageAttempts.channel, 'sms'),
            inArray(
              guestMessageAttempts.messageId,
              tx
                .select({ id: guestMessages.id })
                .from(guestMessages)
                .where(
                  or(
                    inArray(guestMessages.queueEntryId, entryIds.length ? entryIds : [-1]),
                    inArray(guestMessages.bookingId, bookingIds.length ? bookingIds : [-1]),
                  ),
                ),
            ),
          ),
        );
      }
      // Kept answers to staff requests (a tablet's replayed walk-in, kept for a day) that name
      // the guest: forgotten too. A request sent again after this runs anew.
      if (entryIds.length + bookingIds.length > 0) {
        await tx.delete(requestReplays).where(sql`strpos(${requestReplays.body}->>'payload', ${phone}) > 0`);
      }
    },
  };
}
