import type { BookingStatus, EntrySource } from '@stolik/domain';
import type { i18n as I18n } from 'i18next';
import { loadExcelJS } from '../../shared/exceljs';

export interface ContactRow {
  date: string;
  time: string;
  name: string;
  phone: string;
  guests: number;
  status: BookingStatus;
  comment: string;
  source: EntrySource;
}

/** The guests of a date range as an .xlsx workbook, headers and statuses in Russian. */
export async function contactsWorkbook(rows: ContactRow[], i18n: I18n): Promise<Buffer> {
  const t = (key: string) => i18n.t(key);
  const workbook = new (await loadExcelJS()).Workbook();
  const sheet = workbook.addWorksheet(t('contactsExport.sheet'));
  sheet.columns = [
    { header: t('contactsExport.date'), key: 'date', width: 12 },
    { header: t('contactsExport.time'), key: 'time', width: 8 },
    { header: t('contactsExport.name'), key: 'name', width: 24 },
    { header: t('contactsExport.phone'), key: 'phone', width: 16 },
    { header: t('contactsExport.guests'), key: 'guests', width: 8 },
    { header: t('contactsExport.status'), key: 'status', width: 26 },
    { header: t('contactsExport.source'), key: 'source', width: 14 },
    { header: t('contactsExport.comment'), key: 'comment', width: 40 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) {
    const [year, month, day] = row.date.split('-');
    sheet.addRow({
      // Dates as day.month.year (spec §5).
      date: `${day}.${month}.${year}`,
      time: row.time,
      // Plain text: a name or comment beginning with '=' must never become a formula.
      name: row.name,
      phone: row.phone,
      guests: row.guests,
      status: t(`bookingStatuses.${row.status}`),
      source: t(`contactsExport.sources.${row.source}`),
      comment: row.comment,
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
