/**
 * How long each waiting party will wait: not a fixed "minutes per party" but a simulation of the
 * hall. Every occupied table frees at its seating time + the expected turn time for its party +
 * cleaning; upcoming bookings hold their tables; the queue is seated in order, each party at the
 * fitting table that frees first (the least wasted seats on a tie), so a small party may take a
 * small table that a large party ahead of it cannot use.
 */

export interface EstimateTable {
  id: number;
  seatsMin: number;
  seatsMax: number;
}

export interface OccupiedTable {
  tableId: number;
  seatedAt: Date;
  partySize: number;
  /** When the party is expected to leave, if known better than seated + turn time (see quote.ts). */
  expectedEnd?: Date;
}

/** A table held for a time (a booking, or a lock), cleaning not included. */
export interface TableHold {
  tableId: number;
  start: Date;
  end: Date;
  /** A booking's party size: quote.ts draws how long the party stays (it may leave before the end). */
  partySize?: number;
}

export interface WaitingParty {
  id: number;
  partySize: number;
  /** Minutes it has waited already (for `stayChance`). */
  waitedMinutes?: number;
}

export interface EstimateInput {
  now: Date;
  tables: EstimateTable[];
  occupied: OccupiedTable[];
  holds: TableHold[];
  /** In queue order: who came first is seated first. */
  queue: WaitingParty[];
  /** Expected minutes at the table for a party of this size (from history, else a default). */
  turnMinutes: (partySize: number) => number;
  cleaningMinutes: number;
  /**
   * The chance that a party who has waited `waited` minutes is still there `more` minutes later,
   * to take its table (quote.ts learns it from history). Left out: everyone stays. Parties are
   * thinned evenly: each takes its table once the expected number of parties seated so far says so.
   */
  stayChance?: (waited: number, more: number) => number;
}

export interface PartyEstimate {
  id: number;
  /** Whole minutes from now; null when no table of the hall fits the party. */
  waitMinutes: number | null;
  /** What staff see: a range around the estimate. */
  range: { min: number; max: number } | null;
  tableId: number | null;
}

/** Default turn times when a restaurant has no history yet: couples are quicker than families. */
export function defaultTurnMinutes(partySize: number): number {
  if (partySize <= 2) return 60;
  if (partySize <= 4) return 75;
  if (partySize <= 6) return 90;
  return 105;
}

// A table past its expected turn is about to free: the guests are paying.
const OVERDUE_GRACE_MS = 5 * 60_000;
const MINUTE = 60_000;

interface Busy {
  start: number;
  end: number;
}

/** The earliest start >= from at which [start, start + length) overlaps none of `busy` (sorted). */
function earliestGap(busy: Busy[], from: number, length: number): number {
  let start = from;
  for (const interval of busy) {
    if (interval.end <= start) continue;
    if (interval.start >= start + length) break;
    start = interval.end;
  }
  return start;
}

function insertSorted(busy: Busy[], interval: Busy): void {
  const at = busy.findIndex((b) => b.start > interval.start);
  if (at === -1) busy.push(interval);
  else busy.splice(at, 0, interval);
}

export function estimateWaits(input: EstimateInput): PartyEstimate[] {
  const now = input.now.getTime();
  const cleaning = input.cleaningMinutes * MINUTE;
  const busyByTable = new Map<number, Busy[]>();
  for (const table of input.tables) busyByTable.set(table.id, []);

  for (const seat of input.occupied) {
    const busy = busyByTable.get(seat.tableId);
    if (!busy) continue;
    const expectedEnd =
      seat.expectedEnd?.getTime() ?? seat.seatedAt.getTime() + input.turnMinutes(seat.partySize) * MINUTE;
    const end = Math.max(expectedEnd, now + OVERDUE_GRACE_MS) + cleaning;
    insertSorted(busy, { start: Math.min(seat.seatedAt.getTime(), now), end });
  }
  for (const hold of input.holds) {
    const busy = busyByTable.get(hold.tableId);
    if (!busy || hold.end.getTime() <= now) continue;
    // A party seated before the hold carries its own cleaning (its length is turn + cleaning), so the
    // hold starts at its start; after it, the table is cleared for the next guests.
    insertSorted(busy, { start: hold.start.getTime(), end: hold.end.getTime() + cleaning });
  }

  let expectedSeated = 0;
  let claimed = 0;
  return input.queue.map((party) => {
    const length = input.turnMinutes(party.partySize) * MINUTE + cleaning;
    let best: { tableId: number; start: number; waste: number } | null = null;
    for (const table of input.tables) {
      if (party.partySize < table.seatsMin || party.partySize > table.seatsMax) continue;
      const busy = busyByTable.get(table.id) ?? [];
      const start = earliestGap(busy, now, length);
      const waste = table.seatsMax - party.partySize;
      if (!best || start < best.start || (start === best.start && waste < best.waste)) {
        best = { tableId: table.id, start, waste };
      }
    }
    if (!best) return { id: party.id, waitMinutes: null, range: null, tableId: null };
    const wait = Math.round((best.start - now) / MINUTE);
    expectedSeated += input.stayChance ? input.stayChance(party.waitedMinutes ?? 0, wait) : 1;
    if (expectedSeated >= claimed + 0.5) {
      claimed += 1;
      insertSorted(busyByTable.get(best.tableId) ?? [], { start: best.start, end: best.start + length });
    }
    return { id: party.id, waitMinutes: wait, range: waitRange(wait), tableId: best.tableId };
  });
}

/** The range staff see: a quarter either way, in 5-minute steps, never below zero. */
export function waitRange(waitMinutes: number): { min: number; max: number } {
  const min = Math.max(0, Math.floor((waitMinutes * 0.75) / 5) * 5);
  const max = Math.max(5, Math.ceil((waitMinutes * 1.25) / 5) * 5);
  return { min, max };
}

/** Quote accuracy: the mean absolute error of quoted against actual waits, in minutes. */
export function meanAbsoluteError(pairs: { quoted: number; actual: number }[]): number | null {
  if (pairs.length === 0) return null;
  return pairs.reduce((sum, p) => sum + Math.abs(p.quoted - p.actual), 0) / pairs.length;
}

/** Quote accuracy: the share of guests seated within the range they were quoted. */
export function shareWithinRange(pairs: { quoted: number; actual: number }[]): number | null {
  if (pairs.length === 0) return null;
  const within = pairs.filter((p) => {
    const range = waitRange(p.quoted);
    return p.actual >= range.min && p.actual <= range.max;
  }).length;
  return within / pairs.length;
}
