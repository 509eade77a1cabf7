import { type AnalyticsQuery, analyticsRangeProblems } from '@stolik/contracts';
import { addDays } from '@stolik/domain';

export interface DateRange {
  from: string;
  to: string;
}

/** The ready-made ranges: the last 7, 30 or 90 service days, today included. */
export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export function presetRange(days: RangePreset, today: string): DateRange {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** The first problem of a hand-picked range, as a message key and its values; null when it is fine. */
export function rangeProblem(range: DateRange): { key: string; params?: Record<string, number> } | null {
  const query: AnalyticsQuery = { start_date: range.from, end_date: range.to };
  return analyticsRangeProblems(query)?.end_date?.[0] ?? null;
}
