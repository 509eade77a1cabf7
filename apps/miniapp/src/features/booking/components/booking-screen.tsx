import '../booking.css';
import type { Booking, Restaurant } from '@stolik/contracts';
import { type BookingStatus, BREAKPOINT_MOBILE } from '@stolik/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { hallLoadFailureKey } from '../../../shared/api/hall-loading';
import {
  dayBookingsQuery,
  dayTablesQuery,
  guestCountQuery,
  tablesQuery,
  zonesQuery,
} from '../../../shared/bookings/booking-api';
import { BookingCreateSheet, type BookingDraft } from '../../../shared/bookings/booking-create-sheet';
import { labelOf, NO_TABLES } from '../../../shared/bookings/booking-view';
import { useBookingMove } from '../../../shared/bookings/use-booking-actions';
import { useTranslation } from '../../../shared/i18n/i18n';
import { LiveBadge } from '../../../shared/live/live-badge';
import { useNow } from '../../../shared/live/use-now';
import { useRestaurantChanges } from '../../../shared/live/use-restaurant-changes';
import { useRestaurant } from '../../../shared/restaurants/get-restaurant';
import { useDayInAddress } from '../../../shared/routing/use-day-in-address';
import { minutesIntoDay, roundUpTo } from '../../../shared/time/booking-time';
import { DateSwitcher } from '../../../shared/ui/date-switcher';
import { Page } from '../../../shared/ui/page';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { showToast } from '../../../shared/ui/toast';
import { useMediaQuery } from '../../../shared/ui/use-media-query';
import {
  buildTimeline,
  isFree,
  type RowFlags,
  rowFlags,
  SLOT_MINUTES,
  type TimelineRow,
  type TimelineScale,
} from '../timeline-geometry';
import { BookingSheet } from './booking-sheet';
import { BookingTabs } from './booking-tabs';
import { BookingTimeline, PX_PER_MINUTE } from './booking-timeline';

/** /restaurant/{id}/booking: the day's bookings on a timeline (spec §2 'Бронирование'). */
export function BookingScreen() {
  const restaurantId = Number(useParams().id);
  const restaurant = useRestaurant(restaurantId);
  return (
    <Page titleKey="pages.booking" showHeading={false}>
      {restaurant.data ? <BookingDay restaurant={restaurant.data} /> : <ListSkeleton rows={6} />}
    </Page>
  );
}

