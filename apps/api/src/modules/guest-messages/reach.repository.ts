import type { GuestMessageLog, GuestReach } from '@stolik/contracts';
import { type Database, schema } from '@stolik/db';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AttemptRow } from './guest-messages.repository';
import { reachOf, toMessageLog } from './reach';

const { guestMessages: messages, guestMessageAttempts: attempts } = schema;

/** The reads of what guests were told: each entry's or booking's latest mark, and a guest's whole log. */
export function createReachReads(db: Database) {
  async function attemptsOf(ids: number[]): Promise<Map<number, AttemptRow[]>> {
    const byMessage = new Map<number, AttemptRow[]>();
    if (ids.length === 0) return byMessage;
    const rows = await db
      .select()
      .from(attempts)
      .where(inArray(attempts.messageId, ids))
      .orderBy(asc(attempts.id));
    for (const row of rows) byMessage.set(row.messageId, [...(byMessage.get(row.messageId) ?? []), row]);
    return byMessage;
  }

  async function latest(kind: 'queue' | 'booking', ids: number[]): Promise<Map<number, GuestReach>> {
    const reach = new Map<number, GuestReach>();
    if (ids.length === 0) return reach;
    const column = kind === 'queue' ? messages.queueEntryId : messages.bookingId;
    const rows = await db
      .selectDistinctOn([column])
      .from(messages)
      .where(inArray(column, ids))
      .orderBy(column, desc(messages.id));
    const tries = await attemptsOf(rows.map((r) => r.id));
    for (const row of rows) {
      const subject = kind === 'queue' ? row.queueEntryId : row.bookingId;
      if (subject !== null) reach.set(subject, reachOf(row, tries.get(row.id) ?? []));
    }
    return reach;
  }

  return {
    ofQueueEntries: (ids: number[]) => latest('queue', ids),
    ofBookings: (ids: number[]) => latest('booking', ids),

    /** Every message to this entry's or booking's guest, newest first, with each channel tried. */
    async log(kind: 'queue' | 'booking', id: number, restaurantId: number): Promise<GuestMessageLog[]> {
      const column = kind === 'queue' ? messages.queueEntryId : messages.bookingId;
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(column, id), eq(messages.restaurantId, restaurantId)))
        .orderBy(desc(messages.id));
      const tries = await attemptsOf(rows.map((r) => r.id));
      return rows.map((row) => toMessageLog(row, tries.get(row.id) ?? []));
    },
  };
}
export type ReachReads = ReturnType<typeof createReachReads>;
