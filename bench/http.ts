import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export interface HttpResult {
  database: 'pglite' | 'postgres';
  path: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

const DURATION_S = 10;
const CONNECTIONS = 20;
const PATHS = ['/api/restaurant/', '/api/health/'];
const BENCH_ADMIN = { email: 'bench@stolik.test', password: 'bench-password-1' };

/** A signed-in superuser's headers: the restaurant list is a staff call. */
async function bearer(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!res.ok) throw new Error(`bench sign-in failed: ${res.status}`);
  const { access } = (await res.json()) as { access: string };
  return { authorization: `Bearer ${access}` };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(
  root: string,
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ...env,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/health/`)).ok) return { url, child };
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start');
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function load(
  url: string,
  headers: Record<string, string>,
): Promise<Omit<HttpResult, 'database' | 'path'>> {
  // Warm-up, then the measured run.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export async function measureHttp(root: string, postgresUrl: string): Promise<HttpResult[]> {
  const results: HttpResult[] = [];

  const dataDir = mkdtempSync(path.join(tmpdir(), 'stolik-bench-'));
  const embedded = await startServer(root, { DATA_DIR: dataDir });
  const embeddedAuth = await bearer(embedded.url);
  for (const p of PATHS) {
    results.push({ database: 'pglite', path: p, ...(await load(`${embedded.url}${p}`, embeddedAuth)) });
  }
  await stop(embedded.child);
  rmSync(dataDir, { recursive: true, force: true });

  const name = `stolik_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.warn(
      `PostgreSQL at ${postgresUrl} is not reachable; skipping its runs:`,
      (error as Error).message,
    );
    return results;
  }
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const server = await startServer(root, { DATABASE_URL: url.toString() });
    const auth = await bearer(server.url);
    for (const p of PATHS) {
      results.push({ database: 'postgres', path: p, ...(await load(`${server.url}${p}`, auth)) });
    }
    await stop(server.child);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return results;
}
