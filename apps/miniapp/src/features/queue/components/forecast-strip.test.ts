import { describe, expect, it } from 'vitest';
import { sameWaits } from './forecast-strip';

describe('the forecast strip', () => {
  it('says neighbouring party sizes with the same wait once', () => {
    expect(
      sameWaits([
        { group_size: 3, waiting_time: 5 },
        { group_size: 1, waiting_time: 5 },
        { group_size: 2, waiting_time: 5 },
        { group_size: 4, waiting_time: 20 },
        { group_size: 5, waiting_time: null },
        { group_size: 6, waiting_time: null },
        { group_size: 8, waiting_time: null },
      ]),
    ).toEqual([
      { from: 1, to: 3, waiting_time: 5 },
      { from: 4, to: 4, waiting_time: 20 },
      { from: 5, to: 6, waiting_time: null },
      { from: 8, to: 8, waiting_time: null },
    ]);
  });
  it('keeps an empty forecast empty', () => {
    expect(sameWaits([])).toEqual([]);
  });
});
