/**
 * The one quote a waiting guest is given, the same on the guest's page, in the join answer, on the
 * staff row and in the forecast strip. Not a fixed "minutes per party" but a simulation of the hall,
 * run 19 times with what cannot be known drawn from the restaurant's history: how long each party
 * stays (the spread of turn times, not just a median), which guests ahead walk away or never come
 * when called. The middle of the drawn waits is corrected by the restaurant's own record of how such
 * estimates came true, with a floor for the walk to the table.
 *
 * `bench/quotes` measures it on simulated service nights against the rules peers use.
 */
import type { EntrySource } from './queue-status';
import {
  defaultTurnMinutes,
  type EstimateTable,
  type PartyEstimate,
  type TableHold,
  waitRange,
} from './wait-estimate';

/** The quote settings of the queue (issue #20): the walk from the door, the grace past the quote. */
export const QUOTE_SETTINGS = {
  walk: { min: 0, max: 30, default: 5 },
  grace: { min: 0, max: 60, default: 10 },
} as const;

/**
 * How a quote came true, as `bench/quotes` and the analytics page both measure it: seated no later
 * than 5 minutes past the quote ('on time'), 5 to 10 minutes past it ('late'), or more than 10
 * minutes past it ('late_10': the guests with a reason to be cross).
 */
export const QUOTE_ON_TIME_MINUTES = 5;
export const QUOTE_LATE_MINUTES = 10;
export type QuoteOutcome = 'on_time' | 'late' | 'late_10';
export function quoteOutcome(quoted: number, actual: number): QuoteOutcome {
  if (actual <= quoted + QUOTE_ON_TIME_MINUTES) return 'on_time';
  if (actual <= quoted + QUOTE_LATE_MINUTES) return 'late';
  return 'late_10';
}

/** The quantiles of turn times the restaurant's history is summarised by: 5 %, 10 %, ... 95 %. */
export const TURN_QUANTILES = Array.from({ length: 19 }, (_, i) => (i + 1) / 20);

/** The party-size buckets of turn times: 1-2, 3-4, 5-6, 7+ (by their largest size). */
export const turnBucket = (partySize: number) =>
  partySize <= 2 ? 2 : partySize <= 4 ? 4 : partySize <= 6 ? 6 : 8;

/** Fewer closed parties of a bucket than this, and its quantiles say little: the default stays. */
export const TURN_MIN_SAMPLES = 5;

/** One bucket of the history: its minutes at the table at each of TURN_QUANTILES. */
export interface TurnHistory {
  bucket: number;
  samples: number;
  quantiles: number[];
}

/** What the restaurant's history says about its queue (queue-waits.ts loads it; bench/quotes too). */
export interface QuoteHistory {
  turns: TurnHistory[];
  /**
   * Joins by how their wait ended, in 5-minute steps of waiting: `minute` the step's start, `left`
   * the parties that walked away uncalled after waiting that long, `called` those called to a table
   * (or seated) after that long, whether they came or not.
   */
  outcomes: WaitOutcomes[];
  /** Called guests who never came, by where they joined from. */
  noShows: NoShowRecord[];
  /** How the hall simulation's estimates at the join came true, by where guests joined from. */
  errors: EstimateErrors[];
  /** How long guests took from their call to their table, by where they joined from. */
  walks: WalkRecord[];
}

/**
 * Where a guest joined the queue from: at the host stand (a hostess added them, source 'staff'),
 * or away, by the guest form or Telegram (they come back when called, and some never do).
 */
export type JoinedFrom = 'door' | 'away';
export const joinedFrom = (source: EntrySource): JoinedFrom => (source === 'staff' ? 'door' : 'away');

/**
 * The steps the record of estimates is kept in: 0 (a table free now), then 10 minutes each (1-10,
 * 11-20, ... 111-120), and all longer estimates together in the last (130).
 */
