import { expect } from 'vitest';

/**
 * A wait behind `turns` drawn stays of `minutes` each in the middle (cleaning included): the quote
 * is the middle of the hall simulated 19 times with the stays drawn, seeded by the tables' seating
 * times and the entries' ids, so it is about the sum of the middles, a little more (stays are
 * right-skewed), and not the same figure on every run of a test (packages/domain quote.ts).
 */
export function expectAboutTurns(wait: number | null | undefined, turns: number, minutes = 70): void {
  expect(wait).toBeGreaterThanOrEqual(Math.floor(turns * minutes * 0.85));
  expect(wait).toBeLessThanOrEqual(Math.ceil(turns * minutes * 1.25));
}
