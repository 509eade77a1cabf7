import { type Database, schema } from '@stolik/db';
import { and, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { announceChange } from '../../events/changes.repository';
import type { SmsChannel } from '../channels';

const { guestMessageAttempts: attempts, guestMessages: messages, queueEntries, bookings } = schema;

/** SMS older than this are not asked about any more: an SMS that has not arrived in a day will not. */
export const SMS_STATUS_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Asks the provider how the SMS sent in the last 24 hours fared, the newest `limit` first, and
 * records the answers: 'delivered' (delivered_at) or 'failed' (failed_at, error
 * 'sms_undelivered'); still on its way, nothing. The phone each went to is read from its guest
 * (the provider finds a message by id and phone); a guest whose phone was erased is not asked
 * about. Each change is announced on its entry's or booking's event stream. Returns how many
 * attempts changed. The guest messenger calls it every `smsPollMs`.
 */
export async function pollSmsStatuses(
  db: Database,
  channel: SmsChannel,
  limit: number,
  now: Date = new Date(),
): Promise<number> {
  if (!channel.configured || limit <= 0) return 0;
  const rows = await db
    .select({
      id: attempts.id,
      ref: attempts.providerRef,
      restaurantId: attempts.restaurantId,
      queueEntryId: messages.queueEntryId,
      bookingId: messages.bookingId,
      phone: sql<string>`coalesce(nullif(${queueEntries.phone}, ''), ${bookings.phone})`,
    })
    .from(attempts)
    .innerJoin(messages, eq(messages.id, attempts.messageId))
    .leftJoin(queueEntries, eq(queueEntries.id, messages.queueEntryId))
    .leftJoin(bookings, eq(bookings.id, messages.bookingId))
    .where(
      and(
        eq(attempts.channel, 'sms'),
        eq(attempts.status, 'sent'),
        isNotNull(attempts.providerRef),
        gt(attempts.sentAt, new Date(now.getTime() - SMS_STATUS_WINDOW_MS)),
        // A guest whose phone was erased (retention, a request) cannot be asked about.
        sql`coalesce(nullif(${queueEntries.phone}, ''), nullif(${bookings.phone}, '')) is not null`,
      ),
    )
    .orderBy(desc(attempts.sentAt), desc(attempts.id))
    .limit(limit);
  const asked = rows.filter((row): row is typeof row & { ref: string } => row.ref !== null);
  if (asked.length === 0) return 0;
  const found = await channel.statuses(asked.map(({ ref, phone }) => ({ ref, phone })));
  let changed = 0;
  for (const row of asked) {
    const status = found.get(row.ref);
    if (status !== 'delivered' && status !== 'failed') continue;
    const done = await db.transaction(async (tx) => {
      const updated = await tx
        .update(attempts)
        .set(
          status === 'delivered'
            ? { status: 'delivered', deliveredAt: now }
            : { status: 'failed', failedAt: now, error: 'sms_undelivered' },
        )
        // Only from 'sent': whatever else happened to it meanwhile stays.
        .where(and(eq(attempts.id, row.id), eq(attempts.status, 'sent')))
        .returning({ id: attempts.id });
      if (updated.length === 0) return false;
      const subject =
        row.queueEntryId !== null
          ? ({ kind: 'queue', id: row.queueEntryId } as const)
          : row.bookingId !== null
            ? ({ kind: 'booking', id: row.bookingId } as const)
            : null;
      if (subject) await announceChange(tx, { ...subject, restaurant: row.restaurantId });
      return true;
    });
    if (done) changed += 1;
  }
  return changed;
}
