import { describe, expect, it } from 'vitest';
import { labelOf } from '../../shared/bookings/booking-view';
import { booking, DAY, dayTable, msk } from '../../test/booking-fixtures';
import {
  assignLanes,
  barBox,
  buildTimeline,
  cellAt,
  DEFAULT_RANGE,
  dayRange,
  derivedLabel,
  freeCells,
  hourMarks,
  isFree,
  labelSide,
  rowFlags,
  type TimelineScale,
  widthOf,
  xOf,
} from './timeline-geometry';

const H = 60;
const scale: TimelineScale = { range: { start: 10 * H, end: 24 * H }, pxPerMinute: 1.6 };

describe('the span of the day timeline', () => {
  it('shows 10:00-24:00 when the day has nothing earlier or later', () => {
    expect(dayRange([])).toEqual(DEFAULT_RANGE);
    expect(dayRange([{ from: 12 * H, to: 14 * H }])).toEqual({ start: 10 * H, end: 24 * H });
  });

  it('widens to whole hours around an early breakfast, a night past midnight and the current time', () => {
    expect(dayRange([{ from: 8 * H + 30, to: 9 * H + 45 }])).toEqual({ start: 8 * H, end: 24 * H });
    expect(dayRange([{ from: 23 * H, to: 25 * H + 10 }])).toEqual({ start: 10 * H, end: 26 * H });
    expect(dayRange([], 7 * H + 20)).toEqual({ start: 7 * H, end: 24 * H });
  });

  it('never starts before midnight nor runs past 06:00 the next morning', () => {
    expect(dayRange([{ from: -2 * H, to: 40 * H }])).toEqual({ start: 0, end: 30 * H });
  });

  it('marks each hour on the axis', () => {
    expect(hourMarks({ start: 22 * H, end: 25 * H })).toEqual([22 * H, 23 * H, 24 * H]);
  });
});

describe('time to pixels and back', () => {
  it('puts a time at its distance from the axis start, 15 minutes being 24 px', () => {
    expect(xOf(scale, 10 * H)).toBe(0);
    expect(xOf(scale, 10 * H + 15)).toBe(24);
    expect(xOf(scale, 19 * H)).toBe(9 * H * 1.6);
    expect(widthOf(scale, { from: 19 * H, to: 20 * H + 30 })).toBe(90 * 1.6);
  });

  it('clamps what lies outside the axis to its ends', () => {
    expect(xOf(scale, 9 * H)).toBe(0);
    expect(widthOf(scale, { from: 23 * H, to: 26 * H })).toBe(60 * 1.6);
  });

  it('draws a bar at least a tap wide, kept on the axis', () => {
    // 90 minutes: its own width.
    expect(barBox(scale, { from: 19 * H, to: 20 * H + 30 })).toEqual({ left: 9 * H * 1.6, width: 144 });
    // 15 minutes (24 px) widen to the right…
    expect(barBox(scale, { from: 12 * H, to: 12 * H + 15 })).toEqual({ left: 2 * H * 1.6, width: 44 });
    // …and one the axis's end cuts to 15 minutes widens to the left, ending where the axis ends.
    expect(barBox(scale, { from: 23 * H + 45, to: 25 * H + 15 })).toEqual({
      left: 14 * H * 1.6 - 44,
      width: 44,
    });
    // Wholly before the axis: a tap wide at its start.
    expect(barBox(scale, { from: 8 * H, to: 9 * H })).toEqual({ left: 0, width: 44 });
  });

  it("puts the current time's label beside its line near either end of the axis, centred elsewhere", () => {
    expect(labelSide(scale, 10)).toBe('start');
    expect(labelSide(scale, 400)).toBeUndefined();
    // 25 minutes (40 px) before the axis's end: the label ends at the line.
    expect(labelSide(scale, 14 * H * 1.6 - 40)).toBe('end');
  });

  it('reads a tap as the start of the quarter under it', () => {
    expect(cellAt(scale, 0)).toBe(10 * H);
    expect(cellAt(scale, 23.9)).toBe(10 * H);
    expect(cellAt(scale, 24)).toBe(10 * H + 15);
    expect(cellAt(scale, 9 * H * 1.6 + 30)).toBe(19 * H + 15);
    expect(cellAt(scale, 99_999)).toBe(24 * H - 15);
  });
});

describe('free cells of a table', () => {
  const held = [
    { from: 12 * H, to: 13 * H + 45 },
    { from: 19 * H, to: 21 * H },
  ];

  it('are the quarters nothing held overlaps', () => {
    const cells = freeCells(held, { start: 11 * H, end: 14 * H + 30 });
    expect(cells).toEqual([11 * H, 11 * H + 15, 11 * H + 30, 11 * H + 45, 13 * H + 45, 14 * H, 14 * H + 15]);
  });

  it('touching a booking at its edge is free; overlapping it by a minute is not', () => {
    expect(isFree(held, { from: 21 * H, to: 21 * H + 15 })).toBe(true);
    expect(isFree(held, { from: 18 * H + 45, to: 19 * H })).toBe(true);
    expect(isFree(held, { from: 18 * H + 46, to: 19 * H + 1 })).toBe(false);
  });
});

