import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AvailabilityGroup,
  type AvailabilityInput,
  type AvailabilityTable,
  availableSlots,
  bookingMinutes,
  DEFAULT_BOOKING_MINUTES,
  type DurationRule,
  type FitQuery,
  findTables,
  heldRange,
  type Occupation,
  type Slot,
  type SlotQuery,
  serviceHours,
  type TableFit,
  type TimeRule,
  type WorkDay,
} from './availability';

// A Friday (weekday 4) in Moscow, which keeps +03:00 all year: instants are written out by hand.
const DATE = '2026-11-20';
const FRIDAY = 4;
const msk = (time: string, date = DATE) => new Date(`${date}T${time}:00+03:00`);

const table = (id: number, seatsMax = 4, extra: Partial<AvailabilityTable> = {}): AvailabilityTable => ({
  id,
  zoneId: null,
  seatsMin: 1,
  seatsMax,
  isReservable: true,
  ...extra,
});

const group = (id: number, tableIds: number[], seatsMin: number, seatsMax: number): AvailabilityGroup => ({
  id,
  tableIds,
  seatsMin,
  seatsMax,
});

const everyDay = (opens: string, closes: string): WorkDay[] =>
  Array.from({ length: 7 }, (_, weekday) => ({ weekday, opens, closes, isClosed: false }));

/** A booking or a seated party holding `tableIds` for [from, to) (times of DATE unless full dates). */
function held(tableIds: number[], from: string, to: string, extra: Partial<Occupation> = {}): Occupation {
  const at = (t: string) => (t.includes('T') ? new Date(t) : msk(t));
  return { tableIds, from: at(from), to: at(to), startsAt: at(from), covers: 2, ...extra };
}

function day(overrides: Partial<AvailabilityInput> = {}): AvailabilityInput {
  return {
    timezone: 'Europe/Moscow',
    date: DATE,
    now: msk('00:00'),
    tables: [table(1)],
    groups: [],
    workTime: everyDay('12:00', '23:00'),
    durations: [],
    preparationMinutes: 0,
    cleaningMinutes: 0,
    inactiveZoneIds: [],
    zoneClosures: [],
    tableLocks: [],
    timeRules: [],
    occupations: [],
    ...overrides,
  };
}

function rule(type: TimeRule['type'], extra: Partial<TimeRule> = {}): TimeRule {
  return { type, weekdays: [], from: null, to: null, minutes: null, covers: null, ...extra };
}

/** findTables for [from, to) of DATE; ids as 'table:3' / 'group:10' in the engine's order. */
function fits(input: AvailabilityInput, from: string, to: string, query: Partial<FitQuery> = {}): string[] {
  const found = findTables(input, { groupSize: 2, start: msk(from), end: msk(to), online: false, ...query });
  return found.map((f) => `${f.kind}:${f.id}`);
}

const times = (slots: Slot[]) => slots.map((s) => s.time);
const slotTimes = (input: AvailabilityInput, query: Partial<SlotQuery> = {}) =>
  times(availableSlots(input, { groupSize: 2, online: false, durationMinutes: 60, ...query }));

describe('booking duration by party size', () => {
  const durations: DurationRule[] = [
    { seatsFrom: 1, seatsTo: 2, minutes: 90 },
    { seatsFrom: 3, seatsTo: 6, minutes: 120 },
    { seatsFrom: 7, seatsTo: null, minutes: 180 },
  ];
  it.each([
    [1, 90],
    [2, 90],
    [3, 120],
    [6, 120],
    [7, 180],
    [40, 180],
  ])('a party of %s keeps its table %s minutes', (size, minutes) => {
    expect(bookingMinutes(durations, size)).toBe(minutes);
  });

  it('falls back to the default when no rule takes the party', () => {
    expect(bookingMinutes([], 2)).toBe(DEFAULT_BOOKING_MINUTES);
    expect(bookingMinutes([{ seatsFrom: 3, seatsTo: 4, minutes: 75 }], 5)).toBe(DEFAULT_BOOKING_MINUTES);
  });
});

describe('the held range', () => {
  it('adds preparation before and cleaning after', () => {
    expect(heldRange(msk('18:00'), msk('20:00'), 15, 30)).toEqual({ from: msk('17:45'), to: msk('20:30') });
    expect(heldRange(msk('18:00'), msk('20:00'), 0, 0)).toEqual({ from: msk('18:00'), to: msk('20:00') });
  });
});

