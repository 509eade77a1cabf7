import type { Booking, SeatingTable, TableOccupant } from '@stolik/contracts';
import { nextBookingStatuses } from '@stolik/domain';
import { useQuery } from '@tanstack/react-query';
import { useBookingMove } from '../../../shared/bookings/use-booking-actions';
import { useTranslation } from '../../../shared/i18n/i18n';
import { seatingQuery } from '../../../shared/queue/queue-api';
import { timeOf } from '../../../shared/time/booking-time';

/** Who sits at one of the booking's tables now, other than its own guests. */
export interface TakenTable {
  table: SeatingTable;
  occupant: TableOccupant;
}

/**
 * Whether the booking's guests can be seated at their tables now, from the hall's one occupancy
 * (the seat picker's read): the first of its tables where another party sits, and the free tables
 * that fit the party instead (nobody there, no booking holding it now), best fit first. Read only
 * while the booking can still be seated.
 */
export function useSeatGuard(booking: Booking, restaurantId: number) {
  const seatable = nextBookingStatuses(booking.status).includes('open') && booking.tables.length > 0;
  const seating = useQuery({ ...seatingQuery(restaurantId), enabled: seatable });
  const tables = seating.data?.flatMap((zone) => zone.tables) ?? [];
  const taken: TakenTable | null =
    tables
      .filter((table) => booking.tables.includes(table.id))
      .map((table) => ({ table, occupant: table.occupied_by }))
      .find(
        (one): one is TakenTable =>
          one.occupant !== null && !(one.occupant.kind === 'booking' && one.occupant.id === booking.id),
      ) ?? null;
  const free = tables
    .filter(
      (table) =>
        table.occupied_by === null &&
        table.booked_by === null &&
        !booking.tables.includes(table.id) &&
        table.seats_min <= booking.group_size &&
        booking.group_size <= table.seats_max,
    )
    .sort((a, b) => a.seats_max - b.seats_max || a.number.localeCompare(b.number, 'ru', { numeric: true }));
  return { taken: seatable ? taken : null, free };
}

/**
 * In place of 'Посадить' while another party sits at the booking's table: the server's own words
 * for that refusal ('Этот стол уже занят: стол 2 — Мария, с 19:40') and the free tables that fit,
 * each a tap that moves the booking there and seats its guests.
 */
export function TableTakenNotice({
  booking,
  restaurantId,
  timeZone,
  taken,
  free,
}: {
  booking: Booking;
  restaurantId: number;
  timeZone: string;
  taken: TakenTable;
  free: SeatingTable[];
}) {
  const { t } = useTranslation();
  const move = useBookingMove(restaurantId);
  const who =
    taken.occupant.name ||
    (taken.occupant.number !== null
      ? t('liveQueue.number', { number: taken.occupant.number })
      : t('booking.guest'));
  return (
    <section
      className="notice notice--warning seat-guard"
      aria-label={t('booking.card.seatElsewhere')}
      data-testid="seat-guard"
    >
      <p className="notice__title" role="status">
        {t('queue.tableTakenBy', {
          table: taken.table.number,
          name: who,
          time: timeOf(timeZone, taken.occupant.seated_time),
        })}
      </p>
      {free.length > 0 ? (
        <>
          <h3 className="seat-guard__heading">{t('booking.card.seatElsewhere')}</h3>
          <div className="seat-guard__tables">
            {free.slice(0, 6).map((table) => (
              <button
                key={table.id}
                type="button"
                className="button button--secondary"
                disabled={move.isPending}
                onClick={() =>
                  move.mutate({
                    booking,
                    to: 'open',
                    place: { table: table.id, group: null, tables: [table.id] },
                  })
                }
              >
                {t('booking.card.seatAt', { number: table.number })}
              </button>
            ))}
          </div>
        </>
      ) : (
        <p className="seat-guard__heading">{t('booking.card.noFreeTable')}</p>
      )}
    </section>
  );
}
