import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle database, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  readonly kind: DatabaseKind;
  readonly db: Database;
  /** Is the database answering? Never throws. */
  ping(): Promise<boolean>;
  /** Applies the SQL migrations that are not applied yet; safe to call from several processes. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… — when set, a pg Pool against that server. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded PGlite files; ignored when databaseUrl is set. */
  dataDir?: string | undefined;
  /** An in-memory PGlite (tests). */
  inMemory?: boolean;
  /** Called when an idle pooled connection fails (it is not an error of any request). */
  onPoolError?: (error: Error) => void;
}

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

// Any constant will do; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_311_042;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.onPoolError);
  return openPglite(options.inMemory ? undefined : (options.dataDir ?? './data'));
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  let location: string | undefined;
  if (dataDir !== undefined) {
    location = path.resolve(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location === undefined ? {} : { dataDir: location });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    // PGlite lives inside this one process, so nobody else can migrate at the same time.
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(
  connectionString: string,
  onPoolError?: (error: Error) => void,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on('error', (error) => onPoolError?.(error));
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    migrate: async () => {
      // One connection holds a session lock while it migrates, so replicas starting together
      // apply each migration exactly once.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg({ client }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