describe('service hours', () => {
  it.each([
    ['a day service', '12:00', '23:00', msk('12:00'), msk('23:00')],
    ['a service past midnight', '12:00', '02:00', msk('12:00'), msk('02:00', '2026-11-21')],
    ['round the clock', '09:00', '09:00', msk('09:00'), msk('09:00', '2026-11-21')],
  ])('%s', (_name, opens, closes, expectedOpens, expectedCloses) => {
    const input = day({ workTime: everyDay(opens, closes) });
    expect(serviceHours(input, DATE)).toEqual({ opens: expectedOpens, closes: expectedCloses });
  });

  it('takes the weekday of the date asked, and none on a closed day or a day with no row', () => {
    const workTime: WorkDay[] = [
      { weekday: FRIDAY, opens: '12:00', closes: '23:00', isClosed: false },
      { weekday: FRIDAY + 1, opens: '10:00', closes: '01:00', isClosed: false },
      { weekday: FRIDAY + 2, opens: '10:00', closes: '22:00', isClosed: true },
    ];
    const input = day({ workTime });
    expect(serviceHours(input, '2026-11-21')).toEqual({
      opens: msk('10:00', '2026-11-21'),
      closes: msk('01:00', '2026-11-22'),
    });
    expect(serviceHours(input, '2026-11-22')).toBeNull();
    expect(serviceHours(input, '2026-11-23')).toBeNull();
  });
});