describe('lanes of overlapping bars', () => {
  it('keeps a row in one lane when nothing overlaps', () => {
    const lanes = assignLanes([
      { from: 12 * H, to: 14 * H },
      { from: 14 * H, to: 16 * H },
    ]);
    expect(lanes.map((l) => [l.lane, l.lanes])).toEqual([
      [0, 1],
      [0, 1],
    ]);
  });

  it('puts an overlapping bar in the next free lane, every bar sharing the count', () => {
    const lanes = assignLanes([
      { from: 18 * H, to: 21 * H },
      { from: 12 * H, to: 19 * H },
      { from: 19 * H, to: 20 * H },
    ]);
    expect(lanes.map((l) => [l.item.from / H, l.lane, l.lanes])).toEqual([
      [12, 0, 2],
      [18, 1, 2],
      [19, 0, 2],
    ]);
  });
});

describe('the timeline of a day', () => {
  const timeline = (
    bookings: ReturnType<typeof booking>[],
    tables = [1, 2, 3, 4, 5, 6].map((id) => dayTable(id)),
  ) =>
    buildTimeline({
      tables,
      bookings,
      zones: [
        { id: 1, name: 'Зал' },
        { id: 2, name: 'Веранда' },
      ],
      timeZone: 'Europe/Moscow',
      date: DAY,
      now: null,
    });

  it('groups the tables by zone in the zones’ order, tables in number order, unknown zones last', () => {
    const model = timeline(
      [],
      [dayTable(5), dayTable(2), dayTable(1), dayTable(9, { zone: null, number: '10' })],
    );
    expect(model.zones.map((z) => [z.name, z.rows.map((r) => r.table.number)])).toEqual([
      ['Зал', ['1', '2']],
      ['Веранда', ['В1']],
      [null, ['10']],
    ]);
  });

  it('draws a group booking on each of its tables and leaves cancelled and waiting-list ones off', () => {
    const model = timeline([
      booking({ id: 1, table: null, group: 7, tables: [3, 4], group_size: 7 }),
      booking({ id: 2, table: 1, tables: [1], status: 'cancelled' }),
      booking({ id: 3, table: null, tables: [], status: 'waiting_list' }),
      booking({ id: 4, table: 2, tables: [2], status: 'closed' }),
    ]);
    const bars = Object.fromEntries(
      model.zones.flatMap((z) => z.rows).map((r) => [r.table.number, r.bars.map((b) => b.booking.id)]),
    );
    expect(bars).toEqual({ '1': [], '2': [4], '3': [1], '4': [1], В1: [], В2: [] });
    const row3 = model.zones[0]?.rows.find((r) => r.table.number === '3');
    expect(row3?.bars[0]).toMatchObject({ from: 19 * H, to: 20 * H + 30 });
  });

  it('holds a table for its bookings with their cleaning, and for its locks', () => {
    const model = timeline(
      [booking({ id: 1, table: 1, tables: [1] })],
      [
        dayTable(1, { busy: [{ booking: 1, from: msk(DAY, '19:00'), to: msk(DAY, '20:45') }] }),
        dayTable(2, { locks: [{ id: 5, from: msk(DAY, '12:00'), to: msk(DAY, '15:00'), reason: 'Ремонт' }] }),
      ],
    );
    const [one, two] = model.zones[0]?.rows ?? [];
    expect(isFree(one?.held ?? [], { from: 20 * H + 30, to: 20 * H + 45 })).toBe(false);
    expect(isFree(one?.held ?? [], { from: 20 * H + 45, to: 21 * H })).toBe(true);
    expect(two?.locks).toEqual([{ id: 5, reason: 'Ремонт', from: 12 * H, to: 15 * H }]);
    expect(isFree(two?.held ?? [], { from: 14 * H, to: 14 * H + 15 })).toBe(false);
  });

  it('spans the hours of its bookings: a late night widens the axis past midnight', () => {
    const model = timeline([
      booking({ seating_time: msk(DAY, '23:00'), end_time: msk('2026-03-15', '01:30') }),
    ]);
    expect(model.range).toEqual({ start: 10 * H, end: 26 * H });
  });
});

describe('the clock on a row', () => {
  const row = (bookings: ReturnType<typeof booking>[]) =>
    buildTimeline({
      tables: [dayTable(3)],
      bookings,
      zones: [{ id: 1, name: 'Зал' }],
      timeZone: 'Europe/Moscow',
      date: DAY,
      now: null,
    }).zones[0]?.rows[0] as Parameters<typeof rowFlags>[0];
  const at = (time: string) => (b: ReturnType<typeof booking>) => labelOf(b, Date.parse(msk(DAY, time)));

  it('changes the row only when one of its bookings crosses a boundary', () => {
    const evening = row([
      booking({ id: 2, seating_time: msk(DAY, '19:00'), end_time: msk(DAY, '20:00') }),
      booking({ id: 12, status: 'open', seating_time: msk(DAY, '17:00'), end_time: msk(DAY, '18:30') }),
    ]);
    expect(rowFlags(evening, at('18:00'))).toBe('');
    expect(rowFlags(evening, at('18:20'))).toBe(rowFlags(evening, at('18:00')));
    expect(rowFlags(evening, at('18:40'))).toBe('12=overstaying;');
    expect(rowFlags(evening, at('19:10'))).toBe('12=overstaying;2=late;');
  });

  it('reads each booking’s own label back, never a neighbour’s with a longer id', () => {
    const flags = '12=overstaying;2=late;';
    expect(derivedLabel(flags, booking({ id: 2 }))).toBe('late');
    expect(derivedLabel(flags, booking({ id: 12, status: 'open' }))).toBe('overstaying');
    expect(derivedLabel(flags, booking({ id: 1 }))).toBe('application');
    expect(derivedLabel('', booking({ id: 2, status: 'new' }))).toBe('new');
  });
});
