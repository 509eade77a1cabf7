import { describe, expect, it } from 'vitest';
import { type QuoteInput, quoteOutcome, quoteWaits, stayChanceOf, TURN_QUANTILES, turnModel } from './quote';

const NOW = new Date('2026-11-20T19:00:00+03:00');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);
const fourTop = (id: number) => ({ id, seatsMin: 1, seatsMax: 4 });

/** A bucket whose quantiles run evenly from 30 to 120 minutes (5 %: 30, ... 95 %: 120). */
const spread = (bucket: number) => ({
  bucket,
  samples: 100,
  quantiles: TURN_QUANTILES.map((_, i) => 30 + i * 5),
});

const base = (over: Partial<QuoteInput>): QuoteInput => ({
  now: NOW,
  tables: [fourTop(1)],
  seated: [],
  holds: [],
  queue: [],
  turns: turnModel([]),
  cleaningMinutes: 10,
  walkMinutes: 5,
  stayChance: () => 1,
  ...over,
});

describe('the quote (issue #20)', () => {
  it('quotes the walk from the door, not 0, when a table is free now', () => {
    expect(quoteWaits(base({ queue: [{ id: 1, partySize: 2, waitedMinutes: 0 }] }))[0]).toMatchObject({
      waitMinutes: 5,
    });
    expect(
      quoteWaits(base({ queue: [{ id: 1, partySize: 2, waitedMinutes: 0 }], walkMinutes: 0 }))[0]
        ?.waitMinutes,
    ).toBe(0);
  });

  it('learns turn times as quantiles, and expects a party still there after its median to stay on', () => {
    const turns = turnModel([spread(2)]);
    expect(turns.expected(2)).toBe(75); // the median
    expect(turns.remaining(2, 0)).toBe(75);
    // Seated 100 minutes ago: of the quantiles past 100 (105, 110, 115, 120), the middle one.
    expect(turns.remaining(2, 100)).toBe(10);
    // Past every quantile: about to pay.
    expect(turns.remaining(2, 200)).toBe(1);
    // Too few samples: the default turn times stay (60 minutes for a couple).
    expect(turnModel([{ ...spread(2), samples: 4 }]).expected(2)).toBeCloseTo(60, 5);
  });

  it('waits for a table past its median by what the history says, not five minutes', () => {
    const [quote] = quoteWaits(
      base({
        seated: [{ tableId: 1, seatedAt: minutesAgo(100), partySize: 2 }],
        queue: [{ id: 1, partySize: 2, waitedMinutes: 0 }],
        turns: turnModel([spread(2)]),
      }),
    );
    expect(quote?.waitMinutes).toBe(20); // 10 more minutes at the table, 10 of cleaning
  });

  it('lets the parties ahead who will walk away take no table', () => {
    const queue = [1, 2, 3, 4].map((id) => ({ id, partySize: 2, waitedMinutes: 0 }));
    const all = quoteWaits(base({ queue }));
    expect(all.map((q) => q.waitMinutes)).toEqual([5, 70, 140, 210]);
    // Half of those facing a long wait will leave: 1 + 0.5 parties expected by the second (it takes
    // its table), 2 by the third (it leaves its table to the fourth).
    const half = quoteWaits(base({ queue, stayChance: (_, more) => (more < 30 ? 1 : 0.5) }));
    expect(half.map((q) => q.waitMinutes)).toEqual([5, 70, 140, 140]);
  });

  it('learns from history how long guests wait before walking away', () => {
    // 100 joins: 40 seated within 5 minutes, 10 left after 5-10 minutes, 10 after 10-15, and so on.
    const outcomes = [
      { minute: 0, seated: 40, left: 0 },
      { minute: 5, seated: 0, left: 10 },
      { minute: 10, seated: 0, left: 10 },
      { minute: 15, seated: 20, left: 20 },
    ];
    const stay = stayChanceOf(outcomes);
    // After the first step 60 wait on; 10 leave in the next: 50/60 are still there 5 minutes on.
    expect(stay(5, 5)).toBeCloseTo(50 / 60, 5);
    expect(stay(0, 0)).toBe(1);
    expect(stay(5, 10)).toBeCloseTo((50 / 60) * (40 / 50), 5);
    // Too little history: everyone stays.
    expect(stayChanceOf([{ minute: 5, seated: 0, left: 10 }])(0, 60)).toBe(1);
  });

  it('calls a quote kept up to 5 minutes past it, late up to 10, and 10+ late beyond (bench and analytics alike)', () => {
    expect([0, 20, 25, 26, 30, 31].map((actual) => quoteOutcome(20, actual))).toEqual([
      'on_time',
      'on_time',
      'on_time',
      'late',
      'late',
      'late_10',
    ]);
  });
});