export const ESTIMATE_STEP_MINUTES = 10;
export const ESTIMATE_LAST_STEP = 130;
export const estimateStep = (minutes: number) =>
  minutes <= 0
    ? 0
    : Math.min(ESTIMATE_LAST_STEP, Math.ceil(minutes / ESTIMATE_STEP_MINUTES) * ESTIMATE_STEP_MINUTES);

/**
 * Seated joins of one kind whose estimate at the join fell in one step: how many, and the median of
 * their actual wait minus that estimate. The estimate is the hall simulation's (stored beside the
 * quote), never the corrected quote: correcting the correction would chase its own tail.
 */
export interface EstimateErrors {
  from: JoinedFrom;
  step: number;
  samples: number;
  median: number;
}

/** Seated joins of one kind: how many were called first, and the median minutes from call to seat. */
export interface WalkRecord {
  from: JoinedFrom;
  samples: number;
  median: number;
}

/** Fewer seated joins than this in a step (or of a kind), and the record says little: it is not used. */
export const CORRECTION_MIN_SAMPLES = 20;

/** The quote of an estimate for a guest who joined from here. */
export type QuoteCorrection = (from: JoinedFrom, estimateMinutes: number) => number;

/**
 * The quote from the hall simulation's estimate. The estimate plus the median of how far such
 * estimates (same step, same kind of guest) fell from the actual waits of the last four weeks:
 * the median, because the quote that misses by the fewest minutes on average is the middle of
 * what happens. The simulation leaves out what it cannot see (the walk when called, who never
 * comes, tables being cleared); the record carries it. Without enough record, the estimate stands.
 *
 * Never below the walk to the table (`walkMinutes`, the restaurant's setting), or, where the
 * record shows guests of this kind reach their table sooner once called (guests at the host stand
 * are a few steps away), that walk: the floor covers what the walk really is.
 */
export function quoteCorrectionOf(
  history: Pick<QuoteHistory, 'errors' | 'walks'>,
  walkMinutes: number,
): QuoteCorrection {
  const errors = new Map(
    history.errors
      .filter((e) => e.samples >= CORRECTION_MIN_SAMPLES)
      .map((e) => [`${e.from}:${e.step}`, e.median]),
  );
  const walks = new Map(
    history.walks.filter((w) => w.samples >= CORRECTION_MIN_SAMPLES).map((w) => [w.from, w.median]),
  );
  return (from, estimate) => {
    // Whole minutes, as quotes are stored; the walk rounded up, never below it.
    const floor = Math.ceil(Math.min(walkMinutes, walks.get(from) ?? walkMinutes));
    const error = errors.get(`${from}:${estimateStep(estimate)}`) ?? 0;
    return Math.max(floor, Math.round(estimate + error), 0);
  };
}

export interface WaitOutcomes {
  minute: number;
  left: number;
  called: number;
}

/**
 * Guests of one kind called to a table: how many, how many of them never came, and the median
 * minutes their table stood waiting for them (from the call until they were given up).
 */
export interface NoShowRecord {
  from: JoinedFrom;
  called: number;
  absent: number;
  heldMinutes: number;
}

/** The chance that a guest of a kind, once called, never comes, and how long the table waits. */
export type NoShowChance = (from: JoinedFrom) => { chance: number; heldMinutes: number };

/**
 * The record's no-shows as chances; with fewer than CORRECTION_MIN_SAMPLES calls of a kind on
 * record, everyone called comes.
 */
export function noShowChanceOf(records: NoShowRecord[]): NoShowChance {
  const byFrom = new Map(
    records
      .filter((r) => r.called >= CORRECTION_MIN_SAMPLES)
      .map((r) => [r.from, { chance: r.absent / r.called, heldMinutes: r.heldMinutes }]),
  );
  const none = { chance: 0, heldMinutes: 0 };
  return (from) => byFrom.get(from) ?? none;
}

/** The step of the waiting-time histogram of `WaitOutcomes`. */
export const OUTCOME_STEP_MINUTES = 5;