describe('which tables fit a party', () => {
  const tables = [table(1, 2, { seatsMin: 2 }), table(2, 4), table(3, 8, { seatsMin: 5 })];

  it.each([
    [1, ['table:2']],
    [2, ['table:1', 'table:2']],
    [4, ['table:2']],
    [5, ['table:3']],
    [8, ['table:3']],
    [9, []],
  ])('a party of %s: %j', (groupSize, expected) => {
    expect(fits(day({ tables }), '18:00', '20:00', { groupSize })).toEqual(expected);
  });

  describe('groups of tables', () => {
    const pair = [table(1, 2), table(2, 2), table(3, 2)];
    const groups = [group(10, [1, 2], 3, 4), group(11, [2, 3], 3, 4)];

    it('seats a party no single table takes', () => {
      expect(fits(day({ tables: pair, groups }), '18:00', '20:00', { groupSize: 4 })).toEqual([
        'group:10',
        'group:11',
      ]);
    });

    it('is blocked while one of its tables is taken', () => {
      const input = day({ tables: pair, groups, occupations: [held([1], '17:00', '19:00')] });
      expect(fits(input, '18:00', '20:00', { groupSize: 4 })).toEqual(['group:11']);
    });

    it('blocks each of its tables while it is booked', () => {
      const input = day({ tables: pair, groups, occupations: [held([1, 2], '17:00', '19:00')] });
      expect(fits(input, '18:00', '20:00', { groupSize: 2 })).toEqual(['table:3']);
      expect(fits(input, '18:00', '20:00', { groupSize: 4 })).toEqual([]);
    });

    it('is never offered when one of its tables is gone', () => {
      const input = day({ tables: pair, groups: [group(12, [1, 99], 3, 4)] });
      expect(fits(input, '18:00', '20:00', { groupSize: 4 })).toEqual([]);
    });
  });

  describe('zones', () => {
    const zoned = [table(1, 4, { zoneId: 1 }), table(2, 4, { zoneId: 2 }), table(3, 2, { zoneId: 2 })];
    const groups = [group(10, [2, 3], 5, 6), group(11, [1, 3], 5, 6)];

    it('leaves out a switched-off zone and every group touching it', () => {
      const input = day({ tables: zoned, groups, inactiveZoneIds: [2] });
      expect(fits(input, '18:00', '20:00', { groupSize: 2 })).toEqual(['table:1']);
      expect(fits(input, '18:00', '20:00', { groupSize: 6 })).toEqual([]);
    });

    it.each([
      ['closed for the whole date', null, null, '18:00', '20:00', false],
      ['closed for hours, overlapping', '19:00', '21:00', '18:00', '20:00', false],
      ['closed for hours, ending at the start', '16:00', '18:00', '18:00', '20:00', true],
      ['closed for hours, starting at the end', '20:00', '22:00', '18:00', '20:00', true],
      ['closed past midnight', '22:00', '01:00', '21:00', '22:30', false],
    ])('zone %s', (_name, from, to, start, end, offered) => {
      const input = day({ tables: zoned, zoneClosures: [{ zoneId: 1, date: DATE, from, to }] });
      expect(fits(input, start, end).includes('table:1')).toBe(offered);
      // The other zone is not affected.
      expect(fits(input, start, end)).toContain('table:2');
    });

    it('ignores a closure of another date', () => {
      const input = day({
        tables: zoned,
        zoneClosures: [{ zoneId: 1, date: '2026-11-21', from: null, to: null }],
      });
      expect(fits(input, '18:00', '20:00')).toContain('table:1');
    });

    it('keeps to the zone asked for; a group spanning zones belongs to none', () => {
      const input = day({ tables: zoned, groups });
      expect(fits(input, '18:00', '20:00', { zoneId: 2 })).toEqual(['table:3', 'table:2']);
      expect(fits(input, '18:00', '20:00', { zoneId: 2, groupSize: 6 })).toEqual(['group:10']);
      expect(fits(input, '18:00', '20:00', { zoneId: 1, groupSize: 6 })).toEqual([]);
      expect(fits(input, '18:00', '20:00', { zoneId: null, groupSize: 6 })).toEqual(['group:10', 'group:11']);
    });
  });

  it('offers only reservable tables, and groups of them, to online requests', () => {
    const tables = [table(1, 2), table(2, 2, { isReservable: false }), table(3, 4)];
    const input = day({ tables, groups: [group(10, [1, 2], 3, 4)] });
    expect(fits(input, '18:00', '20:00', { groupSize: 2, online: true })).toEqual(['table:1', 'table:3']);
    expect(fits(input, '18:00', '20:00', { groupSize: 2, online: false })).toEqual([
      'table:1',
      'table:2',
      'table:3',
    ]);
    expect(fits(input, '18:00', '20:00', { groupSize: 4, online: true })).toEqual(['table:3']);
    expect(fits(input, '18:00', '20:00', { groupSize: 4, online: false })).toEqual(['table:3', 'group:10']);
  });

  describe('existing bookings and seated guests', () => {
    it.each([
      ['overlapping', '17:00', '19:00', false],
      ['inside', '18:30', '19:30', false],
      ['around', '17:00', '21:00', false],
      ['ending at the start', '16:00', '18:00', true],
      ['starting at the end', '20:00', '22:00', true],
    ])('a booking %s', (_name, from, to, offered) => {
      const input = day({ occupations: [held([1], from, to, { bookingId: 7 })] });
      expect(fits(input, '18:00', '20:00')).toEqual(offered ? ['table:1'] : []);
    });

    it('counts a seated queue party like a booking', () => {
      const input = day({ occupations: [held([1], '17:30', '19:15')] });
      expect(fits(input, '18:00', '20:00')).toEqual([]);
      expect(fits(input, '19:15', '21:00')).toEqual(['table:1']);
    });

    it('leaves the booking being edited out of its own way, and only it', () => {
      const own = held([1], '18:00', '20:00', { bookingId: 7 });
      expect(fits(day({ occupations: [own] }), '18:30', '20:30', { ignoreBookingId: 7 })).toEqual([
        'table:1',
      ]);
      expect(fits(day({ occupations: [own] }), '18:30', '20:30', { ignoreBookingId: 8 })).toEqual([]);
      const seated = held([1], '18:00', '20:00');
      expect(fits(day({ occupations: [own, seated] }), '18:30', '20:30', { ignoreBookingId: 7 })).toEqual([]);
    });

    it('keeps preparation before and cleaning after the new booking clear of others', () => {
      // The stored range of a booking 18:00–20:00 with 15 minutes' preparation and 30 of cleaning.
      const input = day({
        preparationMinutes: 15,
        cleaningMinutes: 30,
        occupations: [held([1], '17:45', '20:30', { startsAt: msk('18:00') })],
      });
      expect(fits(input, '20:30', '21:30')).toEqual([]);
      expect(fits(input, '20:45', '21:30')).toEqual(['table:1']);
      expect(fits(input, '15:00', '17:15')).toEqual(['table:1']);
      expect(fits(input, '15:00', '17:30')).toEqual([]);
    });
  });

  describe('table locks', () => {
    it.each([
      ['the whole date', null, null, '18:00', '20:00', false],
      ['hours overlapping', '19:00', '21:00', '18:00', '20:00', false],
      ['hours ending at the start', '16:00', '18:00', '18:00', '20:00', true],
      ['hours starting at the end', '20:00', '21:00', '18:00', '20:00', true],
      ['past midnight', '23:00', '01:00', '22:00', '23:30', false],
    ])('locked for %s', (_name, from, to, start, end, offered) => {
      const input = day({ tables: [table(1), table(2)], tableLocks: [{ tableId: 1, date: DATE, from, to }] });
      expect(fits(input, start, end)).toEqual(offered ? ['table:1', 'table:2'] : ['table:2']);
    });

    it('ignores a lock of another date', () => {
      const input = day({ tableLocks: [{ tableId: 1, date: '2026-11-19', from: null, to: null }] });
      expect(fits(input, '18:00', '20:00')).toEqual(['table:1']);
    });

    it('blocks the groups of a locked table', () => {
      const input = day({
        tables: [table(1, 2), table(2, 2)],
        groups: [group(10, [1, 2], 3, 4)],
        tableLocks: [{ tableId: 2, date: DATE, from: '18:00', to: '19:00' }],
      });
      expect(fits(input, '18:00', '20:00', { groupSize: 4 })).toEqual([]);
      expect(fits(input, '19:00', '21:00', { groupSize: 4 })).toEqual(['group:10']);
    });
  });

  it('puts the best fit first: fewest wasted seats, a zone, fewest tables, then id', () => {
    const tables = [
      table(1, 2, { zoneId: 1 }),
      table(2, 2, { zoneId: 1 }),
      table(3, 4),
      table(4, 4, { zoneId: 1 }),
      table(5, 4, { zoneId: 2 }),
      table(9, 6, { zoneId: 1 }),
    ];
    const input = day({ tables, groups: [group(1, [1, 2], 3, 4), group(2, [1, 3], 3, 4)] });
    const found = findTables(input, { groupSize: 4, start: msk('18:00'), end: msk('20:00'), online: false });
    expect(found.map((f) => `${f.kind}:${f.id}`)).toEqual([
      'table:4',
      'table:5',
      'group:1',
      'table:3',
      'group:2',
      'table:9',
    ]);
    expect(found[0]).toEqual({
      kind: 'table',
      id: 4,
      tableIds: [4],
      zoneId: 1,
      seatsMin: 1,
      seatsMax: 4,
      wastedSeats: 0,
    } satisfies TableFit);
    expect(found.map((f) => f.wastedSeats)).toEqual([0, 0, 0, 0, 0, 2]);
  });
});

