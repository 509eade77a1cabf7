import type { SeatingTable, SeatingZone } from '@stolik/contracts';
import { useTranslation } from '../../../shared/i18n/i18n';

const fits = (table: SeatingTable, size: number) => table.seats_min <= size && size <= table.seats_max;

/** Free tables that fit first, then other free ones (an extra chair), then the occupied ones. */
function ordered(tables: SeatingTable[], size: number): SeatingTable[] {
  const rank = (table: SeatingTable) => (table.occupied_by ? 2 : fits(table, size) ? 0 : 1);
  return [...tables].sort((a, b) => rank(a) - rank(b));
}

/**
 * The hall by zone for seating a party: a tap on a free table seats them. Occupied tables show who
 * sits there and cannot be chosen; the server refuses a table taken meanwhile.
 */
export function SeatingPanel({
  zones,
  partySize,
  onPick,
  allowNoTable,
  busy,
}: {
  zones: SeatingZone[];
  partySize: number;
  onPick: (tableIds: number[]) => void;
  allowNoTable: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const withTables = zones.filter((zone) => zone.tables.length > 0);
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
            {ordered(zone.tables, partySize).map((table) => {
              const fit = fits(table, partySize);
              return (
                <button
                  key={table.id}
                  type="button"
                  className={`table-tile ${table.occupied_by ? 'table-tile--occupied' : fit ? 'table-tile--fits' : ''}`}
                  disabled={Boolean(table.occupied_by) || busy}
                  onClick={() => onPick([table.id])}
                >
                  <span className="table-tile__number">{table.number}</span>
                  <span className="table-tile__seats">
                    {t('booking.seats', { min: table.seats_min, count: table.seats_max })}
                  </span>
                  <span className="table-tile__state">
                    {table.occupied_by
                      ? t('liveQueue.seatOccupied', {
                          name:
                            table.occupied_by.name ||
                            t('liveQueue.number', { number: table.occupied_by.number }),
                        })
                      : t('liveQueue.seatFree')}
                  </span>
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
