import { defaultTurnMinutes, estimateWaits } from '@stolik/domain';

export interface EstimateBench {
  tables: number;
  waiting: number;
  runs: number;
  meanMs: number;
  p99Ms: number;
}

/** The wait estimate for a 60-table restaurant with 40 parties waiting, all tables busy, some booked. */
export function measureEstimate(runs = 2000): EstimateBench {
  const now = new Date('2026-11-20T19:00:00Z');
  const tables = Array.from({ length: 60 }, (_, i) => ({
    id: i + 1,
    seatsMin: 1,
    seatsMax: [2, 2, 4, 4, 4, 6, 8][i % 7] ?? 4,
  }));
  const occupied = tables.map((t, i) => ({
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
    }));
  const queue = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, partySize: 1 + (i % 7) }));

  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    estimateWaits({
      now,
      tables,
      occupied,
      holds,
      queue,
      turnMinutes: defaultTurnMinutes,
      cleaningMinutes: 10,
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
