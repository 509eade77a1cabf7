import { formatCalendarDate, parseIsoDate, toIsoDate } from '@stolik/domain';

/**
 * The guest's calendar, read from the guest's own clock: the public restaurant info has no time
 * zone, and a guest booking a table is almost always in the restaurant's. The server decides what is
 * really open (in the restaurant's zone) through the slots it returns.
 */
export function localIsoDate(at: Date): string {
  return toIsoDate({ year: at.getFullYear(), month: at.getMonth(), day: at.getDate() });
}

/** The ISO date `days` after an ISO date (calendar arithmetic, no clock or time zone involved). */
export function addDaysIso(iso: string, days: number): string {
  const date = parseIsoDate(iso);
  if (!date) return iso;
  const moved = new Date(Date.UTC(date.year, date.month, date.day + days));
  return toIsoDate({ year: moved.getUTCFullYear(), month: moved.getUTCMonth(), day: moved.getUTCDate() });
}

/** Spec §5: dates show as day.month.year. */
export function displayDate(iso: string): string {
  const date = parseIsoDate(iso);
  return date ? formatCalendarDate(date) : iso;
}

/** How far ahead the form offers dates; the server has the last word on each of them. */
export const BOOKING_HORIZON_DAYS = 90;

export type DayPart = 'night' | 'morning' | 'day' | 'evening';

/** 'HH:mm' → which part of the day a chip is listed under. */
export function dayPartOf(time: string): DayPart {
  const hour = Number(time.slice(0, 2));
  if (hour < 6) return 'night';
  if (hour < 12) return 'morning';
  if (hour < 17) return 'day';
  return 'evening';
}

/**
 * The slots in the server's order, grouped by part of the day. A late service's times past midnight
 * come after the evening ones (in the server's order), so groups follow first appearance, not the clock.
 */
export function groupSlots(slots: string[]): { part: DayPart; times: string[] }[] {
  const groups: { part: DayPart; times: string[] }[] = [];
  for (const time of slots) {
    const part = dayPartOf(time);
    const last = groups.at(-1);
    if (last?.part === part) last.times.push(time);
    else groups.push({ part, times: [time] });
  }
  return groups;
}

/** A fresh idempotency key; getRandomValues also works where randomUUID does not (plain-http pages). */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
