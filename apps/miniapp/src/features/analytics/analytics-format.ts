import { SERVICE_DAY_START } from '@stolik/domain';

const numbers = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });
const percents = new Intl.NumberFormat('ru-RU', { style: 'percent', maximumFractionDigits: 0 });
const rubles = new Intl.NumberFormat('ru-RU', {
  style: 'currency',
  currency: 'RUB',
  maximumFractionDigits: 0,
});

/** Counts and minutes in Russian: '1 234', '12,5'. */
export const formatNumber = (value: number): string => numbers.format(value);
/** A share 0–1 as '67 %'. */
export const formatShare = (value: number): string => percents.format(value);
/** Rubles, whole: '1 234 ₽'. */
export const formatRubles = (value: number): string => rubles.format(value);
/** An hour of the restaurant's clock: '06:00'. */
export const formatHour = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;
/** A day on a chart's axis: '05.03'. */
export const shortDate = (iso: string): string => `${iso.slice(8, 10)}.${iso.slice(5, 7)}`;

/** The first hour of a service day (06): charts of the day's hours start there. */
export const FIRST_HOUR = Number(SERVICE_DAY_START.slice(0, 2));

/** Items keyed by hour 0–23, in the order of a service day: 06, 07, … 23, 00, … 05. */
export function inServiceDayOrder<T extends { hour: number }>(hours: readonly T[]): T[] {
  return [...hours].sort((a, b) => ((a.hour - FIRST_HOUR + 24) % 24) - ((b.hour - FIRST_HOUR + 24) % 24));
}
