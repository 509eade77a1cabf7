import { describe, expect, it } from 'vitest';
import { addDaysIso, displayDate, groupSlots, localIsoDate } from './booking-dates';

describe('the dates and times of the guest booking form', () => {
  it("takes today from the guest's clock and counts days across months and leap years", () => {
    expect(localIsoDate(new Date(2026, 10, 22, 23, 59))).toBe('2026-11-22');
    expect(addDaysIso('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDaysIso('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysIso('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('shows dates as day.month.year (spec §5)', () => {
    expect(displayDate('2026-03-05')).toBe('05.03.2026');
  });

  it('groups the times by part of the day in the order given, a late service past midnight last', () => {
    expect(groupSlots(['11:30', '12:00', '16:45', '17:00', '23:45', '00:15'])).toEqual([
      { part: 'morning', times: ['11:30'] },
      { part: 'day', times: ['12:00', '16:45'] },
      { part: 'evening', times: ['17:00', '23:45'] },
      { part: 'night', times: ['00:15'] },
    ]);
    expect(groupSlots([])).toEqual([]);
  });
});
