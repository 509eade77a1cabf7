import { randomBytes } from 'node:crypto';
import type { Database, Tx } from '@stolik/db';
import {
  type BookingStatus,
  type EntrySource,
  heldRange,
  TABLE_HOLDING_BOOKING_STATUSES,
} from '@stolik/domain';
import { isExclusionViolation } from '../../shared/db-errors';
import { HttpError } from '../../shared/http-errors';
import { occupants, occupy, vacate } from '../../shared/occupancy.repository';
import { lockSeating } from '../../shared/seating-lock.repository';
import { logStatusChange } from '../../shared/status-log.repository';
import { loadGaps } from './availability.repository';
import { seatedOccupation } from './availability-input';
import type { BookingRepository, BookingRow } from './booking.repository';
import { bookingNotices } from './booking-notices';
import { bookingConflict, type Place } from './booking-places';

export const changedElsewhere = () => new HttpError(409, 'bookingApi.changedElsewhere', 'conflict');

/** A new booking as the services make it: staff's or a guest's. */
export interface NewBooking {
  restaurantId: number;
  place: Place;
  groupSize: number;
  seatingTime: Date;
  endTime: Date;
  status: BookingStatus;
  name: string;
  phone: string;
  comment: string;
  source: EntrySource;
  deposit: boolean;
  idempotencyKey: string | null;
  /** What the key is bound to (shared/idempotency.ts). */
  idempotencyHash?: string | null;
  telegramChatId: number | null;
  /** The hash of the guest page's device key (shared/guest-device.ts). */
  guestDeviceHash?: string | null;
  by: number | null;
  changes?: Record<string, unknown>;
}

/**
 * Every write of a booking, each in its transaction with what it leaves behind: the tables it holds
 * (rows of booking_tables, whose exclusion constraint makes a double booking impossible whatever
 * the code above it does) and the status log (history, announcement, outbox).
 */
