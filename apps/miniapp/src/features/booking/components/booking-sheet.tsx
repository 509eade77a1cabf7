import type { Booking, BookingHistoryItem } from '@stolik/contracts';
import { type BookingStatus, TABLE_HOLDING_BOOKING_STATUSES } from '@stolik/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { bookingMessagesQuery, guestHistoryQuery, historyQuery } from '../../../shared/bookings/booking-api';
import {
  actionKey,
  actionsFor,
  DESTRUCTIVE,
  labelOf,
  type TableNumbers,
  tablesLabel,
} from '../../../shared/bookings/booking-view';
import { StatusBadge } from '../../../shared/bookings/status-badge';
import { MessageLog, ReachMark } from '../../../shared/guest-reach/reach-mark';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useNow } from '../../../shared/live/use-now';
import { formatPhone } from '../../../shared/phone/phone';
import { displayDate, timeOf, wallClock } from '../../../shared/time/booking-time';
import { Sheet } from '../../../shared/ui/sheet';
import { BookingEditForm } from './booking-edit-form';
import { TableTakenNotice, useSeatGuard } from './seat-guard';
import { SidePanel } from './side-panel';

/** When a booking is, on the restaurant's clock: '14.11.2025, 19:00–21:00'. */
function useWhen(timeZone: string) {
  const { t } = useTranslation();
  return (booking: Pick<Booking, 'seating_time' | 'end_time'>) =>
    t('booking.card.whenValue', {
      date: displayDate(wallClock(timeZone, booking.seating_time).date),
      from: timeOf(timeZone, booking.seating_time),
      to: timeOf(timeZone, booking.end_time),
    });
}

/**
 * The booking card: who, when, where, the status with every move the machine allows, what changed
 * and by whom, the guest's earlier visits, and a correction of time, place and party.
 */