/** Fewer joins than this in the history, and their outcome says little: everyone ahead is seated. */
export const OUTCOME_MIN_JOINS = 20;

/**
 * The chance that a party who has waited `waited` minutes is still waiting `more` minutes later,
 * if not called first: the Kaplan-Meier estimate of how long guests wait before walking away, from
 * the history's outcomes (called parties are censored: they might have waited longer; whether they
 * came is the no-shows' record). Without enough history everyone stays.
 */
export function stayChanceOf(outcomes: WaitOutcomes[]): (waited: number, more: number) => number {
  const joins = outcomes.reduce((s, o) => s + o.left + o.called, 0);
  if (joins < OUTCOME_MIN_JOINS) return () => 1;
  const steps = [...outcomes].sort((a, b) => a.minute - b.minute);
  // survival[k]: still waiting after k steps.
  const survival: number[] = [1];
  let atRisk = joins;
  let still = 1;
  const byStep = new Map(steps.map((o) => [Math.floor(o.minute / OUTCOME_STEP_MINUTES), o]));
  const last = Math.max(...byStep.keys());
  for (let k = 0; k <= last; k += 1) {
    const o = byStep.get(k);
    if (o && atRisk > 0) still *= 1 - o.left / atRisk;
    atRisk -= (o?.left ?? 0) + (o?.called ?? 0);
    survival.push(still);
  }
  const at = (minutes: number) => {
    const k = Math.max(0, minutes) / OUTCOME_STEP_MINUTES;
    const i = Math.floor(k);
    if (i >= survival.length - 1) return survival[survival.length - 1] as number;
    const a = survival[i] as number;
    const b = survival[i + 1] as number;
    return a + (b - a) * (k - i);
  };
  return (waited, more) => {
    const now = at(waited);
    return now <= 0 ? 0 : at(waited + more) / now;
  };
}

export interface TurnModel {
  /** Minutes a party of this size will stay once seated: the median. */
  expected(partySize: number): number;
  /**
   * Minutes a party seated `dined` minutes ago still stays (at least 1), at fraction `u` (0 to 1)
   * of what parties of its size still stay after as long: u = 0.5 is the middle of those stays.
   */
  stay(partySize: number, dined: number, u: number): number;
}

/**
 * Without history, the spread around the default turn times: a lognormal of shape 0.35, a third
 * either way (an assumption; the restaurant's own history replaces it after 5 closed parties).
 */
const DEFAULT_SPREAD = 0.35;
const Z = [
  -1.645, -1.282, -1.036, -0.842, -0.674, -0.524, -0.385, -0.253, -0.126, 0, 0.126, 0.253, 0.385, 0.524,
  0.674, 0.842, 1.036, 1.282, 1.645,
];
const defaultQuantiles = (partySize: number) =>
  Z.map((z) => defaultTurnMinutes(partySize) * Math.exp(DEFAULT_SPREAD * z));

/**
 * The stays of a bucket at every hundredth (0, 1 %, ... 100 %): the history's quantiles between 5 %
 * and 95 %, and beyond them tails as a lognormal would have them, of the spread the quantiles show
 * (stays are right-skewed: a party past the 95 % still has a few minutes left, not none). The
 * extremes are the 0.1 % and 99.9 %.
 */
