import { describe, expect, it } from 'vitest';
import { measureQuotes, PRODUCT, RULES } from './index';

/**
 * Issue #20: the product's quotes on ten fixed seeded nights of every scenario (the figures of
 * `pnpm bench quotes` run on fewer nights). Not a timed test: these are accuracy figures, and the
 * same seeds give the same nights on any machine.
 */
describe('quote accuracy on simulated service nights', () => {
  const result = measureQuotes(10);

  it('misses by about half of what every rule peers use misses by, and leaves few guests waiting 10+ min past the quote', () => {
    const product = result.overall[PRODUCT];
    if (!product) throw new Error('no product figures');
    for (const rule of RULES) expect(product.mae, rule).toBeLessThan((result.overall[rule]?.mae ?? 0) * 0.52);
    // Measured when written: MAE 3.11 min (best rule 6.23: 0.50), 3.4 % seated 10+ min past the
    // quote, 89.2 % no later than quote + 5. With one simulation of middling stays instead of 19
    // drawn (before the draws): MAE 3.58 (0.58), 3.7 %, 87.2 %.
    expect(product.mae).toBeLessThan(3.25);
    expect(product.late10).toBeLessThan(0.04);
    expect(product.withinPlus5).toBeGreaterThan(0.88);
    expect(result.line).toMatch(
      /^quotes: MAE ratio \d+\.\d\d \(product \d+\.\d min, best rule [a-z0-9 ]+ \d+\.\d min\); late 10\+ min \d+\.\d %$/,
    );
  });

  it('draws the same nights from the same seeds', () => {
    expect(measureQuotes(1).table).toEqual(measureQuotes(1).table);
  });
});
