import type { Booking, QueueEntry, SeatingZone, TableLock, TableOccupant } from '@stolik/contracts';
import {
  addDays,
  type BookingStatus,
  bookingLabel,
  minutesOfDay,
  type QueueStatus,
  serviceDayBounds,
  zonedInstant,
} from '@stolik/domain';

/** A booking starting within this many minutes colours its table 'booked soon'. */
export const SOON_MINUTES = 60;

/** What a table on the map can be, in the legend's order. */
export const TABLE_STATES = ['free', 'soon', 'late', 'seated', 'overdue', 'locked'] as const;
export type TableStateKind = (typeof TABLE_STATES)[number];

/** Bookings that still expect their guests: they hold the table but nobody sits there yet. */
const EXPECTED: ReadonlySet<BookingStatus> = new Set(['new', 'application', 'waiting']);
/** Queue guests still waiting for a table, one way or another. */
const WAITING: ReadonlySet<QueueStatus> = new Set(['live', 'called', 'joined']);

/**
 * Who sits at a table: the server's one occupancy (`TableOccupant`), with the booking or queue entry
 * it names when the screen has it loaded (to act on it), null otherwise (still shown as taken).
 */
export type SeatedParty =
  | { source: 'booking'; occupant: TableOccupant; booking: Booking | null }
  | { source: 'queue'; occupant: TableOccupant; entry: QueueEntry | null };

/**
 * The one occupancy of the hall, by table, from the server's seating read (`GET
 * /api/reservation/zones/{id}/`): who sits where, whichever way they came. Every screen that shows
 * a table taken reads it from here; none works it out from statuses of its own
 * (`occupancy-boundary.test.ts` fails otherwise).
 */
export function occupantsOf(zones: readonly SeatingZone[] | undefined): Map<number, TableOccupant> {
  const byTable = new Map<number, TableOccupant>();
  for (const zone of zones ?? [])
    for (const table of zone.tables) if (table.occupied_by) byTable.set(table.id, table.occupied_by);
  return byTable;
}

/** The time written on a table: when it frees up, since when a party sits, or when guests come. */
export interface TableTime {
  kind: 'until' | 'since' | 'at';
  at: string;
}

export interface TableState {
  state: TableStateKind;
  /** Who sits at the table now. */
  seated: SeatedParty | null;
  /** The next booking still expected at the table today (not seated, not over). */
  next: Booking | null;
  /** Locks that cover this moment. */
  locks: TableLock[];
  /** The party size and time written on the table, when its state has them. */
  party: number | null;
  time: TableTime | null;
}

export interface TableStateInput {
  tableIds: readonly number[];
  /** The service day's bookings (any status; the waiting list has no table and never matches). */
  bookings: readonly Booking[];
  /** Today's queue. */
  queue: readonly QueueEntry[];
  /** Who sits at which table now (`occupantsOf`). */
  occupants: ReadonlyMap<number, TableOccupant>;
  /** The service day's table locks. */
  locks: readonly TableLock[];
  now: number;
  timeZone: string;
}

/**
 * Whether a lock covers an instant, as the availability engine reads a lock: both ends empty is the
 * whole service day; one end empty runs to that end of the day; a `to` at or before `from` is the
 * next morning.
 */
export function lockCovers(lock: TableLock, timeZone: string, at: number): boolean {
  const day = serviceDayBounds(timeZone, lock.date);
  const from =
    lock.from === null ? day.from.getTime() : zonedInstant(timeZone, lock.date, lock.from).getTime();
  let to = day.to.getTime();
  if (lock.to !== null) {
    const nextMorning = lock.from !== null && minutesOfDay(lock.to) <= minutesOfDay(lock.from);
    to = zonedInstant(timeZone, nextMorning ? addDays(lock.date, 1) : lock.date, lock.to).getTime();
  }
  return from <= at && at < to;
}