const GRID_STEPS = 100;
/** The normal distribution's z at 0.1 %, 1 %, 2 %, 3 % and 4 % (mirrored for 96 % ... 99.9 %). */
const TAIL_Z = [-3.09, -2.326, -2.054, -1.881, -1.751];
function stayGrid(quantiles: number[]): Float64Array {
  const q5 = quantiles[0] as number;
  const q50 = quantiles[9] as number;
  const q95 = quantiles[18] as number;
  const lower = q5 > 0 && q50 > q5 ? Math.log(q50 / q5) / 1.645 : 0;
  const upper = q50 > 0 && q95 > q50 ? Math.log(q95 / q50) / 1.645 : 0;
  const grid = new Float64Array(GRID_STEPS + 1);
  for (let j = 0; j <= GRID_STEPS; j += 1) {
    if (j < 5) grid[j] = q5 * Math.exp(lower * ((TAIL_Z[j] as number) + 1.645));
    else if (j > 95) grid[j] = q95 * Math.exp(upper * (-(TAIL_Z[GRID_STEPS - j] as number) - 1.645));
    else {
      // Between the quantiles at 5 % steps: j = 5 is the first (index 0), j = 95 the last (18).
      const at = j / 5 - 1;
      const i = Math.floor(at);
      const a = quantiles[i] as number;
      const b = quantiles[Math.min(i + 1, 18)] as number;
      grid[j] = a + (b - a) * (at - i);
    }
  }
  return grid;
}

/** The stay at fraction u of the grid. */
function stayAt(grid: Float64Array, u: number): number {
  const x = Math.min(Math.max(u, 0), 1) * GRID_STEPS;
  const j = Math.min(GRID_STEPS - 1, Math.floor(x));
  const a = grid[j] as number;
  return a + ((grid[j + 1] as number) - a) * (x - j);
}

/** The fraction of stays shorter than `minutes` (the inverse of stayAt). */
function shareBelow(grid: Float64Array, minutes: number): number {
  if (minutes <= (grid[0] as number)) return 0;
  if (minutes >= (grid[GRID_STEPS] as number)) return 1;
  let lo = 0;
  let hi = GRID_STEPS;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((grid[mid] as number) <= minutes) lo = mid;
    else hi = mid;
  }
  const a = grid[lo] as number;
  const b = grid[hi] as number;
  return (lo + (b > a ? (minutes - a) / (b - a) : 0)) / GRID_STEPS;
}

/** The turn-time model: the restaurant's quantiles per bucket where it has enough history. */
export function turnModel(history: TurnHistory[]): TurnModel {
  const learned = new Map(
    history
      .filter((h) => h.samples >= TURN_MIN_SAMPLES && h.quantiles.length === TURN_QUANTILES.length)
      .map((h) => [h.bucket, h.quantiles]),
  );
  const grids = new Map(
    [2, 4, 6, 8].map((bucket) => {
      const quantiles = learned.get(bucket) ?? defaultQuantiles(bucket);
      return [bucket, { median: quantiles[9] as number, grid: stayGrid(quantiles) }];
    }),
  );
  const of = (size: number) => grids.get(turnBucket(size)) as { median: number; grid: Float64Array };
  return {
    expected: (size) => of(size).median,
    // The party is still there after `dined` minutes: its stay is one of those past that.
    stay(size, dined, u) {
      const { grid } = of(size);
      const below = shareBelow(grid, dined);
      return Math.max(1, stayAt(grid, below + u * (1 - below)) - dined);
    },
  };
}

export interface QuoteInput {
  now: Date;
  tables: EstimateTable[];
  /** Parties at tables now: queue parties and seated bookings. */
  seated: { tableId: number; seatedAt: Date; partySize: number }[];
  /**
   * Bookings (and locks), cleaning not included. A booking's hold with its party size ends when the
   * party is drawn to leave (never later than the hold's end); a party not yet come is seated at the
   * start.
   */
  holds: TableHold[];
  /** In queue order, with the minutes each has waited and where it joined from. */
  queue: { id: number; partySize: number; waitedMinutes: number; from: JoinedFrom }[];
  turns: TurnModel;
  cleaningMinutes: number;
  /** From the simulation's estimate to the quote (`quoteCorrectionOf`). */
  correct: QuoteCorrection;
  /** The chance that a party ahead is still there when its table is (`stayChanceOf`). */
  stayChance: (waited: number, more: number) => number;
  /** The chance that a party called never comes, and how long its table waits (`noShowChanceOf`). */
  noShows: NoShowChance;
}

