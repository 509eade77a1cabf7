import {
  OUTCOME_STEP_MINUTES,
  type QuoteHistory,
  quoteWaits,
  stayChanceOf,
  TURN_QUANTILES,
  turnBucket,
  turnModel,
  type WaitOutcomes,
} from '@stolik/domain';
import { BOOKING } from './model';
import type { NightRecord, Quoter } from './night';

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

/**
 * What the API reads from the restaurant's last 28 days (`loadQuoteHistory` in queue-waits.ts): the
 * quantiles of the closed queue parties' minutes at the table by size bucket, and the share of
 * joins that were seated (the rest walked away or never came).
 */
export function learnedHistory(history: NightRecord[]): QuoteHistory {
  const byBucket = new Map<number, number[]>();
  const outcomes = new Map<number, WaitOutcomes>();
  for (const night of history.slice(-28)) {
    for (const turn of night.turns) {
      const key = turnBucket(turn.size);
      if (!byBucket.has(key)) byBucket.set(key, []);
      byBucket.get(key)?.push(turn.minutes);
    }
    for (const o of night.outcomes) {
      const minute = Math.floor(o.minutes / OUTCOME_STEP_MINUTES) * OUTCOME_STEP_MINUTES;
      const step = outcomes.get(minute) ?? { minute, left: 0, seated: 0 };
      if (o.seated) step.seated += 1;
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
  return { turns, outcomes: [...outcomes.values()] };
}

/**
 * The product's quote as the API computes it at a join (`withQuote`): `quoteWaits` of the domain
 * with the hall as the API's database holds it (queue parties and seated bookings at their tables,
 * bookings to come holding theirs, the waiting queue with the newcomer last), the restaurant's
 * learned history, and its settings (walk from the door 5 min, cleaning 10 min: the defaults).
 */
export function productQuoter(history: NightRecord[]): Quoter {
  const learned = learnedHistory(history);
  const turns = turnModel(learned.turns);
  const stayChance = stayChanceOf(learned.outcomes);
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
      })),
      queue: view.queue.map((p) => ({ id: p.id, partySize: p.size, waitedMinutes: view.now - p.joinedAt })),
      turns,
      cleaningMinutes: 10,
      walkMinutes: 5,
      stayChance,
    });
    return quotes.find((e) => e.id === view.party.id)?.waitMinutes ?? null;
  };
}
