import type { Table } from '@stolik/contracts';
import { formatCalendarDate, localIsoDate, localTimeOf, parseIsoDate } from '@stolik/domain';

/** Table numbers in the order people count them: 2 before 10, 'В2' before 'В10'. */
export const byNumber = (a: Pick<Table, 'number'>, b: Pick<Table, 'number'>) =>
  a.number.localeCompare(b.number, 'ru', { numeric: true });

export interface ZoneTables<Z> {
  /** null: the tables of no zone (or of a zone that is gone). */
  zone: Z | null;
  tables: Table[];
}

/**
 * The tables under their zones, zones in the given order and tables by number; tables without a
 * zone come last, and only when there are some.
 */
export function tablesByZone<Z>(zones: readonly Z[], zoneId: (zone: Z) => number, tables: readonly Table[]) {
  const known = new Set(zones.map(zoneId));
  const sorted = [...tables].sort(byNumber);
  const result: ZoneTables<Z>[] = zones.map((zone) => ({
    zone,
    tables: sorted.filter((t) => t.zone === zoneId(zone)),
  }));
  const loose = sorted.filter((t) => t.zone === null || !known.has(t.zone));
  if (loose.length > 0) result.push({ zone: null, tables: loose });
  return result;
}

/** 'HH:mm' of an instant on the restaurant's clock. */
export const clockOf = (timeZone: string, at: string) => localTimeOf(timeZone, new Date(at));

/** A YYYY-MM-DD date as people read it, day.month.year (spec §5). */
export function shownDate(date: string): string {
  const parsed = parseIsoDate(date);
  return parsed ? formatCalendarDate(parsed) : date;
}

/** Wall times of a day on a 15-minute grid, 'HH:mm' (native time inputs show 12-hour times on some phones). */
export const QUARTER_HOURS: readonly string[] = Array.from({ length: 96 }, (_, i) => {
  const hours = String(Math.floor(i / 4)).padStart(2, '0');
  const minutes = String((i % 4) * 15).padStart(2, '0');
  return `${hours}:${minutes}`;
});

/** The restaurant-local date of an instant, as people read it. */
export const dateOf = (timeZone: string, at: string) => shownDate(localIsoDate(timeZone, new Date(at)));
