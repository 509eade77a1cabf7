import type { BookingStatus } from './booking-status';

/** What a guest who asked for a table is told (spec §4 guest booking outcomes). */
export type GuestOutcome = 'pending' | 'confirmed' | 'cancelled';

/** The statuses of a booking the guest will not come to. */
export const NOT_COMING_BOOKING_STATUSES: readonly BookingStatus[] = [
  'declined',
  'cancelled',
  'cancelled_without_deposit',
];

/**
 * 'Ожидайте подтверждение от ресторана' while the restaurant has not decided (a request, the
 * waiting list), 'Бронирование отменено' once it will not happen, 'Бронирование подтверждено' for
 * everything else (confirmed, arrived, seated, finished).
 */
export function guestOutcome(status: BookingStatus): GuestOutcome {
  if (status === 'new' || status === 'waiting_list') return 'pending';
  if (NOT_COMING_BOOKING_STATUSES.includes(status)) return 'cancelled';
  return 'confirmed';
}
