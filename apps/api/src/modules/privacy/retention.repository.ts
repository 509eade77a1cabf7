import type { Database } from '@stolik/db';
import { type SQL, sql } from 'drizzle-orm';
import {
  holdsGuestValues,
  payloadHoldsGuest,
  rowHoldsGuest,
  scrubbedGuestValues,
  scrubbedPayload,
} from './guest-scrub.repository';

/** Rows changed per statement: a big backlog goes in short transactions, never one long lock. */
export const RETENTION_BATCH = 500;

export interface RetentionOutcome {
  queueEntries: number;
  queueHistory: number;
  bookings: number;
  bookingHistory: number;
  outbox: number;
  deliveries: number;
  /** Browsers guests turned notifications on in, for visits and bookings over the period. */
  pushSubscriptions: number;
  /** SMS records (the provider's copy names the phone) of that age. */
  smsRecords: number;
}

type Executor = Pick<Database, 'execute'>;
/** How many rows a statement with `returning` touched. */
export const changed = async (db: Executor, statement: SQL) =>
  ((await db.execute(statement)) as unknown as { rows: unknown[] }).rows.length;

/** Runs one batch after another until a batch comes back short; returns how many rows went. */
export async function drain(batch: number, step: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await step();
    total += done;
    if (done < batch) return total;
  }
}

/**
 * Blanks the guests whose visit or booking is older than their restaurant's retention period
 * (`restaurants.guest_retention_days`): name, phone, comment and Telegram chat of the queue
 * entries and bookings, the same fields in their history, and the name, phone and chat in the
 * outbox rows of that age; guests' Telegram messages of that age that are done are deleted, and
 * so are their push subscriptions and SMS records.
 * Statuses, sizes and times stay, so the statistics do not change.
 *
 * Only what is over: a queue entry seated, cancelled or closed whose last moment (joined, called,
 * seated, finished, edited) is older than the period; a booking whose end and last edit are, of
 * any status (its time passed at least 30 days ago, so nothing waits for it). A guest still
 * waiting in the queue is never touched, however old the entry.
 *
 * Safe in several processes at once: each batch locks its rows with SKIP LOCKED, and a blanked
 * row no longer matches, so a row is changed once and a second run finds nothing.
 */
export async function anonymiseExpiredGuests(
  db: Executor,
  now: Date = new Date(),
  batch: number = RETENTION_BATCH,
): Promise<RetentionOutcome> {
  const cutoff = sql`${now.toISOString()}::timestamptz - make_interval(days => r.guest_retention_days)`;
  const entryExpired = sql`q.status in ('sat', 'cancelled', 'closed')
    and greatest(q.created_at, q.invited_at, q.seated_at, q.finished_at, q.updated_at) < ${cutoff}`;
  const bookingExpired = sql`greatest(b.end_time, b.updated_at) < ${cutoff}`;

  const queueEntries = await drain(batch, () =>
    changed(
      db,
      sql`update queue_entries set name = '', phone = '', comment = '', telegram_chat_id = null, guest_device_hash = null
        where id in (
          select q.id from queue_entries q join restaurants r on r.id = q.restaurant_id
          where ${entryExpired} and ${rowHoldsGuest('q')}
          limit ${batch} for update of q skip locked)
        returning id`,
    ),
  );
  const queueHistory = await drain(batch, () =>
    changed(
      db,
      sql`update queue_history set changes = ${scrubbedGuestValues(sql`changes`)}
        where id in (
          select h.id from queue_history h
            join queue_entries q on q.id = h.entry_id
            join restaurants r on r.id = q.restaurant_id
          where ${entryExpired} and ${holdsGuestValues(sql`h.changes`)}
          limit ${batch} for update of h skip locked)
        returning id`,
    ),
  );
  const bookings = await drain(batch, () =>
    changed(
      db,
      sql`update bookings set name = '', phone = '', comment = '', telegram_chat_id = null, guest_device_hash = null
        where id in (
          select b.id from bookings b join restaurants r on r.id = b.restaurant_id
          where ${bookingExpired} and ${rowHoldsGuest('b')}
          limit ${batch} for update of b skip locked)
        returning id`,
    ),
  );
  const bookingHistory = await drain(batch, () =>
    changed(
      db,
      sql`update booking_history set changes = ${scrubbedGuestValues(sql`changes`)}
        where id in (
          select h.id from booking_history h
            join bookings b on b.id = h.booking_id
            join restaurants r on r.id = b.restaurant_id
          where ${bookingExpired} and ${holdsGuestValues(sql`h.changes`)}
          limit ${batch} for update of h skip locked)
        returning id`,
    ),
  );
  // The notifications of that age, whatever became of their guest: they name guests too.
  const outbox = await drain(batch, () =>
    changed(
      db,
      sql`update outbox set payload = ${scrubbedPayload}
        where id in (
          select o.id from outbox o join restaurants r on r.id = o.restaurant_id
          where o.created_at < ${cutoff} and ${payloadHoldsGuest}
          limit ${batch} for update of o skip locked)
        returning id`,
    ),
  );
  // A guest's own messages name their chat; those sent or given up on are of no more use.
  const deliveries = await drain(batch, () =>
    changed(
      db,
      sql`delete from notification_deliveries
        where id in (
          select d.id from notification_deliveries d join restaurants r on r.id = d.restaurant_id
          where d.user_id is null and (d.delivered_at is not null or d.failed_at is not null)
            and d.created_at < ${cutoff}
          limit ${batch} for update of d skip locked)
        returning id`,
    ),
  );
  const pushSubscriptions = await drain(batch, () =>
    changed(
      db,
      sql`delete from push_subscriptions
        where id in (
          select p.id from push_subscriptions p
            join restaurants r on r.id = p.restaurant_id
            left join queue_entries q on q.id = p.queue_entry_id
            left join bookings b on b.id = p.booking_id
          where (q.id is not null and ${entryExpired}) or (b.id is not null and ${bookingExpired})
          limit ${batch} for update of p skip locked)
        returning id`,
    ),
  );
  const smsRecords = await drain(batch, () =>
    changed(
      db,
      sql`delete from guest_message_attempts
        where id in (
          select a.id from guest_message_attempts a join restaurants r on r.id = a.restaurant_id
          where a.channel = 'sms' and a.created_at < ${cutoff}
          limit ${batch} for update of a skip locked)
        returning id`,
    ),
  );
  return {
    queueEntries,
    queueHistory,
    bookings,
    bookingHistory,
    outbox,
    deliveries,
    pushSubscriptions,
    smsRecords,
  };
}
