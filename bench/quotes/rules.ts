import type { NightRecord, Quoter } from './night';

/** The size buckets of the history rule: 1-2, 3-4, 5-6, 7+ (the product's turn-time buckets). */
const bucket = (size: number) => (size <= 2 ? 2 : size <= 4 ? 4 : size <= 6 ? 6 : 8);
const mean = (xs: number[]) => (xs.length === 0 ? null : xs.reduce((s, x) => s + x, 0) / xs.length);

/** Minutes per party ahead in the queue: the rule of thumb of most paper lists. */
export const perPartyAhead =
  (minutes: number): Quoter =>
  (view) =>
    minutes * (view.queue.length - 1);

/** The mean wait of the parties seated in the last hour (0 when nobody was). */
export const lastHourAverage: Quoter = (view) =>
  Math.round(mean(view.seatedTonight.filter((s) => s.seatedAt > view.now - 60).map((s) => s.wait)) ?? 0);

/** The mean wait of earlier nights for this party size and hour of joining (size alone, else 0). */
export function historyBySizeAndHour(history: NightRecord[]): Quoter {
  const byKey = new Map<string, number[]>();
  const bySize = new Map<number, number[]>();
  for (const night of history) {
    for (const w of night.waits) {
      const key = `${bucket(w.size)}:${w.hour}`;
      if (!byKey.has(key)) byKey.set(key, []);
      if (!bySize.has(bucket(w.size))) bySize.set(bucket(w.size), []);
      byKey.get(key)?.push(w.wait);
      bySize.get(bucket(w.size))?.push(w.wait);
    }
  }
  const means = new Map([...byKey].map(([k, v]) => [k, mean(v) ?? 0]));
  const sizeMeans = new Map([...bySize].map(([k, v]) => [k, mean(v) ?? 0]));
  return (view) => {
    const hour = 17 + Math.floor(view.now / 60);
    const size = bucket(view.party.size);
    return Math.round(means.get(`${size}:${hour}`) ?? sizeMeans.get(size) ?? 0);
  };
}