export function createBookingChanges(db: Database, now: () => Date, repository: BookingRepository) {
  const log = (
    tx: Tx,
    booking: BookingRow,
    from: BookingStatus | null,
    by: number | null,
    changes: Record<string, unknown> = {},
  ) =>
    logStatusChange(tx, {
      kind: 'booking',
      id: booking.id,
      restaurantId: booking.restaurantId,
      from,
      to: booking.status,
      by,
      changes,
      notices: bookingNotices(booking, from, changes),
    });

  /**
   * 409 booking_conflict when a queue party sits at one of the tables for part of the range, as
   * the engine counts it (`seatedOccupation`). The engine already left such tables out when it
   * placed the booking; this repeats the check in the writing transaction, under the seating lock,
   * for a walk-in seated at the same instant.
   */
  async function refuseSeatedWalkIns(
    tx: Tx,
    restaurantId: number,
    tableIds: number[],
    range: { from: Date; to: Date },
    cleaningMinutes: number,
  ) {
    await lockSeating(tx, restaurantId);
    const seated = (await occupants(tx, restaurantId, tableIds)).filter((o) => o.kind === 'queue');
    const at = now();
    const taken = seated
      .map((o) =>
        seatedOccupation(
          { tableIds: [o.tableId], seatedAt: o.since, groupSize: o.groupSize },
          at,
          cleaningMinutes,
        ),
      )
      .filter((o) => o.from < range.to && range.from < o.to)
      .flatMap((o) => o.tableIds);
    if (taken.length > 0) throw bookingConflict(tableIds.filter((id) => taken.includes(id)));
  }

  /**
   * The booking's rows in booking_tables, rewritten: one per table while its status holds tables,
   * none otherwise. The exclusion constraint refuses an overlap with another booking: a 409 naming
   * the tables. When the booking is placed (new, moved, resized, retimed, back on a table), a walk-in
   * seated there meanwhile is checked too, under the seating lock the queue takes; a status move
   * in place is not, so that a guest can be marked arrived while the last party is still leaving.
   */
  async function hold(tx: Tx, booking: BookingRow, tableIds: number[], placed: boolean) {
    await repository.releaseTables(tx, booking.id);
    if (!TABLE_HOLDING_BOOKING_STATUSES.includes(booking.status) || tableIds.length === 0) return;
    const gaps = await loadGaps(tx as unknown as Database, booking.restaurantId);
    const range = heldRange(
      booking.seatingTime,
      booking.endTime,
      gaps.preparationMinutes,
      gaps.cleaningMinutes,
    );
    if (placed) await refuseSeatedWalkIns(tx, booking.restaurantId, tableIds, range, gaps.cleaningMinutes);
    try {
      await repository.holdTables(
        tx,
        booking,
        tableIds,
        `[${range.from.toISOString()},${range.to.toISOString()})`,
      );
    } catch (error) {
      // The transaction is lost either way; the caller hears which tables were taken.
      if (isExclusionViolation(error, 'booking_tables_no_overlap')) throw bookingConflict(tableIds);
      throw error;
    }
  }

  /**
   * Who sits where (shared/occupancy.repository.ts): a booking in the hall ('open') occupies the
   * tables it holds, from the moment its guests sat down, whatever its booked time; leaving the hall
   * frees them. A table another party sits at refuses the seating (409 'Этот стол уже занят').
   */
  async function sit(tx: Tx, booking: BookingRow, from: BookingStatus | null, tableIds: number[]) {
    const party = { kind: 'booking', id: booking.id } as const;
    if (booking.status === 'open') {
      await lockSeating(tx, booking.restaurantId);
      await occupy(tx, booking.restaurantId, party, tableIds, now());
    } else if (from === 'open') {
      await vacate(tx, party);
    }
  }

  /** The tables of a booking's table or group. */
  async function tablesOfPlace(tx: Tx, row: BookingRow): Promise<number[]> {
    if (row.tableId !== null) return [row.tableId];
    if (row.groupId === null) return [];
    return repository.membersOfGroup(row.groupId, tx);
  }

  return {
    log,
    hold,
    sit,

    /**
     * `guard`: runs first in the inserting transaction and may refuse (a guest's request checks
     * its phone's other requests there, under a lock, so that the check and the insert are one).
     */
    insert(values: NewBooking, guard?: (tx: Tx) => Promise<void>): Promise<BookingRow> {
      return db.transaction(async (tx) => {
        await guard?.(tx);
        const row = await repository.insert(tx, {
          restaurantId: values.restaurantId,
          tableId: values.place.tableId,
          groupId: values.place.groupId,
          groupSize: values.groupSize,
          seatingTime: values.seatingTime,
          endTime: values.endTime,
          status: values.status,
          name: values.name,
          phone: values.phone,
          comment: values.comment,
          source: values.source,
          deposit: values.deposit,
          guestToken: randomBytes(18).toString('base64url'),
          idempotencyKey: values.idempotencyKey,
          idempotencyHash: values.idempotencyHash ?? null,
          telegramChatId: values.telegramChatId,
          guestDeviceHash: values.guestDeviceHash ?? null,
          createdBy: values.by,
        });
        await hold(tx, row, values.place.tableIds, true);
        await sit(tx, row, null, values.place.tableIds);
        await log(tx, row, null, values.by, values.changes ?? {});
        return row;
      });
    },

    /**
     * Moves a booking to a status (the machine decides) and/or corrects it, in one transaction that
     * only applies to the row as it was read: a second device acting at the same moment gets a 409.
     */
    change(
      before: BookingRow,
      patch: Partial<BookingRow>,
      place: Place | null,
      by: number | null,
      changes: Record<string, unknown>,
      version: Date | null = null,
    ): Promise<BookingRow> {
      return db.transaction(async (tx) => {
        const updated = await repository.updateIfUnchanged(tx, before, version, {
          ...patch,
          updatedAt: now(),
        });
        if (!updated) throw changedElsewhere();
        const tableIds = place ? place.tableIds : await repository.heldTables(tx, before.id);
        // The held tables of a booking that held none before (cancelled, waiting list): its place.
        const known =
          tableIds.length > 0 ? tableIds : place === null ? await tablesOfPlace(tx, updated) : tableIds;
        await hold(tx, updated, known, place !== null);
        await sit(tx, updated, before.status, known);
        await log(tx, updated, before.status, by, changes);
        return updated;
      });
    },
  };
}
export type BookingChanges = ReturnType<typeof createBookingChanges>;
