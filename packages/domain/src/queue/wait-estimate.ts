/**
 * What a wait estimate is made of and measured by: the hall's tables, the holds of bookings, a
 * waiting party and its estimate, the default turn times, the range staff see, and quote accuracy.
 * The estimate itself, a simulation of the hall, is `quote.ts`.
 */

export interface EstimateTable {
  id: number;
  seatsMin: number;
  seatsMax: number;
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
  /** Minutes it has waited already (for the chance that it walks away). */
  waitedMinutes?: number;
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
