import type { SeatingTable, SeatingZone, TableOccupant } from '@stolik/contracts';
import { SOON_MINUTES } from '../../../shared/hall/table-state';
import { useTranslation } from '../../../shared/i18n/i18n';
import { timeOf } from '../../../shared/time/booking-time';

const fits = (table: SeatingTable, size: number) => table.seats_min <= size && size <= table.seats_max;
/** A free table whose next booking comes within the hour: the party would have to leave early. */
const bookedSoon = (table: SeatingTable, now: number) =>
  table.next_booking !== null && Date.parse(table.next_booking.seating_time) - now < SOON_MINUTES * 60_000;

/**
 * Free tables that fit first (those with a booking within the hour after them), then other free
 * ones (an extra chair), then the tables a booking holds now, then the occupied ones.
 */
function ordered(tables: SeatingTable[], size: number, now: number): SeatingTable[] {
  const rank = (table: SeatingTable) =>
    table.occupied_by ? 4 : table.booked_by ? 3 : !fits(table, size) ? 2 : bookedSoon(table, now) ? 1 : 0;
  return [...tables].sort((a, b) => rank(a) - rank(b));
}

/**
 * The hall by zone for seating a party: a tap on a free table seats them. Occupied tables show who
 * sits there (a queue party or a booking's guests: the one occupancy) since when and until about
 * when, and tables a booking holds now (its guests are due or seated) whose booking; neither
 * can be chosen, as the server would refuse them. A free table says when its next booking comes.
 */
export function SeatingPanel({
  zones,
  partySize,
  onPick,
  allowNoTable,
  busy,
  timeZone,
  now = Date.now(),
}: {
  zones: SeatingZone[];
  partySize: number;
  /** The restaurant's, for the bookings' times. */
  timeZone: string;
  now?: number;
  onPick: (tableIds: number[]) => void;
  allowNoTable: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const withTables = zones.filter((zone) => zone.tables.length > 0);
  const occupantName = (occupant: TableOccupant) =>
    occupant.name ||
    (occupant.number !== null ? t('liveQueue.number', { number: occupant.number }) : t('liveQueue.guest'));
  return (
    <div className="seating">
      <p className="seating__hint">{t('liveQueue.seatHint', { count: partySize })}</p>
      {withTables.length === 0 ? <p className="seating__empty">{t('liveQueue.noTables')}</p> : null}
      {withTables.map((zone) => (
        <section
          key={zone.id ?? 'none'}
          className="seating__zone"
          aria-label={zone.name || t('liveQueue.zoneOther')}
        >
          <h3 className="seating__zone-name">{zone.name || t('liveQueue.zoneOther')}</h3>
          <div className="seating__tables">
            {ordered(zone.tables, partySize, now).map((table) => {
              const fit = fits(table, partySize);
              const taken = Boolean(table.occupied_by || table.booked_by);
              const soon = !taken && bookedSoon(table, now);
              const tone = table.occupied_by
                ? 'table-tile--occupied'
                : table.booked_by
                  ? 'table-tile--occupied table-tile--booked'
                  : fit
                    ? 'table-tile--fits'
                    : '';
              return (
                <button
                  key={table.id}
                  type="button"
                  className={`table-tile ${tone} ${soon ? 'table-tile--soon' : ''}`}
                  disabled={taken || busy}
                  onClick={() => onPick([table.id])}
                >
                  <span className="table-tile__number">{table.number}</span>
                  <span className="table-tile__seats">
                    {t('booking.seats', { min: table.seats_min, count: table.seats_max })}
                  </span>
                  <span className="table-tile__state">
                    {table.occupied_by
                      ? t('liveQueue.seatOccupied', { name: occupantName(table.occupied_by) })
                      : table.booked_by
                        ? t('liveQueue.seatBooked', { name: table.booked_by.name || t('liveQueue.guest') })
                        : t('liveQueue.seatFree')}
                  </span>
                  {table.occupied_by ? (
                    <>
                      <span className="table-tile__booking">
                        {t('hallMap.since', { time: timeOf(timeZone, table.occupied_by.seated_time) })}
                      </span>
                      {table.occupied_by.until ? (
                        <span className="table-tile__booking">
                          {t('hallMap.until', { time: timeOf(timeZone, table.occupied_by.until) })}
                        </span>
                      ) : null}
                    </>
                  ) : table.booked_by ? (
                    <span className="table-tile__booking">
                      {t('liveQueue.seatBookedAt', { time: timeOf(timeZone, table.booked_by.seating_time) })}
                    </span>
                  ) : table.next_booking && !table.occupied_by ? (
                    <span className="table-tile__booking">
                      {t('liveQueue.seatNextBooking', {
                        time: timeOf(timeZone, table.next_booking.seating_time),
                      })}
                    </span>
                  ) : null}
                </button>
              );
            })}
          </div>
        </section>
      ))}
      {allowNoTable ? (
        <button
          type="button"
          className="button button--secondary button--wide"
          disabled={busy}
          onClick={() => onPick([])}
        >
          {t('liveQueue.seatWithoutTable')}
        </button>
      ) : null}
    </div>
  );
}