describe('the slots of a day', () => {
  it('steps every 15 minutes from opening; a booking ends by closing', () => {
    const slots = availableSlots(day(), { groupSize: 2, online: false });
    expect(slots).toHaveLength(37);
    expect(slots[0]).toEqual({ time: '12:00', start: msk('12:00'), end: msk('14:00'), options: 1 });
    expect(slots.at(-1)).toEqual({ time: '21:00', start: msk('21:00'), end: msk('23:00'), options: 1 });
    expect(times(slots).slice(0, 3)).toEqual(['12:00', '12:15', '12:30']);
  });

  it('counts the tables that would fit as options', () => {
    const input = day({
      tables: [table(1), table(2), table(3, 2)],
      occupations: [held([2], '18:00', '19:00')],
    });
    const options = Object.fromEntries(
      availableSlots(input, { groupSize: 2, online: false, durationMinutes: 60 }).map((s) => [
        s.time,
        s.options,
      ]),
    );
    expect(options['16:45']).toBe(3);
    expect(options['17:15']).toBe(2);
    expect(options['19:00']).toBe(3);
  });

  it('gives a service past midnight its late slots, on the next calendar day', () => {
    const slots = availableSlots(day({ workTime: everyDay('12:00', '02:00') }), {
      groupSize: 2,
      online: false,
      durationMinutes: 60,
    });
    expect(times(slots).slice(-5)).toEqual(['00:00', '00:15', '00:30', '00:45', '01:00']);
    expect(slots.at(-1)?.start).toEqual(msk('01:00', '2026-11-21'));
    expect(slots).toHaveLength(53);
  });

  it.each([
    ['a closed day', [{ weekday: FRIDAY, opens: '12:00', closes: '23:00', isClosed: true }]],
    ['a day without hours', [{ weekday: FRIDAY + 1, opens: '12:00', closes: '23:00', isClosed: false }]],
  ])('offers nothing on %s', (_name, workTime) => {
    expect(availableSlots(day({ workTime }), { groupSize: 2, online: false })).toEqual([]);
  });

  it('takes the duration from the party size, or from the query', () => {
    const input = day({
      durations: [
        { seatsFrom: 1, seatsTo: 2, minutes: 60 },
        { seatsFrom: 3, seatsTo: null, minutes: 180 },
      ],
    });
    const two = availableSlots(input, { groupSize: 2, online: false });
    const four = availableSlots(input, { groupSize: 4, online: false });
    expect(two.at(-1)?.time).toBe('22:00');
    expect(two[0]?.end).toEqual(msk('13:00'));
    expect(four.at(-1)?.time).toBe('20:00');
    expect(four[0]?.end).toEqual(msk('15:00'));
    const overridden = availableSlots(input, { groupSize: 4, online: false, durationMinutes: 30 });
    expect(overridden.at(-1)?.time).toBe('22:30');
  });

  it('never offers a start that has passed, to staff either', () => {
    expect(slotTimes(day({ now: msk('18:10') }))[0]).toBe('18:15');
    expect(slotTimes(day({ now: msk('18:00') }))[0]).toBe('18:00');
    expect(slotTimes(day({ now: msk('18:10') }), { online: true })[0]).toBe('18:15');
  });

  it('offers a start right after a booking only once it is cleared and the table laid again', () => {
    const input = day({
      preparationMinutes: 15,
      cleaningMinutes: 30,
      occupations: [held([1], '17:45', '20:30', { startsAt: msk('18:00') })],
    });
    const offered = slotTimes(input);
    // Ending 17:15 leaves 30 minutes' cleaning before the booking's preparation at 17:45.
    expect(offered).toContain('16:15');
    expect(offered).not.toContain('16:30');
    expect(offered).not.toContain('20:30');
    // Preparation from 20:30, when the booking's cleaning is done.
    expect(offered).toContain('20:45');
    expect(offered.filter((t) => t > '16:15' && t < '20:45')).toEqual([]);
  });

  it('leaves out starts when no table is free, or when the zone asked for is closed', () => {
    const tables = [table(1, 4, { zoneId: 1 }), table(2, 4, { zoneId: 2 })];
    const input = day({
      tables,
      tableLocks: [{ tableId: 1, date: DATE, from: null, to: null }],
      zoneClosures: [{ zoneId: 2, date: DATE, from: '18:00', to: '20:00' }],
    });
    expect(slotTimes(input, { zoneId: 1 })).toEqual([]);
    const zoneTwo = slotTimes(input, { zoneId: 2 });
    expect(zoneTwo).toContain('17:00');
    expect(zoneTwo).not.toContain('17:15');
    expect(zoneTwo).not.toContain('19:45');
    expect(zoneTwo).toContain('20:00');
  });

  it('leaves the booking being edited out of its own way', () => {
    const input = day({ occupations: [held([1], '18:00', '19:00', { bookingId: 7 })] });
    expect(slotTimes(input)).not.toContain('18:00');
    expect(slotTimes(input, { ignoreBookingId: 7 })).toContain('18:00');
  });

  describe('time rules bind online requests, not staff', () => {
    it.each([
      ['every day', []],
      ['its weekday', [FRIDAY]],
    ])('no_online applies on %s', (_name, weekdays) => {
      const input = day({ timeRules: [rule('no_online', { weekdays, from: '18:00', to: '20:00' })] });
      const online = slotTimes(input, { online: true });
      expect(online).toContain('17:45');
      expect(online.filter((t) => t >= '18:00' && t < '20:00')).toEqual([]);
      expect(online).toContain('20:00');
      expect(slotTimes(input)).toContain('18:00');
    });

    it('no_online on other weekdays changes nothing', () => {
      const input = day({ timeRules: [rule('no_online', { weekdays: [0, 1], from: '18:00', to: '20:00' })] });
      expect(slotTimes(input, { online: true })).toEqual(slotTimes(input));
    });

    it('no_online without hours closes online booking for the day', () => {
      const input = day({ timeRules: [rule('no_online')] });
      expect(slotTimes(input, { online: true })).toEqual([]);
      expect(slotTimes(input)).toHaveLength(41);
    });

    it('no_online past midnight', () => {
      const input = day({
        workTime: everyDay('12:00', '03:00'),
        timeRules: [rule('no_online', { from: '23:00', to: '01:00' })],
      });
      const online = slotTimes(input, { online: true });
      expect(online.slice(-7)).toEqual(['22:30', '22:45', '01:00', '01:15', '01:30', '01:45', '02:00']);
      expect(slotTimes(input)).toContain('00:00');
    });

    it('min_lead keeps online starts that far from now', () => {
      const input = day({ now: msk('12:05'), timeRules: [rule('min_lead', { minutes: 120 })] });
      expect(slotTimes(input, { online: true })[0]).toBe('14:15');
      expect(slotTimes(input)[0]).toBe('12:15');
    });

    it('last_seating sets the last online start, even past the end that closing allows', () => {
      const late = day({ timeRules: [rule('last_seating', { minutes: 30 })] });
      expect(slotTimes(late, { online: true, durationMinutes: 120 }).at(-1)).toBe('22:30');
      expect(slotTimes(late, { durationMinutes: 120 }).at(-1)).toBe('21:00');
      const early = day({ timeRules: [rule('last_seating', { minutes: 180 })] });
      expect(slotTimes(early, { online: true, durationMinutes: 60 }).at(-1)).toBe('20:00');
      expect(slotTimes(early, { durationMinutes: 60 }).at(-1)).toBe('22:00');
    });

    it('last_seating of several rules: the earliest wins', () => {
      const input = day({
        timeRules: [rule('last_seating', { minutes: 60 }), rule('last_seating', { minutes: 120 })],
      });
      expect(slotTimes(input, { online: true }).at(-1)).toBe('21:00');
    });

    describe('covers_cap', () => {
      // 5 covers start in the 18:00 step (18:00 and 18:10), on tables the new party would not use.
      const starting = [
        held([2], '18:00', '20:00', { covers: 4, bookingId: 7 }),
        held([3], '18:10', '20:00', { covers: 1 }),
      ];
      const base = { tables: [table(1), table(2), table(3)], occupations: starting };

      it.each([
        [2, 6, false],
        [1, 6, true],
        [2, 7, true],
      ])('a party of %s under a cap of %s covers: offered %s', (groupSize, covers, offered) => {
        const input = day({ ...base, timeRules: [rule('covers_cap', { covers })] });
        expect(slotTimes(input, { online: true, groupSize }).includes('18:00')).toBe(offered);
        expect(slotTimes(input, { online: true, groupSize })).toContain('18:15');
        expect(slotTimes(input, { groupSize })).toContain('18:00');
      });

      it('applies only within its hours', () => {
        const outside = day({
          ...base,
          timeRules: [rule('covers_cap', { covers: 6, from: '19:00', to: '21:00' })],
        });
        expect(slotTimes(outside, { online: true })).toContain('18:00');
        const inside = day({
          ...base,
          timeRules: [rule('covers_cap', { covers: 6, from: '18:00', to: '18:15' })],
        });
        expect(slotTimes(inside, { online: true })).not.toContain('18:00');
      });

      it('counts steps from opening, not from the hour', () => {
        const input = day({
          ...base,
          workTime: everyDay('12:10', '23:00'),
          timeRules: [rule('covers_cap', { covers: 6 })],
        });
        // 18:00 falls in the 17:55 step, 18:10 in the 18:10 one.
        expect(slotTimes(input, { online: true, groupSize: 3 })).not.toContain('17:55');
        expect(slotTimes(input, { online: true, groupSize: 3 })).toContain('18:10');
        expect(slotTimes(input, { online: true, groupSize: 6 })).not.toContain('18:10');
      });

      it("does not count the edited booking's own covers", () => {
        const input = day({ ...base, timeRules: [rule('covers_cap', { covers: 6 })] });
        expect(slotTimes(input, { online: true, ignoreBookingId: 7 })).toContain('18:00');
      });
    });
  });

  describe('time zones', () => {
    it('reads Moscow hours as +03:00 in summer too', () => {
      const input = day({ date: '2026-07-03', now: new Date('2026-07-03T00:00:00Z') });
      const slots = availableSlots(input, { groupSize: 2, online: false });
      expect(slots[0]?.start).toEqual(new Date('2026-07-03T09:00:00Z'));
    });

    it('steps in real time across the night Berlin puts its clocks forward', () => {
      // Saturday 28 March 2026, open 18:00 to 05:00; at 02:00 on Sunday the clocks jump to 03:00.
      const input = day({
        timezone: 'Europe/Berlin',
        date: '2026-03-28',
        now: new Date('2026-03-28T00:00:00Z'),
        workTime: everyDay('18:00', '05:00'),
      });
      const slots = availableSlots(input, { groupSize: 2, online: false, durationMinutes: 60 });
      expect(slots[0]?.start).toEqual(new Date('2026-03-28T17:00:00Z'));
      expect(slots.at(-1)?.start).toEqual(new Date('2026-03-29T02:00:00Z'));
      expect(slots.at(-1)?.time).toBe('04:00');
      // Nine hours of real time, not ten of wall clock.
      expect(slots).toHaveLength(37);
      expect(times(slots)).not.toContain('02:00');
      expect(times(slots).slice(31, 34)).toEqual(['01:45', '03:00', '03:15']);
    });

    it('steps in real time across the night Berlin puts its clocks back', () => {
      // Saturday 24 October 2026: at 03:00 on Sunday the clocks go back to 02:00.
      const input = day({
        timezone: 'Europe/Berlin',
        date: '2026-10-24',
        now: new Date('2026-10-24T00:00:00Z'),
        workTime: everyDay('18:00', '05:00'),
        tableLocks: [{ tableId: 1, date: '2026-10-24', from: '19:00', to: '20:00' }],
      });
      const slots = availableSlots(input, { groupSize: 2, online: false, durationMinutes: 60 });
      expect(slots[0]?.start).toEqual(new Date('2026-10-24T16:00:00Z'));
      expect(slots.at(-1)?.start).toEqual(new Date('2026-10-25T03:00:00Z'));
      expect(times(slots).filter((t) => t === '02:30')).toHaveLength(2);
      // The lock is in summer time: 17:00–18:00 UTC.
      expect(slots.find((s) => s.start.getTime() === Date.parse('2026-10-24T16:00:00Z'))).toBeDefined();
      expect(slots.find((s) => s.start.getTime() === Date.parse('2026-10-24T16:15:00Z'))).toBeUndefined();
      expect(slots.find((s) => s.start.getTime() === Date.parse('2026-10-24T18:00:00Z'))).toBeDefined();
      // 11 hours of wall clock and the repeated one, less the booking's hour: 45 starts; the lock
      // takes the 7 whose hour overlaps it.
      expect(slots).toHaveLength(45 - 7);
    });
  });
});

