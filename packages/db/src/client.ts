import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './tables';

export type Schema = typeof schema;
/** The drizzle database, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of a Database: what `db.transaction(async (tx) => …)` hands its callback. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  readonly kind: DatabaseKind;
  readonly db: Database;
  /** Is the database answering? Never throws. */
  ping(): Promise<boolean>;
  /** Applies the SQL migrations that are not applied yet; safe to call from several processes. */
  migrate(): Promise<void>;
  /**
   * Hears NOTIFY on a channel (sent after commit by any process on this database). `onGap` is told
   * when notifications may have been missed (the listening connection dropped and came back).
   * Resolves to a function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onGap?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: its data folder as an uncompressed tarball (for `loadDataDir`; tests use it). */
  dumpDataDir?(): Promise<Blob>;
}

export interface DatabaseOptions {
  /** postgres://… — when set, a pg Pool against that server. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded PGlite files; ignored when databaseUrl is set. */
  dataDir?: string | undefined;
  /** An in-memory PGlite (tests). */
  inMemory?: boolean;
  /**
   * For the in-memory PGlite: a data folder to start from (a tarball from PGlite's `dumpDataDir`),
   * instead of an empty new cluster. Tests open a copy of one migrated database this way.
   */
  loadDataDir?: Blob;
  /** Called when an idle pooled connection fails (it is not an error of any request). */
  onPoolError?: (error: Error) => void;
}

/**
 * This package's SQL migrations. Found through the package by name, not from this file's place:
 * in the API's bundle (apps/api/dist) this code is no longer in packages/db/src. From the sources
 * the name is this package itself; from the bundle, the API's dependency.
 */
export const migrationsFolder = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@stolik/db/package.json')),
  'migrations',
);

// Any constant will do; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_311_042;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.onPoolError);
  return openPglite(options.inMemory ? undefined : (options.dataDir ?? './data'), options.loadDataDir);
}

/**
 * PGlite on disk, and what it holds through a crash (PGlite 0.5, its Node filesystem):
 * - Each COMMIT has written its WAL to the data files through the operating system before the
 *   query returns, so a killed process (kill -9, a crash, OOM) loses nothing that was answered;
 *   the next start replays the WAL (`crash.test.ts` kills the API mid-burst and checks).
 * - Nothing is ever fsynced: PGlite starts PostgreSQL with fsync off (`-F`) and its Node
 *   filesystem has no fsync, so a crash of the machine itself (power, kernel) may lose the last
 *   seconds of commits, or leave the folder unreadable. No option changes that; production wants
 *   PostgreSQL (README, "Running on PostgreSQL").
 * - Two processes on one folder corrupt it, and PGlite does not stop the second: we do, with a
 *   lock file naming the process that holds the folder (a dead holder's lock is taken over).
 */
async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<DatabaseHandle> {
  let location: string | undefined;
  let unlock = () => {};
  if (dataDir !== undefined) {
    location = path.resolve(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
    unlock = lockDataDir(path.resolve(dataDir));
  }
  const client = await createPgliteClient(location, loadDataDir);
  return pgliteHandle(client, async () => {
    if (!client.closed) await client.close();
    unlock();
  });
}

/** A PGlite with the extensions the migrations need, on disk (`location`) or in memory. */
export function createPgliteClient(location: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  // btree_gist: the booking exclusion constraint compares table ids (=) and time ranges (&&) in one index.
  const extensions = { btree_gist };
  return PGlite.create(
    location === undefined
      ? { extensions, ...(loadDataDir ? { loadDataDir } : {}) }
      : { dataDir: location, extensions },
  );
}

/** What a PGlite handle uses of its client (tests hand a stand-in that can be taken back). */
export type PgliteClient = Pick<PGlite, 'query' | 'transaction' | 'listen' | 'closed' | 'dumpDataDir'>;

/** The handle over a PGlite client; `close` is what closing the handle does. */
export function pgliteHandle(client: PgliteClient, close: () => Promise<void>): DatabaseHandle {
  const db = drizzlePglite({ client: client as PGlite, schema }) as unknown as Database;
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
    migrate: () => migratePglite(drizzlePglite({ client: client as PGlite }), { migrationsFolder }),
    // In-process: a notification is handed over when the notifying transaction commits, and
    // nothing can be missed, so there is never a gap.
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close,
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes `<dataDir>/pglite.lock` for this process, or throws when a live process holds it. A lock
 * left by a process that is gone (killed, crashed; or this very pid, reused in a container) is
 * taken over. Returns what releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.lock');
  const mine = String(process.pid);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, mine);
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder = 0;
      try {
        holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      } catch {
        continue; // released meanwhile: try again
      }
      if (holder > 0 && String(holder) !== mine && isAlive(holder)) {
        throw new Error(
          `${dataDir} is in use by process ${holder}: PGlite is one process's database, and two ` +
            `would corrupt it. Stop that process, use another DATA_DIR, or use PostgreSQL (DATABASE_URL) ` +
            `for several processes. If process ${holder} is not Stolik, delete ${file}.`,
        );
      }
      try {
        unlinkSync(file);
      } catch {
        // another process took it over first: try again
      }
    }
  }
  throw new Error(`could not lock ${dataDir} (${file})`);
}

async function openPostgres(
  connectionString: string,
  onPoolError?: (error: Error) => void,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on('error', (error) => onPoolError?.(error));
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  let closed = false;
  const listeners = new Set<() => Promise<void>>();
  const listenPostgres = async (
    url: string,
    channel: string,
    onPayload: (payload: string) => void,
    onGap?: () => void,
  ) => {
    const stop = await openListener(url, channel, onPayload, onGap, onPoolError);
    const once = async () => {
      listeners.delete(once);
      await stop();
    };
    listeners.add(once);
    return once;
  };
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
    listen: (channel, onPayload, onGap) => listenPostgres(connectionString, channel, onPayload, onGap),
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

const RECONNECT_DELAYS_MS = [250, 500, 1000, 2000, 5000];

/**
 * A connection of its own that LISTENs (a pooled one would be handed to queries). If it drops, it
 * comes back with growing delays and reports the gap, since notifications sent meanwhile are lost.
 */
async function openListener(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onGap: (() => void) | undefined,
  onError: ((error: Error) => void) | undefined,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (stopped) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 5000;
    attempt += 1;
    timer = setTimeout(() => {
      connect().then(
        () => onGap?.(),
        (error: Error) => {
          onError?.(error);
          schedule();
        },
      );
    }, delay);
  };

  const drop = async (failed: pg.Client) => {
    if (stopped || client !== failed) return;
    client = null;
    failed.removeAllListeners();
    failed.on('error', () => {});
    await failed.end().catch(() => {});
    schedule();
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('error', () => {});
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    next.removeAllListeners('error');
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', (error) => {
      onError?.(error);
      void drop(next);
    });
    next.on('end', () => void drop(next));
    client = next;
    attempt = 0;
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const current = client;
    client = null;
    if (current) {
      current.removeAllListeners();
      current.on('error', () => {});
      await current.end().catch(() => {});
    }
  };
}
