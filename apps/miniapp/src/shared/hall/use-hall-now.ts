import type { QueueEntry } from '@stolik/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dayBookingsQuery } from '../bookings/booking-api';
import { useNow } from '../live/use-now';
import { queueListQuery, seatingQuery } from '../queue/queue-api';
import { todayIn } from '../time/restaurant-clock';
import { locksQuery } from './hall-api';
import { occupantsOf, tableStates } from './table-state';

const NO_ENTRIES: QueueEntry[] = [];

/**
 * What every table of the hall is doing now (free, booked soon, seated, overstaying, closed), as the
 * map and the Зоны screen show it. It reads who sits where (the seat picker's read of the one
 * occupancy), the service day's bookings, today's queue and the day's locks through the same queries (and so the same cache) as the booking, queue and settings screens,
 * which the event stream refreshes by kind; the clock moves the states on every 30 s.
 *
 * `tableIds` should keep its identity between renders (the states are worked out again when it changes).
 */
export function useHallNow(restaurantId: number, timeZone: string, tableIds: readonly number[]) {
  const now = useNow(30_000);
  const today = todayIn(timeZone, now);
  const bookings = useQuery(dayBookingsQuery(restaurantId, today));
  const queue = useQuery(queueListQuery(restaurantId));
  const locks = useQuery(locksQuery(restaurantId, today));
  // Who sits where: the server's one occupancy, as the seat picker reads it.
  const seating = useQuery(seatingQuery(restaurantId));
  const states = useMemo(
    () =>
      tableStates({
        tableIds: [...tableIds],
        bookings: bookings.data ?? [],
        queue: queue.data ?? [],
        occupants: occupantsOf(seating.data),
        locks: locks.data ?? [],
        now,
        timeZone,
      }),
    [tableIds, bookings.data, queue.data, seating.data, locks.data, now, timeZone],
  );
  const sources = [bookings, queue, locks, seating];
  return {
    now,
    today,
    states,
    /** Today's queue: the map offers the next waiting party that fits a free table. */
    queue: queue.data ?? NO_ENTRIES,
    /** A table shown free before the queue, the bookings and the locks are in would say something untrue. */
    pending: sources.some((q) => q.isPending),
    /** Never loaded, or failing: the states may be wrong, and the screen says so with a retry. */
    failed: sources.some((q) => q.isError && !q.data),
    retry: () => {
      for (const q of sources) void q.refetch();
    },
  };
}
