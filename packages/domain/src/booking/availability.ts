import type { TIME_RULE_TYPES } from './time-rules';
/**
 * The availability engine: when can a party of N sit down, and at which tables. Pure: the server
 * loads the inputs for one restaurant's service day and asks; nothing here reads a clock or a database.
 *
 * Time model. A booking holds its table(s) for [seating − preparation, end + cleaning): the same
 * range the database's exclusion constraint compares, so an offered slot is one the database will
 * accept. The service day is the restaurant-local `date`; a work day that closes at or before it
 * opens ends after midnight, and those hours belong to `date`.
 */
import { addDays, localTimeOf, minutesOfDay, weekdayOf, zonedInstant } from './zoned-time';

/** 'YYYY-MM-DD', restaurant-local. */
export type LocalDate = string;
/** 'HH:mm', restaurant-local wall time. */
export type LocalTime = string;

export interface AvailabilityTable {
  id: number;
  zoneId: number | null;
  seatsMin: number;
  seatsMax: number;
  /** Offered to guests' online requests; staff may book it either way. */
  isReservable: boolean;
}

/** Tables pushed together, with the capacity of the combination. */
export interface AvailabilityGroup {
  id: number;
  tableIds: number[];
  seatsMin: number;
  seatsMax: number;
}

/** Opening hours of a weekday (0 = Monday … 6 = Sunday). closes <= opens: open past midnight. */
export interface WorkDay {
  weekday: number;
  opens: LocalTime;
  closes: LocalTime;
  isClosed: boolean;
}

/** How long a party of seatsFrom..seatsTo (null: and more) keeps its table. */
export interface DurationRule {
  seatsFrom: number;
  seatsTo: number | null;
  minutes: number;
}

/** A zone switched off for the whole date (from and to null) or for hours of it. */
export interface ZoneClosure {
  zoneId: number;
  date: LocalDate;
  from: LocalTime | null;
  to: LocalTime | null;
}

/** A table locked on a date: the whole date (from and to null) or for hours of it. */
export interface TableLockWindow {
  tableId: number;
  date: LocalDate;
  from: LocalTime | null;
  to: LocalTime | null;
}

/**
 * Limits on guests' online requests (staff are not bound by them):
 * - no_online: no online request may start within from..to;
 * - min_lead: an online request starts at least `minutes` after now;
 * - last_seating: the last online start is `minutes` before closing;
 * - covers_cap: at most `covers` guests start within any one 15-minute step (within from..to when given).
 * `weekdays` empty: every day.
 */
export type TimeRuleType = (typeof TIME_RULE_TYPES)[number];
export interface TimeRule {
  type: TimeRuleType;
  weekdays: number[];
  from: LocalTime | null;
  to: LocalTime | null;
  minutes: number | null;
  covers: number | null;
}

/**
 * Something already holding tables: a booking (its stored held range) or a seated queue party
 * (from when it sat to its expected end plus cleaning). `startsAt` and `covers` count toward covers caps.
 */
export interface Occupation {
  tableIds: number[];
  /** The held range, [from, to). */
  from: Date;
  to: Date;
  /** When the party starts eating (the booking's seating time); counts toward covers caps. */
  startsAt: Date;
  covers: number;
  /** A booking being edited is left out of its own way. */
  bookingId?: number;
}

export interface AvailabilityInput {
  timezone: string;
  date: LocalDate;
  now: Date;
  tables: AvailabilityTable[];
  groups: AvailabilityGroup[];
  workTime: WorkDay[];
  durations: DurationRule[];
  preparationMinutes: number;
  cleaningMinutes: number;
  /** Zones switched off altogether (zone schedule 'active' 0). */
  inactiveZoneIds: number[];
  zoneClosures: ZoneClosure[];
  tableLocks: TableLockWindow[];
  timeRules: TimeRule[];
  occupations: Occupation[];
}

export interface SlotQuery {
  groupSize: number;
  /** Only tables of this zone (groups whose tables are all in it). */
  zoneId?: number | null;
  /** A guest's online request: only reservable tables, and the time rules apply. */
  online: boolean;
  /** Overrides the duration-list figure. */
  durationMinutes?: number;
  /** Leave this booking out of the occupations (an edit checks its new time against the others). */
  ignoreBookingId?: number;
}