export interface Quote extends PartyEstimate {
  /** The hall simulation's wait before the correction (what the record of estimates keeps). */
  estimateMinutes: number | null;
}

/**
 * How many evenings the hall is simulated for a quote, each with other stays, walk-aways and
 * no-shows drawn: each party draws every nineteenth of what it may do once. More draws gain a few
 * thousandths of the error for as many times the cost (bench/quotes/README.md).
 */
export const QUOTE_DRAWS = 19;

const MINUTE = 60_000;

/**
 * A number from 0 to 2^32 fixed by two others (a murmur3-style mix): the seed of a party's draws,
 * so that the same party draws the same on every screen and at every call.
 */
function seedOf(a: number, b: number): number {
  let h = Math.imul((a | 0) ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ (b | 0), 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x27d4eb2f);
  return (h ^ (h >>> 15)) >>> 0;
}

/**
 * The fractions (0 to 1) one party draws, one per evening, into `into` from `at`: each of the
 * QUOTE_DRAWS equal slices of 0 to 1 once, at its middle, in an order of its own (shuffled by a
 * generator seeded with `seed`). Every party covers its whole range evenly and parties vary
 * independently of each other: the accuracy of many random draws from few (Latin hypercube).
 */
function drawFractions(seed: number, into: Float64Array, at: number): void {
  for (let d = 0; d < QUOTE_DRAWS; d += 1) into[at + d] = (d + 0.5) / QUOTE_DRAWS;
  let state = seed;
  for (let d = QUOTE_DRAWS - 1; d > 0; d -= 1) {
    // mulberry32, as bench/quotes/random.ts
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const j = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * (d + 1));
    const swap = into[at + d] as number;
    into[at + d] = into[at + j] as number;
    into[at + j] = swap;
  }
}

/** What the drawn evenings say: each waiting party's wait in each, and the table it got. */
export interface DrawnWaits {
  /** waits[party * QUOTE_DRAWS + draw]: minutes from now; NaN when no table fits the party. */
  waits: Float64Array;
  /** The index in `tables` of the table the party got in that draw. */
  tables: Int32Array;
  /** The chance that the party is still waiting when its table comes in that draw (`stayChance`). */
  stillWaiting: Float64Array;
}

/** The seeds' second part, one per kind of draw. */
const DRAW_STAY = 1;
const DRAW_WALK_AWAY = 2;
const DRAW_NO_SHOW = 3;
const DRAW_BOOKING = 4;

/**
 * The hall simulated QUOTE_DRAWS times, all waiting parties at once in each. In every draw each
 * party at a table stays one of the stays still ahead of it (`TurnModel.stay`), and so does each
 * booked party; each party seated from the queue stays one of its size's; each party ahead walks
 * away first or not as the history's chance of it says, and once called comes or not; tables are
 * cleared in `cleaningMinutes`. The queue is seated in order, each party at the fitting table that
 * frees first (the fewest spare seats on a tie), not before a booking its usual stay would run into.
 * Typed arrays, filled once: the queue list quotes every waiting party on every call.
 */
