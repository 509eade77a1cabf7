import type { TableOccupant } from '@stolik/contracts';
import type { Database, Tx } from '@stolik/db';
import { schema } from '@stolik/db';
import { localTimeOf } from '@stolik/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { HttpError } from './http-errors';

const { tableOccupancies, queueEntries, bookings, diningTables, restaurants } = schema;

/**
 * Who sits where: the one place that decides it (issue #30). A table is occupied by at most one
 * party at a time, whichever way the party came: a queue entry seated ('sat' at its tables), or a
 * booking whose guests sit in the hall ('open' at the tables it holds). Each such party has one row
 * of `table_occupancies` per table, and the table is that table's primary key, so of two seatings at
 * one table the database lets exactly one through, whatever the code above it does.
 *
 * The queue and booking writes call `occupy` when a party sits down or moves, and `vacate` when it
 * leaves; every reader (the seat picker, the hall pane, the map, the zones screen, the booking card,
 * the bot's buttons, the wait simulation) reads `occupants`. Nothing else reads or writes the table:
 * `apps/api/src/architecture.test.ts` fails otherwise.
 */

/** A seated party, as the occupancy rows name it. */
export type Party = { kind: 'queue'; id: number } | { kind: 'booking'; id: number };

/** A table taken now, and by whom. */
export interface Occupant {
  tableId: number;
  tableNumber: string;
  kind: 'queue' | 'booking';
  /** The queue entry's or the booking's id. */
  id: number;
  /** The queue number of the day; null for a booking. */
  number: number | null;
  name: string;
  groupSize: number;
  /** When the party sat down at this table. */
  since: Date;
  /** A booking's end time (when the table is due back); null for a queue party, who has none. */
  until: Date | null;
}

const partyColumn = (party: Party) =>
  party.kind === 'queue' ? tableOccupancies.queueEntryId : tableOccupancies.bookingId;

/**
 * The occupants of a restaurant's tables (of `tableIds` only, when given), in table order. In a
 * writing transaction, pass it: the rows it reads are then the ones committed before this statement,
 * including a seating that won a race a moment ago.
 */
export async function occupants(
  db: Database | Tx,
  restaurantId: number,
  tableIds?: number[],
): Promise<Occupant[]> {
  const rows = await db
    .select({
      tableId: tableOccupancies.tableId,
      tableNumber: diningTables.number,
      queueEntryId: tableOccupancies.queueEntryId,
      bookingId: tableOccupancies.bookingId,
      since: tableOccupancies.since,
      entryNumber: queueEntries.number,
      entryName: queueEntries.name,
      entrySize: queueEntries.groupSize,
      bookingName: bookings.name,
      bookingSize: bookings.groupSize,
      bookingEnd: bookings.endTime,
    })
    .from(tableOccupancies)
    .innerJoin(diningTables, eq(diningTables.id, tableOccupancies.tableId))
    .leftJoin(queueEntries, eq(queueEntries.id, tableOccupancies.queueEntryId))
    .leftJoin(bookings, eq(bookings.id, tableOccupancies.bookingId))
    .where(
      and(
        eq(tableOccupancies.restaurantId, restaurantId),
        tableIds ? inArray(tableOccupancies.tableId, tableIds.length > 0 ? tableIds : [-1]) : undefined,
      ),
    )
    .orderBy(tableOccupancies.tableId);
  return rows.map((row) =>
    row.queueEntryId !== null
      ? {
          tableId: row.tableId,
          tableNumber: row.tableNumber,
          kind: 'queue',
          id: row.queueEntryId,
          number: row.entryNumber,
          name: row.entryName ?? '',
          groupSize: row.entrySize ?? 0,
          since: row.since,
          until: null,
        }
      : {
          tableId: row.tableId,
          tableNumber: row.tableNumber,
          kind: 'booking',
          id: row.bookingId ?? 0,
          number: null,
          name: row.bookingName ?? '',
          groupSize: row.bookingSize ?? 0,
          since: row.since,
          until: row.bookingEnd,
        },
  );
}

/** An occupant as the wire carries it (`TableOccupant`). */
export function occupantView(occupant: Occupant): TableOccupant {
  return {
    kind: occupant.kind,
    id: occupant.id,
    number: occupant.number,
    name: occupant.name,
    group_size: occupant.groupSize,
    seated_time: occupant.since.toISOString(),
    until: occupant.until?.toISOString() ?? null,
  };
}

/** The 409 of a table somebody else sits at: 'Этот стол уже занят', naming who and since when. */
export function tableTaken(taken: Occupant[], timezone: string): HttpError {
  const first = taken[0];
  const who = first?.name || (first?.number ? `№ ${first.number}` : '');
  return new HttpError(
    409,
    who ? 'queue.tableTakenBy' : 'queue.tableTaken',
    'table_taken',
    {
      tables: [...new Set(taken.map((o) => o.tableId))],
      occupied_by: taken.map((o) => ({
        table: o.tableId,
        kind: o.kind,
        id: o.id,
        name: o.name,
        since: o.since.toISOString(),
      })),
    },
    {},
    first ? { table: first.tableNumber, name: who, time: localTimeOf(timezone, first.since) } : {},
  );
}

/**
 * The party sits at exactly these tables from now on: tables it left are freed, new ones taken. A
 * table another party sits at is refused with `tableTaken` and nothing changes (the caller's
 * transaction is rolled back by the throw). Two seatings at one table at the same instant: the
 * insert of the second waits for the first to commit, then finds the row and is refused.
 */
export async function occupy(
  tx: Tx,
  restaurantId: number,
  party: Party,
  tableIds: number[],
  at: Date,
): Promise<void> {
  const wanted = [...new Set(tableIds)];
  const column = partyColumn(party);
  await tx
    .delete(tableOccupancies)
    .where(
      and(
        eq(column, party.id),
        wanted.length > 0 ? sql`${tableOccupancies.tableId} <> all(${sql.param(wanted)}::int[])` : undefined,
      ),
    );
  if (wanted.length === 0) return;
  const taken = await tx
    .insert(tableOccupancies)
    .values(
      wanted.map((tableId) => ({
        tableId,
        restaurantId,
        queueEntryId: party.kind === 'queue' ? party.id : null,
        bookingId: party.kind === 'booking' ? party.id : null,
        since: at,
      })),
    )
    .onConflictDoNothing({ target: tableOccupancies.tableId })
    .returning({ tableId: tableOccupancies.tableId });
  if (taken.length === wanted.length) return;
  const got = new Set(taken.map((row) => row.tableId));
  const others = (
    await occupants(
      tx,
      restaurantId,
      wanted.filter((id) => !got.has(id)),
    )
  ).filter((o) => o.kind !== party.kind || o.id !== party.id);
  if (others.length === 0) return; // the party sat there already
  const [restaurant] = await tx
    .select({ timezone: restaurants.timezone })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  throw tableTaken(others, restaurant?.timezone ?? 'UTC');
}

/** The party has left (or no longer sits anywhere): its tables are free. */
export async function vacate(tx: Tx, party: Party): Promise<void> {
  await tx.delete(tableOccupancies).where(eq(partyColumn(party), party.id));
}
