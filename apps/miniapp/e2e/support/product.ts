import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FakeBotApi } from '@stolik/bot/testing';
import { TEST_BOT_TOKEN } from './telegram-launch';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/api/src/server.ts');
// MINIAPP_DIST: a build elsewhere (a second checkout's screenshots while this one's tests run).
const DIST = process.env.MINIAPP_DIST ?? path.join(REPO_ROOT, 'apps/miniapp/dist');

export const ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' };

export interface RunningProduct {
  url: string;
  output: () => string;
  stop(): Promise<void>;
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
 * Starts the real product, as `pnpm start` runs it (API + built mini-app, embedded database in a
 * fresh folder), on a free port, and waits until it answers.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  // The bot runs inside the product as in production, talking to a local fake Bot API.
  const botApi = new FakeBotApi();
  const botApiRoot = await botApi.start();
  if (!existsSync(path.join(DIST, 'index.html'))) {
    throw new Error(
      'The mini-app is not built: run `pnpm build` (the test script does) before the browser tests.',
    );
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stolik-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
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
  const deadline = Date.now() + 90_000;
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
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      await botApi.stop();
    },
  };
}