export function drawWaits(input: Omit<QuoteInput, 'correct'>): DrawnWaits {
  const K = QUOTE_DRAWS;
  const now = input.now.getTime();
  const cleaning = input.cleaningMinutes;
  const tableCount = input.tables.length;
  const indexOf = new Map(input.tables.map((t, i) => [t.id, i]));
  const fractions = new Float64Array(K);

  // Each draw's minute (from now) from which each table is rid of the party at it, and cleared.
  const freeFrom = new Float64Array(tableCount * K);
  for (const s of input.seated) {
    const t = indexOf.get(s.tableId);
    if (t === undefined) continue;
    const dined = (now - s.seatedAt.getTime()) / MINUTE;
    drawFractions(seedOf(s.tableId, Math.round(s.seatedAt.getTime() / MINUTE)), fractions, 0);
    for (let d = 0; d < K; d += 1) {
      const end = input.turns.stay(s.partySize, dined, fractions[d] as number) + cleaning;
      if (end > (freeFrom[d * tableCount + t] as number)) freeFrom[d * tableCount + t] = end;
    }
  }

  // Holds by table, in order of start, minutes from now; each draw's end, cleared after it.
  const holds = input.holds
    .map((h) => ({ h, t: indexOf.get(h.tableId) ?? -1, start: (h.start.getTime() - now) / MINUTE }))
    .filter(({ h, t }) => t >= 0 && h.end.getTime() > now)
    .sort((a, b) => a.t - b.t || a.start - b.start);
  const holdStart = new Float64Array(holds.length);
  const holdEnds = new Float64Array(holds.length * K);
  const holdFirst = new Int32Array(tableCount + 1);
  holds.forEach(({ h, t, start }, i) => {
    holdStart[i] = start;
    holdFirst[t + 1] = i + 1;
    const end = (h.end.getTime() - now) / MINUTE;
    if (h.partySize === undefined) {
      holdEnds.fill(end + cleaning, i * K, (i + 1) * K);
      return;
    }
    // The booked party stays as parties of its size do (seated at the start, or sitting since).
    drawFractions(
      seedOf(h.tableId, DRAW_BOOKING * 1_000_000 + Math.round(h.start.getTime() / MINUTE)),
      fractions,
      0,
    );
    for (let d = 0; d < K; d += 1) {
      const stay = input.turns.stay(h.partySize, Math.max(0, -start), fractions[d] as number);
      holdEnds[i * K + d] = Math.min(end, Math.max(start, 0) + stay) + cleaning;
    }
  });
  for (let t = 1; t <= tableCount; t += 1) {
    if ((holdFirst[t] as number) < (holdFirst[t - 1] as number)) holdFirst[t] = holdFirst[t - 1] as number;
  }

  // The queue: its fitting tables (fewest spare seats first), usual stay, and each draw's stay and
  // fractions of walking away and of not coming.
  const queue = input.queue;
  const partyCount = queue.length;
  const fitsBySize = new Map<number, Int32Array>();
  const fits: Int32Array[] = [];
  const usual = new Float64Array(partyCount);
  const stays = new Float64Array(partyCount * K);
  const walksAway = new Float64Array(partyCount * K);
  const noShow = new Float64Array(partyCount * K);
  const absentHeld = new Float64Array(partyCount);
  const absentChance = new Float64Array(partyCount);
  queue.forEach((party, i) => {
    let fitting = fitsBySize.get(party.partySize);
    if (!fitting) {
      fitting = Int32Array.from(
        input.tables
          .map((table, t) => ({ table, t }))
          .filter(({ table }) => party.partySize >= table.seatsMin && party.partySize <= table.seatsMax)
          .sort((a, b) => a.table.seatsMax - b.table.seatsMax)
          .map(({ t }) => t),
      );
      fitsBySize.set(party.partySize, fitting);
    }
    fits.push(fitting);
    usual[i] = input.turns.expected(party.partySize) + cleaning;
    drawFractions(seedOf(party.id, DRAW_STAY), stays, i * K);
    for (let d = i * K; d < (i + 1) * K; d += 1) {
      stays[d] = input.turns.stay(party.partySize, 0, stays[d] as number) + cleaning;
    }
    drawFractions(seedOf(party.id, DRAW_WALK_AWAY), walksAway, i * K);
    drawFractions(seedOf(party.id, DRAW_NO_SHOW), noShow, i * K);
    const absent = input.noShows(party.from);
    absentChance[i] = absent.chance;
    absentHeld[i] = absent.heldMinutes;
  });

  const waits = new Float64Array(partyCount * K);
  const tables = new Int32Array(partyCount * K);
  const stillWaiting = new Float64Array(partyCount * K);
  const free = new Float64Array(tableCount);
  const holdEnd = new Float64Array(holds.length);
  for (let d = 0; d < K; d += 1) {
    free.set(freeFrom.subarray(d * tableCount, (d + 1) * tableCount));
    for (let h = 0; h < holds.length; h += 1) holdEnd[h] = holdEnds[h * K + d] as number;
    for (let i = 0; i < partyCount; i += 1) {
      const fitting = fits[i] as Int32Array;
      let best = -1;
      let bestStart = Number.POSITIVE_INFINITY;
      for (let k = 0; k < fitting.length; k += 1) {
        const t = fitting[k] as number;
        let start = free[t] as number;
        // Not into a booking the party's usual stay would run into: after it.
        for (let h = holdFirst[t] as number; h < (holdFirst[t + 1] as number); h += 1) {
          if ((holdEnd[h] as number) <= start) continue;
          if ((holdStart[h] as number) >= start + (usual[i] as number)) break;
          start = holdEnd[h] as number;
        }
        if (start < bestStart) {
          best = t;
          bestStart = start;
          if (start <= 0) break; // free now, and the fewest spare seats of those
        }
      }
      const at = i * K + d;
      tables[at] = best;
      if (best < 0) {
        waits[at] = Number.NaN;
        continue;
      }
      waits[at] = bestStart;
      // The party's own wait is counted whatever it does; the parties behind it find the table
      // taken only if, in this draw, it waited that long and came when called.
      stillWaiting[at] = input.stayChance((queue[i] as QuoteInput['queue'][number]).waitedMinutes, bestStart);
      if ((stillWaiting[at] as number) <= (walksAway[at] as number)) continue;
      free[best] =
        bestStart +
        ((noShow[at] as number) < (absentChance[i] as number)
          ? (absentHeld[i] as number)
          : (stays[at] as number));
    }
  }
  return { waits, tables, stillWaiting };
}

