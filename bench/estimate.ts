import {
  noShowChanceOf,
  quoteCorrectionOf,
  quoteWaits,
  stayChanceOf,
  TURN_QUANTILES,
  turnBucket,
  turnModel,
} from '@stolik/domain';

export interface EstimateBench {
  tables: number;
  waiting: number;
  runs: number;
  meanMs: number;
  p99Ms: number;
}

/**
 * The quote the API computes on every queue list and join (`quoteWaits`: the hall simulated 19
 * times with learned turn times, walk-aways and no-shows drawn, then the record's correction) for a
 * 60-table restaurant with 40 parties waiting, all tables busy, some booked, and four weeks of
 * history.
 */
export function measureEstimate(runs = 2000): EstimateBench {
  const now = new Date('2026-11-20T19:00:00Z');
  const tables = Array.from({ length: 60 }, (_, i) => ({
    id: i + 1,
    seatsMin: 1,
    seatsMax: [2, 2, 4, 4, 4, 6, 8][i % 7] ?? 4,
  }));
  const seated = tables.map((t, i) => ({
    tableId: t.id,
    seatedAt: new Date(now.getTime() - ((i * 7) % 90) * 60_000),
    partySize: Math.min(t.seatsMax, 1 + (i % 4)),
  }));
  const holds = tables
    .filter((t) => t.id % 5 === 0)
    .map((t) => ({
      tableId: t.id,
      start: new Date(now.getTime() + 45 * 60_000),
      end: new Date(now.getTime() + 165 * 60_000),
      // Half of them with the party's size: its stay is drawn (quote.ts).
      ...(t.id % 10 === 0 ? { partySize: 4 } : {}),
    }));
  const queue = Array.from({ length: 40 }, (_, i) => ({
    id: i + 1,
    partySize: 1 + (i % 7),
    waitedMinutes: 40 - i,
    from: i % 3 === 0 ? ('away' as const) : ('door' as const),
  }));
  // Four weeks of history: turn quantiles of every bucket, walk-aways, the record of estimates.
  const turns = turnModel(
    [2, 4, 6, 8].map((size) => ({
      bucket: turnBucket(size),
      samples: 200,
      quantiles: TURN_QUANTILES.map((q) => 30 + q * 90 + size * 5),
    })),
  );
  const stayChance = stayChanceOf(
    Array.from({ length: 18 }, (_, i) => ({ minute: i * 5, called: 40 - i, left: 2 + (i % 4) })),
  );
  const correct = quoteCorrectionOf(
    {
      errors: (['door', 'away'] as const).flatMap((from) =>
        Array.from({ length: 14 }, (_, i) => ({ from, step: i * 10, samples: 50, median: 3 - (i % 5) })),
      ),
      walks: [
        { from: 'door', samples: 300, median: 2 },
        { from: 'away', samples: 200, median: 5 },
      ],
    },
    5,
  );

  const noShows = noShowChanceOf([
    { from: 'door', called: 300, absent: 6, heldMinutes: 5 },
    { from: 'away', called: 200, absent: 20, heldMinutes: 5 },
  ]);

  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    quoteWaits({
      now,
      tables,
      seated,
      holds,
      queue,
      turns,
      cleaningMinutes: 10,
      correct,
      stayChance,
      noShows,
    });
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((s, t) => s + t, 0) / times.length;
  return {
    tables: 60,
    waiting: 40,
    runs,
    meanMs: Number(mean.toFixed(3)),
    p99Ms: Number((times[Math.floor(times.length * 0.99)] ?? 0).toFixed(3)),
  };
}
