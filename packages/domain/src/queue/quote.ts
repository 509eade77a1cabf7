/**
 * The one quote a waiting guest is given, the same on the guest's page, in the join answer, on the
 * staff row and in the forecast strip. It is the hall simulation of wait-estimate.ts fed with what
 * the restaurant's history says about turn times (their spread, not just a median) and about the
 * guests ahead who will walk away, with a floor for the walk from the door.
 *
 * `bench/quotes` measures it on simulated service nights against the rules peers use.
 */
import {
  defaultTurnMinutes,
  type EstimateTable,
  estimateWaits,
  type PartyEstimate,
  type TableHold,
  waitRange,
} from './wait-estimate';

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

/** What the restaurant's history says about its queue (queue.service.ts loads it; bench/quotes too). */
export interface QuoteHistory {
  turns: TurnHistory[];
  /** The share of joins that were seated (the rest walked away or never came); 1 without history. */
  seatedShare: number;
}

/** Fewer joins than this in the history, and their outcome says little: everyone ahead is seated. */
export const SEATED_SHARE_MIN_JOINS = 20;

/** The share of joins seated in the end, from the history's counts (1 while there are too few). */
export function seatedShareOf(seated: number, left: number): number {
  return seated + left < SEATED_SHARE_MIN_JOINS ? 1 : seated / (seated + left);
}

export interface TurnModel {
  /** Minutes a party of this size will stay once seated: the median. */
  expected(partySize: number): number;
  /** Minutes a party seated `dined` minutes ago is still expected to stay (at least 1). */
  remaining(partySize: number, dined: number): number;
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

/** The turn-time model: the restaurant's quantiles per bucket where it has enough history. */
export function turnModel(history: TurnHistory[]): TurnModel {
  const learned = new Map(
    history
      .filter((h) => h.samples >= TURN_MIN_SAMPLES && h.quantiles.length === TURN_QUANTILES.length)
      .map((h) => [h.bucket, h.quantiles]),
  );
  const quantilesOf = (size: number) => learned.get(turnBucket(size)) ?? defaultQuantiles(size);
  return {
    expected: (size) => quantilesOf(size)[9] as number,
    // The party is still there after `dined` minutes: of the quantiles past that, the middle one.
    // Past all of them, the party is about to pay.
    remaining(size, dined) {
      const later = quantilesOf(size).filter((q) => q > dined);
      if (later.length === 0) return 1;
      const middle = later[Math.floor((later.length - 1) / 2)] as number;
      return Math.max(1, middle - dined);
    },
  };
}

export interface QuoteInput {
  now: Date;
  tables: EstimateTable[];
  /** Parties at tables now: queue parties and seated bookings. */
  seated: { tableId: number; seatedAt: Date; partySize: number }[];
  /** Bookings to come (and locks), cleaning not included. */
  holds: TableHold[];
  /** In queue order. */
  queue: { id: number; partySize: number }[];
  turns: TurnModel;
  cleaningMinutes: number;
  /** The floor of every quote: the walk from the door to the table (a restaurant setting). */
  walkMinutes: number;
  /** The share of waiting parties that are seated in the end (the rest walk away); 1 without history. */
  seatedShare: number;
}

export interface Quote extends PartyEstimate {}

/** The quote of every waiting party, in queue order. */
export function quoteWaits(input: QuoteInput): Quote[] {
  const now = input.now.getTime();
  // Of the parties ahead, a share walks away: spread evenly, every so many takes no table.
  let expectedSeated = 0;
  let claimed = 0;
  const queue = input.queue.map((party) => {
    expectedSeated += input.seatedShare;
    const claims = expectedSeated >= claimed + 0.5;
    if (claims) claimed += 1;
    return { ...party, claims };
  });
  const estimates = estimateWaits({
    now: input.now,
    tables: input.tables,
    occupied: input.seated.map((s) => ({
      ...s,
      expectedEnd: new Date(
        now + input.turns.remaining(s.partySize, (now - s.seatedAt.getTime()) / 60_000) * 60_000,
      ),
    })),
    holds: input.holds,
    queue,
    turnMinutes: (size) => input.turns.expected(size),
    cleaningMinutes: input.cleaningMinutes,
  });
  return estimates.map((e) => {
    if (e.waitMinutes === null) return e;
    const wait = Math.max(input.walkMinutes, e.waitMinutes);
    return { ...e, waitMinutes: wait, range: waitRange(wait) };
  });
}