function BookingDay({ restaurant }: { restaurant: Restaurant }) {
  const { t } = useTranslation();
  const restaurantId = restaurant.id;
  const timeZone = restaurant.timezone;
  const phone = useMediaQuery(`(max-width: ${BREAKPOINT_MOBILE - 0.02}px)`);
  const live = useRestaurantChanges(restaurantId, ['booking', 'table']);
  const now = useNow(30_000);
  const { date, today, setDate } = useDayInAddress(timeZone, now);
  const isToday = date === today;

  const bookings = useQuery(dayBookingsQuery(restaurantId, date));
  const dayTables = useQuery(dayTablesQuery(restaurantId, date));
  const zones = useQuery(zonesQuery(restaurantId));
  const guestCount = useQuery(guestCountQuery(restaurantId, date));
  const tables = useQuery(tablesQuery(restaurantId));
  const move = useBookingMove(restaurantId);

  const [openId, setOpenId] = useState<number | null>(null);
  const [draft, setDraft] = useState<BookingDraft | null>(null);

  const nowMinutes = isToday ? minutesIntoDay(timeZone, date, now) : null;
  // The axis only needs the hour of the clock; the rows are rebuilt when the data changes, not every tick.
  const nowHour = nowMinutes === null ? null : Math.floor(nowMinutes / 60) * 60;
  const model = useMemo(
    () =>
      buildTimeline({
        tables: dayTables.data ?? [],
        bookings: bookings.data ?? [],
        zones: zones.data ?? [],
        timeZone,
        date,
        now: nowHour,
      }),
    [dayTables.data, bookings.data, zones.data, timeZone, date, nowHour],
  );
  const { start, end } = model.range;
  const scale = useMemo<TimelineScale>(
    () => ({ range: { start, end }, pxPerMinute: PX_PER_MINUTE }),
    [start, end],
  );
  const flags = useMemo(() => {
    const map = new Map<number, RowFlags>();
    for (const zone of model.zones)
      for (const row of zone.rows)
        map.set(
          row.table.id,
          rowFlags(row, (b) => labelOf(b, now)),
        );
    return map;
  }, [model, now]);

  const nowRef = useRef(nowMinutes);
  nowRef.current = nowMinutes;
  const onBook = useCallback(
    (row: TimelineRow, minutes: number | null) => {
      if (minutes !== null && !isFree(row.held, { from: minutes, to: minutes + SLOT_MINUTES })) {
        showToast(t('booking.tableBusy', { number: row.table.number }));
        return;
      }
      const current = nowRef.current;
      setDraft({
        date,
        minutes: minutes ?? (current === null ? null : roundUpTo(current, SLOT_MINUTES)),
        table: { id: row.table.id, number: row.table.number },
      });
    },
    [date, t],
  );
  const onOpen = useCallback((booking: Booking) => setOpenId(booking.id), []);
  const onMove = (booking: Booking, to: BookingStatus) => {
    setOpenId(null);
    move.mutate({ booking, to });
  };

  // Open on the current time (UX.md), or on the first booking of another day; once per day shown.
  const scrollRef = useRef<HTMLElement>(null);
  const scrolledFor = useRef<string | null>(null);
  const ready = bookings.isSuccess && dayTables.isSuccess;
  useEffect(() => {
    const box = scrollRef.current;
    if (!box || !ready || scrolledFor.current === date) return;
    scrolledFor.current = date;
    const first = Math.min(...model.zones.flatMap((z) => z.rows.flatMap((r) => r.bars.map((b) => b.from))));
    const focus = nowMinutes ?? (Number.isFinite(first) ? first : scale.range.start);
    box.scrollLeft = Math.max(0, (focus - scale.range.start) * scale.pxPerMinute - box.clientWidth / 3);
  }, [ready, date, model, nowMinutes, scale]);

  const openBooking = bookings.data?.find((b) => b.id === openId) ?? null;
  const loading = bookings.isPending || dayTables.isPending;
  const tablesFailed = dayTables.isError && !dayTables.data;
  const failed = (bookings.isError && !bookings.data) || tablesFailed;
  const noTables = dayTables.isSuccess && dayTables.data.length === 0;
  const add = () => setDraft({ date, minutes: null, table: null });
  // A sheet over the day on a phone; on a tablet a panel beside the timeline (UX.md).
  const card = (docked: boolean) => (
    <BookingSheet
      booking={openBooking}
      restaurantId={restaurantId}
      timeZone={timeZone}
      tables={tables.data ?? NO_TABLES}
      onMove={onMove}
      onClose={() => setOpenId(null)}
      docked={docked}
    />
  );

  return (
    <div className="booking-day">
      <div className="booking-head">
        <BookingTabs restaurantId={restaurantId} />
        {phone ? null : (
          <button type="button" className="button" onClick={add}>
            <span aria-hidden="true">+</span> {t('booking.add')}
          </button>
        )}
      </div>
      <div className="booking-day__bar">
        <DateSwitcher date={date} today={today} onChange={setDate} />
        <div className="booking-day__info">
          {guestCount.data ? (
            <span className="booking-day__totals" data-testid="guest-count">
              {t('booking.dayTotals', { bookings: guestCount.data.bookings, guests: guestCount.data.guests })}
            </span>
          ) : null}
          <LiveBadge state={live} />
        </div>
      </div>
      <div className={`booking-day__main ${!phone && openBooking ? 'booking-day__main--panel' : ''}`}>
        {loading ? (
          <ListSkeleton rows={6} />
        ) : failed ? (
          <ErrorState
            messageKey={tablesFailed ? hallLoadFailureKey('tables', dayTables.error) : 'booking.loadFailed'}
            onRetry={() => {
              void bookings.refetch();
              void dayTables.refetch();
            }}
          />
        ) : noTables ? (
          <p className="state-message">{t('booking.noTables')}</p>
        ) : (
          <BookingTimeline
            model={model}
            scale={scale}
            date={date}
            timeZone={timeZone}
            isToday={isToday}
            flags={flags}
            onBook={onBook}
            onOpen={onOpen}
            scrollRef={scrollRef}
          />
        )}
        {phone ? null : card(true)}
      </div>
      {phone ? (
        // Within the thumb's reach on a phone (UX.md); in the toolbar elsewhere.
        <button type="button" className="fab" onClick={add}>
          <span aria-hidden="true">+</span> {t('booking.add')}
        </button>
      ) : null}
      <BookingCreateSheet
        restaurantId={restaurantId}
        timeZone={timeZone}
        draft={draft}
        onClose={() => setDraft(null)}
      />
      {phone ? card(false) : null}
    </div>
  );
}
