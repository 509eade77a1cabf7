import { type Database, schema } from '@stolik/db';
import { VISITED_BOOKING_STATUSES, VISITED_QUEUE_STATUSES } from '@stolik/domain';
import { and, count, inArray, ne, sql } from 'drizzle-orm';

const { bookings, queueEntries } = schema;

/** What the count needs of each booking or queue entry whose guest it counts for. */
export interface VisitSubject {
  id: number;
  restaurantId: number;
  phone: string;
}

/**
 * Earlier visits of the guests of bookings or queue entries (the rule is `earlierVisits` in
 * packages/domain): sat-down bookings and queue entries of the same phone at the same restaurant,
 * begun before the subject row (a booking begins at its seating time, a queue entry when the guest
 * joined; no phone, no visits). One grouped count for a whole page. The visits it joins are only
 * those of the page's own phones, read on the (restaurant_id, phone) indexes: no request reads the
 * restaurant's history in proportion to its size (joined by the pair alone, the planner may hash
 * every past visit), and small tables are still joined once, not scanned once per row.
 */
export function createVisitsRepository(db: Database) {
  async function countFor(
    subject: typeof bookings | typeof queueEntries,
    rows: readonly VisitSubject[],
  ): Promise<Map<number, number>> {
    const guests = rows.filter((row) => row.phone !== '');
    if (guests.length === 0) return new Map();
    const restaurantIds = [...new Set(guests.map((row) => row.restaurantId))];
    const phones = [...new Set(guests.map((row) => row.phone))];
    const begins = subject === bookings ? bookings.seatingTime : queueEntries.createdAt;
    const visits = db
      .select({
        restaurantId: sql`${bookings.restaurantId}`.as('restaurant_id'),
        phone: sql`${bookings.phone}`.as('phone'),
        begins: sql`${bookings.seatingTime}`.as('begins'),
      })
      .from(bookings)
      .where(
        and(
          inArray(bookings.restaurantId, restaurantIds),
          inArray(bookings.phone, phones),
          inArray(bookings.status, [...VISITED_BOOKING_STATUSES]),
        ),
      )
      .unionAll(
        db
          .select({
            restaurantId: sql`${queueEntries.restaurantId}`.as('restaurant_id'),
            phone: sql`${queueEntries.phone}`.as('phone'),
            begins: sql`${queueEntries.createdAt}`.as('begins'),
          })
          .from(queueEntries)
          .where(
            and(
              inArray(queueEntries.restaurantId, restaurantIds),
              inArray(queueEntries.phone, phones),
              inArray(queueEntries.status, [...VISITED_QUEUE_STATUSES]),
            ),
          ),
      )
      .as('visit');
    const counted = await db
      .select({ id: subject.id, n: count() })
      .from(subject)
      .innerJoin(
        visits,
        // Qualified by hand: drizzle names a subquery's computed columns without their alias.
        sql`visit.restaurant_id = ${subject.restaurantId} and visit.phone = ${subject.phone} and visit.begins < ${begins}`,
      )
      .where(
        and(
          inArray(
            subject.id,
            guests.map((row) => row.id),
          ),
          ne(subject.phone, ''),
        ),
      )
      .groupBy(subject.id);
    return new Map(counted.map((row) => [row.id, row.n]));
  }

  return {
    ofBookings: (rows: readonly VisitSubject[]) => countFor(bookings, rows),
    ofQueueEntries: (rows: readonly VisitSubject[]) => countFor(queueEntries, rows),
  };
}
export type VisitsRepository = ReturnType<typeof createVisitsRepository>;
