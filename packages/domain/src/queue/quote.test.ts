import { describe, expect, it } from 'vitest';
import {
  drawWaits,
  estimateStep,
  noShowChanceOf,
  QUOTE_DRAWS,
  type QuoteInput,
  quoteCorrectionOf,
  quoteOutcome,
  quoteWaits,
  stayChanceOf,
  TURN_QUANTILES,
  turnModel,
} from './quote';

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
  correct: quoteCorrectionOf({ errors: [], walks: [] }, 5),
  stayChance: () => 1,
  noShows: noShowChanceOf([]),
  ...over,
});
const couples = (ids: number[], from: 'door' | 'away' = 'door') =>
  ids.map((id) => ({ id, partySize: 2, waitedMinutes: 0, from }));

describe('the quote (issue #20)', () => {
  it('quotes the walk from the door, not 0, when a table is free now', () => {
    expect(
      quoteWaits(base({ queue: [{ id: 1, partySize: 2, waitedMinutes: 0, from: 'door' as const }] }))[0],
    ).toMatchObject({
      waitMinutes: 5,
    });
    expect(
      quoteWaits(
        base({
          queue: [{ id: 1, partySize: 2, waitedMinutes: 0, from: 'door' as const }],
          correct: quoteCorrectionOf({ errors: [], walks: [] }, 0),
        }),
      )[0]?.waitMinutes,
    ).toBe(0);
  });

  it('learns turn times as quantiles, and draws a party still there after its median from the stays past it', () => {
    const turns = turnModel([spread(2)]);
    expect(turns.expected(2)).toBe(75); // the median
    expect(turns.stay(2, 0, 0.5)).toBe(75);
    // Seated 100 minutes ago (the 75 % quantile): the middle of the stays past it is the 87.5 %, 112.5.
    expect(turns.stay(2, 100, 0.5)).toBeCloseTo(12.5, 5);
    expect(turns.stay(2, 100, 0)).toBeCloseTo(0 + 1, 5); // about to leave (at least a minute)
    // Past the 95 % (120): the tail of a lognormal of the spread the quantiles show, not "about to pay".
    expect(turns.stay(2, 120, 0.5)).toBeGreaterThan(8);
    expect(turns.stay(2, 120, 0.5)).toBeLessThan(15);
    // Past every draw: about to pay.
    expect(turns.stay(2, 400, 0.5)).toBe(1);
    // Too few samples: the default turn times stay (60 minutes for a couple).
    expect(turnModel([{ ...spread(2), samples: 4 }]).expected(2)).toBeCloseTo(60, 5);
  });

  it('waits for a table past its median by what the history says, not five minutes', () => {
    const [quote] = quoteWaits(
      base({
        seated: [{ tableId: 1, seatedAt: minutesAgo(100), partySize: 2 }],
        queue: couples([1]),
        turns: turnModel([spread(2)]),
      }),
    );
    // The middle draw: 12.5 more minutes at the table, 10 of cleaning.
    expect(quote?.estimateMinutes).toBe(23);
  });

  it('draws each party once in every slice of its stays, the same on every call', () => {
    const input = base({
      seated: [{ tableId: 1, seatedAt: minutesAgo(20), partySize: 2 }],
      queue: couples([1]),
      turns: turnModel([spread(2)]),
    });
    const { waits } = drawWaits(input);
    const drawn = [...waits].sort((a, b) => a - b);
    const turns = turnModel([spread(2)]);
    expect(drawn).toHaveLength(QUOTE_DRAWS);
    drawn.forEach((wait, d) => {
      expect(wait).toBeCloseTo(turns.stay(2, 20, (d + 0.5) / QUOTE_DRAWS) + 10, 5);
    });
    // Seeded by the table and the seating time, never by chance: two screens, one quote.
    expect([...drawWaits(input).waits]).toEqual([...waits]);
    expect(quoteWaits(input)).toEqual(quoteWaits(input));
  });

  it('lets the parties ahead who will walk away take no table', () => {
    const queue = couples([1, 2, 3, 4]);
    const all = quoteWaits(base({ queue })).map((q) => q.waitMinutes as number);
    // A table free now, then the middle of one couple's stay (60 by default) and cleaning, then of
    // two and three: the middle of a sum of right-skewed stays is more than the sum of the middles.
    expect(all.slice(0, 2)).toEqual([5, 70]);
    expect(all[2]).toBeGreaterThan(140);
    expect(all[3]).toBeGreaterThan(210);
    // Half of those facing a wait of 30 minutes or more leave: in half the draws the second party
    // is gone and leaves its table to the third.
    const half = quoteWaits(base({ queue, stayChance: (_, more) => (more < 30 ? 1 : 0.5) })).map(
      (q) => q.waitMinutes as number,
    );
    expect(half[1]).toBe(70);
    expect(half[2]).toBeLessThan((all[2] as number) - 20);
    expect(half[3]).toBeLessThan((all[3] as number) - 40);
  });

  it('quotes the wait of the guests who stay: the draws where the table comes late count less', () => {
    const input = base({
      seated: [{ tableId: 1, seatedAt: minutesAgo(0), partySize: 2 }],
      queue: couples([1]),
    });
    const staying = quoteWaits(input)[0]?.estimateMinutes as number;
    // Guests leave after 60 minutes of waiting: the draws past it hardly count.
    const leaving = quoteWaits({ ...input, stayChance: (_, more) => (more < 60 ? 1 : 0.05) })[0]
      ?.estimateMinutes as number;
    expect(leaving).toBeLessThan(staying);
    expect(leaving).toBeLessThan(60);
    // Where the record says nobody waits past 20 minutes, every draw counts alike: the middle one.
    const nobody = quoteWaits({ ...input, stayChance: (_, more) => (more < 20 ? 1 : 0) })[0];
    expect(nobody?.estimateMinutes).toBe(staying);
  });

  it('frees the table of a called party who never comes once the record says it stood waiting', () => {
    const queue = [...couples([1], 'away'), ...couples([2])];
    expect(quoteWaits(base({ queue })).map((q) => q.waitMinutes)).toEqual([5, 70]);
    const never = noShowChanceOf([{ from: 'away', called: 40, absent: 40, heldMinutes: 5 }]);
    expect(quoteWaits(base({ queue, noShows: never })).map((q) => q.estimateMinutes)).toEqual([0, 5]);
    // Fewer than 20 guests called: everyone comes.
    const few = noShowChanceOf([{ from: 'away', called: 19, absent: 19, heldMinutes: 5 }]);
    expect(few('away')).toEqual({ chance: 0, heldMinutes: 0 });
    expect(noShowChanceOf([{ from: 'away', called: 40, absent: 4, heldMinutes: 6 }])('away')).toEqual({
      chance: 0.1,
      heldMinutes: 6,
    });
  });

  it('expects a booked party to leave when parties of its size do, not at the end of its hold', () => {
    const hold = { tableId: 1, start: minutesAgo(30), end: new Date(NOW.getTime() + 90 * 60_000) };
    const [toTheEnd] = quoteWaits(base({ holds: [hold], queue: couples([1]) }));
    expect(toTheEnd?.estimateMinutes).toBe(100); // the hold's end and cleaning
    const [booked] = quoteWaits(base({ holds: [{ ...hold, partySize: 2 }], queue: couples([1]) }));
    // A couple 30 minutes at the table stays about 30 more by default (median 60), then cleaning.
    expect(booked?.estimateMinutes).toBeGreaterThan(30);
    expect(booked?.estimateMinutes).toBeLessThan(50);
  });

  it('learns from history how long guests wait before walking away', () => {
    // 100 joins: 40 called within 5 minutes, 10 left after 5-10 minutes, 10 after 10-15, and so on.
    const outcomes = [
      { minute: 0, called: 40, left: 0 },
      { minute: 5, called: 0, left: 10 },
      { minute: 10, called: 0, left: 10 },
      { minute: 15, called: 20, left: 20 },
    ];
    const stay = stayChanceOf(outcomes);
    // After the first step 60 wait on; 10 leave in the next: 50/60 are still there 5 minutes on.
    expect(stay(5, 5)).toBeCloseTo(50 / 60, 5);
    expect(stay(0, 0)).toBe(1);
    expect(stay(5, 10)).toBeCloseTo((50 / 60) * (40 / 50), 5);
    // Too little history: everyone stays.
    expect(stayChanceOf([{ minute: 5, called: 0, left: 10 }])(0, 60)).toBe(1);
  });

  it('corrects the estimate by how such estimates came true for such guests, step by step', () => {
    const correct = quoteCorrectionOf(
      {
        errors: [
          { from: 'door', step: 0, samples: 40, median: 3 },
          { from: 'away', step: 0, samples: 40, median: 7 },
          { from: 'door', step: 30, samples: 40, median: -4 },
          // Too few to say anything: the estimate stands.
          { from: 'away', step: 30, samples: 19, median: 12 },
        ],
        walks: [],
      },
      5,
    );
    // A table free now: the guest at the host stand in 3 minutes is held to the walk of 5; the one
    // who joined from away comes back in 7.
    expect(correct('door', 0)).toBe(5);
    expect(correct('away', 0)).toBe(7);
    // An estimate of 21-30 minutes came true 4 minutes sooner for door guests.
    expect(correct('door', 28)).toBe(24);
    expect(correct('away', 28)).toBe(28);
    // No record of a step: the estimate, never below the walk.
    expect(correct('door', 45)).toBe(45);
    expect([0, 1, 10, 11, 120, 121, 500].map(estimateStep)).toEqual([0, 10, 10, 20, 120, 130, 130]);
  });

  it('floors the quote at the walk the record shows, when guests of that kind are quicker than the setting', () => {
    const errors = [{ from: 'door' as const, step: 0, samples: 40, median: 2 }];
    const walks = [
      { from: 'door' as const, samples: 40, median: 2 },
      { from: 'away' as const, samples: 40, median: 9 },
    ];
    const correct = quoteCorrectionOf({ errors, walks }, 5);
    expect(correct('door', 0)).toBe(2);
    // Guests from away take longer than the setting: the setting is the floor, the record the rest.
    expect(correct('away', 0)).toBe(5);
    // The record's medians are minutes with fractions; quotes are whole minutes.
    const fractions = quoteCorrectionOf(
      {
        errors: [{ from: 'door', step: 0, samples: 40, median: 1.2 }],
        walks: [{ from: 'door', samples: 40, median: 1.5 }],
      },
      5,
    );
    expect(fractions('door', 0)).toBe(2);
    // Too few calls on record: the setting.
    expect(
      quoteCorrectionOf({ errors, walks: [{ from: 'door', samples: 19, median: 2 }] }, 5)('door', 0),
    ).toBe(5);
  });

  it('quotes each waiting party by where it joined from, and keeps the estimate it was corrected from', () => {
    const quotes = quoteWaits(
      base({
        tables: [fourTop(1), fourTop(2)],
        queue: [
          { id: 1, partySize: 2, waitedMinutes: 0, from: 'door' },
          { id: 2, partySize: 2, waitedMinutes: 0, from: 'away' },
        ],
        correct: quoteCorrectionOf(
          {
            errors: [
              { from: 'door', step: 0, samples: 40, median: 2 },
              { from: 'away', step: 0, samples: 40, median: 6 },
            ],
            walks: [{ from: 'door', samples: 40, median: 2 }],
          },
          5,
        ),
      }),
    );
    expect(quotes.map((q) => [q.waitMinutes, q.estimateMinutes])).toEqual([
      [2, 0],
      [6, 0],
    ]);
    expect(quotes[1]?.range).toEqual({ min: 0, max: 10 });
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
