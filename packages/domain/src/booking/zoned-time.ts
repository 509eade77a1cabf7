/**
 * Restaurant-local wall time ↔ instants, with Intl only. A restaurant's hours are wall-clock times
 * in its own zone, so the offset must be looked up for the day in question (DST moves it).
 */
import { localIsoDate, parseIsoDate, toIsoDate, zoneFormat } from '../dates';
import type { LocalDate, LocalTime } from './availability';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// Building a DateTimeFormat costs far more than formatting with one; slots format dozens of times.
const clockFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function cached(
  formats: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return zoneFormat(formats, 'en-GB', timeZone, { hourCycle: 'h23', ...options });
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(timeZone: string, at: number): WallClock {
  const clock: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  const format = cached(clockFormats, timeZone, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  for (const part of format.formatToParts(at)) {
    if (part.type in clock) clock[part.type as keyof WallClock] = Number(part.value);
  }
  return clock;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(timeZone: string, at: number): number {
  const c = wallClock(timeZone, at);
  const wall = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  // The formatter drops milliseconds; so must the instant, or the offset is off by them.
  return wall - Math.floor(at / 1000) * 1000;
}

function parseDate(date: LocalDate): { year: number; month: number; day: number } {
  const parsed = parseIsoDate(date);
  if (!parsed) throw new RangeError(`not a date (YYYY-MM-DD): ${date}`);
  return parsed;
}

/** Minutes after midnight of 'HH:mm' (a database's 'HH:mm:ss' is read too). */
export function minutesOfDay(time: LocalTime): number {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || hours > 23 || minutes > 59) throw new RangeError(`not a time (HH:mm): ${time}`);
  return hours * 60 + minutes + Number(match[3] ?? 0) / 60;
}

/**
 * The instant the restaurant's clocks show `time` on `date`. A wall time that never happens (the
 * hour skipped when clocks go forward) is read with the offset before the change, so 02:30 becomes
 * 03:30; one that happens twice (clocks go back) is the first of the two. This is what
 * Temporal's 'compatible' disambiguation and PostgreSQL's `timestamp AT TIME ZONE` do.
 */
export function zonedInstant(timezone: string, date: LocalDate, time: LocalTime): Date {
  const d = parseDate(date);
  const wall = Date.UTC(d.year, d.month, d.day) + minutesOfDay(time) * MINUTE;
  // No zone changes its offset twice within two days, so the offsets a day either side are the
  // only ones this wall time can have.
  const before = offsetAt(timezone, wall - DAY);
  const after = offsetAt(timezone, wall + DAY);
  if (before === after) return new Date(wall - before);
  const candidates = [wall - before, wall - after].filter((at) => at + offsetAt(timezone, at) === wall);
  if (candidates.length === 0) return new Date(wall - before);
  return new Date(Math.min(...candidates));
}

/** The restaurant's wall-clock time at an instant, 'HH:mm'. */
export function localTimeOf(timezone: string, at: Date): LocalTime {
  // format() is a few times quicker than formatToParts(), and en-GB writes 'HH:mm' as is.
  return cached(timeFormats, timezone, { hour: '2-digit', minute: '2-digit' }).format(at);
}

/** 0 = Monday … 6 = Sunday, as the work-time table counts. */
export function weekdayOf(date: LocalDate): number {
  const d = parseDate(date);
  return (new Date(Date.UTC(d.year, d.month, d.day)).getUTCDay() + 6) % 7;
}

export function addDays(date: LocalDate, n: number): LocalDate {
  const d = parseDate(date);
  const moved = new Date(Date.UTC(d.year, d.month, d.day + n));
  return toIsoDate({ year: moved.getUTCFullYear(), month: moved.getUTCMonth(), day: moved.getUTCDate() });
}

/**
 * A restaurant-local service day runs from SERVICE_DAY_START on its date to the same hour the next
 * day, so a 00:30 booking of a Friday that closes at 02:00 belongs to Friday (lists, timeline,
 * counts). The API's day queries and the hostess's screens both count days this way.
 */
export const SERVICE_DAY_START: LocalTime = '06:00';

/** The instants a service day runs between: [06:00 of `date`, 06:00 of the next date). */
export function serviceDayBounds(timezone: string, date: LocalDate): { from: Date; to: Date } {
  return {
    from: zonedInstant(timezone, date, SERVICE_DAY_START),
    to: zonedInstant(timezone, addDays(date, 1), SERVICE_DAY_START),
  };
}

/** The service day an instant belongs to. */
export function serviceDateOf(timezone: string, at: Date): LocalDate {
  const calendar = localIsoDate(timezone, at);
  return at < zonedInstant(timezone, calendar, SERVICE_DAY_START) ? addDays(calendar, -1) : calendar;
}
