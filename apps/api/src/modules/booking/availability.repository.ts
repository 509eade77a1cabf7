import { type Database, schema } from '@stolik/db';
import type { DurationRule, LocalDate } from '@stolik/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { occupants } from '../../shared/occupancy.repository';

const {
  bookings,
  bookingTables,
  bookingDurations,
  bookingSettings,
  diningTables,
  tableGroupMembers,
  tableGroups,
  tableLocks,
  timeRules,
  workTimes,
  zoneClosures,
  zones,
} = schema;

/** Defaults for a restaurant that never saved booking settings. */
export const DEFAULT_PREPARATION_MINUTES = 0;
export const DEFAULT_CLEANING_MINUTES = 15;

export async function loadDurations(db: Database, restaurantId: number): Promise<DurationRule[]> {
  const rows = await db
    .select()
    .from(bookingDurations)
    .where(eq(bookingDurations.restaurantId, restaurantId))
    .orderBy(asc(bookingDurations.seatsFrom), asc(bookingDurations.id));
  return rows.map((r) => ({ seatsFrom: r.seatsFrom, seatsTo: r.seatsTo, minutes: r.minutes }));
}

export async function loadGaps(db: Database, restaurantId: number) {
  const [row] = await db.select().from(bookingSettings).where(eq(bookingSettings.restaurantId, restaurantId));
  return {
    preparationMinutes: row?.preparationMinutes ?? DEFAULT_PREPARATION_MINUTES,
    cleaningMinutes: row?.cleaningMinutes ?? DEFAULT_CLEANING_MINUTES,
  };
}

/** Runs the reads at once (as Promise.all does) and gives what each read under its own name. */
async function allOf<T extends Record<string, PromiseLike<unknown>>>(
  reads: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const keys = Object.keys(reads);
  const values = await Promise.all(Object.values(reads));
  return Object.fromEntries(keys.map((key, i) => [key, values[i]])) as { [K in keyof T]: Awaited<T[K]> };
}

/**
 * The rows availability is computed from, for one restaurant's service day, read in parallel: the
 * hall, its hours and rules, the bookings' held ranges that meet [windowFrom, windowTo), and the
 * parties seated now (shared/occupancy.repository.ts).
 */
export async function readAvailabilityRows(
  db: Database,
  restaurantId: number,
  date: LocalDate,
  windowFrom: Date,
  windowTo: Date,
) {
  return allOf({
    tableRows: db.select().from(diningTables).where(eq(diningTables.restaurantId, restaurantId)),
    groupRows: db.select().from(tableGroups).where(eq(tableGroups.restaurantId, restaurantId)),
    memberRows: db
      .select({ groupId: tableGroupMembers.groupId, tableId: tableGroupMembers.tableId })
      .from(tableGroupMembers)
      .innerJoin(tableGroups, eq(tableGroups.id, tableGroupMembers.groupId))
      .where(eq(tableGroups.restaurantId, restaurantId)),
    workRows: db.select().from(workTimes).where(eq(workTimes.restaurantId, restaurantId)),
    durations: loadDurations(db, restaurantId),
    gaps: loadGaps(db, restaurantId),
    zoneRows: db.select().from(zones).where(eq(zones.restaurantId, restaurantId)),
    closureRows: db
      .select({ closure: zoneClosures })
      .from(zoneClosures)
      .innerJoin(zones, eq(zones.id, zoneClosures.zoneId))
      .where(and(eq(zones.restaurantId, restaurantId), eq(zoneClosures.date, date))),
    lockRows: db
      .select()
      .from(tableLocks)
      .where(and(eq(tableLocks.restaurantId, restaurantId), eq(tableLocks.date, date))),
    ruleRows: db
      .select()
      .from(timeRules)
      .where(and(eq(timeRules.restaurantId, restaurantId), eq(timeRules.isActive, true))),
    heldRows: db
      .select({
        bookingId: bookingTables.bookingId,
        tableId: bookingTables.tableId,
        from: sql<string>`lower(${bookingTables.during})`,
        to: sql<string>`upper(${bookingTables.during})`,
        startsAt: bookings.seatingTime,
        covers: bookings.groupSize,
      })
      .from(bookingTables)
      .innerJoin(bookings, eq(bookings.id, bookingTables.bookingId))
      .where(
        and(
          eq(bookingTables.restaurantId, restaurantId),
          sql`${bookingTables.during} && tstzrange(${windowFrom.toISOString()}::timestamptz, ${windowTo.toISOString()}::timestamptz)`,
        ),
      ),
    seatedRows: occupants(db, restaurantId),
  });
}
