import type { AnalyticsReport } from '@stolik/contracts';
import { SERVICE_DAY_START } from '@stolik/domain';
import ExcelJS from 'exceljs';
import type { i18n as I18n } from 'i18next';

const dayMonthYear = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
};

/**
 * The report's underlying tables as an .xlsx workbook with Russian headers: one sheet per day of
 * the range (with a total row) and one per hour of the day, from the service day's first hour. Empty cells where nothing was measured.
 */
export async function analyticsWorkbook(report: AnalyticsReport, i18n: I18n): Promise<Buffer> {
  const t = (key: string) => i18n.t(`analytics.export.${key}`);
  const workbook = new ExcelJS.Workbook();

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

  for (const sheet of [days, hours]) {
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
