import path from 'node:path';
import type { DatabaseHandle } from '@stolik/db';
import { createTestDatabase } from '@stolik/db/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real API on a fresh database of its own (PGlite, or PostgreSQL under STOLIK_TEST_DB). */
export async function createTestApp(options: { miniappDist?: string } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: {
      miniappDist: options.miniappDist ?? path.join(import.meta.dirname, 'no-miniapp'),
      logLevel: 'silent',
    },
    database,
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