export function BookingSheet({
  booking,
  restaurantId,
  timeZone,
  tables,
  onMove,
  onClose,
  docked = false,
}: {
  booking: Booking | null;
  restaurantId: number;
  timeZone: string;
  tables: TableNumbers;
  onMove: (booking: Booking, to: BookingStatus) => void;
  onClose: () => void;
  /** A side panel beside the content (a tablet's timeline) instead of a modal sheet. */
  docked?: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<number | null>(null);
  const close = () => {
    setEditing(null);
    onClose();
  };
  const title = booking
    ? `${booking.name || t('booking.guest')} · ${timeOf(timeZone, booking.seating_time)}`
    : '';
  const body =
    booking === null ? null : editing === booking.id ? (
      <BookingEditForm
        booking={booking}
        restaurantId={restaurantId}
        timeZone={timeZone}
        tables={tables}
        onDone={() => setEditing(null)}
      />
    ) : (
      <BookingCard
        booking={booking}
        restaurantId={restaurantId}
        timeZone={timeZone}
        tables={tables}
        onMove={onMove}
        onEdit={() => setEditing(booking.id)}
      />
    );
  if (docked)
    return booking === null ? null : (
      // Keyed by the booking: another bar tapped is another card, its focus and scroll afresh.
      <SidePanel key={booking.id} title={title} onClose={close}>
        {body}
      </SidePanel>
    );
  return (
    <Sheet open={booking !== null} title={title} onClose={close}>
      {body}
    </Sheet>
  );
}

/** The card itself: in the sheet here, and as a page of its own (booking-card-page.tsx). */
export function BookingCard({
  booking,
  restaurantId,
  timeZone,
  tables,
  onMove,
  onEdit,
}: {
  booking: Booking;
  restaurantId: number;
  timeZone: string;
  tables: TableNumbers;
  onMove: (booking: Booking, to: BookingStatus) => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const now = useNow();
  const when = useWhen(timeZone);
  const { primary, others } = actionsFor(booking.status);
  // 'Посадить' only while nobody else sits at the booking's table (the hall's one occupancy).
  const guard = useSeatGuard(booking, restaurantId);
  const moves = [...(primary ? [primary] : []), ...others].filter((to) => !(to === 'open' && guard.taken));
  const editable = TABLE_HOLDING_BOOKING_STATUSES.includes(booking.status);
  const place = tablesLabel(booking, tables);

  return (
    <div className="booking-card">
      <dl className="entry-facts">
        <div>
          <dt>{t('booking.card.status')}</dt>
          <dd>
            <StatusBadge label={labelOf(booking, now)} />
          </dd>
        </div>
        <div>
          <dt>{t('booking.card.when')}</dt>
          <dd>{when(booking)}</dd>
        </div>
        <div>
          <dt>{t('booking.card.guests')}</dt>
          <dd>{t('guest.guests', { count: booking.group_size })}</dd>
        </div>
        <div>
          <dt>{t('booking.card.table')}</dt>
          <dd>{place || t('booking.card.noTable')}</dd>
        </div>
        {booking.phone ? (
          <div>
            <dt>{t('booking.card.phone')}</dt>
            <dd>
              <a className="plain-link booking-card__phone" href={`tel:${booking.phone}`}>
                {formatPhone(booking.phone)}
              </a>
            </dd>
          </div>
        ) : null}
        {booking.comment ? (
          <div>
            <dt>{t('booking.card.comment')}</dt>
            <dd>{booking.comment}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('booking.card.deposit')}</dt>
          <dd>{booking.deposit ? t('booking.card.depositPaid') : t('booking.card.depositNone')}</dd>
        </div>
        <div>
          <dt>{t('booking.card.source')}</dt>
          <dd>{t(`booking.sources.${booking.source}`)}</dd>
        </div>
        {booking.reach ? (
          <div>
            <dt>{t('guestReach.logTitle')}</dt>
            <dd>
              <ReachMark reach={booking.reach} timeZone={timeZone} />
              <BookingMessages restaurantId={restaurantId} bookingId={booking.id} timeZone={timeZone} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('booking.card.visitsLabel')}</dt>
          <dd>
            {booking.visits > 0
              ? t('booking.card.visits', { count: booking.visits })
              : t('booking.card.firstVisit')}
            <PastGuest
              restaurantId={restaurantId}
              phone={booking.phone}
              timeZone={timeZone}
              seatingTime={booking.seating_time}
            />
          </dd>
        </div>
      </dl>
      {guard.taken ? (
        <TableTakenNotice
          booking={booking}
          restaurantId={restaurantId}
          timeZone={timeZone}
          taken={guard.taken}
          free={guard.free}
        />
      ) : null}
      <div className="entry-actions">
        {moves.map((to) => (
          <button
            key={to}
            type="button"
            className={`button button--wide ${DESTRUCTIVE.has(to) ? 'button--danger' : to === primary ? '' : 'button--secondary'}`}
            onClick={() => onMove(booking, to)}
          >
            {t(actionKey(booking.status, to))}
          </button>
        ))}
        {editable ? (
          <button type="button" className="button button--plain button--wide" onClick={onEdit}>
            {t('booking.card.edit')}
          </button>
        ) : null}
      </div>
      <History restaurantId={restaurantId} bookingId={booking.id} timeZone={timeZone} />
    </div>
  );
}

/** The phone's earlier bookings here (history-by-search-field), when the guest is known. */
function PastGuest({
  restaurantId,
  phone,
  timeZone,
  seatingTime,
}: {
  restaurantId: number;
  phone: string;
  timeZone: string;
  /** This booking's: a last visit that is this booking is not news. */
  seatingTime: string;
}) {
  const { t } = useTranslation();
  const digits = phone.replace(/\D/g, '');
  const history = useQuery({ ...guestHistoryQuery(restaurantId, phone), enabled: digits.length >= 5 });
  const match = history.data?.find((guest) => guest.phone.replace(/\D/g, '').endsWith(digits.slice(-10)));
  // The count includes this booking: only others say something about the guest.
  if (!match || match.bookings < 2) return null;
  return (
    <span className="booking-card__past">
      {t('booking.card.pastBookings', { count: match.bookings })}
      {match.last_visit && Date.parse(match.last_visit) !== Date.parse(seatingTime)
        ? `, ${t('booking.card.lastVisit', { date: displayDate(wallClock(timeZone, match.last_visit).date) })}`
        : null}
    </span>
  );
}

const CHANGE_FIELDS = [
  'seating_time',
  'end_time',
  'table',
  'group',
  'group_size',
  'name',
  'phone',
  'comment',
  'deposit',
] as const;

function History({
  restaurantId,
  bookingId,
  timeZone,
}: {
  restaurantId: number;
  bookingId: number;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const history = useQuery(historyQuery(restaurantId, bookingId));
  const at = (item: BookingHistoryItem) =>
    `${displayDate(wallClock(timeZone, item.at).date)} ${timeOf(timeZone, item.at)}`;
  const what = (item: BookingHistoryItem) => {
    if (item.from_status !== item.to_status) {
      const to = t(`bookingStatuses.${item.to_status}`);
      return item.from_status ? `${t(`bookingStatuses.${item.from_status}`)} → ${to}` : to;
    }
    const fields = [
      ...new Set(CHANGE_FIELDS.filter((f) => f in item.changes).map((f) => t(`booking.fields.${f}`))),
    ];
    return fields.length > 0 ? t('booking.card.changed', { fields: fields.join(', ') }) : null;
  };
  return (
    <section className="booking-history" aria-labelledby={`history-${bookingId}`}>
      <h3 id={`history-${bookingId}`} className="booking-history__title">
        {t('booking.card.history')}
      </h3>
      {history.isPending ? (
        <p className="field__hint">{t('app.loading')}</p>
      ) : history.isError ? (
        <p className="field__hint">{t('booking.card.historyFailed')}</p>
      ) : history.data.length === 0 ? (
        <p className="field__hint">{t('booking.card.historyEmpty')}</p>
      ) : (
        <ol className="booking-history__list">
          {history.data.map((item) => (
            <li key={`${item.at}-${item.to_status}`} className="booking-history__item">
              <span className="booking-history__when">{at(item)}</span>
              <span className="booking-history__what">{what(item)}</span>
              <span className="booking-history__who">
                {item.changed_by_name || t('booking.card.byGuest')}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Each message to the guest and every channel it went down, under the latest one's mark. */
function BookingMessages({
  restaurantId,
  bookingId,
  timeZone,
}: {
  restaurantId: number;
  bookingId: number;
  timeZone: string;
}) {
  const messages = useQuery(bookingMessagesQuery(restaurantId, bookingId));
  return messages.data ? <MessageLog messages={messages.data} timeZone={timeZone} /> : null;
}
