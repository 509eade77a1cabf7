import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FakeBotApi } from '@stolik/bot/testing';
import { createEmptyPostgresDatabase } from '@stolik/db/testing';
import { builtEntry, testClockEnv } from '../../build';
import { TEST_BOT_TOKEN } from './test-app';

/**
 * Production's shape on this machine, from the repository's own deploy recipe (deploy/): Caddy
 * with deploy/Caddyfile (`tls internal`) in front of N API processes and the one bot process,
 * each started as its systemd unit says (deploy/systemd: its ExecStart, Environment and
 * EnvironmentFile, with /opt/stolik the repository and /usr/bin/node this Node), the environment
 * file being deploy/stolik.env.example with the machine's values replaced: the database (an
 * empty PostgreSQL one), the domain (localhost on a free port), the bot's token and Telegram
 * (the fake Bot API). Every port is a free one; `stop()` ends every process it started.
 */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const DEPLOY = path.join(REPO_ROOT, 'deploy');
/** Where the recipe installs the repository, and the Node it runs (Debian's). */
const INSTALLED_AT = '/opt/stolik';
const INSTALLED_NODE = '/usr/bin/node';
const CADDY = '/usr/bin/caddy';
export const ADMIN = { email: 'root@production.test', password: 'production-password-1' };
export const WEBHOOK_SECRET = 'production-test-webhook-secret-0001';

/** A KEY=value file as systemd reads it (EnvironmentFile): the values set, and every name it mentions. */
export function readEnvFile(file: string): { values: Record<string, string>; named: string[] } {
  const values: Record<string, string> = {};
  const named: string[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^(#?)\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, comment, name = '', value = ''] = match;
    named.push(name);
    // systemd takes the rest of the line, without the double quotes around it.
    if (!comment) values[name] = value.replace(/^"(.*)"$/, '$1');
  }
  return { values, named };
}

/** What a unit's [Service] section says about starting its process. */
export interface Unit {
  workingDirectory: string;
  environmentFiles: string[];
  environment: Record<string, string>;
  execStart: string[];
  killSignal: string;
}

export function readUnit(file: string, instance = ''): Unit {
  const unit: Unit = {
    workingDirectory: '/',
    environmentFiles: [],
    environment: {},
    execStart: [],
    killSignal: 'SIGTERM',
  };
  let section = '';
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim().replaceAll('%i', instance);
    if (line.startsWith('[')) section = line;
    if (section !== '[Service]' || line.startsWith('#')) continue;
    const at = line.indexOf('=');
    if (at < 0) continue;
    const key = line.slice(0, at);
    const value = line.slice(at + 1);
    if (key === 'WorkingDirectory') unit.workingDirectory = value;
    else if (key === 'EnvironmentFile') unit.environmentFiles.push(value);
    else if (key === 'Environment') {
      const eq = value.indexOf('=');
      unit.environment[value.slice(0, eq)] = value.slice(eq + 1);
    } else if (key === 'ExecStart') unit.execStart = value.split(/\s+/);
    else if (key === 'KillSignal') unit.killSignal = value;
  }
  return unit;
}

