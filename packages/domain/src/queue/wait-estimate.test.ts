import { describe, expect, it } from 'vitest';
import {
  noShowChanceOf,
  type QuoteInput,
  quoteCorrectionOf,
  quoteWaits,
  TURN_QUANTILES,
  type TurnModel,
  turnModel,
} from './quote';
import { defaultTurnMinutes, meanAbsoluteError, shareWithinRange, waitRange } from './wait-estimate';

const NOW = new Date('2026-11-20T19:00:00+03:00');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);
const inMinutes = (m: number) => new Date(NOW.getTime() + m * 60_000);

/** Every party stays exactly this long (a history without spread): the draws all agree. */
const fixedTurns = (minutes: (bucket: number) => number): TurnModel =>
  turnModel(
    [2, 4, 6, 8].map((bucket) => ({
      bucket,
      samples: 100,
      quantiles: TURN_QUANTILES.map(() => minutes(bucket)),
    })),
  );

interface HallInput {
  tables: QuoteInput['tables'];
  occupied?: QuoteInput['seated'];
  holds?: QuoteInput['holds'];
  queue: { id: number; partySize: number }[];
  turns?: TurnModel;
}

/**
 * The hall simulation's estimates (quote.ts), uncorrected, with turn times easy to reason about:
 * 60 min for any party; 10 min of cleaning; nobody walks away.
 */
const estimateWaits = (hall: HallInput) =>
  quoteWaits({
    now: NOW,
    tables: hall.tables,
    seated: hall.occupied ?? [],
    holds: hall.holds ?? [],
    queue: hall.queue.map((p) => ({ ...p, waitedMinutes: 0, from: 'door' as const })),
    turns: hall.turns ?? fixedTurns(() => 60),
    cleaningMinutes: 10,
    correct: quoteCorrectionOf({ errors: [], walks: [] }, 0),
    stayChance: () => 1,
    noShows: noShowChanceOf([]),
  }).map(({ estimateMinutes: _, ...estimate }) => estimate);

const twoTop = (id: number) => ({ id, seatsMin: 1, seatsMax: 2 });
const fourTop = (id: number) => ({ id, seatsMin: 2, seatsMax: 4 });
const eightTop = (id: number) => ({ id, seatsMin: 5, seatsMax: 8 });

