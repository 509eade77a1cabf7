import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { builtEntry } from '../apps/api/build';

export type BenchDatabase = 'pglite' | 'postgres';

export interface HttpResult {
  database: BenchDatabase;
  path: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

const DURATION_S = 10;
const CONNECTIONS = 20;
const PATHS = ['/api/restaurant/', '/api/health/'];
export const BENCH_ADMIN = { email: 'bench@stolik.test', password: 'bench-password-1' };
/** The demo restaurant the seed creates in an empty database. */
export const BENCH_RESTAURANT_ID = 1;

/** A signed-in superuser's headers: the restaurant list is a staff call. */
export async function bearer(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!res.ok) throw new Error(`bench sign-in failed: ${res.status}`);
  const { access } = (await res.json()) as { access: string };
  return { authorization: `Bearer ${access}` };
}

/** A JSON call to the running product; anything but 2xx throws with the reply's body. */
export async function api<T>(
  url: string,
  auth: Record<string, string>,
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new ApiError(method, route, res.status, text);
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export class ApiError extends Error {
  constructor(
    method: string,
    route: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${method} ${route}: ${status} ${body.slice(0, 300)}`);
  }
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

export interface RunningServer {
  url: string;
  child: ChildProcess;
  /** The last lines the server wrote (its error log, a crash), for a failure's message. */
  output: () => string;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * The API server as production runs it (its bundle, apps/api/dist/server.js; or `from: 'sources'`,
 * server.ts through tsx as `pnpm dev` runs it) on a free loopback port, once it answers health.
 */
export async function startServer(
  root: string,
  env: Record<string, string>,
  from: 'bundle' | 'sources' = 'bundle',
): Promise<RunningServer> {
  const port = await freePort();
  const entry =
    from === 'bundle'
      ? [builtEntry('server')]
      : ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')];
  const child = spawn(process.execPath, entry, {
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
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Read both pipes (a full pipe would stall the server); keep the tail for error messages.
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const server = { url: `http://127.0.0.1:${port}`, child, output: () => tail };
  // Up to 2 min: a loaded machine (other runs beside this one) starts PGlite slowly.
  for (let i = 0; i < 600 && !exited(child); i++) {
    try {
      if ((await fetch(`${server.url}/api/health/`)).ok) return server;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stopServer(child);
  throw new Error(`the server did not start:\n${tail}`);
}

/** The server's own error log lines (pino level 50 and up) from what it wrote, for the report. */
export function serverErrors(server: RunningServer): string[] {
  return server
    .output()
    .split('\n')
    .filter((line) => /"level":(50|60)\b/.test(line));
}

/** SIGTERM, and SIGKILL when the server has not exited within 15 s; safe on an exited server. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (exited(child)) return;
  const done = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await done;
  clearTimeout(timer);
}

/** `run` at most once, however many times it is called (the `finally` and Ctrl-C may both call it). */
function once(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => {
    running ??= run();
    return running;
  };
}

/** Clean-ups of what is running now, for Ctrl-C: a `finally` does not run when the process is killed. */
const cleanups = new Set<() => Promise<void>>();
let signalsHandled = false;
function onInterrupt(cleanup: () => Promise<void>): () => void {
  if (!signalsHandled) {
    signalsHandled = true;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        console.warn(`\n${signal}: stopping the server and dropping the scratch database…`);
        void Promise.allSettled([...cleanups].map((run) => run())).then(() => process.exit(130));
      });
    }
  }
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

function warnOfErrors(database: BenchDatabase, server: RunningServer) {
  const errors = serverErrors(server);
  if (errors.length > 0) {
    console.warn(
      `${database}: the server logged errors during the run (the last of them):\n${errors.join('\n')}`,
    );
  }
}

export interface Product {
  database: BenchDatabase;
  url: string;
  /** The bench superuser's Authorization header. */
  auth: Record<string, string>;
  /** The server's process id (its CPU and scheduling are read from /proc where there is one). */
  pid?: number;
}

/** Where the product's database is, before the product starts: its DATA_DIR or its URL. */
export type DatabaseLocation = { dataDir: string } | { databaseUrl: string };

/**
 * Runs `measure` against a freshly started product, once on the embedded PGlite (a temp DATA_DIR)
 * and once on PostgreSQL (a scratch database created on `postgresUrl`'s server and dropped after;
 * skipped with a warning when that server is not reachable). `prepare`, when given, gets the
 * database before the product starts (PGlite is one process's: rows in bulk go in then). The server
 * is stopped, the data dir removed and the scratch database dropped whether `measure` succeeds or throws.
 */
export async function forEachDatabase<T>(
  root: string,
  postgresUrl: string,
  measure: (product: Product) => Promise<T>,
  prepare?: (database: BenchDatabase, location: DatabaseLocation) => Promise<void>,
): Promise<T[]> {
  const results: T[] = [];

  const dataDir = mkdtempSync(path.join(tmpdir(), 'stolik-bench-'));
  let embedded: RunningServer | undefined;
  const cleanEmbedded = once(async () => {
    try {
      if (embedded) await stopServer(embedded.child);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  const forgetEmbedded = onInterrupt(cleanEmbedded);
  try {
    await prepare?.('pglite', { dataDir });
    embedded = await startServer(root, { DATA_DIR: dataDir });
    results.push(
      await measure({
        database: 'pglite',
        url: embedded.url,
        auth: await bearer(embedded.url),
        pid: embedded.child.pid,
      }),
    );
    warnOfErrors('pglite', embedded);
  } finally {
    await cleanEmbedded();
    forgetEmbedded();
  }

  const name = `stolik_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  admin.on('error', (error) => console.warn('bench: the PostgreSQL admin connection failed:', error.message));
  try {
    await admin.connect();
  } catch (error) {
    console.warn(
      `PostgreSQL at ${postgresUrl} is not reachable; skipping its runs:`,
      (error as Error).message,
    );
    await admin.end().catch(() => {});
    return results;
  }
  let server: RunningServer | undefined;
  const cleanPostgres = once(async () => {
    try {
      if (server) await stopServer(server.child);
      await admin.query(`drop database if exists ${name} with (force)`);
    } finally {
      await admin.end();
    }
  });
  const forgetPostgres = onInterrupt(cleanPostgres);
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    await prepare?.('postgres', { databaseUrl: url.toString() });
    server = await startServer(root, { DATABASE_URL: url.toString() });
    results.push(
      await measure({
        database: 'postgres',
        url: server.url,
        auth: await bearer(server.url),
        pid: server.child.pid,
      }),
    );
    warnOfErrors('postgres', server);
  } finally {
    await cleanPostgres();
    forgetPostgres();
  }
  return results;
}

/** autocannon: a 2 s warm-up, then 20 connections for 10 s. */
export async function load(
  url: string,
  headers: Record<string, string>,
): Promise<Omit<HttpResult, 'database' | 'path'>> {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** The fixed rate of `loadAtRate`, and the connections it may open (each one request at a time). */
export const FIXED_RATE = 1000;
const FIXED_RATE_CONNECTIONS = 100;
/** How long a fixed-rate run waits for the last answers before counting the rest as errors. */
const DRAIN_MS = 10_000;

export interface FixedRateResult {
  /** The rate asked for, req/s, and the rate answered (answers over the run's length). */
  targetPerSecond: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  non2xx: number;
  /**
   * The server's CPU over the run (all its threads), ms per second, and how long its main thread
   * (the event loop) was ready to run but waited for a core, ms per second (Linux
   * /proc/<pid>/schedstat): the second is the machine's doing, not the server's. Absent where
   * /proc is not.
   */
  serverCpuMsPerS?: number;
  serverWaitedMsPerS?: number;
}

/** CPU time (utime + stime, ms) of a process, and its main thread's run-queue wait (ms). */
function processTimes(pid: number | undefined): { cpuMs: number; waitedMs: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const [, waitedNs] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    // USER_HZ is 100 on Linux.
    return { cpuMs: ticks * 10, waitedMs: (waitedNs ?? 0) / 1e6 };
  } catch {
    return undefined;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

/**
 * Requests sent at a fixed rate, evenly spaced (one every 1 ms for 1,000 req/s), whether or not
 * the earlier ones were answered (an open loop), over keep-alive connections (100 at most; a
 * request with none free waits for one). Each latency counts from when its request was due, so a
 * server, or a load generator, that falls behind is seen in full: no coordinated omission.
 * Not autocannon's `overallRate`: it sends each connection's share of a second back to back at
 * the start of the second (bursts of the whole rate at once), and its correction for coordinated
 * omission takes 1/rate per connection as 1 ms, adding hundreds of made-up latencies per slow
 * answer. A 2 s warm-up at the same rate, then 10 s.
 */
export async function loadAtRate(
  url: string,
  headers: Record<string, string>,
  { rate = FIXED_RATE, serverPid }: { rate?: number; serverPid?: number } = {},
): Promise<FixedRateResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: FIXED_RATE_CONNECTIONS });
  try {
    await runAtRate(agent, url, headers, rate, 2);
    const before = processTimes(serverPid);
    const started = performance.now();
    const result = await runAtRate(agent, url, headers, rate, DURATION_S);
    const after = processTimes(serverPid);
    const seconds = (performance.now() - started) / 1000;
    if (!before || !after) return result;
    return {
      ...result,
      serverCpuMsPerS: Math.round((after.cpuMs - before.cpuMs) / seconds),
      serverWaitedMsPerS: Math.round((after.waitedMs - before.waitedMs) / seconds),
    };
  } finally {
    agent.destroy();
  }
}

async function runAtRate(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  rate: number,
  durationS: number,
): Promise<FixedRateResult> {
  const total = Math.round(rate * durationS);
  const intervalMs = 1000 / rate;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let settled = 0;
  let lastAnswer = 0;
  let done: () => void = () => {};
  const allSettled = new Promise<void>((resolve) => {
    done = resolve;
  });
  const settle = () => {
    settled += 1;
    if (settled === total) done();
  };
  const send = (due: number) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.on('data', () => {});
      response.on('end', () => {
        lastAnswer = performance.now();
        latencies.push(lastAnswer - due);
        if ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) >= 300) non2xx += 1;
        settle();
      });
      response.on('error', () => {
        errors += 1;
        settle();
      });
    });
    request.on('error', () => {
      errors += 1;
      settle();
    });
  };
  const start = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Everything due by now goes, each with the moment it was due.
      while (sent < total && start + sent * intervalMs <= now) {
        send(start + sent * intervalMs);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * intervalMs - performance.now()));
      else resolve();
    };
    tick();
  });
  const drained = await Promise.race([
    allSettled.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), DRAIN_MS).unref()),
  ]);
  if (!drained) errors += total - settled;
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    targetPerSecond: rate,
    requestsPerSecond: Math.round(latencies.length / ((Math.max(lastAnswer, start) - start) / 1000 || 1)),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies.at(-1) ?? 0),
    errors,
    non2xx,
  };
}

export async function measureHttp(root: string, postgresUrl: string): Promise<HttpResult[]> {
  const runs = await forEachDatabase(root, postgresUrl, async ({ database, url, auth }) => {
    const results: HttpResult[] = [];
    for (const p of PATHS) results.push({ database, path: p, ...(await load(`${url}${p}`, auth)) });
    return results;
  });
  return runs.flat();
}
