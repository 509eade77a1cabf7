import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEmptyPostgresDatabase } from '@stolik/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { request, type ServerProcess, startServer } from './test/server-process';

/**
 * SIGTERM, as systemd sends it on `systemctl restart` (a deploy in the middle of service): the
 * process says it is draining on its health check at once while it still serves, then stops
 * listening, ends its event streams with a retry hint, lets a request in flight finish, and exits
 * within 10 s with code 0. The proxy's side of it (no client sees a failure) is in
 * production/restart-under-load.postgres.test.ts.
 */
const ON_POSTGRES = process.env.STOLIK_TEST_DB === 'postgres';
const ADMIN = { email: 'root@stop.test', password: 'stop-password-1' };
const DRAIN_MS = 1500;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function start(): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stolik-stop-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
  };
  if (ON_POSTGRES) {
    const database = await createEmptyPostgresDatabase();
    cleanups.push(database.drop);
    env.DATABASE_URL = database.url;
  }
  const server = await startServer(env);
  cleanups.push(() => server.kill());
  return server;
}

/** A sign-in whose body is sent in two parts: in flight from its first byte until `finish()`. */
function slowSignIn(base: string) {
  const target = new URL('/api/auth/jwt/create/', base);
  const body = JSON.stringify(ADMIN);
  const half = Math.floor(body.length / 2);
  let req!: http.ClientRequest;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, half));
  });
  return { answer, finish: () => req.end(body.slice(half)) };
}

/** Can a new connection be made to the port at all? */
function connects(base: string): Promise<boolean> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const req = http.get(
      { host: hostname, port, path: '/api/health/', agent: false, timeout: 2000 },
      (res) => {
        res.resume();
        resolve(true);
      },
    );
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy(new Error('timeout')));
  });
}

describe('SIGTERM: a graceful stop', () => {
  it('drains (503 on health, still serving), ends streams with a retry hint, finishes in flight, exits 0 within 10 s', async () => {
    const server = await start();
    const signedIn = await request(server.url, 'POST', '/api/auth/jwt/create/', { body: ADMIN });
    expect(signedIn.status).toBe(200);
    const auth = { authorization: `Bearer ${(signedIn.body as { access: string }).access}` };

    // An open staff stream, read as raw text (the retry field is what is checked).
    const controller = new AbortController();
    cleanups.push(async () => controller.abort());
    const stream = await fetch(`${server.url}/api/restaurant/1/events/`, {
      headers: auth,
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    let streamText = '';
    const streamEnded = (async () => {
      const reader = (stream.body as ReadableStream<Uint8Array>)
        .pipeThrough(new TextDecoderStream())
        .getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return Date.now();
        streamText += value;
      }
    })();
    await expect.poll(() => streamText).toContain('event: ready');

    const inFlight = slowSignIn(server.url);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const signalled = Date.now();
    server.child.kill('SIGTERM');

    // At once: health says draining (503) while the process still answers everything else.
    await expect
      .poll(async () => (await request(server.url, 'GET', '/api/health/')).status, {
        timeout: 1000,
        interval: 50,
      })
      .toBe(503);
    const health = await request(server.url, 'GET', '/api/health/');
    expect(health.body).toMatchObject({ status: 'draining', database: 'ok' });
    const stillServed = await request(server.url, 'GET', '/api/restaurant/', { headers: auth });
    expect(stillServed.status).toBe(200);
    expect(Date.now() - signalled).toBeLessThan(DRAIN_MS);

    // After the drain: the stream ends, its last message telling the client to come back at once.
    const endedAt = await streamEnded;
    expect(endedAt - signalled).toBeGreaterThanOrEqual(DRAIN_MS - 50);
    expect(streamText).toMatch(/retry: 0\nevent: closing\ndata: \{\}\n\n$/);

    // New connections are refused while the request in flight is still being received.
    await expect.poll(() => connects(server.url), { timeout: 3000, interval: 50 }).toBe(false);
    inFlight.finish();
    const answered = await inFlight.answer;
    expect(answered.status, answered.body).toBe(200);
    expect(JSON.parse(answered.body)).toHaveProperty('access');

    const code = await server.exited;
    expect(code, server.output()).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
  }, 120_000);
});
