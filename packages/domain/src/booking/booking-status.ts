/**
 * Booking statuses (spec §4) and the moves between them. The spec does not show the transitions;
 * these are a host stand's: a request is confirmed or declined; a confirmed guest arrives, is seated
 * or cancels (with or without the deposit); a seated table is closed; a waiting-list request becomes
 * a request once a table frees; a mistaken cancel can be undone back to confirmed.
 */
export const BOOKING_STATUSES = [
  'new',
  'application',
  'declined',
  'cancelled',
  'cancelled_without_deposit',
  'closed',
  'open',
  'waiting',
  'waiting_list',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

const TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  new: ['application', 'declined', 'cancelled'],
  application: ['waiting', 'open', 'cancelled', 'cancelled_without_deposit'],
  waiting: ['open', 'cancelled'],
  open: ['closed'],
  waiting_list: ['new', 'application', 'cancelled'],
  cancelled: ['application'],
  cancelled_without_deposit: ['application'],
  declined: [],
  closed: [],
};

export function canMoveBooking(from: BookingStatus, to: BookingStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function nextBookingStatuses(from: BookingStatus): readonly BookingStatus[] {
  return TRANSITIONS[from];
}

/** Statuses that hold their table for the booking's time (what the no-double-booking rule covers). */
export const TABLE_HOLDING_BOOKING_STATUSES: readonly BookingStatus[] = [
  'new',
  'application',
  'waiting',
  'open',
];

/** The labels staff see: the stored status, or a derived one ('late', 'overstaying') computed from the clock. */
export type BookingLabel = BookingStatus | 'late' | 'overstaying';

/**
 * Derived, never stored: a confirmed booking whose seating time has passed is late ('Опаздывают'),
 * a seated one past its end time is overstaying ('Пересиживает').
 */
export function bookingLabel(
  booking: { status: BookingStatus; seatingTime: Date; endTime: Date },
  now: Date,
): BookingLabel {
  if (booking.status === 'application' && now.getTime() > booking.seatingTime.getTime()) return 'late';
  if (booking.status === 'open' && now.getTime() > booking.endTime.getTime()) return 'overstaying';
  return booking.status;
}

/** Notifiable booking events (spec §4): new, application (confirmed), waiting (arrived), open (seated), cancelled. */
export const NOTIFIABLE_BOOKING_STATUSES: readonly BookingStatus[] = [
  'new',
  'application',
  'waiting',
  'open',
  'cancelled',
];

/** The waiting list is shown, but its rows are not clickable (spec §4). */
export const isClickableBooking = (status: BookingStatus): boolean => status !== 'waiting_list';

/**
 * The older label set (spec §4: Новая, Заявка, Ожидает, Открыт, Закрыт, Отменен, Отклоненная
 * заявка, В списке ожидания), by the status each named. That set had no cancellation without a
 * deposit: it was a cancellation ('Отменен'). The words are bookingStatusesOlder.<key> in i18n.
 */
export const OLDER_BOOKING_LABELS = [
  'new',
  'application',
  'waiting',
  'open',
  'closed',
  'cancelled',
  'declined',
  'waiting_list',
] as const;
export type OlderBookingLabel = (typeof OLDER_BOOKING_LABELS)[number];

export function olderBookingLabel(status: BookingStatus): OlderBookingLabel {
  return status === 'cancelled_without_deposit' ? 'cancelled' : status;
}
