/**
 * The one quote a waiting guest is given, the same on the guest's page, in the join answer, on the
 * staff row and in the forecast strip. It is the hall simulation of wait-estimate.ts fed with what
 * the restaurant's history says about turn times (their spread, not just a median) and about the
 * guests ahead who will walk away, corrected by the restaurant's own record of how such estimates
 * came true, with a floor for the walk to the table.
 *
 * `bench/quotes` measures it on simulated service nights against the rules peers use.
 */
import type { EntrySource } from './queue-status';
import {
  defaultTurnMinutes,
  type EstimateTable,
  estimateWaits,
  type PartyEstimate,
  type TableHold,
  waitRange,
} from './wait-estimate';

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
   * Joins by how they ended, in 5-minute steps of waiting: `minute` the step's start, `left` the
   * parties that walked away (or never came when called) after waiting that long, `seated` those
   * seated after that long.
   */
  outcomes: WaitOutcomes[];
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
  seated: number;
}

/** The step of the waiting-time histogram of `WaitOutcomes`. */
export const OUTCOME_STEP_MINUTES = 5;

/** Fewer joins than this in the history, and their outcome says little: everyone ahead is seated. */
export const OUTCOME_MIN_JOINS = 20;

/**
 * The chance that a party who has waited `waited` minutes is still waiting `more` minutes later,
 * if not seated first: the Kaplan-Meier estimate of how long guests wait before walking away, from
 * the history's outcomes (seated parties are censored: they might have waited longer). Without
 * enough history everyone stays.
 */
export function stayChanceOf(outcomes: WaitOutcomes[]): (waited: number, more: number) => number {
  const joins = outcomes.reduce((s, o) => s + o.left + o.seated, 0);
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
    atRisk -= (o?.left ?? 0) + (o?.seated ?? 0);
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
  /** In queue order, with the minutes each has waited and where it joined from. */
  queue: { id: number; partySize: number; waitedMinutes: number; from: JoinedFrom }[];
  turns: TurnModel;
  cleaningMinutes: number;
  /** From the simulation's estimate to the quote (`quoteCorrectionOf`). */
  correct: QuoteCorrection;
  /** The chance that a party ahead is still there when its table is (`stayChanceOf`). */
  stayChance: (waited: number, more: number) => number;
}

export interface Quote extends PartyEstimate {
  /** The hall simulation's wait before the correction (what the record of estimates keeps). */
  estimateMinutes: number | null;
}

/** The quote of every waiting party, in queue order. */
export function quoteWaits(input: QuoteInput): Quote[] {
  const now = input.now.getTime();
  const estimates = estimateWaits({
    now: input.now,
    tables: input.tables,
    // Each party at a table stays the median of what parties of its size still stay after as long.
    occupied: input.seated.map((s) => {
      const more = input.turns.remaining(s.partySize, (now - s.seatedAt.getTime()) / 60_000);
      return { ...s, expectedEnd: new Date(now + more * 60_000) };
    }),
    holds: input.holds,
    queue: input.queue,
    turnMinutes: (size) => input.turns.expected(size),
    cleaningMinutes: input.cleaningMinutes,
    stayChance: input.stayChance,
  });
  return estimates.map((e, i) => {
    if (e.waitMinutes === null) return { ...e, estimateMinutes: null };
    const wait = input.correct(input.queue[i]?.from ?? 'door', e.waitMinutes);
    return { ...e, waitMinutes: wait, range: waitRange(wait), estimateMinutes: e.waitMinutes };
  });
}
