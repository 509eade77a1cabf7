import type {
  AvailableSlot,
  Booking,
  BookingCreateBody,
  BookingHistoryItem,
  BookingPage,
  BookingUpdateBody,
  DayTable,
  GuestCount,
  GuestMessageLog,
  HistorySearchGuest,
  SeatingZone,
  Table,
  TableFit,
  WaitingListBody,
} from '@stolik/contracts';
import { bookingVersionTag } from '@stolik/contracts';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { hallRetryDelay, retryHallLoad } from '../api/hall-loading';
import { load } from '../api/load';
import { patch, post, type QueryParams, stream } from '../api/transport';
import { type ListFilters, listQueryParams } from './booking-view';

// Booking keys start with ['booking', restaurantId] and the hall's with ['table', restaurantId]:
// a live change of either kind refreshes what it touches (shared/live/use-restaurant-changes).
export const bookingKeys = {
  all: (restaurantId: number) => ['booking', restaurantId] as const,
  day: (restaurantId: number, date: string) => ['booking', restaurantId, 'day', date] as const,
  dayTables: (restaurantId: number, date: string) => ['booking', restaurantId, 'day-tables', date] as const,
  guestCount: (restaurantId: number, date: string) => ['booking', restaurantId, 'guest-count', date] as const,
  list: (restaurantId: number, filters: ListFilters) => ['booking', restaurantId, 'list', filters] as const,
  waiting: (restaurantId: number, from: string) => ['booking', restaurantId, 'waiting', from] as const,
  history: (restaurantId: number, id: number) => ['booking', restaurantId, 'history', id] as const,
  messages: (restaurantId: number, id: number) => ['booking', restaurantId, 'messages', id] as const,
  guest: (restaurantId: number, phone: string) => ['booking', restaurantId, 'guest', phone] as const,
  slots: (restaurantId: number, date: string, size: number) =>
    ['booking', restaurantId, 'slots', date, size] as const,
  fits: (restaurantId: number, fit: FitQuery) => ['booking', restaurantId, 'fits', fit] as const,
  zones: (restaurantId: number) => ['table', restaurantId, 'zones'] as const,
  tables: (restaurantId: number) => ['table', restaurantId, 'tables'] as const,
};

/** The biggest page the API gives; a day of a busy restaurant fits in one. */
const WHOLE_DAY = 500;
export const LIST_PAGE_SIZE = 50;

/** Every page of a paginated list (a day of 300 bookings is one page; more is followed, not cut). */
async function loadAll<T>(path: string, query: QueryParams, signal: AbortSignal): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const reply = await load<{ next: string | null; results: T[] }>(path, {
      signal,
      query: { ...query, page, page_size: WHOLE_DAY },
    });
    if (!reply) return items;
    items.push(...reply.results);
    if (!reply.next || reply.results.length === 0) return items;
  }
}

/** The bookings of a restaurant-local day that have a place (the waiting list has its own screen). */
export const dayBookingsQuery = (restaurantId: number, date: string) =>
  queryOptions({
    queryKey: bookingKeys.day(restaurantId, date),
    queryFn: ({ signal }) =>
      loadAll<Booking>(
        '/api/booking/',
        { restaurant_id: restaurantId, start_date: date, end_date: date, in_waiting_queue: 'false' },
        signal,
      ),
  });

/** The timeline's rows: each table with what holds it on the day. */
export const dayTablesQuery = (restaurantId: number, date: string) =>
  queryOptions({
    queryKey: bookingKeys.dayTables(restaurantId, date),
    queryFn: ({ signal }) =>
      loadAll<DayTable>('/api/available_tables/', { restaurant_id: restaurantId, date }, signal),
    retry: retryHallLoad,
    retryDelay: hallRetryDelay,
  });

export const guestCountQuery = (restaurantId: number, date: string) =>
  queryOptions({
    queryKey: bookingKeys.guestCount(restaurantId, date),
    queryFn: ({ signal }) =>
      load<GuestCount>('/api/booking/guest-count/', { signal, query: { restaurant_id: restaurantId, date } }),
  });

// Module-level selectors: the same function each render, so react-query reruns them only for new data.
const zoneNames = (zones: SeatingZone[]) =>
  zones
    .filter((z): z is SeatingZone & { id: number } => z.id !== null)
    .map((z) => ({ id: z.id, name: z.name }));
const tablesById = (tables: Table[]) => new Map(tables.map((t) => [t.id, t]));

/** Zone names and order, for grouping the rows. */
export const zonesQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: bookingKeys.zones(restaurantId),
    queryFn: ({ signal }) => load<SeatingZone[]>(`/api/reservation/zones/${restaurantId}/`, { signal }),
    select: zoneNames,
    staleTime: 5 * 60_000,
  });

