/**
 * Bookings live on the restaurant's clock, not the device's: the wire carries instants, the screens
 * show and pick the restaurant-local date and wall time (API-CONVENTIONS, spec §5).
 */
import { addDays, zonedInstant } from '@stolik/domain';
import { clockTime, wallClock } from './restaurant-clock';

// The restaurant's clock is shared with every screen that shows a day (orders too).
export {
  clockTime,
  displayDate,
  serviceDayOf,
  timeOf,
  todayIn,
  wallClock,
} from './restaurant-clock';

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round(
    (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (DAY_MINUTES * MINUTE),
  );
}

/**
 * Where an instant falls on the wall clock of `date`, in minutes after its midnight: negative the day
 * before, past 1440 after midnight. Wall time, so the hour labels stay right on a day the clocks move.
 */
export function minutesIntoDay(timeZone: string, date: string, at: string | number | Date): number {
  const clock = wallClock(timeZone, at);
  return daysBetween(date, clock.date) * DAY_MINUTES + clock.minutes;
}

/** The instant (ISO, UTC) the restaurant's clocks show `minutes` after the midnight of `date`. */
export function instantAt(timeZone: string, date: string, minutes: number): string {
  const dayShift = Math.floor(minutes / DAY_MINUTES);
  const day = dayShift === 0 ? date : addDays(date, dayShift);
  return zonedInstant(timeZone, day, clockTime(minutes - dayShift * DAY_MINUTES)).toISOString();
}

/** The next step of `step` minutes at or after `minutes`. */
export const roundUpTo = (minutes: number, step: number): number => Math.ceil(minutes / step) * step;
