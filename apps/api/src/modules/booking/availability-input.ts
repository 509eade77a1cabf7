import type { Database } from '@stolik/db';
import {
  type AvailabilityInput,
  addDays,
  defaultTurnMinutes,
  type LocalDate,
  minutesOfDay,
  type Occupation,
  zonedInstant,
} from '@stolik/domain';
import { readAvailabilityRows } from './availability.repository';

/** 'HH:mm:ss' from the database as the 'HH:mm' of the wire and the engine. */
export const wallTime = (value: string | null) => (value === null ? null : value.slice(0, 5));

/**
 * A queue party seated now, as the engine sees it: from its seating until its expected turn ends
 * (or until now, when it has stayed longer: it is there still), and the table's cleaning after.
 */
export function seatedOccupation(
  entry: { tableIds: number[]; seatedAt: Date | null; groupSize: number },
  now: Date,
  cleaningMinutes: number,
): Occupation {
  const seatedAt = entry.seatedAt ?? now;
  const expectedEnd = Math.max(
    seatedAt.getTime() + defaultTurnMinutes(entry.groupSize) * 60_000,
    now.getTime(),
  );
  return {
    tableIds: entry.tableIds,
    from: seatedAt,
    to: new Date(expectedEnd + cleaningMinutes * 60_000),
    startsAt: seatedAt,
    covers: entry.groupSize,
  };
}

/**
 * Everything the availability engine needs for one restaurant's service day, read in parallel:
 * the hall, its hours and rules, and what already holds tables (bookings' stored held ranges,
 * and queue parties seated now, expected to stay their turn time).
 */
export async function loadAvailabilityInput(
  db: Database,
  restaurant: { id: number; timezone: string },
  date: LocalDate,
  now: Date,
): Promise<AvailabilityInput> {
  const restaurantId = restaurant.id;
  // Wide enough for any opening hours of `date`, past midnight included, and a day's lead-in.
  const windowFrom = zonedInstant(restaurant.timezone, addDays(date, -1), '00:00');
  const windowTo = zonedInstant(restaurant.timezone, addDays(date, 2), '12:00');
  const rows = await readAvailabilityRows(db, restaurantId, date, windowFrom, windowTo);

  const membersOf = new Map<number, number[]>();
  for (const m of rows.memberRows) membersOf.set(m.groupId, [...(membersOf.get(m.groupId) ?? []), m.tableId]);

  // One occupation per booking, with every table it holds.
  const byBooking = new Map<number, Occupation>();
  for (const row of rows.heldRows) {
    const existing = byBooking.get(row.bookingId);
    if (existing) {
      existing.tableIds.push(row.tableId);
      continue;
    }
    byBooking.set(row.bookingId, {
      bookingId: row.bookingId,
      tableIds: [row.tableId],
      from: new Date(row.from),
      to: new Date(row.to),
      startsAt: row.startsAt,
      covers: row.covers,
    });
  }
  // Who sits where now: a queue party for its expected turn; a booking's guests seated before its
  // time hold its tables from when they sat (its held range starts later).
  const seated: Occupation[] = [];
  for (const occupant of rows.seatedRows) {
    if (occupant.kind === 'booking') {
      // Past its end they are there still: the table is theirs until now and its cleaning.
      const booked = byBooking.get(occupant.id);
      if (booked && occupant.since < booked.from) booked.from = occupant.since;
      const stillThere = now.getTime() + rows.gaps.cleaningMinutes * 60_000;
      if (booked && booked.to.getTime() < stillThere) booked.to = new Date(stillThere);
      continue;
    }
    seated.push(
      seatedOccupation(
        { tableIds: [occupant.tableId], seatedAt: occupant.since, groupSize: occupant.groupSize },
        now,
        rows.gaps.cleaningMinutes,
      ),
    );
  }

  return {
    timezone: restaurant.timezone,
    date,
    now,
    tables: rows.tableRows.map((t) => ({
      id: t.id,
      zoneId: t.zoneId,
      seatsMin: t.seatsMin,
      seatsMax: t.seatsMax,
      isReservable: t.isReservable,
    })),
    groups: rows.groupRows.map((g) => ({
      id: g.id,
      tableIds: membersOf.get(g.id) ?? [],
      seatsMin: g.seatsMin,
      seatsMax: g.seatsMax,
    })),
    workTime: rows.workRows.map((w) => ({
      weekday: w.weekday,
      opens: wallTime(w.opens) ?? '00:00',
      closes: wallTime(w.closes) ?? '00:00',
      isClosed: w.isClosed,
    })),
    durations: rows.durations,
    preparationMinutes: rows.gaps.preparationMinutes,
    cleaningMinutes: rows.gaps.cleaningMinutes,
    inactiveZoneIds: rows.zoneRows.filter((z) => !z.isActive).map((z) => z.id),
    zoneClosures: rows.closureRows.map(({ closure }) => ({
      zoneId: closure.zoneId,
      date: closure.date,
      from: wallTime(closure.fromTime),
      to: wallTime(closure.toTime),
    })),
    tableLocks: rows.lockRows.map((l) => ({
      tableId: l.tableId,
      date: l.date,
      from: wallTime(l.fromTime),
      to: wallTime(l.toTime),
    })),
    timeRules: rows.ruleRows.map((r) => ({
      type: r.ruleType,
      weekdays: r.weekdays,
      from: wallTime(r.fromTime),
      to: wallTime(r.toTime),
      minutes: r.minutes,
      covers: r.covers,
    })),
    occupations: [...byBooking.values(), ...seated],
  };
}

/** Does a local time fall in a window of local times (either end null: open; to <= from: past midnight)? */
export function inLocalWindow(time: string, from: string | null, to: string | null): boolean {
  if (from === null && to === null) return true;
  const t = minutesOfDay(time);
  const a = from === null ? 0 : minutesOfDay(from);
  const b = to === null ? 24 * 60 : minutesOfDay(to);
  return a < b ? t >= a && t < b : t >= a || t < b;
}
