import type { AnalyticsReport } from '@stolik/contracts';
import type { BookingStatus } from '@stolik/domain';
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  Tooltip,
  XAxis,
  type XAxisProps,
  YAxis,
} from 'recharts';
import { useTranslation } from '../../../shared/i18n/i18n';
import { displayDate } from '../../../shared/time/restaurant-clock';
import { formatHour, formatNumber, formatShare, inServiceDayOrder, shortDate } from '../analytics-format';

/*
 * The charts of the analytics page: recharts, loaded only here (a chunk of its own, fetched when the
 * page is opened). Colours are the theme's CSS variables, so light and dark need nothing else.
 * Each chart is an image with a one-line summary for screen readers, and its figures as a table.
 */

const COLOUR = {
  queue: 'var(--status-sat)',
  booking: 'var(--status-live)',
  joins: 'var(--status-called)',
  neutral: 'var(--tgui--link_color)',
  on_time: 'var(--status-sat)',
  late: 'var(--status-live)',
  late_10: 'var(--status-overdue)',
};

/** A booking status's colour: the one its badge wears everywhere (booking.css). */
const STATUS_COLOUR: Record<BookingStatus, string> = {
  new: 'var(--status-called)',
  application: 'var(--status-live)',
  waiting: 'var(--status-joined)',
  open: 'var(--status-sat)',
  waiting_list: 'var(--status-reserve)',
  closed: 'var(--status-closed)',
  cancelled: 'var(--status-cancelled)',
  cancelled_without_deposit: 'var(--status-cancelled)',
  declined: 'var(--status-cancelled)',
};

const SOURCE_COLOUR = ['var(--status-sat)', 'var(--status-live)', 'var(--status-joined)'];

const axisTick = { fill: 'var(--tgui--hint_color)', fontSize: 12 };
const grid = <CartesianGrid stroke="var(--tgui--divider)" strokeDasharray="3 3" vertical={false} />;
const tooltip = (
  <Tooltip
    cursor={{ fill: 'color-mix(in srgb, var(--tgui--hint_color) 12%, transparent)' }}
    contentStyle={{
      background: 'var(--tgui--bg_color)',
      border: '1px solid var(--tgui--divider)',
      borderRadius: 8,
      color: 'var(--tgui--text_color)',
    }}
    labelStyle={{ color: 'var(--tgui--text_color)', fontWeight: 600 }}
  />
);
const legend = <Legend wrapperStyle={{ fontSize: 13, color: 'var(--tgui--text_color)' }} />;
const chartStyle = (height: number) => ({ width: '100%', height });

/**
 * Standing bars (and a line, `composed`) over the range's days, hours or groups, named by their `label`:
 * the grid, the axes, the tooltip, and the legend where there is more than one series. The series are
 * the children; `xAxis` is what the labels along the bottom need besides.
 */
function StandingBars({
  data,
  height,
  xAxis,
  withLegend = false,
  composed = false,
  children,
}: {
  data: object[];
  height: number;
  xAxis?: Omit<XAxisProps, 'dataKey' | 'tick' | 'tickLine'>;
  withLegend?: boolean;
  composed?: boolean;
  children: ReactNode;
}) {
  const Chart = composed ? ComposedChart : BarChart;
  return (
    <Chart responsive style={chartStyle(height)} data={data} accessibilityLayer={false}>
      {grid}
      <XAxis dataKey="label" tick={axisTick} tickLine={false} {...xAxis} />
      <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} width={36} />
      {tooltip}
      {withLegend && legend}
      {children}
    </Chart>
  );
}

/**
 * Lying bars, one a row named by its `label`, each its own colour: the names side by side would
 * collide on a phone.
 */
