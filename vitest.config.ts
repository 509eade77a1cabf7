import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One run for the whole repository. Code that talks to the database runs twice: on an in-memory
 * PGlite, and on PostgreSQL when TEST_DATABASE_URL points at a server (each test file then gets its
 * own database). The browser suite runs after them, two files at a time, against the built product.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
// Migrates once per run the database each test file then copies (packages/db/src/testing.ts).
const databaseSetup = fileURLToPath(new URL('./packages/db/src/test-global-setup.ts', import.meta.url));

function unit(name: string, root: string, hookTimeout?: number): TestProjectInlineConfiguration {
  return { test: { name, root, include: ['src/**/*.test.ts'], ...(hookTimeout ? { hookTimeout } : {}) } };
}

/**
 * Tests that measure the Telegram dispatcher's pace (at most 30 messages in any second, its
 * pauses, a message within 2 s) by the clock of the process they run in: a file running beside
 * them at the same priority can stall that clock and bunch what was sent evenly. They run one file
 * at a time; under `pnpm test` in a Vitest of their own beside the rest, which runs at a lower
 * priority and so gives way whenever they have work (tools/test.ts); under a plain `vitest run`
 * after everything else. (What the dispatcher sends and keeps, untimed, is in
 * dispatcher-deliveries.test.ts and runs with the rest.)
 */
const PACED = [
  'src/modules/telegram/telegram-e2e*.test.ts',
  'src/modules/telegram/dispatcher.test.ts',
  'src/modules/telegram/dispatcher.postgres.test.ts',
  // Production's shape behind Caddy (src/production): they measure changes reaching screens
  // within 1 s and streams back within 3 s while processes restart, by this process's clock.
  'src/production/*.postgres.test.ts',
];

/**
 * `pnpm test` (tools/test.ts) runs the paced files in a Vitest of their own, beside the rest at a
 * lower priority: STOLIK_TEST_PART=paced keeps only them, =unpaced everything but them. Unset (a
 * plain `vitest run`), every project runs, the paced ones last and alone as their group order says.
 */
const part = process.env.STOLIK_TEST_PART;
const isPaced = (project: TestProjectInlineConfiguration | string) => {
  const name = typeof project === 'string' ? undefined : project.test?.name;
  return (typeof name === 'string' ? name : (name?.label ?? '')).includes('-paced:');
};
function ofThisPart(projects: (TestProjectInlineConfiguration | string)[]) {
  if (part === 'paced') return projects.filter(isPaced);
  if (part === 'unpaced') return projects.filter((project) => !isPaced(project));
  return projects;
}

function onEveryDatabase(name: string, root: string, paced: string[] = []): TestProjectInlineConfiguration[] {
  const project = (engine: 'pglite' | 'postgres', alone = false): TestProjectInlineConfiguration => ({
    test: {
      name: `${name}${alone ? '-paced' : ''}:${engine}`,
      root,
      // *.postgres.test.ts: what only a server has (connections that drop, other processes).
      include: alone ? paced : ['src/**/*.test.ts'],
      exclude: [...(engine === 'postgres' ? [] : ['src/**/*.postgres.test.ts']), ...(alone ? [] : paced)],
      ...(alone ? { fileParallelism: false, sequence: { groupOrder: engine === 'pglite' ? 2 : 3 } } : {}),
      env: { STOLIK_TEST_DB: engine },
      globalSetup: [databaseSetup],
      testTimeout: 20_000,
      hookTimeout: 60_000,
      // The files of a worker share its loaded modules instead of loading the API again for each
      // (half of their CPU time). Safe here: these files mock nothing and change no global state;
      // each still has an app and a database of its own.
      isolate: false,
    },
  });
  const engines: ('pglite' | 'postgres')[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
  return [
    ...engines.map((engine) => project(engine)),
    ...(paced.length ? engines.map((engine) => project(engine, true)) : []),
  ];
}

export default defineConfig({
  test: {
    reporters: ['default', './tools/summary-reporter.ts'],
    // Three files at a time (Vitest's default on two cores is one): many of the API's files spend
    // their time waiting (on timers, child processes, the other database), not computing. On the
    // 2-core machine (27 November 2026, idle) everything but the browser suite took 201 s two at
    // a time, 181 s three at a time, 190 s four at a time.
    maxWorkers: 3,
    projects: ofThisPart([
      unit('domain', 'packages/domain'),
      unit('contracts', 'packages/contracts'),
      unit('i18n', 'packages/i18n'),
      // The bot's tests open a migrated database first: slow on a busy machine.
      unit('bot', 'bot', 60_000),
      // The repository's own tools (the dependency audit's decision).
      { test: { name: 'tools', root: 'tools', include: ['*.test.ts'] } },
      // The benchmarks' own figures that must not slide back (the quote accuracy of issue #20).
      { test: { name: 'bench', root: 'bench', include: ['**/*.test.ts'], testTimeout: 120_000 } },
      ...onEveryDatabase('db', 'packages/db'),
      ...onEveryDatabase('api', 'apps/api', PACED),
      './apps/miniapp/vitest.config.ts',
      './apps/miniapp/vitest.own-modules.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'apps/miniapp',
          include: ['e2e/**/*.e2e.ts'],
          // Starts the product once, for the data folder every file's product copies.
          globalSetup: [
            fileURLToPath(new URL('./apps/miniapp/e2e/support/global-setup.ts', import.meta.url)),
          ],
          // Watchdogs, not measures: a run beside other work at normal priority (this suite runs at
          // nice 10 under `pnpm test`) got a tenth of the machine and stretched flows that take 15–30 s
          // to over 60 s (six of them failed that way on 26 November, nothing else did).
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // A watchdog, not a measure: what a page shows after a tap is polled for up to 10 s, as
          // Playwright's own waits allow. Vitest's default, 1 s, failed on a loaded machine (a
          // Telegram popup 1.2 s after a tap), and a screen whose code is still loading keeps the one
          // before it while the address has already changed (React Router's navigations are
          // transitions). What the tests expect to appear is unchanged.
          expect: { poll: { timeout: 10_000 } },
          // Three files at a time, each with its own product (its own data folder and port) and its
          // own browser: a browser test spends much of its time waiting on the page (one file at a
          // time kept under one core busy: 615 s for the suite; two at a time 334 s).
          fileParallelism: true,
          maxWorkers: 3,
          // A worker's files share its loaded modules (playwright-core, the support files: about
          // 1.5 s of CPU a file), as the API's do; each file still has its own product and
          // browser context, and the support files keep no state of their own.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ]),
  },
});
