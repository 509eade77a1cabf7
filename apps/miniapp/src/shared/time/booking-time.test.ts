import { describe, expect, it } from 'vitest';
import {
  clockTime,
  displayDate,
  instantAt,
  minutesIntoDay,
  roundUpTo,
  timeOf,
  todayIn,
  wallClock,
} from './booking-time';

describe("the restaurant's clock", () => {
  it('reads an instant as the restaurant sees it, not as the device does', () => {
    // 21:30 UTC is 00:30 the next day in Moscow and 22:30 in London (winter).
    expect(wallClock('Europe/Moscow', '2026-03-14T21:30:00Z')).toEqual({ date: '2026-03-15', minutes: 30 });
    expect(timeOf('Europe/London', '2026-01-14T21:30:00Z')).toBe('21:30');
    expect(todayIn('Asia/Vladivostok', Date.parse('2026-03-14T21:00:00Z'))).toBe('2026-03-15');
  });

  it('counts the small hours to the evening before, as the service day does (06:00 to 06:00)', () => {
    // 01:30 and 05:59 on Sunday in Moscow are still Saturday's service; 06:00 is Sunday's.
    expect(todayIn('Europe/Moscow', Date.parse('2026-03-14T22:30:00Z'))).toBe('2026-03-14');
    expect(todayIn('Europe/Moscow', Date.parse('2026-03-15T02:59:00Z'))).toBe('2026-03-14');
    expect(todayIn('Europe/Moscow', Date.parse('2026-03-15T03:00:00Z'))).toBe('2026-03-15');
  });

  it('places a booking after midnight past the end of its evening, and one of the day before before it', () => {
    expect(minutesIntoDay('Europe/Moscow', '2026-03-14', '2026-03-14T22:15:00Z')).toBe(25 * 60 + 15);
    expect(minutesIntoDay('Europe/Moscow', '2026-03-14', '2026-03-13T20:00:00Z')).toBe(-60);
  });

  it('turns a quarter of the day back into the instant, across midnight and daylight saving', () => {
    expect(instantAt('Europe/Moscow', '2026-03-14', 19 * 60)).toBe('2026-03-14T16:00:00.000Z');
    expect(instantAt('Europe/Moscow', '2026-03-14', 24 * 60 + 30)).toBe('2026-03-14T21:30:00.000Z');
    // Berlin moves to summer time on 29.03.2026: 19:00 is then UTC+2.
    expect(instantAt('Europe/Berlin', '2026-03-29', 19 * 60)).toBe('2026-03-29T17:00:00.000Z');
    expect(instantAt('Europe/Berlin', '2026-03-28', 19 * 60)).toBe('2026-03-28T18:00:00.000Z');
  });

  it('writes times as HH:mm and dates as day.month.year (spec §5)', () => {
    expect(clockTime(9 * 60 + 5)).toBe('09:05');
    expect(clockTime(25 * 60 + 30)).toBe('01:30');
    expect(displayDate('2026-03-05')).toBe('05.03.2026');
    expect(roundUpTo(10 * 60 + 1, 15)).toBe(10 * 60 + 15);
    expect(roundUpTo(10 * 60, 15)).toBe(10 * 60);
  });
});
