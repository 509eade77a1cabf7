import path from 'node:path';
import { FakeBotApi } from '@stolik/bot/testing';
import type { DatabaseHandle } from '@stolik/db';
import { createTestDatabase } from '@stolik/db/testing';
import type { FastifyInstance } from 'fastify';
import { type AppConfig, type AppDeps, buildApp } from '../app';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real API on a fresh database of its own (PGlite, or PostgreSQL under STOLIK_TEST_DB). */
export const TEST_BOT_TOKEN = '1234567890:AAE2e-test-token-for-stolik-mini-app';

export async function createTestApp(
  options: {
    miniappDist?: string;
    config?: Partial<AppConfig>;
    eventStreamLifetimeMs?: number;
    /** The fake Bot API's identity and the dispatcher's tuning, for Telegram tests. */
    telegram?: AppDeps['telegram'];
    /** Fastify logger options (a test that reads the log passes a stream). */
    logger?: object;
    /** Another process's view of a database (replica tests): migrated already, closed by its owner. */
    database?: DatabaseHandle;
    /** The caches' lifetimes (the product's by default); cache tests lengthen them past any slow run. */
    readCacheMs?: number;
    viewerCacheMs?: number;
    /** How long a guest page's nudge of another's change may wait (events.routes.ts). */
    guestNudgeSpreadMs?: number;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp({
    config: {
      miniappDist: options.miniappDist ?? path.join(import.meta.dirname, 'no-miniapp'),
      logLevel: 'silent',
      jwtSecret: undefined,
      botToken: TEST_BOT_TOKEN,
      telegramAuthMaxAgeS: 3600,
      publicUrl: 'https://stolik.test',
      telegramApiRoot: undefined,
      botWebhookUrl: undefined,
      botWebhookSecret: undefined,
      ...options.config,
    },
    database,
    // Tests change the history under one app and expect the next estimate to see it.
    turnCacheMs: 0,
    readCacheMs: options.readCacheMs,
    // The hot reads are written from JSON Schema: every reply is still parsed with its contract.
    checkReplies: true,
    viewerCacheMs: options.viewerCacheMs,
    ...(options.eventStreamLifetimeMs ? { eventStreamLifetimeMs: options.eventStreamLifetimeMs } : {}),
    ...(options.guestNudgeSpreadMs === undefined ? {} : { guestNudgeSpreadMs: options.guestNudgeSpreadMs }),
    // The fake Bot API's identity by default: no test asks the real Telegram who the bot is.
    telegram: { botInfo: new FakeBotApi().botInfo, ...options.telegram },
    // DEBUG_LOG=1 shows the API's log while a test runs.
    logger: options.logger ?? Boolean(process.env.DEBUG_LOG),
  });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