/** A booking's label at an instant: its status, or 'late' / 'overstaying' from the clock (spec §4). */
const labelNow = (booking: Booking, now: number) =>
  bookingLabel(
    {
      status: booking.status,
      seatingTime: new Date(booking.seating_time),
      endTime: new Date(booking.end_time),
    },
    new Date(now),
  );

const bySeatingTime = (a: Booking, b: Booking) =>
  Date.parse(a.seating_time) - Date.parse(b.seating_time) || a.id - b.id;

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Each table's live state. Who sits at the table decides first (seated, or overdue 'Пересиживает'
 * past the booking's end or, for a party from the queue, past the start of the next booking of that
 * table); then a lock; then a booking whose guests are late ('Опаздывают', as the booking itself
 * reads on the timeline and in the list); then one that starts within SOON_MINUTES; otherwise free.
 */
export function tableStates(input: TableStateInput): Map<number, TableState> {
  const { now, timeZone } = input;
  const expected = new Map<number, Booking[]>();
  for (const booking of input.bookings) {
    if (EXPECTED.has(booking.status) && Date.parse(booking.end_time) > now)
      for (const id of booking.tables) push(expected, id, booking);
  }
  const bookingsById = new Map(input.bookings.map((booking) => [booking.id, booking]));
  const entriesById = new Map(input.queue.map((entry) => [entry.id, entry]));
  const locks = new Map<number, TableLock[]>();
  for (const lock of input.locks) if (lockCovers(lock, timeZone, now)) push(locks, lock.table, lock);

  const states = new Map<number, TableState>();
  for (const id of input.tableIds) {
    const next = expected.get(id)?.sort(bySeatingTime)[0] ?? null;
    const tableLocks = locks.get(id) ?? [];
    const occupant = input.occupants.get(id);
    if (occupant?.kind === 'booking') {
      const until = occupant.until ?? occupant.seated_time;
      states.set(id, {
        state: Date.parse(until) < now ? 'overdue' : 'seated',
        seated: { source: 'booking', occupant, booking: bookingsById.get(occupant.id) ?? null },
        next,
        locks: tableLocks,
        party: occupant.group_size,
        time: { kind: 'until', at: until },
      });
    } else if (occupant) {
      // A walk-in has no end time; the table is needed back when its next booking starts.
      const neededAt = next ? Date.parse(next.seating_time) : null;
      states.set(id, {
        state: neededAt !== null && neededAt <= now ? 'overdue' : 'seated',
        seated: { source: 'queue', occupant, entry: entriesById.get(occupant.id) ?? null },
        next,
        locks: tableLocks,
        party: occupant.group_size,
        time: next ? { kind: 'until', at: next.seating_time } : { kind: 'since', at: occupant.seated_time },
      });
    } else if (tableLocks.length > 0) {
      states.set(id, { state: 'locked', seated: null, next, locks: tableLocks, party: null, time: null });
    } else if (next && Date.parse(next.seating_time) - now <= SOON_MINUTES * 60_000) {
      states.set(id, {
        state: labelNow(next, now) === 'late' ? 'late' : 'soon',
        seated: null,
        next,
        locks: [],
        party: next.group_size,
        time: { kind: 'at', at: next.seating_time },
      });
    } else {
      states.set(id, { state: 'free', seated: null, next, locks: [], party: null, time: null });
    }
  }
  return states;
}

/**
 * The guest a free table should go to: the one waiting longest among those still waiting (called or
 * not) whose party the table seats.
 */
export function nextFittingGuest(
  queue: readonly QueueEntry[],
  table: { seats_min: number; seats_max: number },
): QueueEntry | null {
  const fitting = queue.filter(
    (entry) =>
      WAITING.has(entry.status) && table.seats_min <= entry.group_size && entry.group_size <= table.seats_max,
  );
  fitting.sort((a, b) => Date.parse(a.created) - Date.parse(b.created) || a.id - b.id);
  return fitting[0] ?? null;
}
