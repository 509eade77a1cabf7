import type { Booking, BookingUpdateBody } from '@stolik/contracts';
import type { BookingStatus } from '@stolik/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refusalCode, useRefusalMessage } from '../api/refusal';
import { queueKeys } from '../queue/queue-api';
import type { FormErrors } from '../ui/form-errors';
import { showToast } from '../ui/toast';
import { bookingKeys, updateBooking } from './booking-api';
import { patchBookingIn } from './booking-view';

/**
 * A refusal as a form shows it: a table booked meanwhile (409 booking_conflict) is the place's
 * problem, said under the place choice (which would otherwise also say 'taken' once it refreshes);
 * anything else is the form's general message.
 */
export function refusalErrors(error: unknown, refusal: (error: unknown) => string): FormErrors {
  return refusalCode(error) === 'booking_conflict'
    ? { fields: { table: refusal(error) }, general: null }
    : { fields: {}, general: refusal(error) };
}

export interface BookingMove {
  booking: Booking;
  to: BookingStatus;
  /** The place a waiting-list request takes as it becomes a booking. */
  place?: { table: number | null; group: number | null; tables: number[] };
}

/**
 * A status change, shown at once everywhere the booking is on screen (optimistic), and rolled back
 * with the server's message if it refuses: changed on another device, the table taken meanwhile.
 */
export function useBookingMove(restaurantId: number) {
  const queryClient = useQueryClient();
  const refusal = useRefusalMessage('booking.actionFailed');
  const key = bookingKeys.all(restaurantId);

  return useMutation({
    mutationFn: ({ booking, to, place }: BookingMove) => {
      const body: BookingUpdateBody = { status: to };
      if (place) Object.assign(body, { table: place.table, group: place.group });
      return updateBooking(booking.id, body);
    },
    onMutate: async ({ booking, to, place }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueriesData({ queryKey: key });
      queryClient.setQueriesData({ queryKey: key }, (data: unknown) =>
        patchBookingIn(data, booking.id, (b) => ({ ...b, status: to, ...(place ?? {}) })),
      );
      return { before };
    },
    onError: (error, _move, context) => {
      for (const [queryKey, data] of context?.before ?? []) queryClient.setQueryData(queryKey, data);
      showToast(refusal(error), 'error');
    },
    onSettled: (_data, _error, { booking, to }) => {
      void queryClient.invalidateQueries({ queryKey: key });
      // Seated or gone, the booking's guests change who sits where (the hall's one occupancy).
      if (to === 'open' || booking.status === 'open')
        void queryClient.invalidateQueries({ queryKey: queueKeys.seating(restaurantId) });
    },
  });
}
