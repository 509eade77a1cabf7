import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from './client';

/**
 * A fresh, migrated database for one test file. STOLIK_TEST_DB=postgres (with TEST_DATABASE_URL)
 * gives each file its own PostgreSQL database, dropped on close; otherwise an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const handle =
    process.env.STOLIK_TEST_DB === 'postgres' ? await createPostgresDatabase() : await createPglite();
  await handle.migrate();
  return handle;
}

async function createPglite(): Promise<DatabaseHandle> {
  return openDatabase({ inMemory: true });
}

/** An empty PostgreSQL database (not migrated) on the TEST_DATABASE_URL server, and how to drop it. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('STOLIK_TEST_DB=postgres needs TEST_DATABASE_URL (postgres://…/test)');
  const name = `stolik_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function createPostgresDatabase(): Promise<DatabaseHandle> {
  const database = await createEmptyPostgresDatabase();
  const handle = await openDatabase({ databaseUrl: database.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
