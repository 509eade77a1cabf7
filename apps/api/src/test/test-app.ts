import path from 'node:path';
import type { DatabaseHandle } from '@stolik/db';
import { createTestDatabase } from '@stolik/db/testing';
import type { FastifyInstance } from 'fastify';
import { type AppConfig, buildApp } from '../app';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real API on a fresh database of its own (PGlite, or PostgreSQL under STOLIK_TEST_DB). */
export const TEST_BOT_TOKEN = '1234567890:AAE2e-test-token-for-stolik-mini-app';

export async function createTestApp(
  options: { miniappDist?: string; config?: Partial<AppConfig>; eventStreamLifetimeMs?: number } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: {
      miniappDist: options.miniappDist ?? path.join(import.meta.dirname, 'no-miniapp'),
      logLevel: 'silent',
      jwtSecret: undefined,
      botToken: TEST_BOT_TOKEN,
      telegramAuthMaxAgeS: 3600,
      publicUrl: 'https://stolik.test',
      ...options.config,
    },
    database,
    // Tests change the history under one app and expect the next estimate to see it.
    turnCacheMs: 0,
    ...(options.eventStreamLifetimeMs ? { eventStreamLifetimeMs: options.eventStreamLifetimeMs } : {}),
    // DEBUG_LOG=1 shows the API's log while a test runs.
    logger: Boolean(process.env.DEBUG_LOG),
  });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
