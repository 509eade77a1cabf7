import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, migrationsFolder, openDatabase } from './client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PostgreSQL template database of this run (see `test-global-setup.ts`). */
    stolikPostgresTemplate: string;
  }
}

/**
 * A fresh, migrated database for one test file. STOLIK_TEST_DB=postgres (with TEST_DATABASE_URL)
 * gives each file its own PostgreSQL database, dropped on close; otherwise an in-memory PGlite.
 *
 * The migrations run once, not once per file: a PGlite file opens an in-memory copy of a migrated
 * data folder (kept on disk, named after the migrations' contents); a PostgreSQL file gets a copy
 * (`CREATE DATABASE … TEMPLATE`) of the database this run migrated at its start. Each copy is
 * still the database's own, as fresh as a newly migrated one; `migrate()` after it finds nothing
 * to apply (and would apply anything the copy lacked).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const handle =
    process.env.STOLIK_TEST_DB === 'postgres' ? await createPostgresDatabase() : await createPglite();
  await handle.migrate();
  return handle;
}

async function createPglite(): Promise<DatabaseHandle> {
  const template = await pgliteTemplate();
  try {
    return await openDatabase({ inMemory: true, loadDataDir: new Blob([readFileSync(template)]) });
  } catch {
    // An unreadable copy (a disk that filled up, say): make it again next time, migrate this one.
    rmSync(template, { force: true });
    return openDatabase({ inMemory: true });
  }
}

// PGlite's own files are part of what the template holds: its version is in its path (pnpm).
const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');

/** The migrations and the PGlite they were applied with, as a short name. */
function templateKey(): string {
  const hash = createHash('sha256').update(pgliteEntry);
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(path.relative(migrationsFolder, file)).update('\0').update(readFileSync(file));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

const templateFolder = path.join(migrationsFolder, '../node_modules/.cache/stolik-test-db');

/**
 * The path of a migrated PGlite data folder (an uncompressed tarball), made when missing. Vitest's
 * global setup makes it before the test files start; a file run some other way makes it itself.
 * Written under a temporary name and renamed, so a reader never sees half of it.
 */
export async function pgliteTemplate(): Promise<string> {
  const file = path.join(templateFolder, `pglite-${templateKey()}.tar`);
  if (existsSync(file)) return file;
  const handle = await openDatabase({ inMemory: true });
  try {
    await handle.migrate();
    if (!handle.dumpDataDir) throw new Error('an in-memory database is a PGlite');
    const dump = await handle.dumpDataDir();
    mkdirSync(templateFolder, { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await handle.close();
  }
  return file;
}

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('STOLIK_TEST_DB=postgres needs TEST_DATABASE_URL (postgres://…/test)');
  return url;
}

function databaseUrl(name: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** An empty PostgreSQL database (not migrated) on the TEST_DATABASE_URL server, and how to drop it. */
export async function createEmptyPostgresDatabase(
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = serverUrl();
  const name = `stolik_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(server, `create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    url: databaseUrl(name),
    drop: () => adminQuery(server, `drop database if exists ${name} with (force)`),
  };
}

/** The run's migrated template (Vitest's global setup), if this file runs under it. */
function postgresTemplate(): string | undefined {
  try {
    return inject('stolikPostgresTemplate') || undefined;
  } catch {
    return undefined; // not under Vitest's runner
  }
}

async function createPostgresDatabase(): Promise<DatabaseHandle> {
  const database = await createEmptyPostgresDatabase(postgresTemplate());
  const handle = await openDatabase({ databaseUrl: database.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * Makes a migrated PostgreSQL database to copy, named uniquely (other runs may share the server),
 * and returns its name and what drops it. Nobody stays connected to it: PostgreSQL copies only a
 * database nobody uses, so it is also closed to connections.
 */
export async function createPostgresTemplate(): Promise<{ name: string; drop: () => Promise<void> }> {
  const server = serverUrl();
  // The creation time is in the name: a run that was killed leaves its template behind, and the
  // next run drops those older than a day (no run lasts that long).
  const now = Math.floor(Date.now() / 1000);
  const name = `stolik_tpl_${now}_${randomBytes(4).toString('hex')}`;
  const drop = async (database = name) => {
    await adminQuery(server, `alter database ${database} with is_template false allow_connections true`);
    await adminQuery(server, `drop database if exists ${database} with (force)`);
  };
  for (const old of await adminRows(
    server,
    `select datname from pg_database where datname like 'stolik_tpl_%'`,
  )) {
    const created = Number(/^stolik_tpl_(\d+)_[0-9a-f]+$/.exec(old)?.[1]);
    if (created > 0 && now - created > 86_400) await drop(old).catch(() => {});
  }
  await adminQuery(server, `create database ${name}`);
  try {
    const handle = await openDatabase({ databaseUrl: databaseUrl(name) });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    await adminQuery(server, `alter database ${name} with is_template true allow_connections false`);
  } catch (error) {
    await drop().catch(() => {});
    throw error;
  }
  return { name, drop: () => drop() };
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  await adminRows(serverUrl, statement);
}

/** Runs one statement on the server's own database; the first column of each row. */
async function adminRows(serverUrl: string, statement: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const result = await client.query<Record<string, string>>(statement);
    return result.rows.map((row) => String(Object.values(row)[0]));
  } finally {
    await client.end();
  }
}
