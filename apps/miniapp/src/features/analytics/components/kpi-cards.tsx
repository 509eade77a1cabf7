import { ANALYTICS_LATE_GRACE_MINUTES, type AnalyticsReport } from '@stolik/contracts';
import { useTranslation } from '../../../shared/i18n/i18n';
import { formatNumber, formatRubles, formatShare } from '../analytics-format';

interface Kpi {
  id: string;
  label: string;
  value: string;
  hint?: string;
}

/** The figures a manager reads first, each a card: the value large, what it is measured on small. */
export function KpiCards({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation();
  const none = t('analytics.kpi.none');
  const minutes = (value: number | null) =>
    value === null ? none : t('analytics.kpi.minutes', { value: formatNumber(value) });
  const share = (value: number | null) => (value === null ? none : formatShare(value));
  const of = (part: number, whole: number) =>
    t('analytics.kpi.ofTotal', { part: formatNumber(part), whole: formatNumber(whole) });
  const { totals, revenue } = report;
  const quote = totals.quote;

  const cards: Kpi[] = [
    {
      id: 'covers',
      label: t('analytics.kpi.covers'),
      value: formatNumber(totals.covers),
      hint: t('analytics.kpi.parties', { count: totals.parties }),
    },
    {
      id: 'joins',
      label: t('analytics.kpi.joins'),
      value: formatNumber(totals.joins),
      hint: t('analytics.kpi.joinsHint', { seated: totals.seated, left: totals.left }),
    },
    {
      id: 'seated-share',
      label: t('analytics.kpi.seatedShare'),
      value: share(totals.seated_share),
      hint: of(totals.seated, totals.joins),
    },
    {
      id: 'wait-avg',
      label: t('analytics.kpi.waitAvg'),
      value: minutes(totals.wait_avg_minutes),
      hint: t('analytics.kpi.waitAvgHint'),
    },
    {
      id: 'wait-p90',
      label: t('analytics.kpi.waitP90'),
      value: minutes(totals.wait_p90_minutes),
      hint: t('analytics.kpi.waitP90Hint'),
    },
    {
      id: 'quote-mae',
      label: t('analytics.kpi.quoteMae'),
      value: quote.mae_minutes === null ? none : `±${minutes(quote.mae_minutes)}`,
      hint: t('analytics.kpi.quoteMaeHint', { total: formatNumber(quote.measured) }),
    },
    {
      id: 'quote-within',
      label: t('analytics.kpi.quoteWithin'),
      value: share(quote.on_time_share),
      hint: of(quote.on_time, quote.measured),
    },
    {
      id: 'no-show',
      label: t('analytics.kpi.noShowRate'),
      value: share(totals.no_show_rate),
      hint: of(totals.no_shows, totals.arrived + totals.no_shows),
    },
    {
      id: 'late',
      label: t('analytics.kpi.lateRate'),
      value: share(totals.late_rate),
      hint: t('analytics.kpi.lateRateHint', {
        minutes: ANALYTICS_LATE_GRACE_MINUTES,
        part: totals.late,
        whole: totals.arrived,
      }),
    },
  ];
  if (revenue) {
    cards.push({
      id: 'revenue',
      label: t('analytics.kpi.revenuePerSeatHour'),
      value: revenue.per_seat_hour_rubles === null ? none : formatRubles(revenue.per_seat_hour_rubles),
      hint: t('analytics.kpi.revenueHint', { total: formatRubles(revenue.revenue_rubles) }),
    });
  }

  return (
    <ul className="analytics-kpis">
      {cards.map((card) => (
        <li key={card.id} className="analytics-kpi" data-kpi={card.id}>
          <span className="analytics-kpi__label">{card.label}</span>
          <strong className="analytics-kpi__value">{card.value}</strong>
          {card.hint ? <span className="analytics-kpi__hint">{card.hint}</span> : null}
        </li>
      ))}
    </ul>
  );
}
