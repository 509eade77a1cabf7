import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import {
  FakeBotApi,
  type FakeUpdate,
  peakInWindow,
  privateMessage,
  type TelegramPerson,
} from '@stolik/bot/testing';
import { type DatabaseHandle, openDatabase } from '@stolik/db';
import { createEmptyPostgresDatabase } from '@stolik/db/testing';
import { ru } from '@stolik/i18n';
import { sign } from '@tma.js/init-data-node';
import type { Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtEntry } from '../../../build';
import { buildApp } from '../../app';
import { createIdentities, type Identities } from '../../test/identities';
import { openTestRestaurant } from '../../test/restaurants';
import { arrivals, deliveredChats, guestCalledEvent, settled } from '../../test/telegram';
import { TEST_BOT_TOKEN, type TestApp } from '../../test/test-app';

/**
 * Production's shape: the API in this process, and the bot with its dispatcher as a process of
 * its own (`apps/api/src/bot-main.ts`'s bundle, what `pnpm --filter @stolik/api bot` runs), both
 * on one PostgreSQL database, the bot long-polling the fake Bot API. The crash is a real SIGKILL.
 */
const API_DIR = path.resolve(import.meta.dirname, '../../..');
const HOSTESS: TelegramPerson = { id: 2301, first_name: 'Мария', username: 'maria_host' };
const GUEST: TelegramPerson = { id: 2401, first_name: 'Ира' };
/** A dead process's claims come back after this long (BOT_DELIVERY_LEASE_S; 60 by default). */
const LEASE_S = 5;

interface BotProcess {
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

let drop: () => Promise<void>;
let databaseUrl: string;
let database: DatabaseHandle;
let fake: FakeBotApi;
let fakeRoot: string;
let t: TestApp;
let who: Identities;
let bot: BotProcess | null = null;

/**
 * Starts the bot process as production does (the bundle of bot-main.ts, `pnpm build`); resolves
 * once it says it is running. `via` is added to the fake's root, so that what each process sent can
 * be told apart.
 */
async function startBotProcess(via = ''): Promise<BotProcess> {
  const child = spawn(process.execPath, [builtEntry('bot-main')], {
    cwd: API_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_API_ROOT: `${fakeRoot}${via}`,
      PUBLIC_URL: 'https://stolik.test',
      BOT_DELIVERY_LEASE_S: String(LEASE_S),
      BOT_WEBHOOK_URL: '',
      BOT_MINIAPP_SHORT_NAME: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the bot did not start:\n${output.join('')}`)), 60_000);
    const read = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('Stolik bot: running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the bot exited (${code}):\n${output.join('')}`));
    });
  });
  return { child, output, exited };
}

beforeAll(async () => {
  const empty = await createEmptyPostgresDatabase();
  drop = empty.drop;
  databaseUrl = empty.url;
  database = await openDatabase({ databaseUrl });
  await database.migrate();
  fake = new FakeBotApi();
  fakeRoot = await fake.start();
  // The API as a replica with BOT_EMBEDDED=false: its own bot is never started here.
  const app = await buildApp({
    config: {
      miniappDist: path.join(API_DIR, 'src/test/no-miniapp'),
      logLevel: 'silent',
      jwtSecret: undefined,
      botToken: TEST_BOT_TOKEN,
      telegramAuthMaxAgeS: 3600,
      publicUrl: 'https://stolik.test',
      telegramApiRoot: fakeRoot,
      botWebhookUrl: undefined,
      botWebhookSecret: undefined,
    },
    database,
    logger: false,
  });
  t = { app, database, close: () => app.close() };
  who = await createIdentities(t);
  bot = await startBotProcess();
}, 120_000);

afterAll(async () => {
  if (bot) {
    bot.child.kill('SIGTERM');
    await bot.exited;
  }
  await t?.close();
  await database?.close();
  await fake?.stop();
  await drop?.();
});

/** The root the bot that replaces a crashed one is given on the fake, after the fake's own. */
const RESTARTED = '/restarted';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(found: () => T | undefined | Promise<T | undefined>, withinMs: number) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await found();
    if (value !== undefined || Date.now() > deadline) return value;
    await sleep(10);
  }
}
const sent = () => fake.callsOf('sendMessage');
const lastTo = (chat: number, text: string) =>
  sent().findLast((c) => c.payload.chat_id === chat && String(c.payload.text).includes(text));
const push = (update: Update) => fake.pushUpdate(update as unknown as FakeUpdate);

