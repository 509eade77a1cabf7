import { randomBytes } from 'node:crypto';
import { MessageKey } from '@stolik/contracts';
import type { Database, Tx } from '@stolik/db';
import { canMoveQueueEntry, type EntrySource, localIsoDate, type QueueStatus } from '@stolik/domain';
import { isUniqueViolation } from '../../shared/db-errors';
import { FieldValidationError, HttpError } from '../../shared/http-errors';
import { occupy, vacate } from '../../shared/occupancy.repository';
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
 * live announcement), and the seating rules: never two parties at one table (the one occupancy),
 * nor a walk-in at a table a booking holds now.
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
   * Seating at `tableIds`, inside the seating transaction and under a lock per restaurant: every
   * table must still be the restaurant's, and no booking may hold it now (its held range, with
   * preparation and cleaning, covers this moment: its guests are due). Who already sits there is
   * decided by `sit` below, through the one occupancy.
   */
  async function checkTables(tx: Tx, restaurantId: number, tableIds: number[]) {
    if (tableIds.length === 0) return;
    await lockSeating(tx, restaurantId);
    // Read again under the lock: a table deleted meanwhile (the hall takes this lock too) is gone.
    const present = await repository.tablesAmong(restaurantId, tableIds, tx);
    if (present.length !== new Set(tableIds).size)
      throw new FieldValidationError({ tables: [MessageKey.invalid] });
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

  /**
   * Who sits where (shared/occupancy.repository.ts): a seated entry occupies its tables, and frees
   * them when it leaves. Another party at one of them refuses the seating: 409 'Этот стол уже
   * занят', naming who sits there; the throw rolls the whole write back.
   */
  async function sit(tx: Tx, entry: EntryRow, from: QueueStatus | null) {
    const party = { kind: 'queue', id: entry.id } as const;
    // Since they sat down: the entry's own stamp, so the hall and the entry tell one time.
    if (entry.status === 'sat')
      await occupy(tx, entry.restaurantId, party, entry.tableIds, entry.seatedAt ?? now());
    else if (from === 'sat') await vacate(tx, party);
  }

  /** A seated party moved to other tables: seated again, by the same rules. */
  async function reseat(tx: Tx, entry: EntryRow, tableIds: number[]) {
    await checkTables(tx, entry.restaurantId, tableIds);
    await sit(tx, { ...entry, tableIds }, entry.status);
  }

  return {
    log,
    reseat,

    insert(input: NewEntry): Promise<EntryRow> {
      const serviceDate = localIsoDate(input.timezone, now());
      const status = input.status ?? 'live';
      const tableIds = input.tableIds ?? [];
      return db.transaction(async (tx) => {
        if (status === 'sat') await checkTables(tx, input.restaurantId, tableIds);
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
        await sit(tx, written, null);
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
          if (to === 'sat') await checkTables(tx, entry.restaurantId, extra.tableIds ?? entry.tableIds);
          // Only from the status we read: a second device acting at the same moment gets a 409.
          const updated = await repository.updateIfStill(tx, entry, stamps);
          if (!updated) throw changedElsewhere();
          await sit(tx, updated, entry.status);
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
