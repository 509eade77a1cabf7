import { type Database, schema } from '@stolik/db';
import { VISITED_BOOKING_STATUSES, VISITED_QUEUE_STATUSES } from '@stolik/domain';
import { and, count, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

const { bookings, queueEntries } = schema;
const visitedBooking = alias(bookings, 'visited_booking');
const visitedEntry = alias(queueEntries, 'visited_entry');

type Subject = typeof bookings | typeof queueEntries;

/**
 * The earlier visits of the guest of the `subject` row a query is reading (a booking or a queue
 * entry; the rule is `earlierVisits` in packages/domain), as a column of that query: sat-down
 * bookings and queue entries of the same phone at the same restaurant begun before it, counted by
 * correlated subqueries on the (restaurant_id, phone) indexes. A page of rows costs what its guests'
 * own visits do, never the restaurant's history. A booking begins at its seating time, a queue
 * entry when the guest joined; no phone, no visits.
 */
export function earlierVisitsSql(db: Database, subject: Subject): SQL<number> {
  const begins = subject === bookings ? bookings.seatingTime : queueEntries.createdAt;
  const sameGuest = (other: typeof visitedBooking | typeof visitedEntry) =>
    and(eq(other.restaurantId, subject.restaurantId), eq(other.phone, subject.phone));
  const booked = db
    .select({ n: count() })
    .from(visitedBooking)
    .where(
      and(
        sameGuest(visitedBooking),
        inArray(visitedBooking.status, [...VISITED_BOOKING_STATUSES]),
        lt(visitedBooking.seatingTime, begins),
      ),
    );
  const queued = db
    .select({ n: count() })
    .from(visitedEntry)
    .where(
      and(
        sameGuest(visitedEntry),
        inArray(visitedEntry.status, [...VISITED_QUEUE_STATUSES]),
        lt(visitedEntry.createdAt, begins),
      ),
    );
  return sql<number>`(case when ${subject.phone} = '' then 0 else (${booked}) + (${queued}) end)::int`.mapWith(
    Number,
  );
}

/** Earlier visits of the guests of bookings or queue entries already read, by id, in one query. */
export function createVisitsRepository(db: Database) {
  async function countFor(subject: Subject, ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: subject.id, n: earlierVisitsSql(db, subject) })
      .from(subject)
      .where(inArray(subject.id, ids));
    return new Map(rows.map((row) => [row.id, row.n]));
  }

  return {
    ofBookings: (ids: number[]) => countFor(bookings, ids),
    ofQueueEntries: (ids: number[]) => countFor(queueEntries, ids),
  };
}
export type VisitsRepository = ReturnType<typeof createVisitsRepository>;