describe('the bot as a process of its own, on PostgreSQL', () => {
  it('links staff in chat; a guest joins through the API; the bot process delivers within 2 s', async () => {
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/user/me/telegram-link/',
      headers: who.bearer(who.hostessA),
    });
    push(privateMessage(`/start ${(link.json() as { uuid: string }).uuid}`, HOSTESS));
    expect(await until(() => lastTo(HOSTESS.id, 'Телеграм подключен'), 10_000)).toBeDefined();
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/telegram/notifications/',
      headers: who.bearer(who.hostessA),
      payload: [{ restaurant: who.restaurantA, type: 'queue', statuses: ['live'] }],
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);

    const joinedAt = Date.now();
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/public/restaurant/${who.restaurantA}/queue/`,
      payload: {
        group_size: 3,
        name: 'Ира',
        phone: '+79161234567',
        init_data: sign(
          { user: GUEST as never, chat_instance: '1', chat_type: 'sender' },
          TEST_BOT_TOKEN,
          new Date(),
        ),
      },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    // The API's NOTIFY wakes the other process's dispatcher.
    const message = await until(() => lastTo(HOSTESS.id, 'Новый гость'), 2000);
    expect(message, 'the staff message did not arrive within 2 s').toBeDefined();
    expect((message?.at ?? Number.POSITIVE_INFINITY) - joinedAt).toBeLessThan(2000);
  });

  it('a SIGKILL and a restart during a burst of 200 events lose nothing, and a 429 is honoured', async () => {
    const db = database.db;
    const place = await openTestRestaurant(t, who, { name: 'Поток гостей', tables: [] });
    const chats = Array.from({ length: 200 }, (_, i) => 940_001 + i);
    const toBurst = () => sent().filter((c) => chats.includes(Number(c.payload.chat_id)));
    const burst = (async () => {
      for (let i = 0; i < chats.length; i += 1) {
        await guestCalledEvent(db, place.id, i + 1, chats[i] as number);
        if (i % 20 === 19) await sleep(100);
      }
    })();

    // A slow Telegram (150 ms an answer): at the crash some sends are on their way, received but
    // not yet answered, so not yet recorded as sent. Those are the messages that may come twice.
    fake.setLatency(150);
    await until(() => (toBurst().length >= 60 ? true : undefined), 30_000);
    const first = bot as BotProcess;
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    bot = null;
    // What the dead process had recorded as sent: nothing of it may come again.
    const markedSent = await deliveredChats(db, place.id);
    const sentByFirst = toBurst().length;
    expect(sentByFirst).toBeLessThan(chats.length);

    fake.setLatency(0);
    bot = await startBotProcess(RESTARTED);
    await until(() => (toBurst().length >= sentByFirst + 20 ? true : undefined), 60_000);
    fake.throttle('sendMessage', 1, 2);
    await burst;
    await settled(db, 90_000);
    push(privateMessage('/start', HOSTESS));
    expect(
      await until(() => lastTo(HOSTESS.id, ru.bot.welcomeStaff.split('{{')[0] ?? ''), 10_000),
    ).toBeDefined();

    // Every event's message arrived at least once…
    const { missing, repeated } = arrivals(toBurst(), chats);
    expect(missing).toEqual([]);
    // …twice only where the kill cut a send short: sent by the dead process, not yet recorded.
    // (Told apart by the root each process was given, not by the clock: the fake may read a
    // request the dead process had sent after the new one started.)
    for (const { chat, times, vias } of repeated) {
      expect(markedSent.has(chat), `chat ${chat} was recorded as sent, yet sent again`).toBe(false);
      expect(vias, `chat ${chat}: first from the dead process, then once from the new`).toEqual([
        '',
        RESTARTED,
      ]);
      expect(times).toHaveLength(2);
    }
    const beforeRestart = toBurst().filter((c) => c.via === '').length;
    // Reported, not asserted: how many depends on how many sends the crash caught on their way.
    console.info(
      `burst of ${chats.length}: ${beforeRestart} received before the restart, ` +
        `${repeated.length} of them again after it (sent, but not yet recorded, at the crash)`,
    );

    // The 429: the refused message went again no sooner than retry_after, and nothing else went
    // out meanwhile (but sends already on their way when the refusal came back).
    const [refusal] = fake.refused;
    expect(refusal?.status).toBe(429);
    const refusedAt = refusal?.at ?? 0;
    const retried = toBurst().find((c) => c.payload.chat_id === refusal?.payload.chat_id && c.at > refusedAt);
    expect(retried?.at).toBeGreaterThanOrEqual(refusedAt + 2000);
    expect(toBurst().filter((c) => c.at > refusedAt + 500 && c.at < refusedAt + 2000)).toEqual([]);
    expect(peakInWindow(toBurst(), 1000)).toBeLessThanOrEqual(30);
  }, 180_000);
});
