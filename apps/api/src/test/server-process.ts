import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { builtEntry, TEST_PRODUCT_NODE_FLAGS, testClockEnv } from '../../build';

const NO_MINIAPP = path.resolve(import.meta.dirname, 'no-miniapp');

/** The API as production runs it: its bundle (`pnpm build`) in a process of its own. */
export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  child: ChildProcess;
  /** Everything it wrote, for a failure's message. */
  output(): string;
  /** Resolves with the exit code (null after a signal) once the process is gone. */
  exited: Promise<number | null>;
  /** SIGKILL: a crash. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: a clean stop. Resolves once the process is gone. */
  stop(): Promise<number | null>;
}

/**
 * Starts the API on a free port of 127.0.0.1 with the given environment (DATABASE_URL or
 * DATA_DIR, ADMIN_PASSWORD…); resolves once it says it is running.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...TEST_PRODUCT_NODE_FLAGS, builtEntry('server')], {
    env: {
      PATH: process.env.PATH ?? '',
      // Under `pnpm test:hours`, the hour the test runs at.
      ...testClockEnv(),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      MINIAPP_DIST: NO_MINIAPP,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the API did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const running = /Stolik is running: http:\/\/localhost:(\d+)/.exec(output);
      if (running && output.includes('Telegram bot:')) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${running[1]}`);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited (${code}) before it was running:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    exited,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

export interface Answer {
  status: number;
  body: unknown;
}

/**
 * One JSON request over a connection of its own, from a chosen loopback address (Linux routes all
 * of 127.0.0.0/8 to this machine): each simulated guest gets an address of its own, as guests do,
 * so per-address limits see many guests rather than one flood. Rejects when the connection fails
 * or is cut before the answer (the server died): the caller cannot know whether it happened.
 */
export function request(
  base: string,
  method: string,
  route: string,
  options: { body?: unknown; headers?: Record<string, string>; from?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const target = new URL(route, base);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        agent: false,
        ...(options.from ? { localAddress: options.from } : {}),
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** The n-th simulated guest's own loopback address (127.1.0.1, 127.1.0.2, …). */
export function guestAddress(n: number): string {
  return `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}
