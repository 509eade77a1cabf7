import { type Database, schema } from '@stolik/db';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { announceChange } from '../../../shared/changes/changes.repository';

const { guestMessageAttempts: attempts, guestMessages: messages, queueEntries, bookings } = schema;

/** An SMS sent and not yet known delivered or failed, with the phone it went to and its subject. */
export interface SentSmsRow {
  id: number;
  ref: string;
  phone: string;
  restaurantId: number;
  subject: { kind: 'queue' | 'booking'; id: number } | null;
}

/**
 * The SMS attempts still 'sent' with a provider ref, sent after `since`, the newest `limit`
 * first, with their guest's phone; a guest whose phone was erased (retention, a request) is left
 * out, since the provider cannot be asked about them.
 */
export async function sentSmsToAsk(db: Database, since: Date, limit: number): Promise<SentSmsRow[]> {
  const phone = sql<
    string | null
  >`coalesce(nullif(${queueEntries.phone}, ''), nullif(${bookings.phone}, ''))`;
  const rows = await db
    .select({
      id: attempts.id,
      ref: attempts.providerRef,
      restaurantId: attempts.restaurantId,
      queueEntryId: messages.queueEntryId,
      bookingId: messages.bookingId,
      phone,
    })
    .from(attempts)
    .innerJoin(messages, eq(messages.id, attempts.messageId))
    .leftJoin(queueEntries, eq(queueEntries.id, messages.queueEntryId))
    .leftJoin(bookings, eq(bookings.id, messages.bookingId))
    .where(
      and(
        eq(attempts.channel, 'sms'),
        eq(attempts.status, 'sent'),
        sql`${attempts.providerRef} is not null`,
        gt(attempts.sentAt, since),
        sql`${phone} is not null`,
      ),
    )
    .orderBy(desc(attempts.sentAt), desc(attempts.id))
    .limit(limit);
  return rows.flatMap((row) =>
    row.ref === null || row.phone === null
      ? []
      : [
          {
            id: row.id,
            ref: row.ref,
            phone: row.phone,
            restaurantId: row.restaurantId,
            subject:
              row.queueEntryId !== null
                ? { kind: 'queue' as const, id: row.queueEntryId }
                : row.bookingId !== null
                  ? { kind: 'booking' as const, id: row.bookingId }
                  : null,
          },
        ],
  );
}

/**
 * Records what the provider said of a sent SMS: 'delivered' (delivered_at) or 'failed' (failed_at,
 * error 'sms_undelivered'), only if it is still 'sent' (whatever else happened to it meanwhile
 * stays), and announces the change on its entry's or booking's stream. Whether it changed.
 */
export async function recordSmsStatus(
  db: Database,
  row: SentSmsRow,
  status: 'delivered' | 'failed',
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(attempts)
      .set(
        status === 'delivered'
          ? { status: 'delivered', deliveredAt: now }
          : { status: 'failed', failedAt: now, error: 'sms_undelivered' },
      )
      .where(and(eq(attempts.id, row.id), eq(attempts.status, 'sent')))
      .returning({ id: attempts.id });
    if (updated.length === 0) return false;
    if (row.subject) await announceChange(tx, { ...row.subject, restaurant: row.restaurantId });
    return true;
  });
}
