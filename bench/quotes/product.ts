import { defaultTurnMinutes, estimateWaits } from '@stolik/domain';
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

const turnBucket = (size: number) => (size <= 2 ? 2 : size <= 4 ? 4 : size <= 6 ? 6 : 8);

/**
 * Turn times as the API learns them (`loadTurnTimes` in queue.service.ts): the median of the closed
 * queue parties of the last 28 days by size bucket, where there are at least 5; the default elsewhere.
 */
export function apiTurnTimes(history: NightRecord[]): (size: number) => number {
  const byBucket = new Map<number, number[]>();
  for (const night of history.slice(-28)) {
    for (const turn of night.turns) {
      const key = turnBucket(turn.size);
      if (!byBucket.has(key)) byBucket.set(key, []);
      byBucket.get(key)?.push(turn.minutes);
    }
  }
  const medians = new Map(
    [...byBucket]
      .filter(([, v]) => v.length >= 5)
      .map(([k, v]) => [
        k,
        percentileCont(
          [...v].sort((a, b) => a - b),
          0.5,
        ),
      ]),
  );
  return (size) => medians.get(turnBucket(size)) ?? defaultTurnMinutes(size);
}

/**
 * The product's quote as the API computes it at a join (`withQuote`): the hall simulated with the
 * queue parties at tables and the waiting queue, the newcomer last.
 */
export function productQuoter(history: NightRecord[]): Quoter {
  const turnMinutes = apiTurnTimes(history);
  return (view) => {
    const estimates = estimateWaits({
      now: at(view.now),
      tables: view.hall,
      occupied: view.seated.map((p) => ({
        tableId: p.tableId as number,
        seatedAt: at(p.seatedAt as number),
        partySize: p.size,
      })),
      holds: [],
      queue: view.queue.map((p) => ({ id: p.id, partySize: p.size })),
      turnMinutes,
      cleaningMinutes: 10,
    });
    return estimates.find((e) => e.id === view.party.id)?.waitMinutes ?? null;
  };
}
