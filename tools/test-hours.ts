/**
 * `pnpm test:hours`: the suites that depend on the time of day, run with the clock moved to the
 * hours where a service day, a date, a month or a year turns (not part of `pnpm test`).
 *
 * The clock is moved by Debian's libfaketime: FAKETIME="+<seconds>" moves the wall clock of Vitest,
 * its workers, the products they start (apps/api/build.ts, `testClockEnv`) and the in-process
 * PGlite's `now()`, and keeps running from there; the monotonic clock is left alone, so timers are
 * untouched. Chromium is kept off it, and its pages are given the moved time by Playwright's clock
 * (apps/miniapp/e2e/support/browser.ts). PostgreSQL's own clock cannot be moved, so the `:postgres`
 * projects are left out. Each instant is the next one to come, so the moved clock is always ahead
 * of the real one (the browser's cookies, stamped by the product, then never expire early).
 *
 * Each project runs in a Vitest of its own, started at the instant: run one after the other, the
 * last would start many minutes after it. Arguments select a subset (instants, projects, and
 * test files as Vitest filters them, which go with one --project):
 *   pnpm test:hours -- 06:05 month-end --project e2e --project api:pglite --no-build
 *   pnpm test:hours -- 06:05 --project e2e e2e/booking.e2e.ts --no-build
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';

/** The projects whose results can depend on the hour (vitest.config.ts names them). */
const PROJECTS = ['domain', 'bot', 'miniapp', 'miniapp-own-modules', 'db:pglite', 'api:pglite', 'e2e'];

/** How long one project may run at one instant before it is stopped and counted as failed. */
const LIMIT_MS = { e2e: 20 * 60_000, other: 12 * 60_000 };

/** The demo restaurant keeps Moscow time, UTC+3 all year (no summer time since 2014). */
const MOSCOW_OFFSET_MS = 3 * 3600_000;

/** Moscow's calendar date and hour of an instant, as numbers. */
function moscow(at: number): { year: number; month: number; day: number } {
  const d = new Date(at + MOSCOW_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate() };
}
/** The instant of a Moscow date and time (month 0-based; days past the month's end roll over). */
const atMoscow = (year: number, month: number, day: number, hour: number, minute: number) =>
  Date.UTC(year, month, day, hour, minute) - MOSCOW_OFFSET_MS;

/** The next instant after `now` at hour:minute Moscow time, on any day. */
function nextDaily(now: number, hour: number, minute: number): number {
  const { year, month, day } = moscow(now);
  const today = atMoscow(year, month, day, hour, minute);
  return today > now ? today : atMoscow(year, month, day + 1, hour, minute);
}

/** The next 23:55 of a month's last day (Date.UTC's day 0 of the next month is its last). */
function nextMonthEnd(now: number): number {
  const { year, month } = moscow(now);
  const thisMonth = atMoscow(year, month + 1, 0, 23, 55);
  return thisMonth > now ? thisMonth : atMoscow(year, month + 2, 0, 23, 55);
}

/** The next 31 December, 23:55. */
function nextYearEnd(now: number): number {
  const { year } = moscow(now);
  const thisYear = atMoscow(year, 11, 31, 23, 55);
  return thisYear > now ? thisYear : atMoscow(year + 1, 11, 31, 23, 55);
}

/**
 * The instants: just before and after the service day turns (06:00, serviceDateOf), just before
 * and after the date turns, and the last evening of a month and of a year (23:55: the run goes on
 * past midnight into the next month or year).
 */
const INSTANTS: Record<string, (now: number) => number> = {
  '05:55': (now) => nextDaily(now, 5, 55),
  '06:05': (now) => nextDaily(now, 6, 5),
  '23:55': (now) => nextDaily(now, 23, 55),
  '00:05': (now) => nextDaily(now, 0, 5),
  'month-end': nextMonthEnd,
  'year-end': nextYearEnd,
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const moscowLabel = (at: number) =>
  `${new Date(at + MOSCOW_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ')} Moscow`;

function parseArguments(args: string[]): {
  instants: string[];
  projects: string[];
  files: string[];
  build: boolean;
} {
  const instants: string[] = [];
  const projects: string[] = [];
  const files: string[] = [];
  let build = true;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') continue; // what pnpm may pass on before a script's own arguments
    if (arg === '--no-build') build = false;
    else if (arg === '--project') {
      const name = args[++i];
      if (!name || !PROJECTS.includes(name)) fail(`--project takes one of: ${PROJECTS.join(', ')}`);
      projects.push(name);
    } else if (arg in INSTANTS) instants.push(arg);
    else if (/\.tsx?$/.test(arg)) files.push(arg);
    else fail(`unknown argument ${arg}: instants are ${Object.keys(INSTANTS).join(', ')}`);
  }
  return {
    instants: instants.length ? instants : Object.keys(INSTANTS),
    projects: projects.length ? projects : PROJECTS,
    files,
    build,
  };
}

function fail(message: string): never {
  console.error(`test:hours: ${message}`);
  process.exit(2);
}

/** Runs a command to its end, or stops it (its whole process group) after `limitMs`. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, limitMs: number): Promise<string> {
  return new Promise((resolve) => {
    // Its own process group, so that a run past its limit is stopped with everything it started.
    const child = spawn(command, args, { stdio: 'inherit', env, detached: true });
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
      resolve(`stopped after ${seconds(limitMs)}`);
    }, limitMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve(`could not start: ${error.message}`);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code === 0 ? '' : `exit ${code ?? signal}`);
    });
  });
}

const { instants, projects, files, build } = parseArguments(process.argv.slice(2));
if (!existsSync(LIBFAKETIME)) fail(`no libfaketime at ${LIBFAKETIME}: apt-get install -y faketime`);

// The vitest runs' environment: not split into the paced part, and no PostgreSQL (its clock stays).
const { STOLIK_TEST_PART: _part, TEST_DATABASE_URL: _postgres, ...baseEnv } = process.env;

// The browser suite and the API's server tests run the built product, built once on the real clock.
if (build && (await run('pnpm', ['build'], baseEnv, 10 * 60_000)) !== '') fail('the build failed');

const started = Date.now();
const summaries: string[] = [];
let failures = 0;
for (const name of instants) {
  const instantStarted = Date.now();
  const failed: string[] = [];
  let at = 0;
  for (const project of projects) {
    // Computed at each start, so that every project starts at the instant itself.
    at = (INSTANTS[name] as (now: number) => number)(Date.now());
    const offset = Math.round((at - Date.now()) / 1000);
    console.info(`\n▶ ${name} (${moscowLabel(at)}): ${project}`);
    const env = {
      ...baseEnv,
      FAKETIME: `+${offset}`,
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
      LD_PRELOAD: LIBFAKETIME,
    };
    const limit = project === 'e2e' ? LIMIT_MS.e2e : LIMIT_MS.other;
    const outcome = await run('vitest', ['run', '--project', project, ...files], env, limit);
    if (outcome) failed.push(`${project} (${outcome})`);
  }
  const line =
    `${name} (${moscowLabel(at)}): ${failed.length ? `FAILED ${failed.join(', ')}` : 'passed'}` +
    ` — ${projects.join(', ')} in ${seconds(Date.now() - instantStarted)}`;
  console.info(`◀ ${line}`);
  summaries.push(line);
  if (failed.length) failures++;
}

console.info(`\ntest:hours\n${summaries.map((line) => `  ${line}`).join('\n')}`);
console.info(
  `test:hours: ${failures ? `${failures} of ${instants.length} instants FAILED` : `all ${instants.length} instants passed`} in ${seconds(Date.now() - started)}`,
);
process.exit(failures ? 1 : 0);
