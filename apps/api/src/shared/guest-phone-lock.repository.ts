import type { Tx } from '@stolik/db';
import { sql } from 'drizzle-orm';

/** The advisory lock key of "one guest request per phone and time" (the second key hashes the rest). */
const GUEST_PHONE_LOCK = 7_311_045;

/**
 * One lock per restaurant and phone, held to the end of the transaction, around a guest's "has
 * this phone asked for this time already?" check and the insert of the request. Without it 20
 * requests at once for one phone and time all passed the check before any was written (3 were
 * stored); with it the second waits for the first to commit and its check sees that row. A lock,
 * not a unique index: "this time" is an overlap of ranges, and no migration is wanted for it.
 * Taken before the seating lock (lockSeating), which nothing holds while waiting for this one.
 */
export async function lockGuestPhone(tx: Tx, restaurantId: number, phone: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${GUEST_PHONE_LOCK}::int, hashtext(${`${restaurantId}:${phone}`}))`,
  );
}
