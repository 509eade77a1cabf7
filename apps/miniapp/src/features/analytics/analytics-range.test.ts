import { describe, expect, it } from 'vitest';
import { inServiceDayOrder } from './analytics-format';
import { presetRange, rangeProblem } from './analytics-range';

describe('analytics ranges', () => {
  it('makes the last 7, 30 and 90 service days, today included', () => {
    expect(presetRange(7, '2026-03-14')).toEqual({ from: '2026-03-08', to: '2026-03-14' });
    expect(presetRange(30, '2026-03-14')).toEqual({ from: '2026-02-13', to: '2026-03-14' });
    expect(presetRange(90, '2026-03-01')).toEqual({ from: '2025-12-02', to: '2026-03-01' });
  });

  it('refuses a range of one’s own as the API does: backwards, or longer than 366 days', () => {
    expect(rangeProblem({ from: '2026-03-14', to: '2026-03-14' })).toBeNull();
    expect(rangeProblem({ from: '2026-03-15', to: '2026-03-14' })).toEqual({
      key: 'analytics.validation.endBeforeStart',
    });
    expect(rangeProblem({ from: '2024-01-01', to: '2024-12-31' })).toBeNull();
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-02' })).toEqual({
      key: 'analytics.validation.rangeTooLong',
      params: { max: 366 },
    });
  });

  it('orders hours as a service day runs: from 06:00 round to 05:00', () => {
    const hours = Array.from({ length: 24 }, (_, hour) => ({ hour }));
    const ordered = inServiceDayOrder(hours).map((h) => h.hour);
    expect(ordered.slice(0, 3)).toEqual([6, 7, 8]);
    expect(ordered.slice(-3)).toEqual([3, 4, 5]);
  });
});
