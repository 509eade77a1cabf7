import {
  type AvailabilityInput,
  type AvailabilityTable,
  availableSlots,
  findTables,
  heldRange,
  type Occupation,
  zonedInstant,
} from '@stolik/domain';

export interface Timing {
  runs: number;
  meanMs: number;
  p99Ms: number;
}

export interface AvailabilityBench {
  tables: number;
  groups: number;
  bookings: number;
  /** All slots of the day for a party of 4: a guest's online request, and staff's. */
  slotsOnline: Timing & { slots: number };
  slotsStaff: Timing & { slots: number };
  /** The tables for one party at one time. */
  findTables: Timing & { fits: number };
}

const MINUTE = 60_000;

function time(runs: number, work: () => void): Timing {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((s, t) => s + t, 0) / times.length;
  return {
    runs,
    meanMs: Number(mean.toFixed(3)),
    p99Ms: Number((times[Math.floor(times.length * 0.99)] ?? 0).toFixed(3)),
  };
}

/**
 * A Friday of a 100-table restaurant (plus 15 groups) open 12:00–02:00, with 300 bookings that the
 * database would have accepted (none overlapping on a table), a few locks, a closed zone and time rules.
 */
function fridayOf100Tables(): AvailabilityInput {
  const timezone = 'Europe/Moscow';
  const date = '2026-11-20';
  const opens = zonedInstant(timezone, date, '12:00').getTime();
  const tables: AvailabilityTable[] = Array.from({ length: 100 }, (_, i) => ({
    id: i + 1,
    zoneId: 1 + (i % 4),
    seatsMin: 1,
    seatsMax: [2, 2, 4, 4, 4, 6, 8][i % 7] ?? 4,
    isReservable: i % 10 !== 0,
  }));
  const groups = Array.from({ length: 15 }, (_, i) => ({
    id: i + 1,
    // Neighbours in one zone: tables 4 apart share a zone.
    tableIds: i % 3 === 0 ? [i * 6 + 1, i * 6 + 5, i * 6 + 9] : [i * 6 + 1, i * 6 + 5],
    seatsMin: 5,
    seatsMax: i % 3 === 0 ? 12 : 8,
  }));

  // Three sittings a table, staggered so that some table frees every quarter of an hour.
  const occupations: Occupation[] = [];
  let bookingId = 0;
  for (let sitting = 0; sitting < 3; sitting += 1) {
    for (const t of tables) {
      const start = opens + (sitting * 300 + ((t.id * 37) % 12) * 15) * MINUTE;
      const minutes = 90 + ((t.id + sitting) % 3) * 30;
      const held = heldRange(new Date(start), new Date(start + minutes * MINUTE), 15, 15);
      bookingId += 1;
      occupations.push({
        tableIds: [t.id],
        from: held.from,
        to: held.to,
        startsAt: new Date(start),
        covers: Math.min(t.seatsMax, 1 + (bookingId % 6)),
        bookingId,
      });
    }
  }

  return {
    timezone,
    date,
    now: zonedInstant(timezone, date, '10:00'),
    tables,
    groups,
    workTime: Array.from({ length: 7 }, (_, weekday) => ({
      weekday,
      opens: '12:00',
      closes: '02:00',
      isClosed: false,
    })),
    durations: [
      { seatsFrom: 1, seatsTo: 2, minutes: 90 },
      { seatsFrom: 3, seatsTo: 6, minutes: 120 },
      { seatsFrom: 7, seatsTo: null, minutes: 150 },
    ],
    preparationMinutes: 15,
    cleaningMinutes: 15,
    inactiveZoneIds: [],
    zoneClosures: [{ zoneId: 4, date, from: '12:00', to: '15:00' }],
    tableLocks: [
      { tableId: 3, date, from: null, to: null },
      { tableId: 17, date, from: '19:00', to: '21:00' },
      { tableId: 42, date, from: '23:00', to: '01:00' },
    ],
    timeRules: [
      { type: 'min_lead', weekdays: [], from: null, to: null, minutes: 60, covers: null },
      { type: 'last_seating', weekdays: [], from: null, to: null, minutes: 90, covers: null },
      { type: 'covers_cap', weekdays: [4, 5], from: '18:00', to: '22:00', minutes: null, covers: 30 },
      { type: 'no_online', weekdays: [], from: '15:00', to: '16:00', minutes: null, covers: null },
    ],
    occupations,
  };
}

export function measureAvailability(runs = 2000): AvailabilityBench {
  const input = fridayOf100Tables();
  const online = availableSlots(input, { groupSize: 4, online: true });
  const staff = availableSlots(input, { groupSize: 4, online: false });
  const start = zonedInstant(input.timezone, input.date, '19:30');
  const query = { groupSize: 4, start, end: new Date(start.getTime() + 120 * MINUTE), online: true };
  const fits = findTables(input, query);
  return {
    tables: input.tables.length,
    groups: input.groups.length,
    bookings: input.occupations.length,
    slotsOnline: {
      ...time(runs, () => availableSlots(input, { groupSize: 4, online: true })),
      slots: online.length,
    },
    slotsStaff: {
      ...time(runs, () => availableSlots(input, { groupSize: 4, online: false })),
      slots: staff.length,
    },
    findTables: { ...time(runs * 5, () => findTables(input, query)), fits: fits.length },
  };
}
