import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FakeBotApi } from '@stolik/bot/testing';
import { inject } from 'vitest';
import { builtEntry, TEST_PRODUCT_NODE_FLAGS, testClockEnv } from '../../../api/build';
import { TEST_BOT_TOKEN } from './telegram-launch';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data folder of a product started once and stopped (see `global-setup.ts`). */
    stolikProductData: string;
  }
}

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
// MINIAPP_DIST: a build elsewhere (a second checkout's screenshots while this one's tests run).
const DIST = process.env.MINIAPP_DIST ?? path.join(REPO_ROOT, 'apps/miniapp/dist');

export const ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' };

export interface RunningProduct {
  url: string;
  output: () => string;
  /** `keepData`: the data folder stays, for the test to read the product's database, and to remove. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** The product's data folder (its embedded database). */
  dataDir?: string;
  /** The fake Bot API the product's bot talks to (a test may make it refuse a chat). */
  botApi: FakeBotApi;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real product, as `pnpm start` runs it (the API's bundle and the built mini-app, the
 * embedded database in a folder of its own), on a free port, and waits until it answers. Under
 * Vitest the folder starts as a copy of the one a product started and stopped at the beginning of the run (migrated, with the
 * demo restaurant and the admin): what any later start of `pnpm start` finds; each file's product
 * then changes only its own copy. Without that copy (another runner, or `env` given), the folder
 * starts empty, as on a first start.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stolik-e2e-'));
  const template = Object.keys(env).length === 0 ? startedData() : undefined;
  if (template) cpSync(template, dataDir, { recursive: true });
  const product = await startIn(dataDir, env);
  return {
    ...product,
    dataDir,
    stop: async (options = {}) => {
      await product.stop();
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The data folder of this run's first start, when the file runs under Vitest's global setup. */
function startedData(): string | undefined {
  try {
    return inject('stolikProductData') || undefined;
  } catch {
    return undefined; // not under Vitest's runner
  }
}

/**
 * Starts the product on an empty folder and stops it: its data folder, migrated and seeded as
 * every first start leaves it, for `startProduct` to copy. `remove` deletes it.
 */
export async function startedDataFolder(): Promise<{ folder: string; remove: () => void }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'stolik-e2e-data-'));
  try {
    const product = await startIn(folder, {});
    await product.stop();
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

async function startIn(dataDir: string, env: Record<string, string>): Promise<RunningProduct> {
  // The bot runs inside the product as in production, talking to a local fake Bot API.
  const botApi = new FakeBotApi();
  const botApiRoot = await botApi.start();
  if (!existsSync(path.join(DIST, 'index.html'))) {
    throw new Error(
      'The mini-app is not built: run `pnpm build` (the test script does) before the browser tests.',
    );
  }
  const server = builtEntry('server');
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [...TEST_PRODUCT_NODE_FLAGS, server], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      // Under `pnpm test:hours`, the hour the test runs at.
      ...testClockEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      MINIAPP_DIST: DIST,
      BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_API_ROOT: botApiRoot,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });

  const url = `http://127.0.0.1:${port}`;
  // Five minutes: migrating the embedded database takes nearly two on a machine busy with other runs.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the product did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    output: () => output,
    botApi,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await botApi.stop();
    },
  };
}
