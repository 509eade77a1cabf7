import type { AnalyticsReport } from '@stolik/contracts';
import { olderBookingLabel, SERVICE_DAY_START } from '@stolik/domain';
import type { i18n as I18n } from 'i18next';
import { loadExcelJS } from '../../shared/exceljs';

const dayMonthYear = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
};

/**
 * The report's underlying tables as an .xlsx workbook with Russian headers, one sheet for each table
 * the page shows: per day of the range (with a total row), per hour of the day (from the service
 * day's first hour), the wait histogram, quote accuracy, bookings by status and by source, and
 * turn times by party size, and how called guests were reached by channel. Sheet names and headers are the page's own labels where it has them.
 * Empty cells where nothing was measured.
 */
export async function analyticsWorkbook(report: AnalyticsReport, i18n: I18n): Promise<Buffer> {
  const t = (key: string) => i18n.t(`analytics.export.${key}`);
  /** The labels the page's charts and their tables use. */
  const chart = (key: string, values?: Record<string, unknown>) => i18n.t(`analytics.charts.${key}`, values);
  const workbook = new (await loadExcelJS()).Workbook();

  const days = workbook.addWorksheet(t('daysSheet'));
  days.columns = [
    { header: t('date'), key: 'date', width: 12 },
    { header: t('joins'), key: 'joins', width: 12 },
    { header: t('seated'), key: 'seated', width: 12 },
    { header: t('left'), key: 'left', width: 12 },
    { header: t('parties'), key: 'parties', width: 12 },
    { header: t('covers'), key: 'covers', width: 10 },
    { header: t('queueCovers'), key: 'queue_covers', width: 14 },
    { header: t('bookingCovers'), key: 'booking_covers', width: 14 },
    { header: t('waitAvg'), key: 'wait_avg_minutes', width: 14 },
    { header: t('waitP90'), key: 'wait_p90_minutes', width: 14 },
    { header: t('bookings'), key: 'bookings', width: 10 },
    { header: t('arrived'), key: 'arrived', width: 12 },
    { header: t('noShows'), key: 'no_shows', width: 12 },
    { header: t('late'), key: 'late', width: 12 },
    { header: t('revenue'), key: 'revenue_rubles', width: 14 },
  ];
  for (const day of report.days) days.addRow({ ...day, date: dayMonthYear(day.date) });
  const totals = report.totals;
  const total = days.addRow({
    date: t('total'),
    joins: totals.joins,
    seated: totals.seated,
    left: totals.left,
    parties: totals.parties,
    covers: totals.covers,
    queue_covers: totals.queue_covers,
    booking_covers: totals.booking_covers,
    wait_avg_minutes: totals.wait_avg_minutes,
    wait_p90_minutes: totals.wait_p90_minutes,
    bookings: totals.bookings,
    arrived: totals.arrived,
    no_shows: totals.no_shows,
    late: totals.late,
    revenue_rubles: report.revenue?.revenue_rubles ?? null,
  });
  total.font = { bold: true };

  const hours = workbook.addWorksheet(t('hoursSheet'));
  hours.columns = [
    { header: t('hour'), key: 'hour', width: 10 },
    { header: t('joins'), key: 'joins', width: 12 },
    { header: t('parties'), key: 'parties', width: 12 },
    { header: t('covers'), key: 'covers', width: 10 },
  ];
  // In the order of a service day: from its first hour (06:00) round to the last.
  const first = Number(SERVICE_DAY_START.slice(0, 2));
  for (const hour of [...report.hours.slice(first), ...report.hours.slice(0, first)]) {
    hours.addRow({ ...hour, hour: `${String(hour.hour).padStart(2, '0')}:00` });
  }

  const waits = workbook.addWorksheet(chart('waitDistribution'));
  waits.columns = [
    { header: chart('wait'), key: 'wait', width: 14 },
    { header: chart('parties'), key: 'parties', width: 12 },
  ];
  for (const bin of report.wait_distribution) {
    waits.addRow({
      wait:
        bin.to_minutes === null
          ? chart('binFrom', { from: bin.from_minutes })
          : chart('binRange', { from: bin.from_minutes, to: bin.to_minutes }),
      parties: bin.parties,
    });
  }

  // Seated parties by how their quote came true (as `pnpm bench quotes` measures); each one's share.
  const quote = report.totals.quote;
  const quotes = workbook.addWorksheet(chart('quoteAccuracy'));
  quotes.columns = [
    { header: chart('wait'), key: 'outcome', width: 18 },
    { header: chart('parties'), key: 'parties', width: 12 },
    { header: t('share'), key: 'share', width: 10, style: { numFmt: '0%' } },
  ];
  const shareOf = (parties: number) => (quote.measured === 0 ? null : parties / quote.measured);
  for (const outcome of ['on_time', 'late', 'late_10'] as const) {
    quotes.addRow({ outcome: chart(outcome), parties: quote[outcome], share: shareOf(quote[outcome]) });
  }
  quotes.addRow({ outcome: t('total'), parties: quote.measured, share: shareOf(quote.measured) }).font = {
    bold: true,
  };

  const statuses = workbook.addWorksheet(chart('bookingsByStatus'));
  statuses.columns = [
    { header: chart('status'), key: 'status', width: 26 },
    { header: chart('bookings'), key: 'count', width: 10 },
    // The older label set (spec §4), for comparing with that system's reports.
    { header: i18n.t('bookingStatusesOlder.title'), key: 'older', width: 22 },
  ];
  for (const row of report.bookings_by_status) {
    statuses.addRow({
      status: i18n.t(`bookingStatuses.${row.status}`),
      count: row.count,
      older: i18n.t(`bookingStatusesOlder.${olderBookingLabel(row.status)}`),
    });
  }
  statuses.addRow({
    status: t('total'),
    count: report.bookings_by_status.reduce((sum, row) => sum + row.count, 0),
  }).font = { bold: true };

  const sources = workbook.addWorksheet(chart('bookingsBySource'));
  sources.columns = [
    { header: chart('source'), key: 'source', width: 16 },
    { header: chart('bookings'), key: 'count', width: 10 },
  ];
  for (const row of report.bookings_by_source) {
    sources.addRow({ source: i18n.t(`analytics.sources.${row.source}`), count: row.count });
  }
  sources.addRow({
    source: t('total'),
    count: report.bookings_by_source.reduce((sum, row) => sum + row.count, 0),
  }).font = { bold: true };

  // Queue entries in the older system's words, Fake and Hostme ones too (the figures above leave them out).
  const queueSources = workbook.addWorksheet(t('queueSourcesSheet'));
  queueSources.columns = [
    { header: i18n.t('queueSources.title'), key: 'source', width: 18 },
    { header: t('entries'), key: 'count', width: 12 },
    { header: t('leftOut'), key: 'left_out', width: 22 },
  ];
  for (const row of report.queue_by_source) {
    queueSources.addRow({
      source: i18n.t(`queueSources.${row.source}`),
      count: row.count,
      left_out: row.left_out,
    });
  }
  queueSources.addRow({
    source: t('total'),
    count: report.queue_by_source.reduce((sum, row) => sum + row.count, 0),
    left_out: report.queue_by_source.reduce((sum, row) => sum + row.left_out, 0),
  }).font = { bold: true };

  // The chart's title is longer than a sheet name may be (31 characters): a short name of its own.
  const turns = workbook.addWorksheet(t('turnTimesSheet'));
  turns.columns = [
    { header: chart('partySize'), key: 'party', width: 16 },
    { header: chart('parties'), key: 'parties', width: 12 },
    { header: chart('avgMinutes'), key: 'avg_minutes', width: 14 },
    { header: chart('medianMinutes'), key: 'median_minutes', width: 14 },
  ];
  for (const turn of report.turn_times) {
    turns.addRow({
      party:
        turn.party_to === null
          ? chart('partyFrom', { from: turn.party_from })
          : chart('partyRange', { from: turn.party_from, to: turn.party_to }),
      parties: turn.parties,
      avg_minutes: turn.avg_minutes,
      median_minutes: turn.median_minutes,
    });
  }

  // How the called guests were reached (issue #32): each channel's part, and those never reached.
  const reach = workbook.addWorksheet(t('reachSheet'));
  reach.columns = [
    { header: chart('reachChannel'), key: 'channel', width: 16 },
    { header: chart('reachGuests'), key: 'guests', width: 10 },
    { header: chart('reachWithin30s'), key: 'within_30s', width: 10 },
    { header: chart('reachWithin2m'), key: 'within_2m', width: 10 },
    { header: chart('reachAnswered'), key: 'answered', width: 12 },
  ];
  for (const row of report.reach.by_channel) {
    reach.addRow({
      channel: i18n.t(`guestReach.channel.${row.channel}`),
      guests: row.reached,
      within_30s: row.within_30s,
      within_2m: row.within_2m,
      answered: row.answered,
    });
  }
  reach.addRow({ channel: chart('reachNone'), guests: report.reach.unreached });
  reach.addRow({ channel: t('total'), guests: report.reach.called }).font = { bold: true };

  for (const sheet of [days, hours, waits, quotes, statuses, sources, queueSources, turns, reach]) {
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
