import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { privateMessage, type TelegramPerson } from '@stolik/bot/testing';
import { RestaurantChange } from '@stolik/contracts';
import { type DatabaseHandle, openDatabase, schema } from '@stolik/db';
import { like } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  httpsCall,
  httpsGet,
  json,
  openHttpsStream,
  REPO_ROOT,
  readEnvFile,
  type Stack,
  startStack,
  WEBHOOK_SECRET,
} from '../test/production-stack';
import { guestAddress } from '../test/server-process';

/**
 * The deploy recipe (deploy/) run as production runs it: Caddy (Debian's package) with
 * deploy/Caddyfile and `tls internal` in front of two API processes and the bot process in
 * webhook mode, started as their systemd units say, on PostgreSQL, against the fake Bot API.
 * Everything below goes over HTTPS through Caddy. Fails (never skips) without Caddy: .ci/run
 * installs it.
 */
const CHROMIUM = '/usr/bin/chromium';
/** NSS's tool (Debian's libnss3-tools): makes a profile's certificate store trust Caddy's root. */
const CERTUTIL = '/usr/bin/certutil';
const OWNER: TelegramPerson = { id: 3601, first_name: 'Ольга', username: 'olga_owner' };
/** The figure: a change on the screen within a second, through the proxy. */
const WITHIN_MS = 1000;

let stack: Stack;
let auth: Record<string, string>;
let database: DatabaseHandle;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  stack = await startStack({ apis: 2 });
  cleanups.push(() => stack.stop());
  database = await openDatabase({ databaseUrl: stack.databaseUrl });
  cleanups.push(() => database.close());
  const signedIn = await httpsCall(stack, 'POST', '/api/auth/jwt/create/', { body: ADMIN });
  expect(signedIn.status, signedIn.body.toString()).toBe(200);
  auth = { authorization: `Bearer ${json<{ access: string }>(signedIn).access}` };
}, 240_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** A browser profile folder whose NSS database trusts exactly Caddy's root (or nothing). */
function profileHome(trustCaddy: boolean): string {
  if (!existsSync(CERTUTIL))
    throw new Error(
      'No certutil: apt-get install libnss3-tools (.ci/run does); it makes Chromium trust Caddy',
    );
  if (!existsSync(CHROMIUM))
    throw new Error(`No Chromium at ${CHROMIUM}: apt-get install chromium (.ci/run does)`);
  const home = mkdtempSync(path.join(tmpdir(), 'stolik-chromium-home-'));
  cleanups.push(async () => rmSync(home, { recursive: true, force: true }));
  const nssdb = `sql:${path.join(home, '.pki/nssdb')}`;
  mkdirSync(path.join(home, '.pki/nssdb'), { recursive: true });
  execFileSync(CERTUTIL, ['-d', nssdb, '-N', '--empty-password']);
  if (trustCaddy) {
    execFileSync(CERTUTIL, [
      '-d',
      nssdb,
      '-A',
      '-t',
      'C,,',
      '-n',
      'Caddy Local Authority',
      '-i',
      stack.caddyRootFile,
    ]);
  }
  return home;
}

async function openInChromium(home: string, url: string) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    env: { ...process.env, HOME: home },
  });
  cleanups.push(() => browser.close());
  const page = await browser.newPage({ locale: 'ru-RU' });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  try {
    const response = await page.goto(url, { waitUntil: 'domcontentloaded' });
    return { browser, page, response, problems, error: null };
  } catch (error) {
    return { browser, page, response: null, problems, error: (error as Error).message };
  }
}

