import { describe, expect, it } from 'vitest';
import {
  daysInMonth,
  formatCalendarDate,
  isLeapYear,
  isValidCalendarDate,
  isValidMonth,
  isValidYear,
  localIsoDate,
  parseIsoDate,
  toIsoDate,
} from './dates';

describe('calendar dates (spec §5)', () => {
  it.each([
    [1899, false],
    [1900, true],
    [2026, true],
    [9999, true],
    [10000, false],
    [2026.5, false],
  ])('year %s valid: %s', (year, valid) => {
    expect(isValidYear(year)).toBe(valid);
  });

  it.each([
    [-1, false],
    [0, true],
    [11, true],
    [12, false],
  ])('month %s valid: %s', (month, valid) => {
    expect(isValidMonth(month)).toBe(valid);
  });

  it('knows leap years, including the century rules', () => {
    expect([2024, 2000, 2400].map(isLeapYear)).toEqual([true, true, true]);
    expect([2023, 1900, 2100].map(isLeapYear)).toEqual([false, false, false]);
  });

  it('gives February 29 days only in a leap year', () => {
    expect(daysInMonth(2024, 1)).toBe(29);
    expect(daysInMonth(2023, 1)).toBe(28);
    expect(daysInMonth(1900, 1)).toBe(28);
    expect(daysInMonth(2026, 3)).toBe(30);
    expect(daysInMonth(2026, 11)).toBe(31);
  });

  it('accepts a day from 1 to the length of the month and nothing else', () => {
    expect(isValidCalendarDate({ year: 2024, month: 1, day: 29 })).toBe(true);
    expect(isValidCalendarDate({ year: 2023, month: 1, day: 29 })).toBe(false);
    expect(isValidCalendarDate({ year: 2026, month: 3, day: 31 })).toBe(false);
    expect(isValidCalendarDate({ year: 2026, month: 0, day: 0 })).toBe(false);
    expect(isValidCalendarDate({ year: 1899, month: 0, day: 1 })).toBe(false);
    expect(isValidCalendarDate({ year: 2026, month: 12, day: 1 })).toBe(false);
  });

  it('displays dates as day.month.year with the month counted from 1', () => {
    expect(formatCalendarDate({ year: 2026, month: 2, day: 5 })).toBe('05.03.2026');
    expect(formatCalendarDate({ year: 1900, month: 11, day: 31 })).toBe('31.12.1900');
  });

  it('reads ISO dates and refuses impossible ones', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 1, day: 29 });
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('29.02.2024')).toBeNull();
    expect(toIsoDate({ year: 2026, month: 10, day: 2 })).toBe('2026-11-02');
  });
});

describe('the restaurant-local day', () => {
  it('is the day in the restaurant time zone, not the server', () => {
    const lateUtc = new Date('2026-11-20T22:30:00Z');
    expect(localIsoDate('Europe/Moscow', lateUtc)).toBe('2026-11-21');
    expect(localIsoDate('America/New_York', lateUtc)).toBe('2026-11-20');
  });
});
