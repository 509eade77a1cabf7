import type { GuestErasure, GuestExport } from '@stolik/contracts';
import { type Database, schema } from '@stolik/db';
import { ACTIVE_QUEUE_STATUSES, type BookingStatus } from '@stolik/domain';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { HttpError, notFound } from '../../shared/http-errors';
import { phoneOrThrow } from '../../shared/phone-input';
import { announceChange } from '../events/changes.repository';
import {
  holdsGuestValues,
  outboxOfBookings,
  outboxOfEntries,
  scrubbedGuestValues,
  scrubbedPayload,
} from './guest-scrub';

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
} = schema;

/** A booking in one of these, not yet over, is a guest the restaurant still expects (or seats now). */
const EXPECTED_BOOKING: BookingStatus[] = ['new', 'application', 'waiting', 'open', 'waiting_list'];

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * One guest's data in one restaurant, found by phone (the only thing that ties a guest's visits
 * together): everything held, for the guest's request to see it, and erasing it on their request.
 */
export function createGuestDataService(db: Database, now: () => Date = () => new Date()) {
  async function retentionOf(restaurantId: number): Promise<number> {
    const [row] = await db
      .select({ days: restaurants.guestRetentionDays })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    if (!row) throw notFound();
    return row.days;
  }

  return {
    /** GET /api/restaurant/{id}/guests/export/: every queue entry and booking of the phone, with history. */
    async export(restaurantId: number, phoneInput: string): Promise<GuestExport> {
      const retention = await retentionOf(restaurantId);
      const phone = phoneOrThrow(phoneInput, true);
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
      return {
        restaurant: restaurantId,
        phone,
        exported_at: now().toISOString(),
        retention_days: retention,
        queue_entries: entries.map((e) => ({
          id: e.id,
          number: e.number,
          service_date: e.serviceDate,
          group_size: e.groupSize,
          event: e.event,
          name: e.name,
          phone: e.phone,
          comment: e.comment,
          source: e.source,
          status: e.status,
          telegram_chat_id: e.telegramChatId,
          created: e.createdAt.toISOString(),
          invite_time: iso(e.invitedAt),
          seated_time: iso(e.seatedAt),
          finished_time: iso(e.finishedAt),
          history: entryHistory
            .filter((h) => h.entryId === e.id)
            .map((h) => ({
              from_status: h.fromStatus,
              to_status: h.toStatus,
              changed_by: h.changedBy,
              changes: h.changes,
              at: h.at.toISOString(),
            })),
        })),
        bookings: booked.map((b) => ({
          id: b.id,
          group_size: b.groupSize,
          seating_time: b.seatingTime.toISOString(),
          end_time: b.endTime.toISOString(),
          status: b.status,
          name: b.name,
          phone: b.phone,
          comment: b.comment,
          source: b.source,
          deposit: b.deposit,
          telegram_chat_id: b.telegramChatId,
          created: b.createdAt.toISOString(),
          history: bookedHistory
            .filter(({ h }) => h.bookingId === b.id)
            .map(({ h, first, last }) => ({
              from_status: h.fromStatus,
              to_status: h.toStatus,
              changed_by: h.changedBy,
              changed_by_name: [first, last].filter(Boolean).join(' '),
              changes: h.changes,
              at: h.at.toISOString(),
            })),
        })),
      };
    },

    /**
     * POST /api/restaurant/{id}/guests/erase/: blanks the guest's name, phone, comment and Telegram
     * chat in all their queue entries and bookings here, in their history and in the notifications
     * about them; statuses, sizes and times stay for the statistics. Refused (409) while the guest
     * waits in the queue or has a booking still ahead: staff finish or cancel that first, so that
     * nobody at the door is left without a name and no cancellation is sent on the guest's behalf.
     * Erasing a phone with nothing left answers zeros.
     */
    async erase(restaurantId: number, phoneInput: string): Promise<GuestErasure> {
      await retentionOf(restaurantId);
      const phone = phoneOrThrow(phoneInput, true);
      const ofGuest = <T extends typeof queueEntries | typeof bookings>(table: T) =>
        and(eq(table.restaurantId, restaurantId), eq(table.phone, phone));
      return db.transaction(async (tx) => {
        // The rows are locked first, so that nothing becomes active between the check and the erase.
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
        const waiting = entries.filter((e) => ACTIVE_QUEUE_STATUSES.includes(e.status)).length;
        const ahead = booked.filter(
          (b) => EXPECTED_BOOKING.includes(b.status) && b.endTime.getTime() > now().getTime(),
        ).length;
        if (waiting > 0 || ahead > 0) {
          throw new HttpError(409, 'privacy.api.guestActive', 'guest_active', {
            active_queue_entries: waiting,
            upcoming_bookings: ahead,
          });
        }
        const entryIds = entries.map((e) => e.id);
        const bookingIds = booked.map((b) => b.id);
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
                inArray(
                  notificationDeliveries.outboxId,
                  tx.select({ id: outbox.id }).from(outbox).where(mine),
                ),
              ),
            );
        }
        // Kept answers to staff requests (a tablet's replayed walk-in, kept for a day) that name
        // the guest: forgotten too. A request sent again after this runs anew.
        if (entryIds.length + bookingIds.length > 0) {
          await tx
            .delete(requestReplays)
            .where(sql`strpos(${requestReplays.body}->>'payload', ${phone}) > 0`);
        }
        // Open screens refetch: the guest's rows now show no name.
        if (entryIds.length > 0)
          await announceChange(tx, { kind: 'queue', restaurant: restaurantId, id: entryIds[0] ?? 0 });
        if (bookingIds.length > 0)
          await announceChange(tx, { kind: 'booking', restaurant: restaurantId, id: bookingIds[0] ?? 0 });
        return { phone, queue_entries: entryIds.length, bookings: bookingIds.length };
      });
    },
  };
}
export type GuestDataService = ReturnType<typeof createGuestDataService>;