describe('property: an offered table is never double-booked', () => {
  const DAY_START = Date.parse(`${DATE}T00:00:00Z`);
  const MIN = 60_000;
  const hhmm = (minutes: number) =>
    `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

  /** [a, b) and [c, d) share an instant. */
  const overlapsBrute = (a: number, b: number, c: number, d: number) => a < d && c < b && a < b && c < d;

  /** A local window of DATE in UTC, as the product defines it: null is open; to <= from is the next day. */
  function windowOf(from: string | null, to: string | null): [number, number] {
    const at = (t: string) => DAY_START + (Number(t.slice(0, 2)) * 60 + Number(t.slice(3))) * MIN;
    const start = from === null ? Number.NEGATIVE_INFINITY : at(from);
    if (to === null) return [start, Number.POSITIVE_INFINITY];
    return [start, from !== null && to <= from ? at(to) + 24 * 60 * MIN : at(to)];
  }

  /** Every table or group that could take the query, found the slow way. */
  function bruteFits(input: AvailabilityInput, q: FitQuery): string[] {
    const byId = new Map(input.tables.map((t) => [t.id, t]));
    const all = [
      ...input.tables.map((t) => ({ key: `table:${t.id}`, ids: [t.id], min: t.seatsMin, max: t.seatsMax })),
      ...input.groups.map((g) => ({
        key: `group:${g.id}`,
        ids: g.tableIds,
        min: g.seatsMin,
        max: g.seatsMax,
      })),
    ];
    const start = q.start.getTime();
    const end = q.end.getTime();
    return all
      .filter((c) => {
        const members = c.ids.map((id) => byId.get(id));
        if (members.some((m) => m === undefined)) return false;
        const tables = members as AvailabilityTable[];
        if (q.groupSize < c.min || q.groupSize > c.max) return false;
        if (q.online && tables.some((t) => !t.isReservable)) return false;
        if (q.zoneId != null && tables.some((t) => t.zoneId !== q.zoneId)) return false;
        if (tables.some((t) => t.zoneId !== null && input.inactiveZoneIds.includes(t.zoneId))) return false;
        const from = start - input.preparationMinutes * MIN;
        const to = end + input.cleaningMinutes * MIN;
        for (const o of input.occupations) {
          if (q.ignoreBookingId !== undefined && o.bookingId === q.ignoreBookingId) continue;
          if (!o.tableIds.some((id) => c.ids.includes(id))) continue;
          if (overlapsBrute(from, to, o.from.getTime(), o.to.getTime())) return false;
        }
        for (const l of input.tableLocks) {
          if (l.date === input.date && c.ids.includes(l.tableId)) {
            if (overlapsBrute(start, end, ...windowOf(l.from, l.to))) return false;
          }
        }
        for (const z of input.zoneClosures) {
          if (z.date === input.date && tables.some((t) => t.zoneId === z.zoneId)) {
            if (overlapsBrute(start, end, ...windowOf(z.from, z.to))) return false;
          }
        }
        return true;
      })
      .map((c) => c.key)
      .sort();
  }

  const quarter = fc.integer({ min: 0, max: 95 }).map((q) => hhmm(q * 15));
  const window = fc.oneof(fc.constant({ from: null, to: null }), fc.record({ from: quarter, to: quarter }));
  const arbitraryDay = fc
    .record({
      tables: fc.array(
        fc.record({
          seatsMin: fc.integer({ min: 1, max: 3 }),
          extra: fc.integer({ min: 0, max: 5 }),
          zoneId: fc.constantFrom(null, 1, 2),
          isReservable: fc.boolean(),
        }),
        { minLength: 1, maxLength: 8 },
      ),
      groups: fc.array(
        fc.record({
          tableIds: fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength: 2, maxLength: 3 }),
          seatsMin: fc.integer({ min: 2, max: 6 }),
          seatsMax: fc.integer({ min: 4, max: 12 }),
        }),
        { maxLength: 4 },
      ),
      occupations: fc.array(
        fc.record({
          tableIds: fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 3 }),
          // Five-minute marks, so ranges also fall between slot steps.
          fromMinute: fc.integer({ min: 60, max: 340 }).map((m) => m * 5),
          length: fc.integer({ min: 1, max: 60 }).map((m) => m * 5),
          covers: fc.integer({ min: 1, max: 8 }),
          bookingId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
        }),
        { maxLength: 14 },
      ),
      locks: fc.array(fc.record({ tableId: fc.integer({ min: 1, max: 8 }), window }), { maxLength: 3 }),
      closures: fc.array(fc.record({ zoneId: fc.constantFrom(1, 2), window }), { maxLength: 2 }),
      inactiveZoneIds: fc.subarray([1, 2]),
      preparationMinutes: fc.integer({ min: 0, max: 6 }).map((m) => m * 5),
      cleaningMinutes: fc.integer({ min: 0, max: 6 }).map((m) => m * 5),
      opens: fc.integer({ min: 24, max: 60 }).map((q) => hhmm(q * 15)),
      closes: quarter,
      nowMinute: fc.integer({ min: 0, max: 24 * 12 }).map((m) => m * 5),
      timeRules: fc.array(
        fc.record({
          type: fc.constantFrom<TimeRule['type']>('no_online', 'min_lead', 'last_seating', 'covers_cap'),
          weekdays: fc.subarray([0, 1, 2, 3, 4, 5, 6]),
          window,
          minutes: fc.integer({ min: 0, max: 240 }),
          covers: fc.integer({ min: 2, max: 20 }),
        }),
        { maxLength: 3 },
      ),
    })
    .map(
      (d): AvailabilityInput => ({
        timezone: 'UTC',
        date: DATE,
        now: new Date(DAY_START + d.nowMinute * MIN),
        tables: d.tables.map((t, i) => ({
          id: i + 1,
          zoneId: t.zoneId,
          seatsMin: t.seatsMin,
          seatsMax: t.seatsMin + t.extra,
          isReservable: t.isReservable,
        })),
        groups: d.groups.map((g, i) => ({ id: i + 1, ...g })),
        workTime: everyDay(d.opens, d.closes),
        durations: [
          { seatsFrom: 1, seatsTo: 2, minutes: 90 },
          { seatsFrom: 3, seatsTo: null, minutes: 150 },
        ],
        preparationMinutes: d.preparationMinutes,
        cleaningMinutes: d.cleaningMinutes,
        inactiveZoneIds: d.inactiveZoneIds,
        zoneClosures: d.closures.map((c) => ({ zoneId: c.zoneId, date: DATE, ...c.window })),
        tableLocks: d.locks.map((l) => ({ tableId: l.tableId, date: DATE, ...l.window })),
        timeRules: d.timeRules.map((r) => ({
          type: r.type,
          weekdays: r.weekdays,
          ...r.window,
          minutes: r.minutes,
          covers: r.covers,
        })),
        occupations: d.occupations.map((o) => {
          const from = new Date(DAY_START + o.fromMinute * MIN);
          return {
            tableIds: o.tableIds,
            from,
            to: new Date(from.getTime() + o.length * MIN),
            startsAt: from,
            covers: o.covers,
            bookingId: o.bookingId,
          };
        }),
      }),
    );
  const arbitraryQuery = fc.record({
    groupSize: fc.integer({ min: 1, max: 10 }),
    online: fc.boolean(),
    zoneId: fc.constantFrom(undefined, null, 1, 2),
    durationMinutes: fc.option(
      fc.integer({ min: 2, max: 16 }).map((q) => q * 15),
      { nil: undefined },
    ),
    ignoreBookingId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
  });

  it('every fit at every offered slot is clear of every occupation of its tables', () => {
    let offered = 0;
    fc.assert(
      fc.property(arbitraryDay, arbitraryQuery, (input, query) => {
        const slots = availableSlots(input, query);
        const opens = serviceHours(input, DATE)?.opens.getTime() ?? 0;
        for (const slot of slots) {
          offered += 1;
          expect(slot.start.getTime()).toBeGreaterThanOrEqual(input.now.getTime());
          expect((slot.start.getTime() - opens) % (15 * MIN)).toBe(0);
          const q: FitQuery = { ...query, start: slot.start, end: slot.end };
          const found = findTables(input, q);
          expect(found.length).toBe(slot.options);
          expect(found.map((f) => `${f.kind}:${f.id}`).sort()).toEqual(bruteFits(input, q));
          for (const fit of found) {
            const from = slot.start.getTime() - input.preparationMinutes * MIN;
            const to = slot.end.getTime() + input.cleaningMinutes * MIN;
            for (const o of input.occupations) {
              if (query.ignoreBookingId !== undefined && o.bookingId === query.ignoreBookingId) continue;
              if (!o.tableIds.some((id) => fit.tableIds.includes(id))) continue;
              expect(overlapsBrute(from, to, o.from.getTime(), o.to.getTime())).toBe(false);
            }
          }
          const wasted = found.map((f) => f.wastedSeats);
          expect(wasted).toEqual([...wasted].sort((a, b) => a - b));
        }
      }),
      { numRuns: 300 },
    );
    // A generator that never lets a slot through would make the property vacuous.
    expect(offered).toBeGreaterThan(1000);
  });

  it('finds exactly the tables a brute-force search finds, at any time of the day', () => {
    fc.assert(
      fc.property(
        arbitraryDay,
        arbitraryQuery,
        fc.integer({ min: 0, max: 30 * 12 }),
        fc.integer({ min: 1, max: 48 }),
        (input, query, startStep, lengthSteps) => {
          const start = new Date(DAY_START + startStep * 5 * MIN);
          const q: FitQuery = { ...query, start, end: new Date(start.getTime() + lengthSteps * 5 * MIN) };
          expect(
            findTables(input, q)
              .map((f) => `${f.kind}:${f.id}`)
              .sort(),
          ).toEqual(bruteFits(input, q));
        },
      ),
      { numRuns: 500 },
    );
  });
});
