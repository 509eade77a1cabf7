import type { Booking } from '@stolik/contracts';
import { type CSSProperties, type MouseEvent, memo, type Ref, useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useNow } from '../../../shared/live/use-now';
import { BOOKING_TONE } from '../../../shared/status/status';
import { StatusIcon } from '../../../shared/status/status-icon';
import { useTelegramVerticalSwipesOff } from '../../../shared/telegram/telegram';
import { clockTime, displayDate, minutesIntoDay } from '../../../shared/time/booking-time';
import {
  axisWidth,
  barBox,
  cellAt,
  derivedLabel,
  hourMarks,
  labelSide,
  type RowFlags,
  type Span,
  type TimelineModel,
  type TimelineRow,
  type TimelineScale,
  widthOf,
  xOf,
} from '../timeline-geometry';

/** 15 minutes are 24 px: a quarter is a readable step, an evening fits a tablet's width. */
export const PX_PER_MINUTE = 1.6;

/**
 * The day as a grid: tables as rows (grouped by zone, the table column sticky), time across, the
 * bookings as bars coloured by status, the current time as a line. A tap on a bar opens the booking,
 * a tap on a free stretch of a row books that table at that quarter of an hour.
 */
export function BookingTimeline({
  model,
  scale,
  date,
  timeZone,
  isToday,
  flags,
  onBook,
  onOpen,
  scrollRef,
}: {
  model: TimelineModel;
  scale: TimelineScale;
  date: string;
  timeZone: string;
  isToday: boolean;
  flags: ReadonlyMap<number, RowFlags>;
  /** A table and the quarter tapped; null minutes when chosen from the keyboard (no point on the axis). */
  onBook: (row: TimelineRow, minutes: number | null) => void;
  onOpen: (booking: Booking) => void;
  scrollRef: Ref<HTMLElement>;
}) {
  const { t } = useTranslation();
  useTelegramVerticalSwipesOff(); // the timeline scrolls and is tapped at a time: a swipe must not close the app
  const width = axisWidth(scale);
  const style = {
    '--axis-width': `${width}px`,
    '--hour-width': `${60 * scale.pxPerMinute}px`,
  } as CSSProperties;

  return (
    // Scrolls both ways: focusable, so a keyboard can scroll it too.
    <section
      ref={scrollRef}
      className="timeline"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe).
      tabIndex={0}
      aria-label={t('booking.timeline', { date: displayDate(date) })}
      style={style}
      data-testid="timeline"
    >
      <div className="timeline__grid">
        <div className="timeline__head">
          <div className="timeline__corner">{t('booking.tableColumn')}</div>
          <div className="timeline__hours" aria-hidden="true">
            {hourMarks(scale.range).map((m) => (
              <span key={m} className="timeline__hour" style={{ left: xOf(scale, m) }}>
                {clockTime(m)}
              </span>
            ))}
            {isToday ? <NowMark scale={scale} date={date} timeZone={timeZone} withTime /> : null}
          </div>
        </div>
        {model.zones.map((zone) => (
          <section
            key={zone.id ?? 'none'}
            className="timeline__zone"
            aria-label={zone.name ?? t('booking.zoneOther')}
          >
            <h3 className="timeline__zone-name">
              <span>{zone.name ?? t('booking.zoneOther')}</span>
            </h3>
            {zone.rows.map((row) => (
              <TimelineRowView
                key={row.table.id}
                row={row}
                scale={scale}
                flags={flags.get(row.table.id) ?? ''}
                onBook={onBook}
                onOpen={onOpen}
              />
            ))}
          </section>
        ))}
        {isToday ? (
          <div className="timeline__now-layer" aria-hidden="true">
            <NowMark scale={scale} date={date} timeZone={timeZone} withTime={false} />
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** The current time on the axis: ticks on its own, so the rows do not re-render with it. */
function NowMark({
  scale,
  date,
  timeZone,
  withTime,
}: {
  scale: TimelineScale;
  date: string;
  timeZone: string;
  withTime: boolean;
}) {
  const { t } = useTranslation();
  const now = useNow(30_000);
  const minutes = minutesIntoDay(timeZone, date, now);
  if (minutes < scale.range.start || minutes > scale.range.end) return null;
  const left = xOf(scale, minutes);
  if (!withTime) return <div className="timeline__now-line" style={{ left }} data-testid="now-line" />;
  return (
    <span className="timeline__now-time" style={{ left }} data-side={labelSide(scale, left)}>
      {t('booking.now', { time: clockTime(minutes) })}
    </span>
  );
}

const spanStyle = (scale: TimelineScale, span: Span): CSSProperties => ({
  left: xOf(scale, span.from),
  width: widthOf(scale, span),
});

const TimelineRowView = memo(function TimelineRowView({
  row,
  scale,
  flags,
  onBook,
  onOpen,
}: {
  row: TimelineRow;
  scale: TimelineScale;
  flags: RowFlags;
  onBook: (row: TimelineRow, minutes: number | null) => void;
  onOpen: (booking: Booking) => void;
}) {
  const { t } = useTranslation();
  const { table } = row;
  const book = (event: MouseEvent<HTMLButtonElement>) => {
    // detail 0: Enter or Space, no pointer on the axis.
    if (event.detail === 0) return onBook(row, null);
    const rect = event.currentTarget.getBoundingClientRect();
    onBook(row, cellAt(scale, event.clientX - rect.left));
  };
  const buffers = useMemo(
    () =>
      row.held.filter(
        (h) =>
          !row.bars.some((b) => b.from === h.from && b.to === h.to) &&
          !row.locks.some((l) => l.from === h.from && l.to === h.to),
      ),
    [row],
  );

  return (
    <div className="timeline-row" data-testid="timeline-row" data-table={table.number}>
      <div className="timeline-row__table">
        <span className="timeline-row__number">{table.number}</span>
        <span className="timeline-row__seats" aria-hidden="true">
          {table.seats_min}–{table.seats_max}
        </span>
        <span className="visually-hidden">
          {t('booking.seats', { min: table.seats_min, count: table.seats_max })}
        </span>
      </div>
      <div className="timeline-row__track">
        <button
          type="button"
          className="timeline-row__free"
          aria-label={t('booking.bookTable', { number: table.number })}
          onClick={book}
        />
        {buffers.map((span) => (
          <div
            key={`${span.from}-${span.to}`}
            className="timeline-row__buffer"
            style={spanStyle(scale, span)}
            aria-hidden="true"
          />
        ))}
        {row.locks.map((lock) => (
          <div
            key={lock.id}
            className="timeline-row__lock"
            style={spanStyle(scale, lock)}
            title={lock.reason}
          >
            <span className="timeline-row__lock-text">
              {t('booking.locked')}
              {lock.reason ? `: ${lock.reason}` : ''}
            </span>
          </div>
        ))}
        {row.bars.map((bar) => {
          const { booking } = bar;
          const label = derivedLabel(flags, booking);
          const name = booking.name || t('booking.guest');
          const from = clockTime(bar.from);
          const to = clockTime(bar.to);
          const status = t(`bookingStatuses.${label}`);
          return (
            <button
              key={booking.id}
              type="button"
              className="timeline-bar"
              data-label={label}
              data-tone={BOOKING_TONE[label]}
              data-testid="timeline-bar"
              style={{
                ...barBox(scale, bar),
                top: `calc(${(bar.lane / bar.lanes) * 100}% + 3px)`,
                height: `calc(${100 / bar.lanes}% - 6px)`,
              }}
              onClick={() => onOpen(booking)}
            >
              {/* Read out whole; the short visible text is for the eye. */}
              <span className="visually-hidden">
                {t('booking.bar', {
                  name,
                  guests: t('guest.guests', { count: booking.group_size }),
                  from,
                  to,
                  status,
                })}
              </span>
              <span className="timeline-bar__line" aria-hidden="true">
                <span className="timeline-bar__name">{name}</span>
                <span className="timeline-bar__size">{booking.group_size}</span>
              </span>
              {bar.lanes === 1 ? (
                <span className="timeline-bar__status" aria-hidden="true">
                  <StatusIcon tone={BOOKING_TONE[label]} size={12} />
                  <span className="timeline-bar__status-text">
                    {from} · {status}
                  </span>
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
    </div>
  );
});