function LyingBars<T extends { label: string }>({
  data,
  dataKey,
  name,
  height,
  labelWidth,
  rowKey,
  colour,
}: {
  data: T[];
  dataKey: string;
  name: string;
  height: number;
  labelWidth: number;
  rowKey: (row: T) => string;
  colour: (row: T, index: number) => string | undefined;
}) {
  return (
    <BarChart responsive style={chartStyle(height)} data={data} layout="vertical" accessibilityLayer={false}>
      <CartesianGrid stroke="var(--tgui--divider)" strokeDasharray="3 3" horizontal={false} />
      <XAxis type="number" allowDecimals={false} tick={axisTick} tickLine={false} />
      <YAxis
        type="category"
        dataKey="label"
        tick={axisTick}
        tickLine={false}
        axisLine={false}
        width={labelWidth}
      />
      {tooltip}
      <Bar maxBarSize={48} dataKey={dataKey} name={name}>
        {data.map((row, index) => (
          <Cell key={rowKey(row)} fill={colour(row, index)} />
        ))}
      </Bar>
    </BarChart>
  );
}

interface Column<T> {
  label: string;
  value: (row: T) => ReactNode;
}

/**
 * A chart with its title, its summary for screen readers, and its data as a table under a toggle.
 * When the range measured nothing for it, a line saying so instead of empty axes.
 */
