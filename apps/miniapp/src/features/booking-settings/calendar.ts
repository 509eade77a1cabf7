import { formatCalendarDate, parseIsoDate, toIsoDate } from '@stolik/domain';

/** Weekdays as the API counts them: 0 = Monday … 6 = Sunday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export const weekdayKey = (weekday: number) => WEEKDAY_KEYS[weekday] ?? 'mon';

/** A day whose closing time is not after its opening runs past midnight into the next day. */
export const runsPastMidnight = (opens: string, closes: string) => closes <= opens;

/** Spec §5: dates show as day.month.year. */
export function displayDate(iso: string): string {
  const date = parseIsoDate(iso);
  return date ? formatCalendarDate(date) : iso;
}

/** Today on this device's calendar: closures start no earlier (the server keeps those from today on). */
export function todayIso(): string {
  const now = new Date();
  return toIsoDate({ year: now.getFullYear(), month: now.getMonth(), day: now.getDate() });
}