export interface Slot {
  /** Local start, 'HH:mm' (may be past midnight for a late service day). */
  time: LocalTime;
  start: Date;
  end: Date;
  /** How many tables or groups would fit then (at least 1). */
  options: number;
}

export interface TableFit {
  kind: 'table' | 'group';
  /** The table's or the group's id. */
  id: number;
  tableIds: number[];
  zoneId: number | null;
  seatsMin: number;
  seatsMax: number;
  /** seatsMax − groupSize. */
  wastedSeats: number;
}

export interface FitQuery {
  groupSize: number;
  start: Date;
  end: Date;
  zoneId?: number | null;
  online: boolean;
  ignoreBookingId?: number;
}

export const SLOT_STEP_MINUTES = 15;
export const DEFAULT_BOOKING_MINUTES = 120;

const MINUTE = 60_000;
const STEP = SLOT_STEP_MINUTES * MINUTE;

/** Minutes a party of `groupSize` keeps its table: the first rule whose seat range takes it. */
export function bookingMinutes(durations: DurationRule[], groupSize: number): number {
  const rule = durations.find(
    (d) => d.seatsFrom <= groupSize && (d.seatsTo === null || groupSize <= d.seatsTo),
  );
  return rule ? rule.minutes : DEFAULT_BOOKING_MINUTES;
}

/** What a booking of [start, end) holds: the table is laid before and cleared after. */
export function heldRange(
  start: Date,
  end: Date,
  preparationMinutes: number,
  cleaningMinutes: number,
): { from: Date; to: Date } {
  return {
    from: new Date(start.getTime() - preparationMinutes * MINUTE),
    to: new Date(end.getTime() + cleaningMinutes * MINUTE),
  };
}

/** The opening hours of `date` as instants; null on a closed day or one the work time leaves out. */
export function serviceHours(
  input: Pick<AvailabilityInput, 'timezone' | 'workTime'>,
  date: LocalDate,
): { opens: Date; closes: Date } | null {
  const weekday = weekdayOf(date);
  const day = input.workTime.find((w) => w.weekday === weekday);
  if (!day || day.isClosed) return null;
  const window = localWindow(input.timezone, date, day.opens, day.closes);
  return { opens: new Date(window.from), closes: new Date(window.to) };
}

/**
 * [from, to) of a window given in local times of `date`, as epoch ms. A missing end is open
 * (a null/null lock or closure covers the whole service day, past midnight included); a `to` at or
 * before `from` is on the next day.
 */
function localWindow(
  timezone: string,
  date: LocalDate,
  from: LocalTime | null,
  to: LocalTime | null,
): { from: number; to: number } {
  const start = from === null ? Number.NEGATIVE_INFINITY : zonedInstant(timezone, date, from).getTime();
  if (to === null) return { from: start, to: Number.POSITIVE_INFINITY };
  const nextDay = from !== null && minutesOfDay(to) <= minutesOfDay(from);
  return { from: start, to: zonedInstant(timezone, nextDay ? addDays(date, 1) : date, to).getTime() };
}

/**
 * Busy ranges of one table or zone, sorted and merged into disjoint [from, to) pairs laid flat
 * ([from0, to0, from1, to1, …]) so a check is one binary search. Touching ranges merge: a range
 * overlaps the union exactly when it overlaps one of them.
 */
type Ranges = number[];

function mergeRanges(ranges: { from: number; to: number }[]): Ranges {
  ranges.sort((a, b) => a.from - b.from);
  const flat: Ranges = [];
  for (const r of ranges) {
    if (r.to <= r.from) continue;
    const lastTo = flat[flat.length - 1];
    if (lastTo !== undefined && r.from <= lastTo) flat[flat.length - 1] = Math.max(lastTo, r.to);
    else flat.push(r.from, r.to);
  }
  return flat;
}

function overlaps(ranges: Ranges | undefined, from: number, to: number): boolean {
  if (!ranges) return false;
  // The first range that ends after `from`; the range overlaps [from, to) if it starts before `to`.
  let lo = 0;
  let hi = ranges.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ranges[2 * mid + 1] as number) > from) hi = mid;
    else lo = mid + 1;
  }
  return lo < ranges.length / 2 && (ranges[2 * lo] as number) < to;
}

