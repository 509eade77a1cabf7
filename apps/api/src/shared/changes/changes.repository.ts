import type { RestaurantChange } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import { sql } from 'drizzle-orm';
import { CHANGES_CHANNEL } from './channel';

type Executor = Pick<Database, 'execute'>;

/**
 * Announces a change from inside the transaction that makes it: PostgreSQL (and PGlite) deliver a
 * NOTIFY only when that transaction commits, so nobody hears of a change that was rolled back, and
 * every API process hears it, whichever one made it.
 */
export async function announceChange(tx: Executor, change: RestaurantChange): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(change)})`);
}

/** A mark a process sends itself on the changes channel, outside any transaction (`ChangeHub.caughtUp`). */
export async function sendCaughtUpMark(
  db: Executor,
  message: { kind: 'caught_up'; mark: string },
): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(message)})`);
}
