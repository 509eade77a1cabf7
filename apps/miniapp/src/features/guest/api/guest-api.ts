import type {
  GuestJoinBody,
  GuestQueueStatus,
  GuestReachEventBody,
  PublicRestaurant,
} from '@stolik/contracts';
import { queryOptions } from '@tanstack/react-query';
import { load } from '../../../shared/api/load';
import { post } from '../../../shared/api/transport';

// Guests never sign in: every call is public.
const pub = { auth: false } as const;

export const publicRestaurantQuery = (id: number) =>
  queryOptions({
    queryKey: ['public-restaurant', id],
    queryFn: ({ signal }) => load<PublicRestaurant>(`/api/public/restaurant/${id}/`, { ...pub, signal }),
  });

/** The guest's own entry; refreshed every 15 s and when the page comes back into view. */
export const guestQueueQuery = (token: string) =>
  queryOptions({
    queryKey: ['guest-queue', token],
    queryFn: ({ signal }) =>
      load<GuestQueueStatus>(`/api/public/queue/${encodeURIComponent(token)}/`, { ...pub, signal }),
    refetchInterval: 15_000,
    refetchOnWindowFocus: true,
  });

/** The same key for every retry of one filled-in form: a double tap or a flaky network makes one entry. */
export const joinQueue = (restaurantId: number, body: GuestJoinBody, key: string) =>
  post<GuestQueueStatus>(`/api/public/restaurant/${restaurantId}/queue/`, body, {
    ...pub,
    headers: { 'Idempotency-Key': key },
  }) as Promise<GuestQueueStatus>;

export const leaveQueue = (token: string) =>
  post<GuestQueueStatus>(
    `/api/public/queue/${encodeURIComponent(token)}/cancel/`,
    {},
    pub,
  ) as Promise<GuestQueueStatus>;

/**
 * What the guest did about the call: saw it on this page ('seen'), or answered ('coming'). The
 * hostess's row shows it, and nobody goes on texting a guest who has answered.
 */
export const reportReach = (token: string, body: GuestReachEventBody) =>
  post(`/api/public/queue/${encodeURIComponent(token)}/reach/`, body, pub);

/** 'Я на месте': the called guest is at the door; the hostess's row turns 'Пришел'. */
export const sayArrived = (token: string) =>
  post<GuestQueueStatus>(
    `/api/public/queue/${encodeURIComponent(token)}/arrived/`,
    {},
    pub,
  ) as Promise<GuestQueueStatus>;

/** The guest's own event stream: a nudge whenever their place may have changed. */
export const guestChangesPath = (token: string) => `/api/public/queue/${encodeURIComponent(token)}/events/`;