describe('production: Caddy (tls internal) in front of two API processes and the bot process', () => {
  it('the environment files name only documented variables', () => {
    const configuration = readFileSync(path.join(REPO_ROOT, 'docs/configuration.md'), 'utf8');
    const deployment = readFileSync(path.join(REPO_ROOT, 'docs/deployment.md'), 'utf8');
    const { named } = readEnvFile(path.join(REPO_ROOT, 'deploy/stolik.env.example'));
    expect(named.length).toBeGreaterThan(10);
    for (const name of named) expect(configuration, name).toMatch(new RegExp(`\`${name}[\`=]`));
    for (const name of readEnvFile(path.join(REPO_ROOT, 'deploy/caddy.env.example')).named)
      expect(deployment, name).toContain(`\`${name}\``);
  });

  it("loads the Mini App over HTTPS in Chromium that trusts Caddy's root, and not without it", async () => {
    const untrusted = await openInChromium(profileHome(false), `${stack.url}/login`);
    expect(untrusted.error).toMatch(/ERR_CERT_AUTHORITY_INVALID/);
    await untrusted.browser.close();

    const { page, response, problems, error } = await openInChromium(profileHome(true), `${stack.url}/login`);
    expect(error).toBeNull();
    expect(response?.status()).toBe(200);
    await page.getByLabel('Почта').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Авторизация');
    expect(await page.evaluate(() => (globalThis as { isSecureContext?: boolean }).isSecureContext)).toBe(
      true,
    );
    expect(problems).toEqual([]);
  }, 120_000);

  it('brings a change to a staff stream within a second, through the proxy, whichever process makes it', async () => {
    const stream = await openHttpsStream(stack, '/api/restaurant/1/events/', auth);
    cleanups.push(async () => stream.close());
    expect(stream.status).toBe(200);
    expect((await stream.next(5000)).event).toBe('ready');
    const heard = async (id: number, withinMs: number) => {
      for (;;) {
        const message = await stream.next(withinMs);
        if (message.event !== 'change') continue;
        const change = RestaurantChange.parse(JSON.parse(message.data));
        if (change.kind === 'queue' && change.id === id) return message.at;
      }
    };
    const walkIn = async (name: string) => {
      const started = performance.now();
      const made = await httpsCall(stack, 'POST', '/api/reservation/', {
        headers: auth,
        body: { restaurant: 1, group_size: 2, name },
      });
      expect(made.status, made.body.toString()).toBe(201);
      return { id: json<{ id: number }>(made).id, started };
    };
    // Warm-up, not measured: each process's first change compiles its code paths.
    for (const name of ['Разогрев 1', 'Разогрев 2']) {
      const { id } = await walkIn(name);
      await heard(id, 10_000);
    }
    const delays: number[] = [];
    // Round robin: the changes alternate between the two processes; the stream is held by one.
    for (let i = 0; i < 6; i += 1) {
      const { id, started } = await walkIn(`Гость ${i}`);
      delays.push(Math.round((await heard(id, WITHIN_MS)) - started));
    }
    console.info(`production: change -> staff stream through Caddy: ${delays.join(', ')} ms`);
    expect(Math.max(...delays)).toBeLessThan(WITHIN_MS);
    stream.close();
  });

  it('handles a webhook update with the right secret and refuses one with a wrong secret', async () => {
    // The bot process registered the webhook: the domain's address and the secret.
    const registered = stack.fake.callsOf('setWebhook').at(-1);
    expect(registered?.payload).toMatchObject({
      url: `${stack.url}/api/telegram/webhook/`,
      secret_token: WEBHOOK_SECRET,
    });

    const link = await httpsCall(stack, 'POST', '/api/user/me/telegram-link/', { headers: auth });
    expect(link.status, link.body.toString()).toBe(201);
    const update = privateMessage(`/start ${json<{ uuid: string }>(link).uuid}`, OWNER);
    const post = (secret: string) =>
      httpsCall(stack, 'POST', '/api/telegram/webhook/', {
        headers: { 'x-telegram-bot-api-secret-token': secret },
        body: update,
      });

    const refused = await post('not-the-secret-at-all-0001');
    expect(refused.status).toBe(404);
    const linkedBefore = stack.fake.callsOf('sendMessage').filter((c) => c.payload.chat_id === OWNER.id);
    expect(linkedBefore).toEqual([]);

    const handled = await post(WEBHOOK_SECRET);
    expect(handled.status, handled.body.toString()).toBe(200);
    await expect
      .poll(() =>
        stack.fake
          .callsOf('sendMessage')
          .some(
            (c) => c.payload.chat_id === OWNER.id && String(c.payload.text).includes('Телеграм подключен'),
          ),
      )
      .toBe(true);
    const me = await httpsCall(stack, 'GET', '/api/user/me/', { headers: auth });
    expect(json<{ telegram_id?: number | null }>(me)).toMatchObject({ telegram_id: OWNER.id });
  });

  it('keeps the compression and cache headers through the proxy, and streams unbuffered and uncompressed', async () => {
    const br = { 'accept-encoding': 'br, gzip' };
    // An API reply: compressed by the API, kept by no cache.
    const docs = await httpsGet(stack, '/api/docs/json', br);
    expect(docs.status).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(docs.headers.vary).toMatch(/accept-encoding/i);
    expect(docs.headers['cache-control']).toBe('no-store');

    // The app's page: revalidated each time; its hashed files: kept a year, precompressed.
    const index = await httpsGet(stack, '/', br);
    expect(index.status).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    const html =
      index.headers['content-encoding'] === 'br'
        ? (await import('node:zlib')).brotliDecompressSync(index.body).toString()
        : index.body.toString();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, html.slice(0, 500)).toBeDefined();
    const asset = await httpsGet(stack, script as string, br);
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // The event stream: as the API wrote it, nothing compressed or held back.
    const stream = await openHttpsStream(stack, '/api/restaurant/1/events/', { ...auth, ...br });
    cleanups.push(async () => stream.close());
    expect((await stream.next(5000)).event).toBe('ready');
    stream.close();
  });

  it("sends each guest's own address to the rate limits (TRUST_PROXY), not Caddy's, and not a forged one", async () => {
    expect(stack.env.TRUST_PROXY).toBe('127.0.0.1');
    const join = (from: string, n: number, headers: Record<string, string> = {}) =>
      httpsCall(stack, 'POST', '/api/public/restaurant/1/queue/', {
        from,
        headers,
        body: { group_size: 2, name: `Гость ${n}`, phone: `+7916555${String(n).padStart(4, '0')}` },
      });
    const busy = guestAddress(900);
    const other = guestAddress(901);
    // 20 joins a 10 minutes from one address (queue.routes.ts), counted in the database by address.
    for (let n = 0; n < 20; n += 1) expect((await join(busy, n)).status).toBe(201);
    const refused = await join(busy, 20);
    expect(refused.status, refused.body.toString()).toBe(429);
    // Another guest behind the same proxy is not refused: the limit is the guest's, not Caddy's.
    expect((await join(other, 21)).status).toBe(201);
    // A forged X-Forwarded-For is not believed: Caddy puts the real address in its place.
    const forged = guestAddress(902);
    expect((await join(forged, 22, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(201);

    const keys = (
      await database.db
        .select()
        .from(schema.rateLimitCounters)
        .where(like(schema.rateLimitCounters.key, 'join:address:%'))
    )
      .map((row) => row.key)
      .sort();
    expect(keys).toEqual([`join:address:${busy}`, `join:address:${other}`, `join:address:${forged}`].sort());
  });
});
