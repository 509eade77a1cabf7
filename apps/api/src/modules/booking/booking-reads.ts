import type {
  Booking,
  BookingHistoryItem,
  BookingListQuery,
  BookingPage,
  GuestCount,
  HistorySearchGuest,
} from '@stolik/contracts';
import type { Database } from '@stolik/db';
import {
  BOOKING_STATUSES,
  localTimeOf,
  NOT_COMING_BOOKING_STATUSES,
  serviceDateOf,
  serviceDayBounds,
} from '@stolik/domain';
import type { Viewer } from '../../shared/access';
import { FieldValidationError, notFound } from '../../shared/http-errors';
import { restaurantOrThrow } from '../restaurants/restaurant-or-throw';
import type { BookingFilter, BookingRepository, RestaurantRow } from './booking.repository';
import type { BookingViews } from './booking-views';

const SEARCH_LIMIT = 20;

/** The bookings of the service days from `start` to `end` (either open). */
function days(
  restaurant: Pick<RestaurantRow, 'id' | 'timezone'>,
  start?: string,
  end?: string,
): BookingFilter {
  return {
    restaurantId: restaurant.id,
    ...(start ? { from: serviceDayBounds(restaurant.timezone, start).from } : {}),
    ...(end ? { to: serviceDayBounds(restaurant.timezone, end).to } : {}),
  };
}

/** What staff read of bookings: lists, one booking and its history, counts, earlier guests, contacts. */
export function createBookingReads(
  db: Database,
  now: () => Date,
  parts: { repository: BookingRepository; views: BookingViews },
) {
  const { repository, views } = parts;

  return {
    async list(query: BookingListQuery): Promise<Omit<BookingPage, 'next' | 'previous'>> {
      const restaurant = await repository.restaurant(query.restaurant_id);
      if (!restaurant) throw notFound();
      const filter: BookingFilter = {
        ...days(restaurant, query.start_date, query.end_date),
        search: query.search,
        statuses: query.status,
        waitingList: query.in_waiting_queue,
      };
      const page = await repository.page(filter, query.page, query.page_size);
      return { count: page.count, results: await views.views(page.rows) };
    },

    async get(viewer: Viewer, id: number): Promise<Booking> {
      return views.view(await views.bookingFor(viewer, id));
    },

    async history(viewer: Viewer, id: number): Promise<BookingHistoryItem[]> {
      const row = await views.bookingFor(viewer, id);
      return (await repository.history(row.id)).map(({ h, first, last }) => ({
        from_status: h.fromStatus,
        to_status: h.toStatus,
        changed_by: h.changedBy,
        changed_by_name: [first, last].filter(Boolean).join(' '),
        changes: h.changes,
        at: h.at.toISOString(),
      }));
    },

    /** GET /api/booking/today-bookings/: the restaurant's service day now, by seating time. */
    async today(restaurantId: number): Promise<Booking[]> {
      const restaurant = await repository.restaurant(restaurantId);
      if (!restaurant) throw notFound();
      const day = serviceDateOf(restaurant.timezone, now());
      return views.views(await repository.allListed(days(restaurant, day, day)));
    },

    /** GET /api/booking/guest-count/: bookings and covers of a day. */
    async guestCount(restaurantId: number, date?: string): Promise<GuestCount> {
      const restaurant = await restaurantOrThrow(db, restaurantId);
      const day = date ?? serviceDateOf(restaurant.timezone, now());
      const rows = await repository.countsByStatus(days(restaurant, day, day));
      const byStatus = BOOKING_STATUSES.map((status) => {
        const row = rows.find((r) => r.status === status);
        return { status, bookings: row?.n ?? 0, guests: row?.guests ?? 0 };
      }).filter((s) => s.bookings > 0);
      return {
        date: day,
        bookings: byStatus.reduce((sum, s) => sum + s.bookings, 0),
        guests: byStatus
          .filter((s) => !NOT_COMING_BOOKING_STATUSES.includes(s.status))
          .reduce((sum, s) => sum + s.guests, 0),
        by_status: byStatus,
      };
    },

    /** history-by-search-field: earlier guests whose name or phone matches, most recent first. */
    async searchGuests(restaurantId: number, search: string): Promise<HistorySearchGuest[]> {
      await restaurantOrThrow(db, restaurantId);
      const rows = await repository.searchGuests(restaurantId, search, SEARCH_LIMIT);
      return rows.map((r) => ({
        name: r.name,
        phone: r.phone,
        bookings: r.bookings,
        last_visit: r.last ? new Date(r.last).toISOString() : null,
      }));
    },

    async searchGuestsCount(restaurantId: number, search: string): Promise<number> {
      await restaurantOrThrow(db, restaurantId);
      return repository.searchGuestsCount(restaurantId, search);
    },

    /** The rows of the contacts export: every booking of the range with a phone, by time. */
    async contacts(restaurantId: number, start: string, end: string) {
      const restaurant = await restaurantOrThrow(db, restaurantId);
      if (end < start) throw new FieldValidationError({ end_date: ['bookingConflicts.endBeforeStart'] });
      const rows = await repository.all(days(restaurant, start, end));
      return {
        restaurant,
        rows: rows.map((row) => ({
          date: serviceDateOf(restaurant.timezone, row.seatingTime),
          time: localTimeOf(restaurant.timezone, row.seatingTime),
          name: row.name,
          phone: row.phone,
          guests: row.groupSize,
          status: row.status,
          comment: row.comment,
          source: row.source,
        })),
      };
    },
  };
}
