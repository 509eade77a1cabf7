/** A small seeded generator (mulberry32): the same seed gives the same night on any machine. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => {
    const u = Math.max(next(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
  };
  return {
    next,
    normal,
    /** A lognormal draw with this median and shape (sigma of the log). */
    lognormal: (median: number, sigma: number) => median * Math.exp(sigma * normal()),
    /** One of `values` with the given weights. */
    pick: <T>(values: readonly (readonly [T, number])[]): T => {
      const total = values.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [value, weight] of values) {
        r -= weight;
        if (r < 0) return value;
      }
      return (values[values.length - 1] as readonly [T, number])[0];
    },
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof rng>;
