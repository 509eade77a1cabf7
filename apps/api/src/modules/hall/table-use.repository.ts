import type { Tx } from '@stolik/db';
import { schema } from '@stolik/db';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { occupants } from '../../shared/occupancy.repository';

const { bookings, bookingTables } = schema;

/** Bookings whose guests are in the restaurant now: their table is taken however late it runs. */
const GUESTS_PRESENT = ['waiting', 'open'] as const;

export interface TableUse {
  /** Queue entries seated at the tables (their tables among these). */
  seated: { entry: number; tables: number[] }[];
  /** Bookings holding the tables (booking_tables), not over yet. */
  booked: { booking: number; table: number }[];
}

/**
 * What makes tables "in use", so that deleting them would silently take a place from guests: a
 * party of the queue seated at one, or a booking that holds one (a row of booking_tables) and is not
 * over: its held range has not ended, or its guests are here (arrived, or seated and overstaying).
 * A booking whose time passed without the guests (never closed) does not count.
 */
export async function tableUse(
  tx: Tx,
  restaurantId: number,
  tableIds: number[],
  now: Date,
): Promise<TableUse> {
  if (tableIds.length === 0) return { seated: [], booked: [] };
  // Who sits there: the one occupancy (a booking's guests in the hall also hold it by booking_tables).
  const byEntry = new Map<number, number[]>();
  for (const o of await occupants(tx, restaurantId, tableIds))
    if (o.kind === 'queue') byEntry.set(o.id, [...(byEntry.get(o.id) ?? []), o.tableId]);
  const seated = [...byEntry].map(([entry, tables]) => ({ entry, tables }));
  const booked = await tx
    .select({ booking: bookingTables.bookingId, table: bookingTables.tableId })
    .from(bookingTables)
    .innerJoin(bookings, eq(bookings.id, bookingTables.bookingId))
    .where(
      and(
        inArray(bookingTables.tableId, tableIds),
        or(
          sql`upper(${bookingTables.during}) > ${now.toISOString()}::timestamptz`,
          inArray(bookings.status, [...GUESTS_PRESENT]),
        ),
      ),
    );
  return { seated, booked };
}

/** Bookings of a group that are not over (the same rule as for tables). */
export async function groupBookings(tx: Tx, groupId: number, now: Date): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ booking: bookings.id })
    .from(bookings)
    .innerJoin(bookingTables, eq(bookingTables.bookingId, bookings.id))
    .where(
      and(
        eq(bookings.groupId, groupId),
        or(
          sql`upper(${bookingTables.during}) > ${now.toISOString()}::timestamptz`,
          inArray(bookings.status, [...GUESTS_PRESENT]),
        ),
      ),
    );
  return rows.map((row) => row.booking);
}
