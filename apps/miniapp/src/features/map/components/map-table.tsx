import type { SchemeTable, Table } from '@stolik/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableState } from '../../../shared/hall/table-state';
import { timeOf } from '../../booking/booking-time';

/** Text sizes in scheme units, from the table's size: a number that reads, lines that fit. */
function textSizes(place: SchemeTable) {
  const side = Math.min(place.width, place.height);
  return { number: Math.max(12, Math.min(28, side * 0.26)), detail: Math.max(9, Math.min(18, side * 0.17)) };
}

/** A person, drawn in a 10 x 10 box: the party size's mark. */
const PERSON =
  'M5 0.6a2.3 2.3 0 1 1 0 4.6a2.3 2.3 0 1 1 0-4.6zM0.8 10c0-2.7 1.9-4.3 4.2-4.3s4.2 1.6 4.2 4.3z';

/**
 * One table on the map: its shape turned as the scheme says, its state as a colour and a mark (never
 * colour alone), the number upright, and the party with its time. A button for every input: a tap,
 * Enter or Space opens it; the label says number, state, party and time.
 */
export const MapTable = memo(function MapTable({
  place,
  table,
  state,
  timeZone,
  onOpen,
}: {
  place: SchemeTable;
  table: Table;
  state: TableState;
  timeZone: string;
  onOpen: (tableId: number) => void;
}) {
  const { t } = useTranslation();
  const cx = place.x + place.width / 2;
  const cy = place.y + place.height / 2;
  const sizes = textSizes(place);
  const time = state.time ? t(`hallMap.${state.time.kind}`, { time: timeOf(timeZone, state.time.at) }) : null;
  const guests = state.party === null ? null : t('guest.guests', { count: state.party });
  const seats = t('booking.seats', { min: table.seats_min, count: table.seats_max });
  const label = [
    t('hallMap.tableState', { number: table.number, state: t(`hallMap.states.${state.state}`) }),
    ...(guests ? [guests] : []),
    ...(time ? [time] : []),
    ...(state.state === 'free' ? [seats] : []),
  ].join(', ');
  // Three lines when there is a time to say, two otherwise, centred on the table.
  const numberY = time ? cy - sizes.detail * 0.9 : cy - sizes.detail * 0.45;
  const detailY = time ? cy + sizes.detail * 0.55 : cy + sizes.detail * 1.05;
  const timeY = cy + sizes.detail * 1.75;
  const partyDigits = String(state.party ?? '').length;
  const partyLeft = cx - (sizes.detail * 1.05 + partyDigits * sizes.detail * 0.6) / 2;
  const turn = place.rotation ? `rotate(${place.rotation} ${cx} ${cy})` : undefined;

  return (
    <g className="map-table" data-state={state.state} data-table={table.number} data-testid="map-table">
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; it gets the role, focus and keys of one. */}
      <g
        className="map-table__hit"
        role="button"
        tabIndex={0}
        aria-label={label}
        onClick={() => onOpen(table.id)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            onOpen(table.id);
          }
        }}
      >
        <g transform={turn}>
          {place.shape === 'round' ? (
            <ellipse
              className="map-table__shape"
              cx={cx}
              cy={cy}
              rx={place.width / 2}
              ry={place.height / 2}
            />
          ) : (
            <rect
              className="map-table__shape"
              x={place.x}
              y={place.y}
              width={place.width}
              height={place.height}
              rx={Math.min(10, Math.min(place.width, place.height) / 6)}
            />
          )}
        </g>
      </g>
      {/* Beside the button, not in it: short forms of what its label says in full words (a label must hold its visible text). */}
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: plain SVG text is not focusable. */}
      <g className="map-table__text" aria-hidden="true">
        <text className="map-table__number" x={cx} y={numberY} fontSize={sizes.number}>
          {table.number}
        </text>
        {state.party !== null ? (
          <g className="map-table__detail">
            <path
              d={PERSON}
              transform={`translate(${partyLeft} ${detailY - sizes.detail * 0.42}) scale(${sizes.detail * 0.082})`}
            />
            <text
              x={partyLeft + sizes.detail}
              y={detailY}
              fontSize={sizes.detail}
              className="map-table__party"
            >
              {state.party}
            </text>
          </g>
        ) : (
          <text className="map-table__detail" x={cx} y={detailY} fontSize={sizes.detail}>
            {state.state === 'locked'
              ? t('hallMap.states.locked')
              : t('hallMap.seats', { min: table.seats_min, max: table.seats_max })}
          </text>
        )}
        {time ? (
          <text className="map-table__detail" x={cx} y={timeY} fontSize={sizes.detail}>
            {time}
          </text>
        ) : null}
        {state.state === 'overdue' ? (
          <g className="map-table__badge">
            <circle cx={place.x + place.width - 4} cy={place.y + 4} r={sizes.detail * 0.62} />
            <text x={place.x + place.width - 4} y={place.y + 4} fontSize={sizes.detail * 0.95}>
              !
            </text>
          </g>
        ) : null}
      </g>
    </g>
  );
});
