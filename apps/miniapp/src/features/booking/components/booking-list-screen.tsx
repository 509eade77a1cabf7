import '../booking.css';
import type { Booking, Restaurant } from '@stolik/contracts';
import { addDays, BOOKING_STATUSES, type BookingStatus, isAdmin } from '@stolik/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { bookingListQuery, downloadContacts, tablesQuery } from '../../../shared/bookings/booking-api';
import { byDate, type ListFilters, NO_TABLES } from '../../../shared/bookings/booking-view';
import { useBookingMove } from '../../../shared/bookings/use-booking-actions';
import { useTranslation } from '../../../shared/i18n/i18n';
import { LiveBadge } from '../../../shared/live/live-badge';
import { useNow } from '../../../shared/live/use-now';
import { useRestaurantChanges } from '../../../shared/live/use-restaurant-changes';
import { useRestaurant } from '../../../shared/restaurants/get-restaurant';
import { paths } from '../../../shared/routing/paths';
import { useSession } from '../../../shared/session/session';
import { viewerIn } from '../../../shared/session/viewer';
import { BOOKING_TONE } from '../../../shared/status/status';
import { displayDate, serviceDayOf, todayIn } from '../../../shared/time/booking-time';
import { DateInput } from '../../../shared/ui/date-input';
import { DownloadIcon } from '../../../shared/ui/icons';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { showToast } from '../../../shared/ui/toast';
import { BookingRow } from './booking-row';
import { BookingSheet } from './booking-sheet';
import { BookingTabs } from './booking-tabs';

/** The list opens on the coming week. */
const DEFAULT_DAYS = 6;

/** /restaurant/{id}/booking/list: every booking of a date range, filtered (spec §2, only where bookings are on). */
export function BookingListScreen() {
  const restaurantId = Number(useParams().id);
  const restaurant = useRestaurant(restaurantId);
  if (restaurant.data?.has_bookings === false) return <Navigate to={paths.booking(restaurantId)} replace />;
  return (
    <Page titleKey="pages.bookingList">
      {restaurant.data ? <BookingList restaurant={restaurant.data} /> : <ListSkeleton rows={4} />}
    </Page>
  );
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function BookingList({ restaurant }: { restaurant: Restaurant }) {
  const { t } = useTranslation();
  const restaurantId = restaurant.id;
  const timeZone = restaurant.timezone;
  const live = useRestaurantChanges(restaurantId, ['booking', 'table']);
  const now = useNow();
  const [from, setFrom] = useState(() => todayIn(timeZone));
  const [to, setTo] = useState(() => addDays(todayIn(timeZone), DEFAULT_DAYS));
  const [statuses, setStatuses] = useState<BookingStatus[]>([]);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, 300);
  const filters: ListFilters = { from, to, statuses, search };
  const list = useInfiniteQuery(bookingListQuery(restaurantId, filters));
  const tables = useQuery(tablesQuery(restaurantId));
  const move = useBookingMove(restaurantId);
  const [openId, setOpenId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);
  // The export hands guests' contacts out of the product: the restaurant's managers only (as the API).
  const viewer = viewerIn(useSession().me, restaurantId);
  const canExport = viewer !== null && isAdmin(viewer);

  const bookings = list.data?.pages.flatMap((page) => page.results) ?? [];
  const total = list.data?.pages[0]?.count ?? 0;
  const openBooking = bookings.find((b) => b.id === openId) ?? null;
  const groups = byDate(bookings, (b) => serviceDayOf(timeZone, b.seating_time));
  const toggle = (status: BookingStatus) =>
    setStatuses((current) =>
      current.includes(status) ? current.filter((s) => s !== status) : [...current, status],
    );
  const exportContacts = async () => {
    setExporting(true);
    try {
      const [start, end] = from <= to ? [from, to] : [to, from];
      await downloadContacts(restaurantId, start, end);
    } catch {
      showToast(t('booking.list.exportFailed'), 'error');
    } finally {
      setExporting(false);
    }
  };
  const onMove = (booking: Booking, target: BookingStatus) => {
    setOpenId(null);
    move.mutate({ booking, to: target });
  };

  return (
    <div className="booking-list">
      <BookingTabs restaurantId={restaurantId} />
      <div className="booking-list__filters">
        <div className="booking-list__dates">
          <DateInput label={t('booking.list.from')} value={from} onChange={setFrom} />
          <DateInput label={t('booking.list.to')} value={to} onChange={setTo} />
        </div>
        <label className="booking-list__search">
          <span className="visually-hidden">{t('booking.list.searchLabel')}</span>
          <input
            type="search"
            className="field__input"
            placeholder={t('booking.list.search')}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </label>
        <fieldset className="booking-list__statuses">
          <legend className="field__label">{t('booking.list.statuses')}</legend>
          {BOOKING_STATUSES.filter((s) => s !== 'waiting_list').map((status) => (
            <label key={status} className="status-chip" data-label={status} data-tone={BOOKING_TONE[status]}>
              <input type="checkbox" checked={statuses.includes(status)} onChange={() => toggle(status)} />
              <span>{t(`bookingStatuses.${status}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className="booking-list__summary">
          <span className="booking-list__count" role="status">
            {list.isSuccess ? t('booking.list.found', { count: total }) : null}
          </span>
          <LiveBadge state={live} />
          {canExport ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={exporting}
              onClick={() => void exportContacts()}
            >
              <DownloadIcon size={18} />
              {t('booking.list.export')}
            </button>
          ) : null}
        </div>
      </div>
      {list.isPending ? (
        <ListSkeleton rows={5} />
      ) : list.isError && !list.data ? (
        <ErrorState messageKey="booking.loadFailed" onRetry={() => void list.refetch()} />
      ) : bookings.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          {groups.map(([date, items]) => (
            <section key={date} className="booking-list__day" aria-label={displayDate(date)}>
              <h2 className="booking-list__date">{displayDate(date)}</h2>
              <ul className="booking-list__rows">
                {items.map((booking) => (
                  <BookingRow
                    key={booking.id}
                    booking={booking}
                    now={now}
                    timeZone={timeZone}
                    tables={tables.data ?? NO_TABLES}
                    onOpen={(b) => setOpenId(b.id)}
                  />
                ))}
              </ul>
            </section>
          ))}
          {list.hasNextPage ? (
            <button
              type="button"
              className="button button--secondary button--wide"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('booking.list.loadMore')}
            </button>
          ) : null}
        </>
      )}
      <BookingSheet
        booking={openBooking}
        restaurantId={restaurantId}
        timeZone={timeZone}
        tables={tables.data ?? NO_TABLES}
        onMove={onMove}
        onClose={() => setOpenId(null)}
      />
    </div>
  );
}
