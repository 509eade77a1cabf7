import type { AnalyticsReport, MetabaseDashboards } from '@stolik/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { load } from '../../../shared/api/load';
import { stream } from '../../../shared/api/transport';
import type { DateRange } from '../analytics-range';

export const analyticsKeys = {
  report: (restaurantId: number, range: DateRange) =>
    ['analytics', restaurantId, range.from, range.to] as const,
  metabase: (restaurantId: number) => ['analytics', restaurantId, 'metabase'] as const,
};

/** Metabase's signed addresses live 30 minutes: fresh ones well before, so a reload never fails. */
const METABASE_REFRESH_MS = 25 * 60_000;

/** The report of a range of service days; the last one stays on screen while the next loads. */
export const analyticsQuery = (restaurantId: number, range: DateRange) =>
  queryOptions({
    queryKey: analyticsKeys.report(restaurantId, range),
    queryFn: ({ signal }) =>
      load<AnalyticsReport>(`/api/restaurant/${restaurantId}/analytics/`, {
        signal,
        query: { start_date: range.from, end_date: range.to },
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** The Metabase dashboards offered for the restaurant (none when Metabase is not configured). */
export const metabaseQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: analyticsKeys.metabase(restaurantId),
    queryFn: ({ signal }) =>
      load<MetabaseDashboards>('/api/metabase/', { signal, query: { restaurant_id: restaurantId } }),
    staleTime: METABASE_REFRESH_MS,
    refetchInterval: METABASE_REFRESH_MS,
  });

/**
 * The report's tables (a sheet each) as an .xlsx file, saved by the browser. The transport's
 * raw GET carries the token (and renews it) and hands the reply over unread.
 */
export async function downloadAnalytics(restaurantId: number, range: DateRange): Promise<void> {
  const query = new URLSearchParams({ start_date: range.from, end_date: range.to });
  const response = await stream(`/api/restaurant/${restaurantId}/analytics/export/?${query.toString()}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `analytics-${range.from}-${range.to}.xlsx`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
