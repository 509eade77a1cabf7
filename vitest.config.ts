import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One run for the whole repository. Code that talks to the database runs twice: on an in-memory
 * PGlite, and on PostgreSQL when TEST_DATABASE_URL points at a server (each test file then gets its
 * own database). The browser suite runs last, alone, against the built product.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
// Migrates once per run the database each test file then copies (packages/db/src/testing.ts).
const databaseSetup = fileURLToPath(new URL('./packages/db/src/test-global-setup.ts', import.meta.url));

function unit(name: string, root: string, hookTimeout?: number): TestProjectInlineConfiguration {
  return { test: { name, root, include: ['src/**/*.test.ts'], ...(hookTimeout ? { hookTimeout } : {}) } };
}

function onEveryDatabase(name: string, root: string): TestProjectInlineConfiguration[] {
  const project = (engine: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
    test: {
      name: `${name}:${engine}`,
      root,
      // *.postgres.test.ts: what only a server has (connections that drop, other processes).
      include: ['src/**/*.test.ts'],
      exclude: engine === 'postgres' ? [] : ['src/**/*.postgres.test.ts'],
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
  return postgresUrl ? [project('pglite'), project('postgres')] : [project('pglite')];
}

export default defineConfig({
  test: {
    reporters: ['default', './tools/summary-reporter.ts'],
    // Two files at a time (Vitest's default on two cores is one): many of the API's files spend
    // their time waiting (on timers, child processes, the other database), not computing.
    maxWorkers: 2,
    projects: [
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
      ...onEveryDatabase('api', 'apps/api'),
      './apps/miniapp/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'apps/miniapp',
          include: ['e2e/**/*.e2e.ts'],
          // Starts the product once, for the data folder every file's product copies.
          globalSetup: [
            fileURLToPath(new URL('./apps/miniapp/e2e/support/global-setup.ts', import.meta.url)),
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