function rangesBy<T>(items: T[], key: (item: T) => number, range: (item: T) => { from: number; to: number }) {
  const lists = new Map<number, { from: number; to: number }[]>();
  for (const item of items) {
    const list = lists.get(key(item));
    if (list) list.push(range(item));
    else lists.set(key(item), [range(item)]);
  }
  const merged = new Map<number, Ranges>();
  for (const [id, list] of lists) merged.set(id, mergeRanges(list));
  return merged;
}

/** A table or a group, with what does not change from one start time to the next. */
interface Candidate {
  fit: Omit<TableFit, 'wastedSeats'>;
  /** Every member is reservable: guests may book it online. */
  reservable: boolean;
  /** The members' zones, each once. */
  memberZones: number[];
}

/** One restaurant day indexed for many questions: built once per availableSlots call. */
interface DayIndex {
  prep: number;
  cleaning: number;
  candidates: Candidate[];
  inactiveZones: Set<number>;
  heldByTable: Map<number, Ranges>;
  lockedByTable: Map<number, Ranges>;
  closedByZone: Map<number, Ranges>;
}

function indexDay(input: AvailabilityInput, ignoreBookingId: number | undefined): DayIndex {
  const tables = new Map(input.tables.map((t) => [t.id, t]));
  const candidates: Candidate[] = input.tables.map((t) => ({
    fit: {
      kind: 'table',
      id: t.id,
      tableIds: [t.id],
      zoneId: t.zoneId,
      seatsMin: t.seatsMin,
      seatsMax: t.seatsMax,
    },
    reservable: t.isReservable,
    memberZones: t.zoneId === null ? [] : [t.zoneId],
  }));
  for (const g of input.groups) {
    const members = g.tableIds.map((id) => tables.get(id));
    // A group naming a table that is gone cannot be pushed together.
    if (members.length === 0 || members.some((m) => m === undefined)) continue;
    const present = members as AvailabilityTable[];
    const zones = [...new Set(present.map((m) => m.zoneId))];
    candidates.push({
      fit: {
        kind: 'group',
        id: g.id,
        tableIds: [...g.tableIds],
        zoneId: zones.length === 1 ? (zones[0] as number | null) : null,
        seatsMin: g.seatsMin,
        seatsMax: g.seatsMax,
      },
      reservable: present.every((m) => m.isReservable),
      memberZones: zones.filter((z): z is number => z !== null),
    });
  }

  const held: { tableId: number; from: number; to: number }[] = [];
  for (const o of input.occupations) {
    // A seated walk-in has no bookingId: it must never be mistaken for the booking being edited.
    if (ignoreBookingId !== undefined && o.bookingId === ignoreBookingId) continue;
    for (const tableId of o.tableIds) held.push({ tableId, from: o.from.getTime(), to: o.to.getTime() });
  }
  const { timezone, date } = input;
  return {
    prep: input.preparationMinutes * MINUTE,
    cleaning: input.cleaningMinutes * MINUTE,
    candidates,
    inactiveZones: new Set(input.inactiveZoneIds),
    heldByTable: rangesBy(
      held,
      (h) => h.tableId,
      (h) => h,
    ),
    lockedByTable: rangesBy(
      input.tableLocks.filter((l) => l.date === date),
      (l) => l.tableId,
      (l) => localWindow(timezone, date, l.from, l.to),
    ),
    closedByZone: rangesBy(
      input.zoneClosures.filter((c) => c.date === date),
      (c) => c.zoneId,
      (c) => localWindow(timezone, date, c.from, c.to),
    ),
  };
}

/** The candidates a query may use at all, whatever the time: size, online, zone, zone switched off. */
function eligible(index: DayIndex, query: Omit<FitQuery, 'start' | 'end'>): Candidate[] {
  const zoneId = query.zoneId ?? null;
  return index.candidates.filter(
    (c) =>
      c.fit.seatsMin <= query.groupSize &&
      query.groupSize <= c.fit.seatsMax &&
      (!query.online || c.reservable) &&
      (zoneId === null || c.fit.zoneId === zoneId) &&
      !c.memberZones.some((z) => index.inactiveZones.has(z)),
  );
}

function isFree(index: DayIndex, c: Candidate, start: number, end: number): boolean {
  const heldFrom = start - index.prep;
  const heldTo = end + index.cleaning;
  for (const tableId of c.fit.tableIds) {
    if (overlaps(index.heldByTable.get(tableId), heldFrom, heldTo)) return false;
    if (overlaps(index.lockedByTable.get(tableId), start, end)) return false;
  }
  for (const zoneId of c.memberZones) {
    if (overlaps(index.closedByZone.get(zoneId), start, end)) return false;
  }
  return true;
}

