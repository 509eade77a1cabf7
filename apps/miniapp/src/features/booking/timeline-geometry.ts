/**
 * The day timeline as numbers: which hours it spans, where a time falls across it, which bookings
 * share a row and in which lane, and which 15-minute cells of a table are free. Pure, so the screen
 * only draws; every time here is minutes after the restaurant-local midnight of the day shown.
 */
import type { Booking, DayTable } from '@stolik/contracts';
import { type BookingLabel, TABLE_HOLDING_BOOKING_STATUSES } from '@stolik/domain';
import { minutesIntoDay } from '../../shared/time/booking-time';

/** The grid step (UX.md: a 15-minute grid). */
export const SLOT_MINUTES = 15;
/** Hours shown when the day has nothing earlier or later: 10:00-24:00. */
export const DEFAULT_RANGE: TimeRange = { start: 10 * 60, end: 24 * 60 };
/** Past midnight a night's bookings may run on; the axis stops there. */
const LATEST_END = 30 * 60;

export interface TimeRange {
  start: number;
  end: number;
}

export interface Span {
  from: number;
  to: number;
}

export interface TimelineScale {
  range: TimeRange;
  pxPerMinute: number;
}

const floorHour = (m: number) => Math.floor(m / 60) * 60;
const ceilHour = (m: number) => Math.ceil(m / 60) * 60;

/**
 * The hours the axis spans: at least 10:00-24:00, widened to whole hours around every booking (and
 * the current time, on today), never before midnight nor past 06:00 the next morning.
 */
export function dayRange(spans: Span[], now: number | null = null): TimeRange {
  let start = DEFAULT_RANGE.start;
  let end = DEFAULT_RANGE.end;
  const points = spans.flatMap((s) => [s.from, s.to]);
  if (now !== null && now >= 0 && now <= LATEST_END) points.push(now);
  for (const p of points) {
    start = Math.min(start, floorHour(p));
    end = Math.max(end, ceilHour(p));
  }
  return { start: Math.max(0, start), end: Math.min(LATEST_END, end) };
}

/** The hours on the axis: their minutes, for the labels. */
export function hourMarks(range: TimeRange): number[] {
  const marks: number[] = [];
  for (let m = ceilHour(range.start); m < range.end; m += 60) marks.push(m);
  return marks;
}

export const clampTo = (range: TimeRange, minutes: number) =>
  Math.min(range.end, Math.max(range.start, minutes));

/** Pixels from the axis start to a time (clamped to the axis). */
export const xOf = (scale: TimelineScale, minutes: number): number =>
  (clampTo(scale.range, minutes) - scale.range.start) * scale.pxPerMinute;

export const widthOf = (scale: TimelineScale, span: Span): number =>
  Math.max(0, xOf(scale, span.to) - xOf(scale, span.from));

/** The least a booking's bar is wide: a finger's tap (UX.md: 44 px targets). */
export const BAR_MIN_WIDTH = 44;

/**
 * Where a booking's bar is drawn: its span, but never narrower than a tap, even when the booking is
 * short or the axis cuts it (a party booked at 05:45 on a night that ends at 06:00 shows 15
 * minutes, 24 px). The extra width goes to the right, or to the left at the axis's end, so the bar
 * stays on the axis; it may then cover the edge of a neighbour in its lane, which stays tappable.
 */
export function barBox(scale: TimelineScale, span: Span): { left: number; width: number } {
  const axis = axisWidth(scale);
  const width = Math.min(axis, Math.max(BAR_MIN_WIDTH, widthOf(scale, span)));
  const left = Math.max(0, Math.min(xOf(scale, span.from), axis - width));
  return { left, width };
}

/** Half the width of the current time's label ("Сейчас 23:45" at 11 px), with a little room. */
const NOW_LABEL_HALF = 48;

/**
 * Where the current time's label sits against its line `x` pixels along the axis: centred on it,
 * but beside it near either end of the axis ('start': it begins at the line, 'end': it ends there),
 * so that it is not cut at the timeline's edge.
 */
export function labelSide(scale: TimelineScale, x: number): 'start' | 'end' | undefined {
  if (x < NOW_LABEL_HALF) return 'start';
  if (x > axisWidth(scale) - NOW_LABEL_HALF) return 'end';
  return undefined;
}

export const axisWidth = (scale: TimelineScale): number =>
  (scale.range.end - scale.range.start) * scale.pxPerMinute;

/** The start of the 15-minute cell under a point `x` pixels from the axis start. */
export function cellAt(scale: TimelineScale, x: number): number {
  const minutes = scale.range.start + x / scale.pxPerMinute;
  const cell = Math.floor(minutes / SLOT_MINUTES) * SLOT_MINUTES;
  return Math.min(scale.range.end - SLOT_MINUTES, Math.max(scale.range.start, cell));
}

const overlaps = (a: Span, b: Span) => a.from < b.to && b.from < a.to;

/** Whether nothing held covers any of [from, to). */
export const isFree = (held: Span[], span: Span): boolean => !held.some((h) => overlaps(h, span));

/** The starts of a table's free 15-minute cells across the axis. */
export function freeCells(held: Span[], range: TimeRange): number[] {
  const cells: number[] = [];
  for (let m = range.start; m + SLOT_MINUTES <= range.end; m += SLOT_MINUTES) {
    if (isFree(held, { from: m, to: m + SLOT_MINUTES })) cells.push(m);
  }
  return cells;
}

/**
 * Lanes for bars that overlap in one row (a closed booking that ran late, two parties on a long
 * table): each bar takes the first lane free at its start; every bar of the row shares the count.
 */
