import { randomBytes } from 'node:crypto';
import { MessageKey } from '@stolik/contracts';
import type { Database, Tx } from '@stolik/db';
import { canMoveQueueEntry, type EntrySource, localIsoDate, type QueueStatus } from '@stolik/domain';
import { isUniqueViolation } from '../../shared/db-errors';
import { FieldValidationError, HttpError } from '../../shared/http-errors';
import { lockSeating } from '../../shared/seating-lock.repository';
import { logStatusChange } from '../../shared/status-log.repository';
import type { EntryRow, QueueRepository } from './queue.repository';
import { queueNotices } from './queue-notices';

export const changedElsewhere = () => new HttpError(409, 'queue.changedElsewhere', 'conflict');
export const alreadyQueued = () => new HttpError(409, 'errors.alreadyQueued', 'already_queued');
export const transitionRefused = (status: QueueStatus) =>
  new HttpError(409, 'queue.transitionRefused', 'invalid_transition', { status });

/** The same phone twice in a restaurant's queue: the 409 'already_queued'; anything else as it is. */
export function asAlreadyQueued(error: unknown): unknown {
  return isUniqueViolation(error, 'queue_entries_active_phone_uq') ? alreadyQueued() : error;
}

export interface NewEntry {
  restaurantId: number;
  timezone: string;
  groupSize: number;
  name: string;
  phone: string;
  event: EntryRow['event'];
  comment: string;
  source: EntrySource;
  idempotencyKey: string | null;
  /** What the key is bound to (shared/idempotency.ts). */
  idempotencyHash?: string | null;
  /** The guest's chat with the bot, when they joined from the Mini App (their table-ready message). */
  telegramChatId?: number | null;
  /** The hash of the guest page's device key (guest-device.ts). */
  guestDeviceHash?: string | null;
  by: number | null;
  /** 'live' (waiting), 'reserve' (held for later) or 'sat' (seated at once at `tableIds`). */
  status?: 'live' | 'reserve' | 'sat';
  tableIds?: number[];
  /** A waiting party's quote, given its id (queue-waits.ts, `joinQuote`): recorded with the entry. */
  quote?: (id: number) => { quoted: number | null; estimated: number | null };
}

/**
 * Every write of a queue entry, each in its transaction with its status log (history, outbox, the
 * live announcement), and the seating rule: never two parties at one table, nor a walk-in at a
 * table a booking holds now.
 */
export function createQueueChanges(db: Database, now: () => Date, repository: QueueRepository) {
  const log = (tx: Tx, entry: EntryRow, from: QueueStatus | null, by: number | null, changes = {}) =>
    logStatusChange(tx, {
      kind: 'queue',
      id: entry.id,
      restaurantId: entry.restaurantId,
      from,
      to: entry.status,
      by,
      changes,
      notices: queueNotices(entry, from),
    });

  /**
   * Never two parties at one table: inside the seating transaction, under a lock per restaurant,
   * so of two hostesses seating the same table at the same moment the second one sees the first
   * one's party and gets a 409.
   */
  async function claimTables(tx: Tx, restaurantId: number, tableIds: number[], entryId: number | null) {
    if (tableIds.length === 0) return;
    await lockSeating(tx, restaurantId);
    // Read again under the lock: a table deleted meanwhile (the hall takes this lock too) is gone.
    const present = await repository.tablesAmong(restaurantId, tableIds, tx);
    if (present.length !== new Set(tableIds).size)
      throw new FieldValidationError({ tables: [MessageKey.invalid] });
    const busy = new Set(await repository.seatedAt(tx, restaurantId, tableIds, entryId));
    if (busy.size > 0) {
      throw new HttpError(409, 'queue.tableTaken', 'table_taken', {
        tables: tableIds.filter((id) => busy.has(id)),
      });
    }
    // Nor a walk-in at a table a booking holds now: its held range (preparation and cleaning
    // included) covers this moment, or its party sits there still (open, past its end time).
    // Bookings later in the day leave the table free until then.
    const booked = await repository.bookedAt(tx, restaurantId, tableIds, now());
    if (booked.length > 0) {
      throw new HttpError(
        409,
        'bookingConflicts.tableBookedNow',
        'table_booked',
        {
          tables: [...new Set(booked.map((b) => b.tableId))],
          bookings: [...new Set(booked.map((b) => b.bookingId))],
        },
        {},
        { tables: [...new Set(booked.map((b) => b.number))].join(', ') },
      );
    }
  }

  return {
    log,
    claimTables,

    insert(input: NewEntry): Promise<EntryRow> {
      const serviceDate = localIsoDate(input.timezone, now());
      const status = input.status ?? 'live';
      const tableIds = input.tableIds ?? [];
      return db.transaction(async (tx) => {
        if (status === 'sat') await claimTables(tx, input.restaurantId, tableIds, null);
        const number = await repository.nextNumber(tx, input.restaurantId, serviceDate);
        const entry = await repository.insert(tx, {
          restaurantId: input.restaurantId,
          serviceDate,
          number,
          groupSize: input.groupSize,
          name: input.name,
          phone: input.phone,
          event: input.event,
          comment: input.comment,
          source: input.source,
          status,
          tableIds,
          ...(status === 'sat' ? { seatedAt: now(), quotedWaitMinutes: 0 } : {}),
          guestToken: randomBytes(18).toString('base64url'),
          idempotencyKey: input.idempotencyKey,
          idempotencyHash: input.idempotencyHash ?? null,
          telegramChatId: input.telegramChatId ?? null,
          guestDeviceHash: input.guestDeviceHash ?? null,
        });
        let written = entry;
        if (input.quote && status === 'live') {
          const { quoted, estimated } = input.quote(entry.id);
          await repository.recordQuote(tx, entry.id, quoted, estimated);
          written = { ...entry, quotedWaitMinutes: quoted, estimatedWaitMinutes: estimated };
        }
        await log(tx, written, null, input.by);
        return written;
      });
    },

    /** A status move the machine allows, from the status the entry was read with (409 otherwise). */
    async move(entry: EntryRow, to: QueueStatus, by: number | null, extra: Partial<EntryRow> = {}) {
      if (!canMoveQueueEntry(entry.status, to)) throw transitionRefused(entry.status);
      const at = now();
      const stamps: Partial<EntryRow> = { status: to, updatedAt: at, ...extra };
      if (to === 'called') stamps.invitedAt = at;
      if (to === 'sat') stamps.seatedAt = at;
      if (to === 'closed' || to === 'cancelled') stamps.finishedAt = at;
      if (to === 'live') stamps.finishedAt = null;
      try {
        return await db.transaction(async (tx) => {
          if (to === 'sat')
            await claimTables(tx, entry.restaurantId, extra.tableIds ?? entry.tableIds, entry.id);
          // Only from the status we read: a second device acting at the same moment gets a 409.
          const updated = await repository.updateIfStill(tx, entry, stamps);
          if (!updated) throw changedElsewhere();
          await log(tx, updated, entry.status, by, extra.tableIds ? { tables: extra.tableIds } : {});
          return updated;
        });
      } catch (error) {
        // Back to the queue while the same phone has joined again meanwhile.
        throw asAlreadyQueued(error);
      }
    },
  };
}
export type QueueChanges = ReturnType<typeof createQueueChanges>;
