import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFormatMinutes } from './elapsed';

describe("staff's times", () => {
  it('read hours first past an hour, never a count of minutes like 275', () => {
    const { result } = renderHook(() => useFormatMinutes());
    const format = result.current;
    expect([0, 12, 59, 60, 65, 100, 176, 275].map(format)).toEqual([
      '0 мин',
      '12 мин',
      '59 мин',
      '1 ч',
      '1 ч 05 мин',
      '1 ч 40 мин',
      '2 ч 56 мин',
      '4 ч 35 мин',
    ]);
  });
});
