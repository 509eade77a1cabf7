import '../booking.css';
import type { Booking } from '@stolik/contracts';
import type { BookingStatus } from '@stolik/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { load } from '../../../shared/api/load';
import { ApiError } from '../../../shared/api/transport';
import { tablesQuery } from '../../../shared/bookings/booking-api';
import { actionKey, DESTRUCTIVE, NO_TABLES, needsPlace } from '../../../shared/bookings/booking-view';
import { useBookingMove } from '../../../shared/bookings/use-booking-actions';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useRestaurantChanges } from '../../../shared/live/use-restaurant-changes';
import { useRestaurant } from '../../../shared/restaurants/get-restaurant';
import { paths } from '../../../shared/routing/paths';
import { haptic, useConfirm } from '../../../shared/telegram/bridge';
import { displayDate, serviceDayOf, timeOf, wallClock } from '../../../shared/time/booking-time';
import { Page } from '../../../shared/ui/page';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { BookingEditForm } from './booking-edit-form';
import { BookingCard } from './booking-sheet';

/** One booking by id; under ['booking', restaurant] like every booking query, so live changes refresh it. */
const bookingQuery = (restaurantId: number, id: number) =>
  queryOptions({
    queryKey: ['booking', restaurantId, 'one', id] as const,
    queryFn: ({ signal }) => load<Booking>(`/api/booking/${id}/`, { signal }),
    // A booking that is not there (or in another restaurant) will not appear by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

/**
 * A booking's card as a page of its own: what a bot notification's 'Открыть бронь' opens
 * (/telegram/restaurant/{id}/booking/{booking_id}). The same card as the timeline's sheet, its moves
 * and its correction; a move that ends the booking is asked about first (Telegram's own popup
 * inside Telegram), and every move ends with a haptic success or error.
 */
export function BookingCardPage({ restaurantId, bookingId }: { restaurantId: number; bookingId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const booking = useQuery(bookingQuery(restaurantId, bookingId));
  const restaurant = useRestaurant(restaurantId);
  const tables = useQuery(tablesQuery(restaurantId));
  const move = useBookingMove(restaurantId);
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState(false);
  useRestaurantChanges(restaurantId, ['booking']);

  const timeZone = restaurant.data?.timezone;
  const elsewhere = booking.data !== undefined && booking.data.restaurant !== restaurantId;
  const missing = (booking.error instanceof ApiError && booking.error.status === 404) || elsewhere;

  const onMove = async (current: Booking, to: BookingStatus) => {
    // A waiting-list request needs a table to become a booking: the waiting list has the picker.
    if (needsPlace(current.status, to)) {
      void navigate(paths.bookingWaiting(restaurantId));
      return;
    }
    haptic.tap();
    if (DESTRUCTIVE.has(to) && timeZone) {
      const action = t(actionKey(current.status, to));
      const when = `${displayDate(wallClock(timeZone, current.seating_time).date)}, ${timeOf(timeZone, current.seating_time)}`;
      const sure = await confirm({
        title: current.name || t('booking.guest'),
        message: t('telegram.booking.confirm', {
          when,
          guests: t('guest.guests', { count: current.group_size }),
          action,
        }),
        confirmLabel: action,
        cancelLabel: t('app.back'),
        destructive: true,
      });
      if (!sure) return;
    }
    move.mutate({ booking: current, to }, { onSuccess: haptic.success, onError: haptic.error });
  };

  let content: ReactNode;
  if (missing) content = <p className="notice">{t('telegram.booking.notFound')}</p>;
  else if (booking.isError || restaurant.isError)
    content = (
      <ErrorState
        messageKey="errors.loadInfo"
        onRetry={() => void Promise.all([booking.refetch(), restaurant.refetch()])}
      />
    );
  else if (!booking.data || !timeZone) content = <ListSkeleton rows={5} />;
  else {
    const shown = booking.data;
    content = (
      <article className="booking-page" aria-labelledby="booking-page-guest">
        <h2 id="booking-page-guest" className="booking-page__guest">
          {shown.name || t('booking.guest')} · {timeOf(timeZone, shown.seating_time)}
        </h2>
        {editing ? (
          <BookingEditForm
            booking={shown}
            restaurantId={restaurantId}
            timeZone={timeZone}
            tables={tables.data ?? NO_TABLES}
            onDone={() => setEditing(false)}
          />
        ) : (
          <BookingCard
            booking={shown}
            restaurantId={restaurantId}
            timeZone={timeZone}
            tables={tables.data ?? NO_TABLES}
            onMove={(current, to) => void onMove(current, to)}
            onEdit={() => setEditing(true)}
          />
        )}
        <Link
          className="booking-page__day"
          to={`${paths.booking(restaurantId)}?date=${serviceDayOf(timeZone, shown.seating_time)}`}
        >
          {t('telegram.booking.allOfDay')}
        </Link>
      </article>
    );
  }

  return (
    <Page titleKey="pages.telegramBooking">
      {content}
      {dialog}
    </Page>
  );
}