/** The unit's command as it runs here: this Node, this repository (the bundle, `pnpm build`). */
function localCommand(unit: Unit): { command: string; args: string[]; cwd: string } {
  const here = (part: string) => part.replace(INSTALLED_AT, REPO_ROOT);
  const [program = '', ...args] = unit.execStart;
  if (program !== INSTALLED_NODE) throw new Error(`unexpected ExecStart program: ${program}`);
  const local = args.map(here);
  // The bundle must be there and newer than its sources: builtEntry says to build if not.
  for (const arg of local) {
    const entry = /apps\/api\/dist\/(server|bot-main)\.js$/.exec(arg)?.[1];
    if (entry) builtEntry(entry as 'server' | 'bot-main');
  }
  return { command: process.execPath, args: local, cwd: here(unit.workingDirectory) };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process of the stack: started, stopped (SIGTERM, as systemd stops it) and started again. */
export class Service {
  child: ChildProcess | null = null;
  private log = '';
  /** What the current process wrote since it started (its readiness is read here). */
  private current = '';
  private exit: Promise<number | null> = Promise.resolve(null);

  constructor(
    readonly name: string,
    private readonly spec: { command: string; args: string[]; cwd: string; env: Record<string, string> },
    private readonly ready: (service: Service) => Promise<boolean>,
  ) {}

  output(): string {
    return this.log;
  }

  outputSinceStart(): string {
    return this.current;
  }

  async start(timeoutMs = 120_000): Promise<void> {
    this.log += `\n--- ${this.name} starting at ${new Date().toISOString()}\n`;
    const child = spawn(this.spec.command, this.spec.args, {
      cwd: this.spec.cwd,
      env: this.spec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.current = '';
    const keep = (chunk: Buffer) => {
      this.log = (this.log + chunk.toString()).slice(-200_000);
      this.current = (this.current + chunk.toString()).slice(-200_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(
          `${this.name} exited (${child.exitCode ?? child.signalCode}) while starting:\n${this.log.slice(-5000)}`,
        );
      if (await this.ready(this).catch(() => false)) return;
      await sleep(100);
    }
    child.kill('SIGKILL');
    throw new Error(`${this.name} did not start within ${timeoutMs} ms:\n${this.log.slice(-5000)}`);
  }

  /**
   * SIGTERM, as `systemctl stop` sends it; resolves with the exit code and how long it took.
   * SIGKILL after `killAfterMs`, as systemd does after TimeoutStopSec (15 s in deploy/systemd).
   */
  async stop(killAfterMs = 15_000): Promise<{ code: number | null; ms: number }> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null)
      return { code: child?.exitCode ?? null, ms: 0 };
    const started = Date.now();
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    const code = await this.exit;
    clearTimeout(timer);
    this.child = null;
    return { code, ms: Date.now() - started };
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await this.exit;
    this.child = null;
  }
}

export interface Stack {
  /** https://localhost:<port>: the domain, through Caddy. */
  url: string;
  httpsPort: number;
  /** Caddy's internal CA root (PEM): what the clients, Chromium included, trust. */
  caddyRoot: string;
  caddyRootFile: string;
  apis: Service[];
  apiPorts: number[];
  bot: Service;
  caddy: Service;
  fake: FakeBotApi;
  databaseUrl: string;
  /** What the processes were given (the environment file, as the test filled it in). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** GET over HTTPS through Caddy, trusting only its CA. */
export function httpsGet(
  stack: Pick<Stack, 'httpsPort' | 'caddyRoot'>,
  route: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return httpsCall(stack, 'GET', route, { headers });
}

export interface HttpsOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** The client's own address (127.x.y.z): each guest its own, as guests have. */
  from?: string;
  agent?: https.Agent;
  timeoutMs?: number;
}

export function httpsCall(
  stack: Pick<Stack, 'httpsPort' | 'caddyRoot'>,
  method: string,
  route: string,
  options: HttpsOptions = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const payload =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        servername: 'localhost',
        port: stack.httpsPort,
        path: route,
        method,
        ca: stack.caddyRoot,
        agent: options.agent ?? false,
        ...(options.from ? { localAddress: options.from } : {}),
        headers: {
          host: `localhost:${stack.httpsPort}`,
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
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${route}: timed out`)));
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

export const json = <T>(answer: { body: Buffer }): T => JSON.parse(answer.body.toString()) as T;

/** One Server-Sent Events message, with its `retry:` when it had one. */
export interface SseMessage {
  event: string;
  data: string;
  retry?: number;
  /** performance.now() when it was read. */
  at: number;
}

/** An event stream over HTTPS through Caddy, read as it comes. */
export interface HttpsStream {
  status: number;
  messages: SseMessage[];
  /** Resolves when the server ends it (or it fails), with how: 'ended' or the error. */
  ended: Promise<string>;
  /** The next message after those already taken by `next`, within `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseMessage>;
  close(): void;
}

export function openHttpsStream(
  stack: Pick<Stack, 'httpsPort' | 'caddyRoot'>,
  route: string,
  headers: Record<string, string> = {},
  from?: string,
): Promise<HttpsStream> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        servername: 'localhost',
        port: stack.httpsPort,
        path: route,
        method: 'GET',
        ca: stack.caddyRoot,
        agent: false,
        ...(from ? { localAddress: from } : {}),
        headers: { host: `localhost:${stack.httpsPort}`, accept: 'text/event-stream', ...headers },
      },
      (res) => {
        const messages: SseMessage[] = [];
        let taken = 0;
        const waiters: (() => void)[] = [];
        let buffer = '';
        let finish: (how: string) => void = () => {};
        const ended = new Promise<string>((done) => {
          finish = done;
        });
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const message: SseMessage = { event: 'message', data: '', at };
            let fields = 0;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const colon = line.indexOf(':');
              const name = line.slice(0, colon);
              const value = line.slice(colon + 1).replace(/^ /, '');
              if (name === 'event') message.event = value;
              else if (name === 'data') message.data += value;
              else if (name === 'retry') message.retry = Number(value);
              else continue;
              fields += 1;
            }
            if (fields === 0) continue;
            messages.push(message);
            for (const wake of waiters.splice(0)) wake();
          }
        });
        res.on('end', () => finish('ended'));
        res.on('error', (error) => finish(error.message));
        res.on('close', () => finish('closed'));
        void ended.then(() => {
          for (const wake of waiters.splice(0)) wake();
        });
        resolve({
          status: res.statusCode ?? 0,
          messages,
          ended,
          next: async (timeoutMs = 5000) => {
            const deadline = Date.now() + timeoutMs;
            while (taken >= messages.length) {
              const left = deadline - Date.now();
              if (left <= 0) throw new Error(`no message within ${timeoutMs} ms`);
              let ready = false;
              void ended.then(() => {
                ready = true;
              });
              if (ready) throw new Error('the stream ended');
              await new Promise<void>((wake) => {
                waiters.push(wake);
                setTimeout(wake, left);
              });
            }
            return messages[taken++] as SseMessage;
          },
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * Starts the whole stack: `apis` API processes and the bot process on an empty PostgreSQL
 * database (TEST_DATABASE_URL's server), the fake Bot API, and Caddy in front.
 */
export async function startStack(
  options: { apis?: number; env?: Record<string, string> } = {},
): Promise<Stack> {
  if (!existsSync(CADDY)) {
    throw new Error(
      `Caddy is not installed (${CADDY}): the production tests run it. Install Debian's package: ` +
        'apt-get install caddy (.ci/run does).',
    );
  }
  if (!existsSync(path.join(REPO_ROOT, 'apps/miniapp/dist/index.html'))) {
    throw new Error(
      'The Mini App is not built (apps/miniapp/dist): run `pnpm build` (the test script does).',
    );
  }
  const cleanups: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };
  try {
    const database = await createEmptyPostgresDatabase();
    cleanups.push(database.drop);
    const fake = new FakeBotApi();
    const fakeRoot = await fake.start();
    cleanups.push(() => fake.stop());
    const work = mkdtempSync(path.join(tmpdir(), 'stolik-production-'));
    cleanups.push(async () => rmSync(work, { recursive: true, force: true }));

    const httpsPort = await freePort();
    const httpPort = await freePort();
    const adminPort = await freePort();
    const apiPorts: number[] = [];
    for (let i = 0; i < (options.apis ?? 2); i += 1) apiPorts.push(await freePort());
    const url = `https://localhost:${httpsPort}`;

    // The environment file, with this machine's values in place of the example's.
    const template = readEnvFile(path.join(DEPLOY, 'stolik.env.example'));
    const env: Record<string, string> = {
      ...template.values,
      PUBLIC_URL: url,
      DATABASE_URL: database.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      BOT_TOKEN: TEST_BOT_TOKEN,
      BOT_WEBHOOK_URL: `${url}/api/telegram/webhook/`,
      BOT_WEBHOOK_SECRET: WEBHOOK_SECRET,
      TELEGRAM_API_ROOT: fakeRoot,
      // Requests are not logged one by one here (the load test makes thousands).
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    const processEnv = (unit: Unit) => ({
      PATH: process.env.PATH ?? '',
      ...testClockEnv(),
      ...env,
      ...unit.environment,
    });

    const apis = apiPorts.map((port, i) => {
      const unit = readUnit(path.join(DEPLOY, 'systemd/stolik-api@.service'), String(port));
      const { command, args, cwd } = localCommand(unit);
      return new Service(
        `api ${i + 1} (:${port})`,
        { command, args, cwd, env: processEnv(unit) },
        async () => {
          const res = await fetch(`http://127.0.0.1:${port}/api/health/`);
          return res.ok;
        },
      );
    });
    for (const api of apis) cleanups.push(() => api.kill());
    // The first one migrates and seeds; the others then start together.
    await apis[0]?.start();
    await Promise.all(apis.slice(1).map((api) => api.start()));

    const botUnit = readUnit(path.join(DEPLOY, 'systemd/stolik-bot.service'));
    const botCommand = localCommand(botUnit);
    const bot = new Service('bot', { ...botCommand, env: processEnv(botUnit) }, async (service) =>
      /Stolik bot: running \(webhook\)/.test(service.outputSinceStart()),
    );
    cleanups.push(() => bot.kill());
    await bot.start();

    // Caddy as Debian's unit runs it (caddy run --environ --config …), given caddy.env's variables.
    const caddyEnv = readEnvFile(path.join(DEPLOY, 'caddy.env.example'));
    const caddyHome = path.join(work, 'caddy');
    const caddy = new Service(
      'caddy',
      {
        command: CADDY,
        args: ['run', '--config', path.join(DEPLOY, 'Caddyfile'), '--adapter', 'caddyfile'],
        cwd: work,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: caddyHome,
          XDG_DATA_HOME: path.join(caddyHome, 'data'),
          XDG_CONFIG_HOME: path.join(caddyHome, 'config'),
          ...caddyEnv.values,
          STOLIK_DOMAIN: 'localhost',
          STOLIK_TLS: 'internal',
          STOLIK_UPSTREAMS: apiPorts.map((port) => `127.0.0.1:${port}`).join(' '),
          STOLIK_HTTP_PORT: String(httpPort),
          STOLIK_HTTPS_PORT: String(httpsPort),
          STOLIK_CADDY_ADMIN: `127.0.0.1:${adminPort}`,
        },
      },
      async () => {
        if (!existsSync(caddyRootFile)) return false;
        const res = await httpsGet(
          { httpsPort, caddyRoot: readFileSync(caddyRootFile, 'utf8') },
          '/api/health/',
        );
        return res.status === 200;
      },
    );
    const caddyRootFile = path.join(caddyHome, 'data/caddy/pki/authorities/local/root.crt');
    cleanups.push(() => caddy.stop(5000));
    await caddy.start(60_000);

    return {
      url,
      httpsPort,
      caddyRoot: readFileSync(caddyRootFile, 'utf8'),
      caddyRootFile,
      apis,
      apiPorts,
      bot,
      caddy,
      fake,
      databaseUrl: database.url,
      env,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
