import {
  type EstimateErrors,
  estimateStep,
  type JoinedFrom,
  type NoShowRecord,
  noShowChanceOf,
  OUTCOME_STEP_MINUTES,
  type QuoteHistory,
  quoteCorrectionOf,
  quoteWaits,
  stayChanceOf,
  TURN_QUANTILES,
  turnBucket,
  turnModel,
  type WaitOutcomes,
  type WalkRecord,
} from '@stolik/domain';
import { BOOKING } from './model';
import type { NightRecord, Party, Quoter } from './night';

/** The product's name among the quoters (its estimates are what its history keeps). */
export const PRODUCT_NAME = 'product';

/** Minute 0 of a night: 17:00 in Moscow. */
const OPENING = Date.parse('2026-11-20T17:00:00+03:00');
const at = (minute: number) => new Date(OPENING + minute * 60_000);

/** SQL's percentile_cont: the value at fraction q of the sorted samples, interpolated. */
export function percentileCont(sorted: number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const a = sorted[lower] as number;
  const b = sorted[Math.min(lower + 1, sorted.length - 1)] as number;
  return a + (b - a) * (position - lower);
}

const median = (xs: number[]) =>
  percentileCont(
    [...xs].sort((a, b) => a - b),
    0.5,
  );
const joinedFrom = (p: Party): JoinedFrom => (p.remote ? 'away' : 'door');

/**
 * What the API reads from the restaurant's last 28 days (`loadQuoteHistory` in queue-waits.ts and
 * `loadQuoteRecord` in quote-record.repository.ts): the quantiles of the closed queue parties' minutes at the
 * table by size bucket; joins by outcome (called, or walked away uncalled) and minutes waited until
 * then; the product's own estimates at the join against the seated parties' actual waits (by where
 * they joined from and step of the estimate); the minutes from call to seat, and the called guests
 * who never came with how long their table waited (both by where they joined from).
 */
export function learnedHistory(history: NightRecord[]): QuoteHistory {
  const byBucket = new Map<number, number[]>();
  const outcomes = new Map<number, WaitOutcomes>();
  const errors = new Map<string, { from: JoinedFrom; step: number; minutes: number[] }>();
  const walks = new Map<JoinedFrom, number[]>();
  const noShows = new Map<JoinedFrom, { called: number; held: number[] }>();
  for (const night of history.slice(-28)) {
    for (const p of night.parties) {
      const from = joinedFrom(p);
      if (p.calledAt !== null) {
        const calls = noShows.get(from) ?? { called: 0, held: [] };
        calls.called += 1;
        if (p.seatedAt === null && p.leftAt !== null) calls.held.push(p.leftAt - p.calledAt);
        noShows.set(from, calls);
      }
      if (p.seatedAt === null) continue;
      if (p.calledAt !== null) {
        if (!walks.has(from)) walks.set(from, []);
        walks.get(from)?.push(p.seatedAt - p.calledAt);
      }
      const estimate = p.estimates[PRODUCT_NAME];
      if (estimate === null || estimate === undefined) continue;
      const key = `${from}:${estimateStep(estimate)}`;
      const step = errors.get(key) ?? { from, step: estimateStep(estimate), minutes: [] };
      step.minutes.push(p.seatedAt - p.joinedAt - estimate);
      errors.set(key, step);
    }
    for (const turn of night.turns) {
      const key = turnBucket(turn.size);
      if (!byBucket.has(key)) byBucket.set(key, []);
      byBucket.get(key)?.push(turn.minutes);
    }
    for (const o of night.outcomes) {
      const minute = Math.floor(o.minutes / OUTCOME_STEP_MINUTES) * OUTCOME_STEP_MINUTES;
      const step = outcomes.get(minute) ?? { minute, left: 0, called: 0 };
      if (o.called) step.called += 1;
      else step.left += 1;
      outcomes.set(minute, step);
    }
  }
  const turns = [...byBucket].map(([bucket, minutes]) => {
    const sorted = [...minutes].sort((a, b) => a - b);
    return {
      bucket,
      samples: sorted.length,
      quantiles: TURN_QUANTILES.map((q) => percentileCont(sorted, q)),
    };
  });
  return {
    turns,
    outcomes: [...outcomes.values()],
    errors: [...errors.values()].map(
      (e): EstimateErrors => ({
        from: e.from,
        step: e.step,
        samples: e.minutes.length,
        median: median(e.minutes),
      }),
    ),
    walks: [...walks].map(
      ([from, minutes]): WalkRecord => ({ from, samples: minutes.length, median: median(minutes) }),
    ),
    noShows: [...noShows].map(
      ([from, calls]): NoShowRecord => ({
        from,
        called: calls.called,
        absent: calls.held.length,
        heldMinutes: calls.held.length > 0 ? median(calls.held) : 0,
      }),
    ),
  };
}

/**
 * The product's quote as the API computes it at a join (`joinQuote`): `quoteWaits` of the domain
 * with the hall as the API's database holds it (queue parties and seated bookings at their tables,
 * bookings to come holding theirs, the waiting queue with the newcomer last), the restaurant's
 * learned history, and its settings (walk from the door 5 min, cleaning 10 min: the defaults).
 */
export function productQuoter(history: NightRecord[]): Quoter {
  const learned = learnedHistory(history);
  const turns = turnModel(learned.turns);
  const stayChance = stayChanceOf(learned.outcomes);
  const correct = quoteCorrectionOf(learned, 5);
  const noShows = noShowChanceOf(learned.noShows);
  return (view) => {
    const quotes = quoteWaits({
      now: at(view.now),
      tables: view.hall,
      seated: view.seated.map((p) => ({
        tableId: p.tableId as number,
        seatedAt: at(p.seatedAt as number),
        partySize: p.size,
      })),
      // As the API reads booking_tables: every booking not over holds its table for its time; booked
      // guests still there past the end, a few minutes more.
      holds: view.bookings.map((b) => ({
        tableId: b.tableId,
        start: at(b.start),
        end: at(Math.max(b.start + BOOKING.holdMinutes, b.state === 'sat' ? view.now + 5 : 0)),
        partySize: b.size,
      })),
      queue: view.queue.map((p) => ({
        id: p.id,
        partySize: p.size,
        waitedMinutes: view.now - p.joinedAt,
        from: joinedFrom(p),
      })),
      turns,
      cleaningMinutes: 10,
      correct,
      stayChance,
      noShows,
    });
    const quote = quotes.find((e) => e.id === view.party.id);
    return { quoted: quote?.waitMinutes ?? null, estimate: quote?.estimateMinutes ?? null };
  };
}
