import type { BookingStatus } from '@stolik/domain';
import { describe, expect, it } from 'vitest';
import { lockCovers, nextFittingGuest, SOON_MINUTES, type TableStateInput, tableStates } from './table-state';
import { booking, DAY, lock, msk, occupant, queueEntry } from './test/hall-fixtures';

const timeZone = 'Europe/Moscow';
const at = (time: string, date = DAY) => Date.parse(msk(date, time));
const NEXT_DAY = '2026-03-15';

const statesAt = (time: string, over: Partial<TableStateInput> = {}) =>
  tableStates({
    tableIds: [1, 2, 3, 4],
    bookings: [],
    queue: [],
    occupants: new Map(),
    locks: [],
    now: at(time),
    timeZone,
    ...over,
  });

describe('the live state of each table', () => {
  it('is free with nothing on it, and says which booking comes next later in the day', () => {
    const later = booking({
      id: 7,
      tables: [1],
      seating_time: msk(DAY, '21:00'),
      end_time: msk(DAY, '22:30'),
    });
    const states = statesAt('19:00', { bookings: [later] });
    expect(states.get(1)).toMatchObject({ state: 'free', next: { id: 7 }, party: null, time: null });
    expect(states.get(2)).toMatchObject({ state: 'free', next: null });
  });

  it(`is booked soon from ${SOON_MINUTES} minutes before the booking, and late while its guests are`, () => {
    const at2000 = booking({ id: 1, tables: [1], group_size: 3, seating_time: msk(DAY, '20:00') });
    const bookings = [at2000];
    expect(statesAt('18:59', { bookings }).get(1)?.state).toBe('free');
    expect(statesAt('19:00', { bookings }).get(1)).toMatchObject({
      state: 'soon',
      party: 3,
      time: { kind: 'at', at: at2000.seating_time },
    });
    // Late ('Опаздывают', as the booking reads on the timeline) until the booking's end: the table is still theirs.
    expect(statesAt('20:00', { bookings }).get(1)?.state).toBe('soon');
    expect(statesAt('20:15', { bookings }).get(1)).toMatchObject({
      state: 'late',
      party: 3,
      time: { kind: 'at', at: at2000.seating_time },
    });
    expect(statesAt('20:31', { bookings }).get(1)?.state).toBe('free');
  });

  it('counts requests and guests at the stand as expected, but not cancelled, declined or closed bookings', () => {
    const soon = (id: number, status: BookingStatus) =>
      booking({ id, status, tables: [id], seating_time: msk(DAY, '19:30'), end_time: msk(DAY, '21:00') });
    const states = statesAt('19:00', {
      bookings: [soon(1, 'new'), soon(2, 'waiting'), soon(3, 'cancelled'), soon(4, 'closed')],
    });
    expect([1, 2, 3, 4].map((id) => states.get(id)?.state)).toEqual(['soon', 'soon', 'free', 'free']);
  });

  it('is seated while a booking is in the hall, until its end, and overdue after it', () => {
    const open = booking({
      id: 2,
      tables: [2],
      status: 'open',
      group_size: 4,
      seating_time: msk(DAY, '18:00'),
      end_time: msk(DAY, '20:00'),
    });
    const occupants = new Map([
      [2, occupant({ kind: 'booking', id: 2, number: null, group_size: 4, until: open.end_time })],
    ]);
    expect(statesAt('19:59', { bookings: [open], occupants }).get(2)).toMatchObject({
      state: 'seated',
      seated: { source: 'booking', occupant: { id: 2 }, booking: { id: 2 } },
      party: 4,
      time: { kind: 'until', at: open.end_time },
    });
    expect(statesAt('20:01', { bookings: [open], occupants }).get(2)?.state).toBe('overdue');
  });

  it('takes who sits where from the one occupancy only, never from the statuses of the lists', () => {
    // A booking seated early (due at 21:00, in the hall since 18:30): taken now, with its guests.
    const early = booking({
      id: 4,
      tables: [1],
      status: 'open',
      seating_time: msk(DAY, '21:00'),
      end_time: msk(DAY, '23:00'),
    });
    const occupants = new Map([
      [
        1,
        occupant({
          kind: 'booking',
          id: 4,
          number: null,
          name: 'Ольга',
          seated_time: msk(DAY, '18:30'),
          until: early.end_time,
        }),
      ],
    ]);
    expect(statesAt('19:00', { bookings: [early], occupants }).get(1)).toMatchObject({
      state: 'seated',
      seated: { source: 'booking', occupant: { name: 'Ольга' } },
    });
    // Statuses alone decide nothing: an 'open' booking and a 'sat' entry the occupancy does not
    // name (moved, or not yet heard of) leave their tables as the occupancy says.
    const stale = queueEntry({ id: 9, status: 'sat', tables: [2], seated_time: msk(DAY, '18:00') });
    const states = statesAt('19:00', { bookings: [early], queue: [stale] });
    expect([states.get(1)?.state, states.get(2)?.state]).toEqual(['free', 'free']);
    // An occupant the screen's lists do not hold (yesterday's party still seated) is still shown.
    const unknown = statesAt('19:00', {
      occupants: new Map([[3, occupant({ id: 77, number: 12, name: 'Лев' })]]),
    });
    expect(unknown.get(3)).toMatchObject({
      state: 'seated',
      seated: { source: 'queue', occupant: { id: 77, name: 'Лев' }, entry: null },
    });
  });

  it('puts a group booking on every table of the group', () => {
    const group = booking({
      id: 3,
      table: null,
      group: 9,
      tables: [3, 4],
      status: 'open',
      end_time: msk(DAY, '22:00'),
    });
    const seated = occupant({ kind: 'booking', id: 3, number: null, until: group.end_time });
    const states = statesAt('20:00', {
      bookings: [group],
      occupants: new Map([
        [3, seated],
        [4, seated],
      ]),
    });
    expect([states.get(3)?.state, states.get(4)?.state]).toEqual(['seated', 'seated']);
  });

  it('is seated by a party from the queue since they sat, until the next booking of the table needs it', () => {
    const walkIn = queueEntry({
      id: 5,
      status: 'sat',
      tables: [1],
      group_size: 2,
      seated_time: msk(DAY, '18:40'),
    });
    const occupants = new Map([[1, occupant({ id: 5, seated_time: msk(DAY, '18:40') })]]);
    expect(statesAt('19:00', { queue: [walkIn], occupants }).get(1)).toMatchObject({
      state: 'seated',
      seated: { source: 'queue', entry: { id: 5 } },
      party: 2,
      time: { kind: 'since', at: walkIn.seated_time },
    });
    const next = booking({
      id: 8,
      tables: [1],
      seating_time: msk(DAY, '20:00'),
      end_time: msk(DAY, '21:30'),
    });
    expect(statesAt('19:00', { queue: [walkIn], bookings: [next], occupants }).get(1)).toMatchObject({
      state: 'seated',
      time: { kind: 'until', at: next.seating_time },
    });
    expect(statesAt('20:05', { queue: [walkIn], bookings: [next], occupants }).get(1)?.state).toBe('overdue');
  });

  it('is locked while a lock covers now, but guests at the table count first', () => {
    const locks = [lock({ id: 1, table: 1 }), lock({ id: 2, table: 2, from: '20:00', to: '21:00' })];
    const seated = booking({ id: 1, tables: [1], status: 'open', end_time: msk(DAY, '23:00') });
    const occupants = new Map([
      [1, occupant({ kind: 'booking', id: 1, number: null, until: seated.end_time })],
    ]);
    expect(statesAt('19:00', { locks }).get(1)).toMatchObject({ state: 'locked', locks: [{ id: 1 }] });
    expect(statesAt('19:00', { locks }).get(2)?.state).toBe('free');
    expect(statesAt('20:30', { locks }).get(2)?.state).toBe('locked');
    expect(statesAt('19:00', { locks, bookings: [seated], occupants }).get(1)).toMatchObject({
      state: 'seated',
      locks: [{ id: 1 }],
    });
  });
});

