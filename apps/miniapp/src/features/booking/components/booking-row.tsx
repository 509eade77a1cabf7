import type { Booking } from '@stolik/contracts';
import { isClickableBooking } from '@stolik/domain';
import type { ReactNode } from 'react';
import { labelOf, type TableNumbers, tablesLabel } from '../../../shared/bookings/booking-view';
import { StatusBadge } from '../../../shared/bookings/status-badge';
import { useTranslation } from '../../../shared/i18n/i18n';
import { formatPhone } from '../../../shared/phone/phone';
import { BOOKING_TONE } from '../../../shared/status/status';
import { timeOf } from '../../../shared/time/booking-time';

/**
 * One booking in a list: the time, who, how many, where and the status. A tap opens the card, except
 * on the waiting list (spec §4: not clickable), whose moves are buttons on the row itself.
 */
export function BookingRow({
  booking,
  now,
  timeZone,
  tables,
  onOpen,
  actions,
  when,
  showStatus = true,
}: {
  booking: Booking;
  now: number;
  timeZone: string;
  tables: TableNumbers;
  onOpen?: (booking: Booking) => void;
  actions?: ReactNode;
  /** What to show in the time column instead of the start time (the waiting list's wish). */
  when?: ReactNode;
  /** false where every row has the same status (the waiting list). */
  showStatus?: boolean;
}) {
  const { t } = useTranslation();
  const label = labelOf(booking, now);
  const name = booking.name || t('booking.guest');
  const place = tablesLabel(booking, tables);
  const body = (
    <>
      <span className="booking-row__time">{when ?? timeOf(timeZone, booking.seating_time)}</span>
      <span className="booking-row__who">
        <span className="booking-row__name">{name}</span>
        <span className="booking-row__facts">
          <span>{t('guest.guests', { count: booking.group_size })}</span>
          {place ? <span>{t('booking.tableNumber', { number: place })}</span> : null}
          {booking.phone ? <span className="booking-row__phone">{formatPhone(booking.phone)}</span> : null}
          {booking.visits > 0 ? (
            <span className="chip chip--returning">
              ★ {t('booking.card.visits', { count: booking.visits })}
            </span>
          ) : null}
        </span>
        {booking.comment ? <span className="booking-row__comment">{booking.comment}</span> : null}
      </span>
      <span className="booking-row__status">{showStatus ? <StatusBadge label={label} /> : null}</span>
    </>
  );
  return (
    <li className="booking-row" data-label={label} data-tone={BOOKING_TONE[label]} data-testid="booking-row">
      {onOpen && isClickableBooking(booking.status) ? (
        <button type="button" className="booking-row__main" onClick={() => onOpen(booking)}>
          {body}
        </button>
      ) : (
        <div className="booking-row__main">{body}</div>
      )}
      {actions ? <div className="booking-row__actions">{actions}</div> : null}
    </li>
  );
}
