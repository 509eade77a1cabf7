import type { BookingStatus } from '../booking/booking-status';
import type { QueueStatus } from '../queue/queue-status';

/**
 * A guest's earlier visits (the returning-guest mark staff see on a booking and on a queue entry):
 * how many times the same phone sat down at the same restaurant before this booking or entry
 * began, by table booking or from the live queue. One rule for both screens, so one guest carries
 * one badge. The API counts it in SQL on the (restaurant, phone) indexes (`shared/visits.repository.ts`),
 * with these statuses and these moments; `earlierVisits` is the same rule over records in hand.
 */

/** A booking was a visit once its party sat down. */
export const VISITED_BOOKING_STATUSES: readonly BookingStatus[] = ['open', 'closed'];
/** A queue entry was a visit once the party sat down (and maybe has left). */
export const VISITED_QUEUE_STATUSES: readonly QueueStatus[] = ['sat', 'closed'];

/**
 * One booking or queue entry of a guest. It begins at its seating time (a booking) or when the
 * guest joined the queue (an entry).
 */
export type GuestRecord =
  | { kind: 'booking'; restaurantId: number; phone: string; status: BookingStatus; seatingTime: Date }
  | { kind: 'queue'; restaurantId: number; phone: string; status: QueueStatus; createdAt: Date };

export function beginsAt(record: GuestRecord): Date {
  return record.kind === 'booking' ? record.seatingTime : record.createdAt;
}

export function isVisit(record: GuestRecord): boolean {
  return record.kind === 'booking'
    ? VISITED_BOOKING_STATUSES.includes(record.status)
    : VISITED_QUEUE_STATUSES.includes(record.status);
}

/** The visits among `history` that count for `record`: same restaurant, same phone, sat down, begun before it. */
export function earlierVisits(record: GuestRecord, history: readonly GuestRecord[]): number {
  if (record.phone === '') return 0;
  const begins = beginsAt(record).getTime();
  return history.filter(
    (other) =>
      other.restaurantId === record.restaurantId &&
      other.phone === record.phone &&
      isVisit(other) &&
      beginsAt(other).getTime() < begins,
  ).length;
}
