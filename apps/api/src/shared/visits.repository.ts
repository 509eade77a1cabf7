import { type Database, schema } from '@stolik/db';
import { VISITED_BOOKING_STATUSES, VISITED_QUEUE_STATUSES } from '@stolik/domain';
import { and, count, eq, inArray, lt, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

const { bookings, queueEntries } = schema;
const visitedBooking = alias(bookings, 'visited_booking');
const visitedEntry = alias(queueEntries, 'visited_entry');

/**
 * Earlier visits of the guests of these bookings or queue entries (the rule is `earlierVisits` in
 * packages/domain): counted by the database on the (restaurant_id, phone) indexes, two grouped
 * counts for a whole page, so no request reads a guest's history in proportion to its size. A
 * booking begins at its seating time, a queue entry when the guest joined.
 */
export function createVisitsRepository(db: Database) {
  /** Earlier sat-down bookings and queue entries of each subject row's phone, for the ids given. */
  async function countFor(
    subject: typeof bookings | typeof queueEntries,
    ids: number[],
  ): Promise<Map<number, number>> {
    const visits = new Map<number, number>();
    if (ids.length === 0) return visits;
    const begins = subject === bookings ? bookings.seatingTime : queueEntries.createdAt;
    const sameGuest = (other: typeof visitedBooking | typeof visitedEntry) =>
      and(eq(other.restaurantId, subject.restaurantId), eq(other.phone, subject.phone));
    const ofSubjects = and(inArray(subject.id, ids), ne(subject.phone, ''));
    const [booked, queued] = await Promise.all([
      db
        .select({ id: subject.id, n: count() })
        .from(subject)
        .innerJoin(
          visitedBooking,
          and(
            sameGuest(visitedBooking),
            inArray(visitedBooking.status, [...VISITED_BOOKING_STATUSES]),
            lt(visitedBooking.seatingTime, begins),
          ),
        )
        .where(ofSubjects)
        .groupBy(subject.id),
      db
        .select({ id: subject.id, n: count() })
        .from(subject)
        .innerJoin(
          visitedEntry,
          and(
            sameGuest(visitedEntry),
            inArray(visitedEntry.status, [...VISITED_QUEUE_STATUSES]),
            lt(visitedEntry.createdAt, begins),
          ),
        )
        .where(ofSubjects)
        .groupBy(subject.id),
    ]);
    for (const row of [...booked, ...queued]) visits.set(row.id, (visits.get(row.id) ?? 0) + row.n);
    return visits;
  }

  return {
    ofBookings: (ids: number[]) => countFor(bookings, ids),
    ofQueueEntries: (ids: number[]) => countFor(queueEntries, ids),
  };
}
export type VisitsRepository = ReturnType<typeof createVisitsRepository>;
