import type { GuestErasure, GuestExport } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import { ACTIVE_QUEUE_STATUSES, type BookingStatus } from '@stolik/domain';
import { announceChange } from '../../shared/changes/changes.repository';
import { HttpError, notFound } from '../../shared/http-errors';
import { phoneOrThrow } from '../../shared/phone-input';
import { createReachReads } from '../guest-messages/reach.repository';
import { createGuestDataRepository } from './guest-data.repository';

/** A booking in one of these, not yet over, is a guest the restaurant still expects (or seats now). */
const EXPECTED_BOOKING: BookingStatus[] = ['new', 'application', 'waiting', 'open', 'waiting_list'];

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * One guest's data in one restaurant, found by phone (the only thing that ties a guest's visits
 * together): everything held, for the guest's request to see it, and erasing it on their request.
 */
export function createGuestDataService(db: Database, now: () => Date = () => new Date()) {
  const repository = createGuestDataRepository(db);
  const reach = createReachReads(db);

  async function retentionOf(restaurantId: number): Promise<number> {
    const days = await repository.retentionDaysOf(restaurantId);
    if (days === undefined) throw notFound();
    return days;
  }

  return {
    /** GET /api/restaurant/{id}/guests/export/: every queue entry and booking of the phone, with history. */
    async export(restaurantId: number, phoneInput: string): Promise<GuestExport> {
      const retention = await retentionOf(restaurantId);
      const phone = phoneOrThrow(phoneInput, true);
      const { entries, entryHistory, booked, bookedHistory } = await repository.recordsOf(
        restaurantId,
        phone,
      );
      const pushes = await repository.pushSubscriptionsOf(
        entries.map((e) => e.id),
        booked.map((b) => b.id),
      );
      const pushesOf = (subject: 'queueEntryId' | 'bookingId', id: number) =>
        pushes
          .filter((p) => p[subject] === id)
          .map((p) => ({ service: new URL(p.endpoint).host, created: p.createdAt.toISOString() }));
      const entryMessages = await Promise.all(entries.map((e) => reach.log('queue', e.id, restaurantId)));
      const bookingMessages = await Promise.all(booked.map((b) => reach.log('booking', b.id, restaurantId)));
      return {
        restaurant: restaurantId,
        phone,
        exported_at: now().toISOString(),
        retention_days: retention,
        queue_entries: entries.map((e, i) => ({
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
          push_subscriptions: pushesOf('queueEntryId', e.id),
          messages: entryMessages[i] ?? [],
        })),
        bookings: booked.map((b, i) => ({
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
          push_subscriptions: pushesOf('bookingId', b.id),
          messages: bookingMessages[i] ?? [],
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
      return db.transaction(async (tx) => {
        // The rows are locked first, so that nothing becomes active between the check and the erase.
        const { entries, booked } = await repository.lockGuestRows(tx, restaurantId, phone);
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
        await repository.erase(tx, restaurantId, phone, entryIds, bookingIds);
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