/**
 * The tables and groups that can take the party for [start, end), best first:
 * 1. fewest wasted seats (seatsMax − groupSize);
 * 2. a fit with a zone before one without (a group spanning zones, or an unzoned table), so the
 *    party is seated in one part of the hall when that costs no seats;
 * 3. fewest tables: a single table before a group;
 * 4. a table before a group, then id ascending, so the order is always the same.
 */
export function findTables(input: AvailabilityInput, query: FitQuery): TableFit[] {
  const index = indexDay(input, query.ignoreBookingId);
  const start = query.start.getTime();
  const end = query.end.getTime();
  return eligible(index, query)
    .filter((c) => isFree(index, c, start, end))
    .map((c) => ({ ...c.fit, tableIds: [...c.fit.tableIds], wastedSeats: c.fit.seatsMax - query.groupSize }))
    .sort(
      (a, b) =>
        a.wastedSeats - b.wastedSeats ||
        Number(a.zoneId === null) - Number(b.zoneId === null) ||
        a.tableIds.length - b.tableIds.length ||
        Number(a.kind === 'group') - Number(b.kind === 'group') ||
        a.id - b.id,
    );
}

function appliesOn(rule: TimeRule, weekday: number): boolean {
  return rule.weekdays.length === 0 || rule.weekdays.includes(weekday);
}

/**
 * The start times a party can be offered on input.date, every SLOT_STEP_MINUTES from opening.
 * A booking ends by closing, except that for online requests a last_seating rule sets the last
 * start instead. Online requests also obey the other time rules; no start before `now` is offered.
 */
export function availableSlots(input: AvailabilityInput, query: SlotQuery): Slot[] {
  const hours = serviceHours(input, input.date);
  if (!hours) return [];
  const opens = hours.opens.getTime();
  const closes = hours.closes.getTime();
  const duration = (query.durationMinutes ?? bookingMinutes(input.durations, query.groupSize)) * MINUTE;
  const now = input.now.getTime();

  let lastStart = closes - duration;
  let earliest = now;
  const blocked: { from: number; to: number }[] = [];
  const caps: { from: number; to: number; covers: number }[] = [];
  if (query.online) {
    const weekday = weekdayOf(input.date);
    const rules = input.timeRules.filter((r) => appliesOn(r, weekday));
    const lastSeatings = rules.filter((r) => r.type === 'last_seating');
    if (lastSeatings.length > 0) {
      lastStart = Math.min(...lastSeatings.map((r) => closes - (r.minutes ?? 0) * MINUTE));
    }
    for (const r of rules) {
      if (r.type === 'min_lead') earliest = Math.max(earliest, now + (r.minutes ?? 0) * MINUTE);
      if (r.type === 'no_online') blocked.push(localWindow(input.timezone, input.date, r.from, r.to));
      if (r.type === 'covers_cap' && r.covers !== null) {
        caps.push({ ...localWindow(input.timezone, input.date, r.from, r.to), covers: r.covers });
      }
    }
  }

  // Covers already starting in each step, counted from opening as the slots are.
  const coversByStep = new Map<number, number>();
  if (caps.length > 0) {
    for (const o of input.occupations) {
      if (query.ignoreBookingId !== undefined && o.bookingId === query.ignoreBookingId) continue;
      const step = Math.floor((o.startsAt.getTime() - opens) / STEP);
      coversByStep.set(step, (coversByStep.get(step) ?? 0) + o.covers);
    }
  }

  const index = indexDay(input, query.ignoreBookingId);
  const candidates = eligible(index, query);
  const slots: Slot[] = [];
  for (let step = 0, start = opens; start <= lastStart; step += 1, start += STEP) {
    if (start < earliest) continue;
    if (blocked.some((b) => b.from <= start && start < b.to)) continue;
    const starting = (coversByStep.get(step) ?? 0) + query.groupSize;
    if (caps.some((c) => c.from <= start && start < c.to && starting > c.covers)) continue;
    const end = start + duration;
    let options = 0;
    for (const c of candidates) if (isFree(index, c, start, end)) options += 1;
    if (options === 0) continue;
    slots.push({
      time: localTimeOf(input.timezone, new Date(start)),
      start: new Date(start),
      end: new Date(end),
      options,
    });
  }
  return slots;
}
