import { describe, expect, it } from 'vitest';
import { addDays, localTimeOf, minutesOfDay, serviceDateOf, weekdayOf, zonedInstant } from './zoned-time';

describe('restaurant-local wall time as an instant', () => {
  it.each([
    // Moscow keeps +03:00 all year.
    ['Europe/Moscow', '2026-01-15', '12:00', '2026-01-15T09:00:00.000Z'],
    ['Europe/Moscow', '2026-07-15', '12:00', '2026-07-15T09:00:00.000Z'],
    ['Europe/Moscow', '2026-11-20', '00:30', '2026-11-19T21:30:00.000Z'],
    // Berlin is +01:00 in winter, +02:00 in summer.
    ['Europe/Berlin', '2026-01-15', '12:00', '2026-01-15T11:00:00.000Z'],
    ['Europe/Berlin', '2026-07-15', '12:00', '2026-07-15T10:00:00.000Z'],
    // Clocks go forward at 02:00 on 29 March 2026: the day before and after the change.
    ['Europe/Berlin', '2026-03-29', '01:59', '2026-03-29T00:59:00.000Z'],
    ['Europe/Berlin', '2026-03-29', '03:00', '2026-03-29T01:00:00.000Z'],
    // 02:30 never happens that night: read with the winter offset, it is 03:30 summer time.
    ['Europe/Berlin', '2026-03-29', '02:30', '2026-03-29T01:30:00.000Z'],
    // Clocks go back at 03:00 on 25 October 2026: 02:30 happens twice; the first is taken.
    ['Europe/Berlin', '2026-10-25', '02:30', '2026-10-25T00:30:00.000Z'],
    ['Europe/Berlin', '2026-10-25', '03:00', '2026-10-25T02:00:00.000Z'],
    ['UTC', '2026-11-20', '23:45', '2026-11-20T23:45:00.000Z'],
  ])('%s %s %s is %s', (zone, date, time, iso) => {
    expect(zonedInstant(zone, date, time).toISOString()).toBe(iso);
  });

  it('reads the seconds of a database time', () => {
    expect(zonedInstant('UTC', '2026-11-20', '18:30:00').toISOString()).toBe('2026-11-20T18:30:00.000Z');
    expect(minutesOfDay('18:30:30')).toBe(18 * 60 + 30.5);
  });

  it.each(['24:00', '7:00', '12:60', 'noon'])('rejects the time %s', (time) => {
    expect(() => zonedInstant('UTC', '2026-11-20', time)).toThrow(RangeError);
  });

  it.each(['2026-02-30', '20-11-2026'])('rejects the date %s', (date) => {
    expect(() => zonedInstant('UTC', date, '12:00')).toThrow(RangeError);
  });

  it('rejects an unknown time zone', () => {
    expect(() => zonedInstant('Europe/Atlantis', '2026-11-20', '12:00')).toThrow(RangeError);
  });
});

describe("an instant on the restaurant's clock", () => {
  it.each([
    ['Europe/Moscow', '2026-11-20T21:30:00Z', '00:30'],
    ['Europe/Berlin', '2026-03-29T00:45:00Z', '01:45'],
    ['Europe/Berlin', '2026-03-29T01:00:00Z', '03:00'],
    ['Europe/Berlin', '2026-10-25T00:30:00Z', '02:30'],
    ['Europe/Berlin', '2026-10-25T01:30:00Z', '02:30'],
    ['UTC', '2026-11-20T09:05:59Z', '09:05'],
  ])('%s at %s shows %s', (zone, iso, time) => {
    expect(localTimeOf(zone, new Date(iso))).toBe(time);
  });
});

describe('calendar arithmetic on local dates', () => {
  it.each([
    ['2026-11-16', 0],
    ['2026-11-20', 4],
    ['2026-11-22', 6],
    ['2024-02-29', 3],
    ['2027-01-01', 4],
  ])('%s is weekday %s (0 = Monday)', (date, weekday) => {
    expect(weekdayOf(date)).toBe(weekday);
  });

  it.each([
    ['2026-11-20', 1, '2026-11-21'],
    ['2026-11-30', 1, '2026-12-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-11-20', 0, '2026-11-20'],
    ['2026-11-20', 45, '2027-01-04'],
  ])('%s plus %s days is %s', (date, n, expected) => {
    expect(addDays(date, n)).toBe(expected);
  });
});

describe('the service day of an instant', () => {
  it.each([
    // Moscow (+03:00): the day turns at 06:00 local, 03:00 UTC.
    ['Europe/Moscow', '2026-03-14T02:59:59.999Z', '2026-03-13'],
    ['Europe/Moscow', '2026-03-14T03:00:00.000Z', '2026-03-14'],
    // 00:30 local on 1 January is still the last service day of the year before.
    ['Europe/Moscow', '2026-12-31T21:30:00.000Z', '2026-12-31'],
    // Berlin in summer (+02:00): 06:00 local is 04:00 UTC.
    ['Europe/Berlin', '2026-07-15T03:59:00.000Z', '2026-07-14'],
    ['Europe/Berlin', '2026-07-15T04:00:00.000Z', '2026-07-15'],
  ])('%s at %s belongs to %s', (zone, at, date) => {
    expect(serviceDateOf(zone, new Date(at))).toBe(date);
  });
});
