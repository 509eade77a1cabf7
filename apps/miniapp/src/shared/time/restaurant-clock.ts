/**
 * The restaurant's clock, not the device's: the wire carries instants, the screens show the
 * restaurant-local date and wall time (API-CONVENTIONS, spec §5). Days are service days.
 */
import { addDays, formatCalendarDate, minutesOfDay, parseIsoDate, SERVICE_DAY_START } from '@stolik/domain';

const DAY_MINUTES = 24 * 60;

// Building a DateTimeFormat costs far more than formatting with one; a timeline formats hundreds.
const clocks = new Map<string, Intl.DateTimeFormat>();

function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    clocks.set(timeZone, format);
  }
  return format;
}

export interface WallClock {
  /** 'YYYY-MM-DD' in the restaurant's zone. */
  date: string;
  /** Minutes after the local midnight of `date`. */
  minutes: number;
}

/** What the restaurant's clocks show at an instant. */
export function wallClock(timeZone: string, at: string | number | Date): WallClock {
  const parts: Record<string, string> = {};
  for (const part of clockFormat(timeZone).formatToParts(new Date(at))) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Minutes after midnight at which a service day starts (the domain's SERVICE_DAY_START, 06:00). */
const SERVICE_DAY_START_MINUTES = minutesOfDay(SERVICE_DAY_START);

/** The service day an instant belongs to: at 01:00 on Saturday it is still Friday. */
export function serviceDayOf(timeZone: string, at: string | number | Date): string {
  const clock = wallClock(timeZone, at);
  return clock.minutes < SERVICE_DAY_START_MINUTES ? addDays(clock.date, -1) : clock.date;
}

/** The restaurant's today: the service day going on now. */
export const todayIn = (timeZone: string, now: number = Date.now()): string => serviceDayOf(timeZone, now);

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'HH:mm' of minutes after midnight; 25:30 (past midnight) reads 01:30. */
export function clockTime(minutes: number): string {
  const m = ((Math.round(minutes) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`;
}

/** 'HH:mm' of an instant on the restaurant's clock. */
export const timeOf = (timeZone: string, at: string | number | Date): string =>
  clockTime(wallClock(timeZone, at).minutes);

/** Day.month.year (spec §5): '05.03.2026'. */
export function displayDate(date: string): string {
  const parsed = parseIsoDate(date);
  return parsed ? formatCalendarDate(parsed) : date;
}
