import '../analytics.css';
import type { Restaurant } from '@stolik/contracts';
import { SERVICE_DAY_START } from '@stolik/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useRestaurant } from '../../../shared/restaurants/get-restaurant';
import { displayDate, todayIn } from '../../../shared/time/restaurant-clock';
import { DownloadIcon } from '../../../shared/ui/icons';
import { Page } from '../../../shared/ui/page';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { showToast } from '../../../shared/ui/toast';
import { type DateRange, presetRange, rangeProblem } from '../analytics-range';
import { analyticsQuery, downloadAnalytics } from '../api/analytics-api';
import { KpiCards } from './kpi-cards';
import { MetabaseSection } from './metabase-section';
import { type RangeChoice, RangePicker } from './range-picker';

// The chart library is fetched only when this page shows its charts: other screens never pay for it.
const AnalyticsCharts = lazy(() => import('./analytics-charts'));

/** /restaurant/{id}/analytics: the restaurant's admins only (spec §2; the route guard and the API). */
export function AnalyticsScreen() {
  const restaurantId = Number(useParams().id);
  const restaurant = useRestaurant(restaurantId);
  return (
    <Page titleKey="pages.analytics">
      {restaurant.data ? (
        <Analytics restaurant={restaurant.data} />
      ) : restaurant.isError ? (
        <ErrorState messageKey="analytics.loadFailed" onRetry={() => void restaurant.refetch()} />
      ) : (
        <ListSkeleton rows={4} />
      )}
    </Page>
  );
}

function ChartsSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      className="analytics-charts"
      role="status"
      aria-busy="true"
      aria-label={t('analytics.charts.loading')}
    >
      <div className="analytics-chart analytics-chart--wide skeleton-row analytics-chart--placeholder" />
      <div className="analytics-chart analytics-chart--wide skeleton-row analytics-chart--placeholder" />
    </div>
  );
}

function Analytics({ restaurant }: { restaurant: Restaurant }) {
  const { t } = useTranslation();
  const today = todayIn(restaurant.timezone);
  const [choice, setChoice] = useState<RangeChoice>(7);
  const [custom, setCustom] = useState<DateRange>(() => presetRange(30, today));
  const range = choice === 'custom' ? custom : presetRange(choice, today);
  const problem = choice === 'custom' ? rangeProblem(range) : null;
  const report = useQuery({ ...analyticsQuery(restaurant.id, range), enabled: problem === null });
  const [exporting, setExporting] = useState(false);

  const exportTable = async () => {
    setExporting(true);
    try {
      await downloadAnalytics(restaurant.id, range);
    } catch {
      showToast(t('analytics.export.failed'), 'error');
    } finally {
      setExporting(false);
    }
  };

  const data = report.data;
  const empty =
    data !== undefined &&
    data.totals.joins === 0 &&
    data.totals.parties === 0 &&
    data.totals.bookings === 0 &&
    data.revenue === null;

  return (
    <div className="analytics">
      <div className="analytics__toolbar">
        <RangePicker
          choice={choice}
          onChoose={setChoice}
          custom={custom}
          onCustom={setCustom}
          problem={problem ? t(problem.key as 'analytics.validation.endBeforeStart', problem.params) : null}
        />
        <button
          type="button"
          className="button button--secondary analytics__export"
          disabled={exporting || problem !== null || !data}
          onClick={() => void exportTable()}
        >
          <DownloadIcon size={18} />
          {t('analytics.export.button')}
        </button>
      </div>
      <p className="analytics__period">
        {displayDate(range.from)} – {displayDate(range.to)} ·{' '}
        {t('analytics.range.serviceDay', { time: SERVICE_DAY_START })}
      </p>

      {problem ? null : report.isPending ? (
        <ListSkeleton rows={4} />
      ) : report.isError && !data ? (
        <ErrorState messageKey="analytics.loadFailed" onRetry={() => void report.refetch()} />
      ) : data && empty ? (
        <div className="state-message state-message--empty">
          <p>{t('analytics.empty')}</p>
          <p className="state-message__hint">{t('analytics.emptyHint')}</p>
        </div>
      ) : data ? (
        <div className="analytics__report" aria-busy={report.isPlaceholderData}>
          <KpiCards report={data} />
          <Suspense fallback={<ChartsSkeleton />}>
            <AnalyticsCharts report={data} />
          </Suspense>
        </div>
      ) : null}

      <MetabaseSection restaurantId={restaurant.id} />
    </div>
  );
}