export function assignLanes<T extends Span>(spans: T[]): { item: T; lane: number; lanes: number }[] {
  const sorted = [...spans].sort((a, b) => a.from - b.from || a.to - b.to);
  const laneEnds: number[] = [];
  const placed = sorted.map((item) => {
    let lane = laneEnds.findIndex((end) => end <= item.from);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = item.to;
    return { item, lane };
  });
  const lanes = Math.max(1, laneEnds.length);
  return placed.map((p) => ({ ...p, lanes }));
}

/** Bookings drawn on the timeline: those holding a table, and the day's finished ones. */
const SHOWN = new Set<Booking['status']>([...TABLE_HOLDING_BOOKING_STATUSES, 'closed']);
export const isOnTimeline = (booking: Booking): boolean =>
  SHOWN.has(booking.status) && booking.tables.length > 0;

export interface TimelineBar extends Span {
  booking: Booking;
  lane: number;
  lanes: number;
}

export interface TimelineLock extends Span {
  id: number;
  reason: string;
}

export interface TimelineRow {
  table: DayTable;
  bars: TimelineBar[];
  locks: TimelineLock[];
  /** What a new booking may not overlap: bookings with their preparation and cleaning, and locks. */
  held: Span[];
}

export interface TimelineZone {
  id: number | null;
  name: string | null;
  rows: TimelineRow[];
}

export interface TimelineModel {
  zones: TimelineZone[];
  range: TimeRange;
}

const WALL_TIME = /^(\d{2}):(\d{2})/;

/** A lock's bound: a wall time of the day ('HH:mm'), or an instant. */
function lockMinutes(timeZone: string, date: string, value: string): number {
  const wall = WALL_TIME.exec(value);
  if (wall && value.length <= 8) return Number(wall[1]) * 60 + Number(wall[2]);
  return minutesIntoDay(timeZone, date, value);
}

const byNumber = (a: DayTable, b: DayTable) =>
  a.number.localeCompare(b.number, 'ru', { numeric: true }) || a.id - b.id;

/**
 * Rows by zone (in the zones' order, tables without a zone last), each with its bars (a group
 * booking on every member table), locks and held ranges, and the axis that shows them all.
 */
export function buildTimeline({
  tables,
  bookings,
  zones,
  timeZone,
  date,
  now,
}: {
  tables: DayTable[];
  bookings: Booking[];
  zones: { id: number; name: string }[];
  timeZone: string;
  date: string;
  /** The current time when the day shown is today (minutes into it), else null. */
  now: number | null;
}): TimelineModel {
  const spansByTable = new Map<number, (Span & { booking: Booking })[]>();
  const all: Span[] = [];
  for (const booking of bookings) {
    if (!isOnTimeline(booking)) continue;
    const span = {
      from: minutesIntoDay(timeZone, date, booking.seating_time),
      to: minutesIntoDay(timeZone, date, booking.end_time),
      booking,
    };
    if (span.to <= 0) continue;
    all.push(span);
    for (const table of booking.tables) {
      const list = spansByTable.get(table) ?? [];
      list.push(span);
      spansByTable.set(table, list);
    }
  }

  const rows = new Map<number, TimelineRow>();
  for (const table of tables) {
    const bars = assignLanes(spansByTable.get(table.id) ?? []).map(({ item, lane, lanes }) => ({
      from: item.from,
      to: item.to,
      booking: item.booking,
      lane,
      lanes,
    }));
    const locks = table.locks.map((lock) => ({
      id: lock.id,
      reason: lock.reason,
      from: lockMinutes(timeZone, date, lock.from),
      to: lockMinutes(timeZone, date, lock.to),
    }));
    const busy = table.busy.map((b) => ({
      from: minutesIntoDay(timeZone, date, b.from),
      to: minutesIntoDay(timeZone, date, b.to),
    }));
    all.push(...busy);
    const held = [...busy, ...bars.filter((b) => b.booking.status !== 'closed'), ...locks].map((s) => ({
      from: s.from,
      to: s.to,
    }));
    rows.set(table.id, { table, bars, locks, held });
  }

  const known = new Set(zones.map((z) => z.id));
  const sorted = [...tables].sort(byNumber);
  const zoneList: TimelineZone[] = [
    ...zones.map((zone) => ({ id: zone.id, name: zone.name })),
    { id: null, name: null },
  ].map((zone) => ({
    ...zone,
    rows: sorted
      .filter((t) => (zone.id === null ? t.zone === null || !known.has(t.zone) : t.zone === zone.id))
      .map((t) => rows.get(t.id) as TimelineRow),
  }));

  return { zones: zoneList.filter((z) => z.rows.length > 0), range: dayRange(all, now) };
}

/**
 * Derived labels of a row's bookings ('12=late;15=overstaying'): a string, so a row re-renders only
 * when one of its bookings crosses a boundary, not on every tick of the clock.
 */
export type RowFlags = string;

export function rowFlags(row: TimelineRow, labelOf: (b: Booking) => BookingLabel): RowFlags {
  let flags = '';
  for (const bar of row.bars) {
    const label = labelOf(bar.booking);
    if (label !== bar.booking.status) flags += `${bar.booking.id}=${label};`;
  }
  return flags;
}

/** A booking's label from its row's flags: the derived one, else its status. */
export function derivedLabel(flags: RowFlags, booking: Booking): BookingLabel {
  const key = `;${booking.id}=`;
  const at = `;${flags}`.indexOf(key);
  if (at === -1) return booking.status;
  const from = at + key.length - 1;
  return flags.slice(from, flags.indexOf(';', from)) as BookingLabel;
}
