/** Spec §5: a date is {year, month, day} with month counted from 0, as JavaScript's Date does. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Days in a month (0-11) of a year, leap years respected. */
export function daysInMonth(year: number, month: number): number {
  if (month === 1 && isLeapYear(year)) return 29;
  const days = DAYS_IN_MONTH[month];
  if (days === undefined) throw new RangeError(`month must be 0-11, got ${month}`);
  return days;
}

export function isValidYear(year: number): boolean {
  return Number.isInteger(year) && year >= MIN_YEAR && year <= MAX_YEAR;
}

export function isValidMonth(month: number): boolean {
  return Number.isInteger(month) && month >= 0 && month <= 11;
}

export function isValidCalendarDate(date: CalendarDate): boolean {
  if (!isValidYear(date.year) || !isValidMonth(date.month)) return false;
  return Number.isInteger(date.day) && date.day >= 1 && date.day <= daysInMonth(date.year, date.month);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Dates display as day.month.year (spec §5), e.g. 05.03.2026. */
export function formatCalendarDate(date: CalendarDate): string {
  return `${pad2(date.day)}.${pad2(date.month + 1)}.${date.year}`;
}

/** Reads an ISO date (YYYY-MM-DD) into a CalendarDate, or null when it is not a real date. */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]) - 1, day: Number(match[3]) };
  return isValidCalendarDate(date) ? date : null;
}

export function toIsoDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${pad2(date.month + 1)}-${pad2(date.day)}`;
}

/**
 * One DateTimeFormat per zone, kept in `formats`: building one costs far more than formatting with
 * it, and the hot reads (the queue list's "today", a day's slots) format on every request.
 */
export function zoneFormat(
  formats: Map<string, Intl.DateTimeFormat>,
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, ...options });
    formats.set(timeZone, format);
  }
  return format;
}

const isoDateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) at an instant in a time zone: "today" is the restaurant's, not the server's. */
export function localIsoDate(timeZone: string, at: Date): string {
  const format = zoneFormat(isoDateFormats, 'en-CA', timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = format.formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
