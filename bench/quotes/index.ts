import { quoteOutcome } from '@stolik/domain';
import { SCENARIOS, type Scenario } from './model';
import { type NightRecord, type Quoter, simulateNight } from './night';
import { PRODUCT_NAME, productQuoter } from './product';
import { rng } from './random';
import { historyBySizeAndHour, lastHourAverage, perPartyAhead } from './rules';

export const PRODUCT = PRODUCT_NAME;
export const RULES = [
  '5 min per party',
  '10 min per party',
  'last hour average',
  'history by size and hour',
] as const;
const HISTORY_NIGHTS = 28;

export interface Accuracy {
  guests: number;
  /** Mean absolute error, minutes. */
  mae: number;
  /** Seated no later than quote + 5 minutes. */
  withinPlus5: number;
  /** Seated more than 10 minutes past the quote. */
  late10: number;
}

export function accuracy(pairs: { quoted: number; actual: number }[]): Accuracy {
  const n = pairs.length || 1;
  return {
    guests: pairs.length,
    mae: pairs.reduce((s, p) => s + Math.abs(p.actual - p.quoted), 0) / n,
    withinPlus5: pairs.filter((p) => quoteOutcome(p.quoted, p.actual) === 'on_time').length / n,
    late10: pairs.filter((p) => quoteOutcome(p.quoted, p.actual) === 'late_10').length / n,
  };
}

export interface ScenarioResult {
  scenario: string;
  nights: number;
  joins: number;
  seated: number;
  meanWait: number;
  /** Quote/actual pairs of seated queue parties, by quoter. */
  pairs: Record<string, { quoted: number; actual: number }[]>;
}

/**
 * One scenario: 28 nights to build the restaurant's history (the API learns from the last 28 days),
 * then `nights` quoted nights, each one's history the 28 nights before it. Deterministic: night k of
 * scenario s always draws from seed (s + 1) * 100_003 + k.
 */
export function runScenario(scenario: Scenario, index: number, nights: number): ScenarioResult {
  const history: NightRecord[] = [];
  const pairs: Record<string, { quoted: number; actual: number }[]> = { [PRODUCT]: [] };
  for (const rule of RULES) pairs[rule] = [];
  let joins = 0;
  let seated = 0;
  let waitSum = 0;
  for (let k = 0; k < HISTORY_NIGHTS + nights; k += 1) {
    const measured = k >= HISTORY_NIGHTS;
    const past = history.slice(-HISTORY_NIGHTS);
    // The product quotes on the history nights too: the API keeps its estimates, and the later
    // nights' quotes learn from them (how such estimates came true).
    const quoters: Record<string, Quoter> = measured
      ? {
          [PRODUCT]: productQuoter(past),
          '5 min per party': perPartyAhead(5),
          '10 min per party': perPartyAhead(10),
          'last hour average': lastHourAverage,
          'history by size and hour': historyBySizeAndHour(past),
        }
      : { [PRODUCT]: productQuoter(past) };
    const night = simulateNight(rng((index + 1) * 100_003 + k), scenario, quoters);
    history.push(night);
    if (history.length > HISTORY_NIGHTS) history.shift();
    if (!measured) continue;
    joins += night.parties.length;
    for (const p of night.parties) {
      if (p.seatedAt === null) continue;
      seated += 1;
      const actual = p.seatedAt - p.joinedAt;
      waitSum += actual;
      for (const [name, quoted] of Object.entries(p.quotes)) {
        if (quoted !== null && quoted !== undefined) pairs[name]?.push({ quoted, actual });
      }
    }
  }
  return { scenario: scenario.name, nights, joins, seated, meanWait: seated ? waitSum / seated : 0, pairs };
}

export interface QuotesBench {
  scenarios: ScenarioResult[];
  table: Record<string, Record<string, string | number>>;
  overall: Record<string, Accuracy>;
  bestRule: string;
  ratio: number;
  line: string;
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

export function measureQuotes(nights = 100, scenarios: Scenario[] = SCENARIOS): QuotesBench {
  const results = scenarios.map((scenario, i) => runScenario(scenario, i, nights));
  const quoters = [PRODUCT, ...RULES];
  const table: Record<string, Record<string, string | number>> = {};
  for (const r of results) {
    for (const name of quoters) {
      const a = accuracy(r.pairs[name] ?? []);
      table[`${r.scenario} · ${name}`] = {
        'MAE min': Number(a.mae.toFixed(1)),
        'within +5': pct(a.withinPlus5),
        'late 10+': pct(a.late10),
        guests: a.guests,
        'mean wait': Number(r.meanWait.toFixed(1)),
      };
    }
  }
  const overall = Object.fromEntries(
    quoters.map((name) => [name, accuracy(results.flatMap((r) => r.pairs[name] ?? []))]),
  );
  for (const name of quoters) {
    const a = overall[name] as Accuracy;
    table[`all · ${name}`] = {
      'MAE min': Number(a.mae.toFixed(1)),
      'within +5': pct(a.withinPlus5),
      'late 10+': pct(a.late10),
      guests: a.guests,
      'mean wait': '',
    };
  }
  const bestRule = [...RULES].sort((a, b) => (overall[a]?.mae ?? 0) - (overall[b]?.mae ?? 0))[0] as string;
  const product = overall[PRODUCT] as Accuracy;
  const best = overall[bestRule] as Accuracy;
  const ratio = product.mae / best.mae;
  const line = `quotes: MAE ratio ${ratio.toFixed(2)} (product ${product.mae.toFixed(1)} min, best rule ${bestRule} ${best.mae.toFixed(1)} min); late 10+ min ${(product.late10 * 100).toFixed(1)} %`;
  return { scenarios: results, table, overall, bestRule, ratio, line };
}
