import '../booking.css';
import type { Booking, Restaurant } from '@stolik/contracts';
import { type BookingStatus, BREAKPOINT_MOBILE } from '@stolik/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { tablesQuery, waitingListQuery } from '../../../shared/bookings/booking-api';
import {
  actionKey,
  actionsFor,
  DESTRUCTIVE,
  NO_TABLES,
  needsPlace,
} from '../../../shared/bookings/booking-view';
import { useBookingMove } from '../../../shared/bookings/use-booking-actions';
import { useTranslation } from '../../../shared/i18n/i18n';
import { LiveBadge } from '../../../shared/live/live-badge';
import { useNow } from '../../../shared/live/use-now';
import { useRestaurantChanges } from '../../../shared/live/use-restaurant-changes';
import { useRestaurant } from '../../../shared/restaurants/get-restaurant';
import { displayDate, timeOf, todayIn, wallClock } from '../../../shared/time/booking-time';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { useMediaQuery } from '../../../shared/ui/use-media-query';
import { BookingRow } from './booking-row';
import { BookingTabs } from './booking-tabs';
import { PlacePickerSheet } from './place-picker-sheet';
import { WaitingListSheet } from './waiting-list-sheet';

/** /restaurant/{id}/booking/waiting: requests waiting for a table to free up (spec §2, §4). */
export function BookingWaitingScreen() {
  const restaurantId = Number(useParams().id);
  const restaurant = useRestaurant(restaurantId);
  return (
    <Page titleKey="pages.bookingWaiting">
      {restaurant.data ? <WaitingList restaurant={restaurant.data} /> : <ListSkeleton rows={4} />}
    </Page>
  );
}

function WaitingList({ restaurant }: { restaurant: Restaurant }) {
  const { t } = useTranslation();
  const restaurantId = restaurant.id;
  const timeZone = restaurant.timezone;
  const phone = useMediaQuery(`(max-width: ${BREAKPOINT_MOBILE - 0.02}px)`);
  const live = useRestaurantChanges(restaurantId, ['booking', 'table']);
  const now = useNow();
  const today = todayIn(timeZone, now);
  const list = useQuery(waitingListQuery(restaurantId, today));
  const tables = useQuery(tablesQuery(restaurantId));
  const move = useBookingMove(restaurantId);
  const [adding, setAdding] = useState(false);
  const [placing, setPlacing] = useState<{ booking: Booking; to: BookingStatus } | null>(null);

  const rows = [...(list.data ?? [])].sort(
    (a, b) => Date.parse(a.seating_time) - Date.parse(b.seating_time) || a.id - b.id,
  );
  const act = (booking: Booking, to: BookingStatus) => {
    if (needsPlace(booking.status, to)) setPlacing({ booking, to });
    else move.mutate({ booking, to });
  };
  const when = (booking: Booking) => (
    <>
      {timeOf(timeZone, booking.seating_time)}
      <span className="booking-row__date">{displayDate(wallClock(timeZone, booking.seating_time).date)}</span>
    </>
  );

  return (
    <div className="booking-list">
      <div className="booking-head">
        <BookingTabs restaurantId={restaurantId} />
        {phone ? null : (
          <button type="button" className="button" onClick={() => setAdding(true)}>
            <span aria-hidden="true">+</span> {t('booking.waiting.add')}
          </button>
        )}
      </div>
      <div className="booking-list__summary">
        <LiveBadge state={live} />
      </div>
      {list.isPending ? (
        <ListSkeleton rows={4} />
      ) : list.isError && !list.data ? (
        <ErrorState messageKey="booking.loadFailed" onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="booking-list__rows booking-list__rows--waiting">
          {rows.map((booking) => {
            const { primary, others } = actionsFor(booking.status);
            const moves = [...(primary ? [primary] : []), ...others];
            const pending = move.isPending && move.variables?.booking.id === booking.id;
            return (
              <BookingRow
                key={booking.id}
                booking={booking}
                now={now}
                timeZone={timeZone}
                tables={tables.data ?? NO_TABLES}
                when={when(booking)}
                showStatus={booking.status !== 'waiting_list'}
                actions={moves.map((to) => (
                  <button
                    key={to}
                    type="button"
                    className={`button ${DESTRUCTIVE.has(to) ? 'button--danger' : to === primary ? '' : 'button--secondary'}`}
                    disabled={pending}
                    aria-label={`${t(actionKey(booking.status, to))}: ${booking.name || t('booking.guest')}`}
                    onClick={() => act(booking, to)}
                  >
                    {t(actionKey(booking.status, to))}
                  </button>
                ))}
              />
            );
          })}
        </ul>
      )}
      {phone ? (
        <button type="button" className="fab" onClick={() => setAdding(true)}>
          <span aria-hidden="true">+</span> {t('booking.waiting.add')}
        </button>
      ) : null}
      <WaitingListSheet
        restaurantId={restaurantId}
        timeZone={timeZone}
        open={adding}
        onClose={() => setAdding(false)}
      />
      <PlacePickerSheet
        restaurantId={restaurantId}
        timeZone={timeZone}
        request={placing}
        onClose={() => setPlacing(null)}
        onPick={(place) => {
          if (!placing) return;
          setPlacing(null);
          move.mutate({ ...placing, place });
        }}
      />
    </div>
  );
}
