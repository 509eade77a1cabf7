import type { Booking, QueueEntry } from '@stolik/contracts';
import { queryOptions } from '@tanstack/react-query';
import { load } from '../../../shared/api/load';

/** The biggest page the API gives; a day of a busy restaurant fits in one, more pages are followed. */
const PAGE = 500;

/**
 * What sits on the tables of the Зоны screen: the service day's bookings and today's queue. Keys
 * start with ['booking', id] and ['queue', id], so the event stream's changes of either kind
 * refresh them; they are the screen's own (other screens keep theirs in other shapes).
 */
export const zoneScreenKeys = {
  bookings: (restaurantId: number, date: string) => ['booking', restaurantId, 'zone-screen', date] as const,
  queue: (restaurantId: number) => ['queue', restaurantId, 'zone-screen'] as const,
};

export const dayBookingsQuery = (restaurantId: number, date: string) =>
  queryOptions({
    queryKey: zoneScreenKeys.bookings(restaurantId, date),
    queryFn: async ({ signal }) => {
      const bookings: Booking[] = [];
      for (let page = 1; ; page += 1) {
        const reply = await load<{ next: string | null; results: Booking[] }>('/api/booking/', {
          signal,
          query: {
            restaurant_id: restaurantId,
            start_date: date,
            end_date: date,
            in_waiting_queue: 'false',
            page,
            page_size: PAGE,
          },
        });
        if (!reply) return bookings;
        bookings.push(...reply.results);
        if (!reply.next || reply.results.length === 0) return bookings;
      }
    },
  });

export const todayQueueQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: zoneScreenKeys.queue(restaurantId),
    queryFn: ({ signal }) =>
      load<QueueEntry[]>('/api/reservation/', { signal, query: { restaurant_id: restaurantId } }),
  });
