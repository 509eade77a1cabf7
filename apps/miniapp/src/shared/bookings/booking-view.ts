import type { Booking, BookingPage, Table } from '@stolik/contracts';
import {
  BOOKING_STATUSES,
  type BookingLabel,
  type BookingStatus,
  bookingLabel,
  nextBookingStatuses,
} from '@stolik/domain';

/** The label staff see now: the status, or 'late' / 'overstaying' from the clock (spec §4). */
export const labelOf = (booking: Booking, now: number): BookingLabel =>
  bookingLabel(
    {
      status: booking.status,
      seatingTime: new Date(booking.seating_time),
      endTime: new Date(booking.end_time),
    },
    new Date(now),
  );

/** What one tap does for each status: the next step of the host stand's work. */
const PRIMARY: Partial<Record<BookingStatus, BookingStatus>> = {
  new: 'application',
  application: 'open',
  waiting: 'open',
  open: 'closed',
  cancelled: 'application',
  cancelled_without_deposit: 'application',
  waiting_list: 'application',
};

/** Moves that end the booking: shown as destructive. */
export const DESTRUCTIVE: ReadonlySet<BookingStatus> = new Set([
  'declined',
  'cancelled',
  'cancelled_without_deposit',
]);

/** The moves the status machine allows from a status: the main one first. */
export function actionsFor(status: BookingStatus): {
  primary: BookingStatus | null;
  others: BookingStatus[];
} {
  const allowed = nextBookingStatuses(status);
  const primary = PRIMARY[status] ?? null;
  return {
    primary: primary && allowed.includes(primary) ? primary : null,
    others: allowed.filter((to) => to !== primary),
  };
}

/** A waiting-list request becomes a booking only with a table to hold (the server asks for one). */
export const needsPlace = (from: BookingStatus, to: BookingStatus): boolean =>
  from === 'waiting_list' && (to === 'new' || to === 'application');

/** The verb on the button of a move (a cancelled booking's 'application' is bringing it back). */
export function actionKey(from: BookingStatus, to: BookingStatus) {
  if (to === 'application' && (from === 'cancelled' || from === 'cancelled_without_deposit'))
    return 'booking.actions.restore' as const;
  return `booking.actions.${to}` as const;
}

/** Table numbers by table id (the restaurant's tables, or none while they load). */
export type TableNumbers = ReadonlyMap<number, Pick<Table, 'number'>>;
export const NO_TABLES: TableNumbers = new Map();

/** The table numbers a booking holds, in the hall's order ('3, 4'). */
export function tablesLabel(booking: Pick<Booking, 'tables'>, tables: TableNumbers) {
  return booking.tables
    .map((id) => tables.get(id)?.number ?? String(id))
    .sort((a, b) => a.localeCompare(b, 'ru', { numeric: true }))
    .join(', ');
}

export interface ListFilters {
  from: string;
  to: string;
  statuses: BookingStatus[];
  search: string;
}

/** The GET /api/booking/ query of the list screen's filters. */
export function listQueryParams(restaurantId: number, filters: ListFilters, page: number, pageSize: number) {
  const [start, end] = filters.from <= filters.to ? [filters.from, filters.to] : [filters.to, filters.from];
  const search = filters.search.trim();
  return {
    restaurant_id: restaurantId,
    start_date: start,
    end_date: end,
    // The statuses in the machine's order, so the same filter is the same cache entry.
    status:
      filters.statuses.length > 0
        ? BOOKING_STATUSES.filter((s) => filters.statuses.includes(s)).join(',')
        : undefined,
    search: search.length > 0 ? search : undefined,
    in_waiting_queue: 'false',
    page,
    page_size: pageSize,
  };
}

/** Bookings grouped by their restaurant-local date, dates in order. */
export function byDate(bookings: Booking[], dateOf: (b: Booking) => string): [string, Booking[]][] {
  const groups = new Map<string, Booking[]>();
  for (const booking of bookings) {
    const date = dateOf(booking);
    groups.set(date, [...(groups.get(date) ?? []), booking]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

type Cached = Booking | Booking[] | BookingPage | { pages: BookingPage[]; pageParams: unknown[] } | undefined;

const isBooking = (value: unknown): value is Booking =>
  typeof value === 'object' &&
  value !== null &&
  'id' in value &&
  'status' in value &&
  'seating_time' in value;

/**
 * A booking changed inside whatever a cached query holds: one booking, a list, a page, or the pages
 * of an endless list. Anything else comes back untouched (the same object).
 */
export function patchBookingIn(data: unknown, id: number, change: (b: Booking) => Booking): unknown {
  const value = data as Cached;
  if (!value || typeof value !== 'object') return data;
  const list = (items: Booking[]) => {
    let touched = false;
    const next = items.map((b) => {
      if (b.id !== id || !isBooking(b)) return b;
      touched = true;
      return change(b);
    });
    return touched ? next : items;
  };
  if (Array.isArray(value)) return list(value);
  if (isBooking(value)) return value.id === id ? change(value) : value;
  if ('results' in value && Array.isArray(value.results)) {
    const results = list(value.results);
    return results === value.results ? value : { ...value, results };
  }
  if ('pages' in value && Array.isArray(value.pages)) {
    const pages = value.pages.map((page) => patchBookingIn(page, id, change) as BookingPage);
    return pages.every((p, i) => p === value.pages[i]) ? value : { ...value, pages };
  }
  return data;
}

/** Field errors a form has no place for (a field it does not show) join its general message. */
export function foldFieldErrors<E extends { fields: Record<string, string>; general: string | null }>(
  errors: E,
  shown: readonly string[],
): E {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [field, message] of Object.entries(errors.fields)) {
    if (shown.includes(field)) fields[field] = message;
    else rest.push(message);
  }
  const general = [errors.general, ...rest].filter(Boolean).join(' ') || null;
  return { ...errors, fields, general };
}

/** Enough digits to be a phone; the API checks it exactly (a mobile number, spec §5). */
export const looksLikePhone = (value: string) => value.replace(/\D/g, '').length >= 10;