function ChartCard<T>({
  id,
  title,
  summary,
  rows,
  columns,
  wide = false,
  empty = false,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  rows: T[];
  columns: Column<T>[];
  wide?: boolean;
  empty?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <figure
      className={`analytics-chart${wide ? ' analytics-chart--wide' : ''}`}
      aria-labelledby={`${id}-title`}
    >
      <figcaption id={`${id}-title`} className="analytics-chart__title">
        {title}
      </figcaption>
      {empty ? (
        <p className="analytics-chart__empty">{t('analytics.charts.noData')}</p>
      ) : (
        <div className="analytics-chart__plot" role="img" aria-label={summary}>
          {children}
        </div>
      )}
      <details className="analytics-chart__data">
        <summary>{t('analytics.charts.asTable')}</summary>
        <div className="analytics-chart__table-wrap">
          <table className="analytics-table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.label} scope="col">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  {columns.map((column) => (
                    <td key={column.label}>{column.value(row)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

export default function AnalyticsCharts({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation();
  const none = t('analytics.kpi.none');
  const count = (value: number) => formatNumber(value);
  const minutes = (value: number | null) => (value === null ? none : formatNumber(value));

  const days = report.days.map((day) => ({ ...day, label: shortDate(day.date) }));
  const busiestDay = Math.max(0, ...report.days.map((d) => d.covers));
  const hours = inServiceDayOrder(report.hours).map((hour) => ({ ...hour, label: formatHour(hour.hour) }));
  const busiestHour = hours.reduce<(typeof hours)[number] | null>(
    (best, hour) => (best === null || hour.covers > best.covers ? hour : best),
    null,
  );
  const bins = report.wait_distribution.map((bin) => ({
    ...bin,
    label:
      bin.to_minutes === null
        ? t('analytics.charts.binFrom', { from: bin.from_minutes })
        : t('analytics.charts.binRange', { from: bin.from_minutes, to: bin.to_minutes }),
  }));
  const quote = report.totals.quote;
  const outcomes = [
    { id: 'on_time', label: t('analytics.charts.on_time'), parties: quote.on_time, colour: COLOUR.on_time },
    { id: 'late', label: t('analytics.charts.late'), parties: quote.late, colour: COLOUR.late },
    { id: 'late_10', label: t('analytics.charts.late_10'), parties: quote.late_10, colour: COLOUR.late_10 },
  ];
  // Issue #32: how the called guests were reached, by the first channel that reached them.
  const reach = report.reach;
  const channels = [
    ...reach.by_channel.map((c) => ({
      id: c.channel,
      label: t(`guestReach.channel.${c.channel}`),
      guests: c.reached,
      within30s: c.within_30s,
      within2m: c.within_2m,
      answered: c.answered,
      colour: COLOUR.queue,
    })),
    {
      id: 'none',
      label: t('analytics.charts.reachNone'),
      guests: reach.unreached,
      within30s: 0,
      within2m: 0,
      answered: 0,
      colour: COLOUR.late_10,
    },
  ];
  const statuses = report.bookings_by_status
    .filter((s) => s.count > 0)
    .map((s) => ({ ...s, label: t(`bookingStatuses.${s.status}`) }));
  const sources = report.bookings_by_source.map((s) => ({ ...s, label: t(`analytics.sources.${s.source}`) }));
  const turns = report.turn_times.map((turn) => ({
    ...turn,
    label:
      turn.party_to === null
        ? t('analytics.charts.partyFrom', { from: turn.party_from })
        : t('analytics.charts.partyRange', { from: turn.party_from, to: turn.party_to }),
  }));
  const labels = {
    covers: t('analytics.charts.covers'),
    queue: t('analytics.charts.queueCovers'),
    booking: t('analytics.charts.bookingCovers'),
    joins: t('analytics.charts.joins'),
    parties: t('analytics.charts.parties'),
    bookings: t('analytics.charts.bookings'),
    avg: t('analytics.charts.avgMinutes'),
    median: t('analytics.charts.medianMinutes'),
  };

  return (
    <div className="analytics-charts">
      <ChartCard
        id="covers-per-day"
        wide
        title={t('analytics.charts.coversPerDay')}
        summary={t('analytics.charts.coversPerDaySummary', {
          covers: count(report.totals.covers),
          max: count(busiestDay),
        })}
        rows={report.days}
        empty={busiestDay === 0}
        columns={[
          { label: t('analytics.charts.date'), value: (d) => displayDate(d.date) },
          { label: labels.queue, value: (d) => count(d.queue_covers) },
          { label: labels.booking, value: (d) => count(d.booking_covers) },
          { label: labels.covers, value: (d) => count(d.covers) },
        ]}
      >
        <StandingBars data={days} height={240} xAxis={{ minTickGap: 8 }} withLegend>
          <Bar
            maxBarSize={48}
            dataKey="queue_covers"
            name={labels.queue}
            stackId="covers"
            fill={COLOUR.queue}
          />
          <Bar
            maxBarSize={48}
            dataKey="booking_covers"
            name={labels.booking}
            stackId="covers"
            fill={COLOUR.booking}
          />
        </StandingBars>
      </ChartCard>

      <ChartCard
        id="covers-per-hour"
        wide
        title={t('analytics.charts.coversPerHour')}
        summary={t('analytics.charts.coversPerHourSummary', {
          hour: busiestHour ? busiestHour.label : none,
          covers: count(busiestHour?.covers ?? 0),
        })}
        rows={hours}
        empty={hours.every((h) => h.covers === 0 && h.joins === 0)}
        columns={[
          { label: t('analytics.charts.hour'), value: (h) => h.label },
          { label: labels.joins, value: (h) => count(h.joins) },
          { label: labels.parties, value: (h) => count(h.parties) },
          { label: labels.covers, value: (h) => count(h.covers) },
        ]}
      >
        <StandingBars data={hours} height={240} xAxis={{ minTickGap: 4 }} withLegend composed>
          <Bar maxBarSize={48} dataKey="covers" name={labels.covers} fill={COLOUR.queue} />
          <Line
            dataKey="joins"
            name={labels.joins}
            type="linear"
            stroke={COLOUR.joins}
            strokeWidth={2}
            dot={{ r: 2 }}
            isAnimationActive={false}
          />
        </StandingBars>
      </ChartCard>

      <ChartCard
        id="wait-distribution"
        title={t('analytics.charts.waitDistribution')}
        summary={t('analytics.charts.waitDistributionSummary', {
          seated: count(report.totals.seated),
          p90:
            report.totals.wait_p90_minutes === null
              ? none
              : t('analytics.kpi.minutes', { value: formatNumber(report.totals.wait_p90_minutes) }),
        })}
        rows={bins}
        empty={bins.every((b) => b.parties === 0)}
        columns={[
          { label: t('analytics.charts.wait'), value: (b) => b.label },
          { label: labels.parties, value: (b) => count(b.parties) },
        ]}
      >
        <StandingBars
          data={bins}
          height={220}
          xAxis={{ interval: 0, angle: -30, textAnchor: 'end', height: 48 }}
        >
          <Bar maxBarSize={48} dataKey="parties" name={labels.parties} fill={COLOUR.neutral} />
        </StandingBars>
      </ChartCard>

      <ChartCard
        id="quote-accuracy"
        title={t('analytics.charts.quoteAccuracy')}
        summary={t('analytics.charts.quoteAccuracySummary', {
          onTime: count(quote.on_time),
          late: count(quote.late),
          late10: count(quote.late_10),
        })}
        rows={outcomes}
        empty={quote.measured === 0}
        columns={[
          { label: t('analytics.charts.wait'), value: (o) => o.label },
          { label: labels.parties, value: (o) => count(o.parties) },
        ]}
      >
        <LyingBars
          data={outcomes}
          dataKey="parties"
          name={labels.parties}
          height={160}
          labelWidth={130}
          rowKey={(o) => o.id}
          colour={(o) => o.colour}
        />
      </ChartCard>

      <ChartCard
        id="guest-reach"
        title={t('analytics.charts.reach')}
        summary={t('analytics.charts.reachSummary', {
          called: count(reach.called),
          within30s: reach.reached_30s_share === null ? '—' : formatShare(reach.reached_30s_share),
          within2m: reach.reached_2m_share === null ? '—' : formatShare(reach.reached_2m_share),
          answered: reach.answered_share === null ? '—' : formatShare(reach.answered_share),
        })}
        rows={channels}
        empty={reach.called === 0}
        columns={[
          { label: t('analytics.charts.reachChannel'), value: (c) => c.label },
          { label: t('analytics.charts.reachGuests'), value: (c) => count(c.guests) },
          { label: t('analytics.charts.reachWithin30s'), value: (c) => count(c.within30s) },
          { label: t('analytics.charts.reachWithin2m'), value: (c) => count(c.within2m) },
          { label: t('analytics.charts.reachAnswered'), value: (c) => count(c.answered) },
        ]}
      >
        <LyingBars
          data={channels}
          dataKey="guests"
          name={t('analytics.charts.reachGuests')}
          height={170}
          labelWidth={130}
          rowKey={(c) => c.id}
          colour={(c) => c.colour}
        />
      </ChartCard>

      <ChartCard
        id="bookings-by-status"
        title={t('analytics.charts.bookingsByStatus')}
        summary={t('analytics.charts.bookingsSummary', { total: count(report.totals.bookings) })}
        rows={statuses}
        empty={statuses.length === 0}
        columns={[
          { label: t('analytics.charts.status'), value: (s) => s.label },
          { label: labels.bookings, value: (s) => count(s.count) },
        ]}
      >
        <LyingBars
          data={statuses}
          dataKey="count"
          name={labels.bookings}
          height={Math.max(120, 36 * statuses.length + 40)}
          labelWidth={150}
          rowKey={(s) => s.status}
          colour={(s) => STATUS_COLOUR[s.status]}
        />
      </ChartCard>

      <ChartCard
        id="bookings-by-source"
        title={t('analytics.charts.bookingsBySource')}
        summary={t('analytics.charts.bookingsSummary', { total: count(report.totals.bookings) })}
        rows={sources}
        empty={sources.every((s) => s.count === 0)}
        columns={[
          { label: t('analytics.charts.source'), value: (s) => s.label },
          { label: labels.bookings, value: (s) => count(s.count) },
        ]}
      >
        <LyingBars
          data={sources}
          dataKey="count"
          name={labels.bookings}
          height={160}
          labelWidth={110}
          rowKey={(s) => s.source}
          colour={(_, index) => SOURCE_COLOUR[index % SOURCE_COLOUR.length]}
        />
      </ChartCard>

      <ChartCard
        id="turn-times"
        wide
        title={t('analytics.charts.turnTimes')}
        summary={t('analytics.charts.turnTimesSummary')}
        rows={turns}
        empty={turns.every((turn) => turn.avg_minutes === null && turn.median_minutes === null)}
        columns={[
          { label: t('analytics.charts.partySize'), value: (turn) => turn.label },
          { label: labels.parties, value: (turn) => count(turn.parties) },
          { label: labels.avg, value: (turn) => minutes(turn.avg_minutes) },
          { label: labels.median, value: (turn) => minutes(turn.median_minutes) },
        ]}
      >
        <StandingBars data={turns} height={220} xAxis={{ interval: 0 }} withLegend>
          <Bar maxBarSize={48} dataKey="avg_minutes" name={labels.avg} fill={COLOUR.queue} />
          <Bar maxBarSize={48} dataKey="median_minutes" name={labels.median} fill={COLOUR.booking} />
        </StandingBars>
      </ChartCard>
    </div>
  );
}
