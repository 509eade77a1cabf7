import type { Tx } from '@stolik/db';
import { sql } from 'drizzle-orm';

/** The advisory lock key of "who takes a table now" (the second key is the restaurant). */
const SEATING_LOCK = 7_311_044;

/**
 * One lock per restaurant, held to the end of the transaction, around every "is this table free
 * now?" check and the write that takes the table: a walk-in seated from the queue and a booking
 * placed or moved onto a table. Bookings never overlap each other by the exclusion constraint on
 * booking_tables; a seated walk-in lives in queue_entries, which no constraint can compare with a
 * range, so both sides check the other under this lock, and of two at the same instant the
 * second one sees the first one's row (each statement reads what has been committed).
 */
export async function lockSeating(tx: Tx, restaurantId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEATING_LOCK}::int, ${restaurantId}::int)`);
}