describe('what a lock covers', () => {
  it('covers the whole service day when it names no hours, past midnight included', () => {
    const wholeDay = lock();
    expect(lockCovers(wholeDay, timeZone, at('05:59'))).toBe(false);
    expect(lockCovers(wholeDay, timeZone, at('06:00'))).toBe(true);
    expect(lockCovers(wholeDay, timeZone, at('02:00', NEXT_DAY))).toBe(true);
    expect(lockCovers(wholeDay, timeZone, at('06:00', NEXT_DAY))).toBe(false);
  });

  it('runs over midnight when it ends at or before it starts', () => {
    const night = lock({ from: '22:00', to: '02:00' });
    expect(lockCovers(night, timeZone, at('21:59'))).toBe(false);
    expect(lockCovers(night, timeZone, at('23:30'))).toBe(true);
    expect(lockCovers(night, timeZone, at('01:59', NEXT_DAY))).toBe(true);
    expect(lockCovers(night, timeZone, at('02:00', NEXT_DAY))).toBe(false);
  });
});

describe('the next fitting guest for a table', () => {
  it('is the one waiting longest whose party the table seats', () => {
    const queue = [
      queueEntry({ id: 1, group_size: 6, created: msk(DAY, '18:00') }),
      queueEntry({ id: 2, group_size: 2, created: msk(DAY, '18:30'), status: 'called' }),
      queueEntry({ id: 3, group_size: 3, created: msk(DAY, '18:10'), status: 'sat', tables: [9] }),
      queueEntry({ id: 4, group_size: 4, created: msk(DAY, '18:20'), status: 'joined' }),
      queueEntry({ id: 5, group_size: 2, created: msk(DAY, '17:00'), status: 'cancelled' }),
    ];
    expect(nextFittingGuest(queue, { seats_min: 2, seats_max: 4 })?.id).toBe(4);
    expect(nextFittingGuest(queue, { seats_min: 1, seats_max: 2 })?.id).toBe(2);
    expect(nextFittingGuest(queue, { seats_min: 8, seats_max: 10 })).toBeNull();
  });
});
