import type { SchemeTable, Table } from '@stolik/contracts';
import { memo } from 'react';
import type { TableState } from '../../../shared/hall/table-state';
import { useTranslation } from '../../../shared/i18n/i18n';
import { TABLE_STATE_LABEL, TABLE_TONE } from '../../../shared/status/status';
import { StatusMark } from '../../../shared/status/status-icon';
import { timeOf } from '../../../shared/time/booking-time';

/** The least a table is to a finger, in screen pixels (UX.md): a smaller table gets a larger target. */
const TARGET_PX = 44;

/**
 * Text sizes in scheme units: in screen pixels at the fit (`unit` units a pixel), so the words read
 * whatever the scheme's scale: the number 14–22 px by the table's size, the details 12 px or more.
 */
function textSizes(side: number, unit: number) {
  const clamp = (value: number, least: number, most: number) => Math.min(most, Math.max(least, value));
  return {
    number: clamp(side * 0.3, 14 * unit, 22 * unit),
    detail: clamp(side * 0.2, 12 * unit, 15 * unit),
  };
}

/** A person, drawn in a 10 x 10 box: the party size's mark. */
const PERSON =
  'M5 0.6a2.3 2.3 0 1 1 0 4.6a2.3 2.3 0 1 1 0-4.6zM0.8 10c0-2.7 1.9-4.3 4.2-4.3s4.2 1.6 4.2 4.3z';

/**
 * One table on the map: its shape turned as the scheme says, its state as a colour and a mark (never
 * colour alone: an outline, a dashed border, a fill, hatching, the state's icon), and, upright on the
 * screen, the number, the party and the time in a tag on its lower edge. A button for every input: a
 * tap, Enter or Space opens it; the label says number, state, party and time.
 */
export const MapTable = memo(function MapTable({
  place,
  table,
  state,
  timeZone,
  unit = 1,
  turned = false,
  onOpen,
}: {
  place: SchemeTable;
  table: Table;
  state: TableState;
  timeZone: string;
  /** Scheme units per screen pixel when the hall is fitted. */
  unit?: number;
  /** The hall is drawn turned a quarter (map-geometry's fitPlan): the words are turned back. */
  turned?: boolean;
  onOpen: (tableId: number) => void;
}) {
  const { t } = useTranslation();
  const tone = TABLE_TONE[state.state];
  const cx = place.x + place.width / 2;
  const cy = place.y + place.height / 2;
  // The table's extent across and down the screen (its own turn aside: the words stay level).
  const across = turned ? place.height : place.width;
  const down = turned ? place.width : place.height;
  const sizes = textSizes(Math.min(across, down), unit);
  const time = state.time ? t(`hallMap.${state.time.kind}`, { time: timeOf(timeZone, state.time.at) }) : null;
  const guests = state.party === null ? null : t('guest.guests', { count: state.party });
  const seats = t('booking.seats', { min: table.seats_min, count: table.seats_max });
  const label = [
    t('hallMap.tableState', { number: table.number, state: t(TABLE_STATE_LABEL[state.state]) }),
    ...(guests ? [guests] : []),
    ...(time ? [time] : []),
    ...(state.state === 'free' ? [seats] : []),
  ].join(', ');
  // Two lines (number, then party or seats) centred, a little higher when the time tag sits below.
  const lift = time ? sizes.detail * 0.35 : 0;
  const numberY = cy - sizes.detail * 0.6 - lift;
  const detailY = cy + sizes.number * 0.55 - lift;
  const partyDigits = String(state.party ?? '').length;
  const partyLeft = cx - (sizes.detail * 1.05 + partyDigits * sizes.detail * 0.6) / 2;
  const turn = place.rotation ? `rotate(${place.rotation} ${cx} ${cy})` : undefined;
  // The time's tag: its own ground, so it reads on any fill; wider than a narrow table if it must be.
  const tagHeight = sizes.detail * 1.5;
  const tagWidth = time ? time.length * sizes.detail * 0.6 + sizes.detail : 0;
  const tagY = cy + down / 2 - tagHeight * 0.35;
  const target = {
    width: Math.max(place.width, TARGET_PX * unit),
    height: Math.max(place.height, TARGET_PX * unit),
  };
  const badge = tone === 'late' || tone === 'overdue' || tone === 'locked';
  const badgeRadius = 10 * unit;

  return (
    <g
      className="map-table"
      data-state={state.state}
      data-tone={tone}
      data-table={table.number}
      data-testid="map-table"
    >
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
          <rect
            className="map-table__target"
            x={cx - target.width / 2}
            y={cy - target.height / 2}
            width={target.width}
            height={target.height}
          />
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
      <g
        className="map-table__text"
        aria-hidden="true"
        transform={turned ? `rotate(-90 ${cx} ${cy})` : undefined}
      >
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
        ) : state.state === 'locked' ? null : (
          <text className="map-table__detail" x={cx} y={detailY} fontSize={sizes.detail}>
            {t('hallMap.seats', { min: table.seats_min, max: table.seats_max })}
          </text>
        )}
        {time ? (
          <g className="map-table__tag">
            <rect
              x={cx - tagWidth / 2}
              y={tagY - tagHeight / 2}
              width={tagWidth}
              height={tagHeight}
              rx={tagHeight / 2}
            />
            <text x={cx} y={tagY} fontSize={sizes.detail}>
              {time}
            </text>
          </g>
        ) : null}
        {badge ? (
          <g className="map-table__badge">
            <circle
              cx={cx + across / 2 - badgeRadius * 0.4}
              cy={cy - down / 2 + badgeRadius * 0.4}
              r={badgeRadius}
            />
            <StatusMark
              tone={tone}
              x={cx + across / 2 - badgeRadius * 0.4}
              y={cy - down / 2 + badgeRadius * 0.4}
              size={badgeRadius * 1.3}
            />
          </g>
        ) : null}
      </g>
    </g>
  );
});