/**
 * The quote of every waiting party, in queue order: the middle of its waits in the drawn evenings,
 * each counted by the chance that the party is still waiting then (the quote is for the guests who
 * wait for their table: in the draws where the table comes late, more of them have left), then the
 * record's correction. The middle, because the quote that misses by the fewest minutes on average is
 * the middle of what happens; and not the wait of middling stays, which is shorter where several
 * tables decide it.
 */
export function quoteWaits(input: QuoteInput): Quote[] {
  const K = QUOTE_DRAWS;
  const { waits, tables, stillWaiting } = drawWaits(input);
  const order = new Int32Array(K);
  const weight = new Float64Array(K);
  return input.queue.map((party, i) => {
    const from = i * K;
    if (Number.isNaN(waits[from] as number)) {
      return { id: party.id, waitMinutes: null, range: null, tableId: null, estimateMinutes: null };
    }
    // The draws in order of wait (insertion sort: 19 of them).
    for (let d = 0; d < K; d += 1) {
      const wait = waits[from + d] as number;
      let j = d;
      while (j > 0 && (waits[from + (order[j - 1] as number)] as number) > wait) {
        order[j] = order[j - 1] as number;
        j -= 1;
      }
      order[j] = d;
    }
    let total = 0;
    for (let j = 0; j < K; j += 1) {
      weight[j] = stillWaiting[from + (order[j] as number)] as number;
      total += weight[j] as number;
    }
    // Where the record says nobody waits that long, every draw counts alike.
    if (total <= 0) {
      weight.fill(1);
      total = K;
    }
    // The first draw by which half the weight is reached (every draw counts alike when no one leaves).
    let middle = K - 1;
    let sum = 0;
    for (let j = 0; j < K; j += 1) {
      sum += weight[j] as number;
      if (sum >= total / 2) {
        middle = j;
        break;
      }
    }
    const draw = order[middle] as number;
    const estimate = Math.round(waits[from + draw] as number);
    const wait = input.correct(party.from, estimate);
    return {
      id: party.id,
      waitMinutes: wait,
      range: waitRange(wait),
      tableId: input.tables[tables[from + draw] as number]?.id ?? null,
      estimateMinutes: estimate,
    };
  });
}
