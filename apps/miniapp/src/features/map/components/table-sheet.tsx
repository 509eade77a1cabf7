import type { Booking, QueueEntry, SeatingBooking, Table } from '@stolik/contracts';
import { nextBookingStatuses } from '@stolik/domain';
import { labelOf } from '../../../shared/bookings/booking-view';
import { StatusBadge } from '../../../shared/bookings/status-badge';
import type { TableState } from '../../../shared/hall/table-state';
import { useTranslation } from '../../../shared/i18n/i18n';
import { TABLE_STATE_LABEL, TABLE_TONE } from '../../../shared/status/status';
import { StatusPill } from '../../../shared/status/status-icon';
import { timeOf } from '../../../shared/time/booking-time';

export interface TableActions {
  seatGuest: (entry: QueueEntry) => void;
  book: () => void;
  lock: () => void;
  unlock: () => void;
  /** Moves a booking of this table on: the expected guests sit down, or the seated ones leave. */
  moveBooking: (booking: Booking, to: 'open' | 'closed') => void;
  /** The queue's party leaves the table. */
  closeEntry: (entry: QueueEntry) => void;
}

/**
 * What is on a tapped table and what can be done there: who sits there (and finishing their visit),
 * the next booking (and seating its guests), the next fitting guest from the queue, a new booking on
 * this table, and closing or opening the table.
 */
export function TableSheetBody({
  table,
  state,
  guest,
  heldBy,
  timeZone,
  now,
  busy,
  actions,
}: {
  table: Table;
  state: TableState;
  /** The next fitting guest from the queue, when the table can take one. */
  guest: QueueEntry | null;
  /** The booking that holds the table now (the server's read): the queue's guests cannot sit here. */
  heldBy: SeatingBooking | null;
  timeZone: string;
  now: number;
  busy: boolean;
  actions: TableActions;
}) {
  const { t } = useTranslation();
  const { seated, next } = state;
  const clock = (at: string) => timeOf(timeZone, at);
  const canSeat = seated === null && state.locks.length === 0;
  const seatNext = next && canSeat && nextBookingStatuses(next.status).includes('open');

  return (
    <div className="table-sheet">
      <p className="table-sheet__state">
        <StatusPill tone={TABLE_TONE[state.state]}>{t(TABLE_STATE_LABEL[state.state])}</StatusPill>
        <span>{t('booking.seats', { min: table.seats_min, count: table.seats_max })}</span>
      </p>

      {seated?.source === 'booking' ? (
        <section className="table-sheet__block" aria-label={t('hallMap.atTable')}>
          <h3 className="table-sheet__heading">{t('hallMap.atTable')}</h3>
          <p className="table-sheet__who">
            {seated.occupant.name || t('booking.guest')} ·{' '}
            {t('guest.guests', { count: seated.occupant.group_size })}
          </p>
          <p className="table-sheet__when">
            {t('hallMap.since', { time: clock(seated.occupant.seated_time) })}
            {seated.occupant.until ? (
              <> · {t('hallMap.until', { time: clock(seated.occupant.until) })}</>
            ) : null}{' '}
            {seated.booking ? <StatusBadge label={labelOf(seated.booking, now)} /> : null}
          </p>
          {seated.booking ? (
            <button
              type="button"
              className="button button--secondary button--wide"
              disabled={busy}
              onClick={() => seated.booking && actions.moveBooking(seated.booking, 'closed')}
            >
              {t('booking.actions.closed')}
            </button>
          ) : null}
        </section>
      ) : null}
      {seated?.source === 'queue' ? (
        <section className="table-sheet__block" aria-label={t('hallMap.atTable')}>
          <h3 className="table-sheet__heading">{t('hallMap.atTable')}</h3>
          <p className="table-sheet__who">
            {seated.occupant.number !== null
              ? `${t('liveQueue.number', { number: seated.occupant.number })} `
              : null}
            {seated.occupant.name || t('liveQueue.guest')} ·{' '}
            {t('guest.guests', { count: seated.occupant.group_size })}
          </p>
          <p className="table-sheet__when">
            {t('hallMap.since', { time: clock(seated.occupant.seated_time) })}{' '}
            <span className="status-badge" data-status="sat">
              {t('liveQueue.statuses.sat')}
            </span>
          </p>
          {seated.entry ? (
            <button
              type="button"
              className="button button--secondary button--wide"
              disabled={busy}
              onClick={() => seated.entry && actions.closeEntry(seated.entry)}
            >
              {t('liveQueue.actions.close')}
            </button>
          ) : null}
        </section>
      ) : null}

      {next ? (
        <section className="table-sheet__block" aria-label={t('hallMap.nextBooking')}>
          <h3 className="table-sheet__heading">{t('hallMap.nextBooking')}</h3>
          <p className="table-sheet__who">
            {next.name || t('booking.guest')} · {t('guest.guests', { count: next.group_size })}
          </p>
          <p className="table-sheet__when">
            {clock(next.seating_time)}–{clock(next.end_time)} <StatusBadge label={labelOf(next, now)} />
          </p>
          {seatNext ? (
            <button
              type="button"
              className="button button--wide"
              disabled={busy}
              onClick={() => actions.moveBooking(next, 'open')}
            >
              {t('booking.actions.open')}
            </button>
          ) : null}
        </section>
      ) : null}

      {state.locks.length > 0 ? (
        <p className="table-sheet__lock">
          {state.locks
            .map((lock) =>
              lock.reason ? t('hallMap.lockedFor', { reason: lock.reason }) : t('hallMap.states.locked'),
            )
            .join('; ')}
        </p>
      ) : null}

      {canSeat ? (
        <section className="table-sheet__block" aria-label={t('hallMap.fromQueue')}>
          <h3 className="table-sheet__heading">{t('hallMap.fromQueue')}</h3>
          {heldBy ? (
            <p className="table-sheet__hint">
              {t('hallMap.heldByBooking', { time: clock(heldBy.seating_time) })}
            </p>
          ) : guest ? (
            <button
              type="button"
              className={`button button--wide ${seatNext ? 'button--secondary' : ''}`}
              disabled={busy}
              onClick={() => actions.seatGuest(guest)}
            >
              {t('hallMap.seatGuest', {
                number: guest.number,
                name: guest.name || t('liveQueue.guest'),
                guests: t('guest.guests', { count: guest.group_size }),
              })}
            </button>
          ) : (
            <p className="table-sheet__hint">{t('hallMap.noFittingGuest')}</p>
          )}
        </section>
      ) : null}

      <div className="table-sheet__more">
        <button
          type="button"
          className="button button--secondary button--wide"
          disabled={busy}
          onClick={actions.book}
        >
          {t('hallMap.book')}
        </button>
        {state.locks.length > 0 ? (
          <button
            type="button"
            className="button button--secondary button--wide"
            disabled={busy}
            onClick={actions.unlock}
          >
            {t('hallMap.unlock')}
          </button>
        ) : (
          <button
            type="button"
            className="button button--danger button--wide"
            disabled={busy}
            onClick={actions.lock}
          >
            {t('hallMap.lock')}
          </button>
        )}
      </div>
    </div>
  );
}
