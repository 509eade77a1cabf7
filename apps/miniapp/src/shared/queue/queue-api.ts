import type {
  Forecast,
  GuestMessageLog,
  QueueEntry,
  SeatingZone,
  StaffQueueHistoryItem,
} from '@stolik/contracts';
import { queryOptions } from '@tanstack/react-query';
import { load } from '../api/load';
import { put } from '../api/transport';

// Every key starts with ['queue', restaurantId]: a live change of kind 'queue' refreshes them all.
export const queueKeys = {
  all: (restaurantId: number) => ['queue', restaurantId] as const,
  list: (restaurantId: number) => ['queue', restaurantId, 'list'] as const,
  seating: (restaurantId: number) => ['queue', restaurantId, 'seating'] as const,
  forecast: (restaurantId: number) => ['queue', restaurantId, 'forecast'] as const,
  history: (restaurantId: number, id: number) => ['queue', restaurantId, 'history', id] as const,
  messages: (restaurantId: number, id: number) => ['queue', restaurantId, 'messages', id] as const,
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

/** The hall by zone, each table free, with who sits there, or held by a booking now. */
export const seatingQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: queueKeys.seating(restaurantId),
    queryFn: ({ signal }) => load<SeatingZone[]>(`/api/reservation/zones/${restaurantId}/`, { signal }),
    // A booking starts holding its table with the clock alone (its preparation time comes).
    refetchInterval: 60_000,
  });

/** One entry's changes, each with the older system's word for the entry after it (spec §3). */
export const entryHistoryQuery = (restaurantId: number, id: number) =>
  queryOptions({
    queryKey: queueKeys.history(restaurantId, id),
    queryFn: ({ signal }) => load<StaffQueueHistoryItem[]>(`/api/reservation/${id}/history/`, { signal }),
  });

/** Every message to the entry's guest and each channel it went down (live: a 'queue' change refetches it). */
export const entryMessagesQuery = (restaurantId: number, id: number) =>
  queryOptions({
    queryKey: queueKeys.messages(restaurantId, id),
    queryFn: async ({ signal }) =>
      (await load<{ results: GuestMessageLog[] }>(`/api/reservation/${id}/messages/`, { signal })).results,
  });

export const forecastQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: queueKeys.forecast(restaurantId),
    queryFn: ({ signal }) => load<Forecast>(`/api/reservation/forecast/${restaurantId}/`, { signal }),
    refetchInterval: 60_000,
  });

// Calls, moves and walk-ins go through shared/offline (sent now, or kept while offline).
export const moveToRestaurant = (id: number, restaurant: number) =>
  put<QueueEntry>(`/api/reservation/${id}/update_resto/`, { restaurant }) as Promise<QueueEntry>;
