import type { Forecast, InstantSeatBody, QueueEntry, SeatingZone, WalkInBody } from '@stolik/contracts';
import type { QueueStatus } from '@stolik/domain';
import { queryOptions } from '@tanstack/react-query';
import { load } from '../../../shared/api/load';
import { post, put } from '../../../shared/api/transport';

// Every key starts with ['queue', restaurantId]: a live change of kind 'queue' refreshes them all.
export const queueKeys = {
  all: (restaurantId: number) => ['queue', restaurantId] as const,
  list: (restaurantId: number) => ['queue', restaurantId, 'list'] as const,
  seating: (restaurantId: number) => ['queue', restaurantId, 'seating'] as const,
  forecast: (restaurantId: number) => ['queue', restaurantId, 'forecast'] as const,
};

/** Today's queue of the restaurant, newest activity first. */
export const queueListQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: queueKeys.list(restaurantId),
    queryFn: ({ signal }) =>
      load<QueueEntry[]>('/api/reservation/', { signal, query: { restaurant_id: restaurantId } }),
    // The waits move with the clock even when nothing changes.
    refetchInterval: 60_000,
  });

/** The hall by zone, each table free or with who sits there. */
export const seatingQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: queueKeys.seating(restaurantId),
    queryFn: ({ signal }) => load<SeatingZone[]>(`/api/reservation/zones/${restaurantId}/`, { signal }),
  });

export const forecastQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: queueKeys.forecast(restaurantId),
    queryFn: ({ signal }) => load<Forecast>(`/api/reservation/forecast/${restaurantId}/`, { signal }),
    refetchInterval: 60_000,
  });

export const moveEntry = (id: number, status: QueueStatus, tables?: number[]) =>
  put<QueueEntry>(`/api/reservation/${id}/`, {
    status,
    ...(tables ? { tables } : {}),
  }) as Promise<QueueEntry>;

/** Calling goes through its own endpoint: it also tells the guest. */
export const callGuest = (id: number) =>
  post<QueueEntry>('/api/reservation/invite/', { id }) as Promise<QueueEntry>;

export const addWalkIn = (body: WalkInBody) =>
  post<QueueEntry>('/api/reservation/', body) as Promise<QueueEntry>;

export const seatAtOnce = (body: InstantSeatBody) =>
  post<QueueEntry>('/api/reservation/instant_seat/', body) as Promise<QueueEntry>;

export const moveToRestaurant = (id: number, restaurant: number) =>
  put<QueueEntry>(`/api/reservation/${id}/update_resto/`, { restaurant }) as Promise<QueueEntry>;