/** Table numbers by id, for bookings of any day. */
export const tablesQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: bookingKeys.tables(restaurantId),
    queryFn: ({ signal }) => load<Table[]>(`/api/restaurant/${restaurantId}/tables/`, { signal }),
    retry: retryHallLoad,
    retryDelay: hallRetryDelay,
    select: tablesById,
    staleTime: 5 * 60_000,
  });

export const bookingListQuery = (restaurantId: number, filters: ListFilters) =>
  infiniteQueryOptions({
    queryKey: bookingKeys.list(restaurantId, filters),
    queryFn: ({ signal, pageParam }) =>
      load<BookingPage>('/api/booking/', {
        signal,
        query: listQueryParams(restaurantId, filters, pageParam, LIST_PAGE_SIZE),
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last?.next ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
  });

/** The waiting list from a date on (earlier requests are past). */
export const waitingListQuery = (restaurantId: number, from: string) =>
  queryOptions({
    queryKey: bookingKeys.waiting(restaurantId, from),
    queryFn: ({ signal }) =>
      loadAll<Booking>(
        '/api/booking/',
        { restaurant_id: restaurantId, in_waiting_queue: 'true', start_date: from },
        signal,
      ),
  });

export const historyQuery = (restaurantId: number, id: number) =>
  queryOptions({
    queryKey: bookingKeys.history(restaurantId, id),
    queryFn: ({ signal }) => load<BookingHistoryItem[]>(`/api/booking/${id}/get-history/`, { signal }),
  });

/** Every message to the booking's guest and each channel it went down (live with the booking's changes). */
export const bookingMessagesQuery = (restaurantId: number, id: number) =>
  queryOptions({
    queryKey: bookingKeys.messages(restaurantId, id),
    queryFn: async ({ signal }) =>
      (await load<{ results: GuestMessageLog[] }>(`/api/booking/${id}/messages/`, { signal })).results,
  });

/** Earlier guests with this phone (the card's past visits). */
export const guestHistoryQuery = (restaurantId: number, phone: string) =>
  queryOptions({
    queryKey: bookingKeys.guest(restaurantId, phone),
    queryFn: ({ signal }) =>
      load<HistorySearchGuest[]>('/api/booking/history-by-search-field/', {
        signal,
        query: { search_field: phone, restaurant_id: restaurantId },
      }),
    staleTime: 60_000,
  });

/** Start times for a party on a date, as staff see them (every table, no online rules). */
export const slotsQuery = (restaurantId: number, date: string, size: number) =>
  queryOptions({
    queryKey: bookingKeys.slots(restaurantId, date, size),
    queryFn: ({ signal }) =>
      load<{ date: string; slots: AvailableSlot[] }>('/api/v2/available_slots/', {
        signal,
        query: { restaurant_id: restaurantId, date, group_size: size },
      }),
    placeholderData: keepPreviousData,
  });

export interface FitQuery {
  size: number;
  start: string;
  end?: string | undefined;
  /** The booking being changed: its own place does not count as taken. */
  booking?: number | undefined;
}

/** What fits a party at a time, best first. */
export const fitsQuery = (restaurantId: number, fit: FitQuery) =>
  queryOptions({
    queryKey: bookingKeys.fits(restaurantId, fit),
    queryFn: ({ signal }) =>
      load<TableFit[]>('/api/booking/find-available-tables/', {
        signal,
        query: {
          restaurant_id: restaurantId,
          num_people: fit.size,
          start_time: fit.start,
          end_time: fit.end,
          booking: fit.booking,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const createBooking = (body: BookingCreateBody) =>
  post<Booking>('/api/booking/', body) as Promise<Booking>;

/**
 * A correction; with `version` (the booking's `updated` as the form opened it), refused with 409
 * 'conflict' when another device changed the booking meanwhile, instead of overwriting its change.
 */
export const updateBooking = (id: number, body: BookingUpdateBody, version?: string) =>
  patch<Booking>(
    `/api/booking/${id}/`,
    body,
    version ? { headers: { 'If-Match': bookingVersionTag(version) } } : undefined,
  ) as Promise<Booking>;

export const addToWaitingList = (body: WaitingListBody) =>
  post<Booking>('/api/booking/waiting_queue/', body) as Promise<Booking>;

/**
 * The guests' contacts of a date range as an .xlsx file, saved by the browser. The transport's raw
 * GET carries the token (and renews it), and hands the reply over unread.
 */
export async function downloadContacts(restaurantId: number, from: string, to: string): Promise<void> {
  const query = new URLSearchParams({ restaurant_id: String(restaurantId), start_date: from, end_date: to });
  const response = await stream(`/api/booking/guests-contacts-export/?${query.toString()}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `guests-${from}-${to}.xlsx`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
