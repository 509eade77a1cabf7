import type {
  GuestBookingBody,
  GuestBookingCreated as GuestBookingCreatedSchema,
  GuestBookingStatus,
  PublicRestaurant,
  PublicSlots,
} from '@stolik/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { load } from '../../../shared/api/load';
import { post } from '../../../shared/api/transport';

export type GuestBookingCreated = z.infer<typeof GuestBookingCreatedSchema>;

// Guests never sign in: every call is public.
const pub = { auth: false } as const;

/** The restaurant's name for the form's header; the same key as the queue form, so one fetch serves both. */
export const publicRestaurantQuery = (id: number) =>
  queryOptions({
    queryKey: ['public-restaurant', id],
    queryFn: ({ signal }) => load<PublicRestaurant>(`/api/public/restaurant/${id}/`, { ...pub, signal }),
  });

/** The start times really open to a guest's online request on a date, for a party size. */
export const publicSlotsQuery = (restaurantId: number, date: string, groupSize: number) =>
  queryOptions({
    queryKey: ['public-booking-slots', restaurantId, date, groupSize],
    queryFn: ({ signal }) =>
      load<PublicSlots>(`/api/public/restaurant/${restaurantId}/slots/`, {
        ...pub,
        signal,
        query: { date, group_size: groupSize },
      }),
    // Other guests take times too: a list older than a minute is not shown as it was.
    staleTime: 15_000,
    refetchInterval: 60_000,
  });

/** The same key for every retry of one filled-in form: a double tap or a flaky network makes one request. */
export const requestBooking = (restaurantId: number, body: GuestBookingBody, key: string) =>
  post<GuestBookingCreated>(`/api/public/restaurant/${restaurantId}/booking/`, body, {
    ...pub,
    headers: { 'Idempotency-Key': key },
  }) as Promise<GuestBookingCreated>;

/** The guest's own booking; refreshed every 15 s and on return to the page, besides the live nudges. */
export const guestBookingQuery = (token: string) =>
  queryOptions({
    queryKey: ['guest-booking', token],
    queryFn: ({ signal }) =>
      load<GuestBookingStatus>(`/api/public/booking/${encodeURIComponent(token)}/`, { ...pub, signal }),
    refetchInterval: 15_000,
    refetchOnWindowFocus: true,
  });

export const cancelGuestBooking = (token: string) =>
  post<GuestBookingStatus>(
    `/api/public/booking/${encodeURIComponent(token)}/cancel/`,
    {},
    pub,
  ) as Promise<GuestBookingStatus>;

/** The guest's own event stream: a nudge whenever the booking may have changed (same protocol as the queue's). */
export const guestBookingChangesPath = (token: string) =>
  `/api/public/booking/${encodeURIComponent(token)}/events/`;

/** The restaurant's answer seen on this page: its message needs no other channel (issue #32). */
export const reportBookingSeen = (token: string) =>
  post(`/api/public/booking/${encodeURIComponent(token)}/reach/`, { event: 'seen' }, pub);