describe('wait estimates (a simulation of the hall, quote.ts)', () => {
  it('seats at once when a fitting table is free', () => {
    const [estimate] = estimateWaits({ tables: [fourTop(1)], queue: [{ id: 1, partySize: 3 }] });
    expect(estimate).toMatchObject({ waitMinutes: 0, tableId: 1 });
  });

  it('waits for the fitting table that frees first: seated + turn + cleaning', () => {
    const estimates = estimateWaits({
      tables: [fourTop(1), fourTop(2)],
      occupied: [
        { tableId: 1, seatedAt: minutesAgo(20), partySize: 4 }, // frees in 40 + 10
        { tableId: 2, seatedAt: minutesAgo(45), partySize: 2 }, // frees in 15 + 10
      ],
      queue: [{ id: 7, partySize: 4 }],
    });
    expect(estimates).toEqual([{ id: 7, waitMinutes: 25, range: { min: 15, max: 35 }, tableId: 2 }]);
  });

  it('seats the queue in order: the next party of the same size waits for the next table', () => {
    const estimates = estimateWaits({
      tables: [fourTop(1), fourTop(2)],
      occupied: [
        { tableId: 1, seatedAt: minutesAgo(20), partySize: 4 },
        { tableId: 2, seatedAt: minutesAgo(45), partySize: 2 },
      ],
      queue: [
        { id: 1, partySize: 4 },
        { id: 2, partySize: 4 },
        { id: 3, partySize: 4 },
      ],
    });
    // Table 2 at +25, table 1 at +50, then table 2 again after the first party: 25 + 60 + 10.
    expect(estimates.map((e) => [e.waitMinutes, e.tableId])).toEqual([
      [25, 2],
      [50, 1],
      [95, 2],
    ]);
  });

  it('lets a small party take a small table that the large party ahead of it cannot use', () => {
    const estimates = estimateWaits({
      tables: [twoTop(1), eightTop(2)],
      occupied: [{ tableId: 2, seatedAt: minutesAgo(10), partySize: 8 }],
      queue: [
        { id: 1, partySize: 6 },
        { id: 2, partySize: 2 },
      ],
    });
    expect(estimates.map((e) => [e.id, e.waitMinutes, e.tableId])).toEqual([
      [1, 60, 2],
      [2, 0, 1],
    ]);
  });

  it('prefers the table with the fewest wasted seats when two free at once', () => {
    const [estimate] = estimateWaits({ tables: [eightTop(1), fourTop(2)], queue: [{ id: 1, partySize: 5 }] });
    expect(estimate?.tableId).toBe(1);
    const [couple] = estimateWaits({ tables: [fourTop(1), twoTop(2)], queue: [{ id: 1, partySize: 2 }] });
    expect(couple?.tableId).toBe(2);
  });

  it('does not put a party at a table held by a booking it would run into', () => {
    const estimates = estimateWaits({
      tables: [fourTop(1), fourTop(2)],
      occupied: [{ tableId: 2, seatedAt: minutesAgo(30), partySize: 4 }], // frees in 30 + 10
      // Table 1 is free now, but booked from 19:30 to 21:00: a 60-minute visit does not fit.
      holds: [{ tableId: 1, start: inMinutes(30), end: inMinutes(120) }],
      queue: [{ id: 1, partySize: 4 }],
    });
    expect(estimates[0]).toMatchObject({ waitMinutes: 40, tableId: 2 });
  });

  it('counts cleaning once between a party and the booking after it', () => {
    // A couple stays 60 minutes and the table takes 10 to clear: a booking in 70 minutes leaves room.
    const fits = estimateWaits({
      tables: [twoTop(1)],
      holds: [{ tableId: 1, start: inMinutes(70), end: inMinutes(190) }],
      queue: [{ id: 1, partySize: 2 }],
    });
    expect(fits[0]).toMatchObject({ waitMinutes: 0, tableId: 1 });
    // In 69 minutes it does not: the couple waits for the booking to end and the table to clear.
    const late = estimateWaits({
      tables: [twoTop(1)],
      holds: [{ tableId: 1, start: inMinutes(69), end: inMinutes(189) }],
      queue: [{ id: 1, partySize: 2 }],
    });
    expect(late[0]).toMatchObject({ waitMinutes: 199, tableId: 1 });
  });

  it('treats a table past every stay on record as freeing within a minute', () => {
    const [estimate] = estimateWaits({
      tables: [fourTop(1)],
      occupied: [{ tableId: 1, seatedAt: minutesAgo(150), partySize: 4 }],
      queue: [{ id: 1, partySize: 4 }],
    });
    expect(estimate?.waitMinutes).toBe(11); // a minute to pay + 10 of cleaning
  });

  it('gives no estimate for a party no table can seat', () => {
    const [estimate] = estimateWaits({ tables: [fourTop(1)], queue: [{ id: 1, partySize: 12 }] });
    expect(estimate).toEqual({ id: 1, waitMinutes: null, range: null, tableId: null });
  });

  it('uses the turn time of each party size', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(defaultTurnMinutes)).toEqual([60, 60, 75, 75, 90, 90, 105, 105]);
    const [estimate] = estimateWaits({
      tables: [fourTop(1)],
      occupied: [{ tableId: 1, seatedAt: NOW, partySize: 4 }],
      queue: [{ id: 1, partySize: 2 }],
      turns: fixedTurns(defaultTurnMinutes),
    });
    expect(estimate?.waitMinutes).toBe(85); // 75 for the four at the table + 10 cleaning
  });
});

describe('quote accuracy', () => {
  it('gives a range of a quarter either way, in 5-minute steps', () => {
    expect(waitRange(0)).toEqual({ min: 0, max: 5 });
    expect(waitRange(20)).toEqual({ min: 15, max: 25 });
    expect(waitRange(42)).toEqual({ min: 30, max: 55 });
  });

  it('measures the mean absolute error and the share seated within the quoted range', () => {
    const pairs = [
      { quoted: 20, actual: 25 },
      { quoted: 20, actual: 15 },
      { quoted: 40, actual: 70 },
    ];
    expect(meanAbsoluteError(pairs)).toBeCloseTo((5 + 5 + 30) / 3);
    expect(shareWithinRange(pairs)).toBeCloseTo(2 / 3);
    expect(meanAbsoluteError([])).toBeNull();
  });
});
