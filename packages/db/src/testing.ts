import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import {
  createPgliteClient,
  type DatabaseHandle,
  migrationsFolder,
  openDatabase,
  type PgliteClient,
  pgliteHandle,
} from './client';

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
 *
 * A PGlite is also used again: opening one costs over a second of CPU (starting PostgreSQL in
 * WebAssembly, loading the 40 MB data folder), emptying one a tenth of that. So closing a PGlite
 * handle empties its database back to the freshly migrated state and keeps it for this process's
 * next `createTestDatabase()` (see `releasePglite`). The API's and the database's test files
 * share a process (vitest.config.ts, `isolate: false`), so most files get a used one.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.STOLIK_TEST_DB !== 'postgres') return leasePglite();
  const handle = await createPostgresDatabase();
  await handle.migrate();
  return handle;
}

/** A PGlite of this process and what it held when it was fresh (`freshState`). */
interface Pglite {
  client: PGlite;
  fresh: FreshState;
}

/**
 * The freshly migrated PGlites nobody holds, one to a file that asks. A few at most: each holds
 * some 300 MB, and a file seldom holds more than two databases at once.
 */
const idle: Pglite[] = [];
const MAX_IDLE = 2;

/** How many PGlites `createTestDatabase()` opened, handed out again, and closed for good (tests). */
export const pgliteReuse = { opened: 0, reused: 0, closed: 0 };

async function leasePglite(): Promise<DatabaseHandle> {
  let pglite = idle.pop();
  if (pglite) pgliteReuse.reused += 1;
  else {
    const client = await openPglite();
    // Migrated before its fresh state is taken, in case it was not copied from the template.
    await pgliteHandle(client, async () => {}).migrate();
    pglite = { client, fresh: await freshState(client) };
    pgliteReuse.opened += 1;
  }
  return leaseHandle(pglite);
}

/**
 * A handle on a PGlite that closing takes back: the handle's own stand-in for the client refuses
 * everything after that, as a closed PGlite would (an app still running, a test that closed the
 * database on purpose), and hears no more notifications; the PGlite itself is then emptied for
 * the next file, or closed.
 */
function leaseHandle(pglite: Pglite): DatabaseHandle {
  const { client } = pglite;
  let held = true;
  let released: Promise<void> | undefined;
  const listening = new Set<() => Promise<void>>();
  const open = () => {
    if (!held) throw new Error('PGlite is closed');
  };
  const standIn: PgliteClient = {
    get closed() {
      return !held;
    },
    query: async (...args: Parameters<PGlite['query']>) => {
      open();
      return client.query(...args);
    },
    transaction: async (callback) => {
      open();
      return client.transaction(callback);
    },
    listen: async (channel, onPayload) => {
      open();
      const unlisten = await client.listen(channel, (payload) => {
        if (held) onPayload(payload);
      });
      const stop = async () => {
        if (listening.delete(stop)) await unlisten();
      };
      listening.add(stop);
      return stop;
    },
    dumpDataDir: async (...args: Parameters<PGlite['dumpDataDir']>) => {
      open();
      return client.dumpDataDir(...args);
    },
  } as PgliteClient;
  return pgliteHandle(standIn, () => {
    if (!released) {
      held = false;
      released = (async () => {
        for (const stop of [...listening]) await stop().catch(() => {});
        await releasePglite(pglite);
      })();
    }
    return released;
  });
}

/**
 * Empties a PGlite back to its fresh state and keeps it, or closes it when that cannot be done or
 * checked. What a file can leave behind, and what puts it back:
 * - rows in any table: TRUNCATE of every table but drizzle's list of applied migrations (the
 *   migrations insert no rows: `freshState` finds the tables empty or the PGlite is not kept);
 * - sequences, the tables' own and any other: set back to their fresh values;
 * - the session: settings, LISTEN, prepared statements, cursors, advisory locks, temporary
 *   tables: DISCARD ALL (which also fails in a transaction left open: the PGlite is then closed);
 * - anything else (a table created, altered or dropped, a function, a role, a setting of the
 *   database, a large object; rows in the migrations table): not undone but detected, since the
 *   catalog's digest and the session's state must come out as they were fresh.
 * A transaction still running (an app closed after its database) is waited for, up to a limit.
 */
async function releasePglite(pglite: Pglite): Promise<void> {
  const { client, fresh } = pglite;
  let kept = false;
  try {
    if (fresh.keepable && idle.length < MAX_IDLE && !client.closed) {
      kept = await withTimeout(resetPglite(client, fresh), RESET_TIMEOUT_MS);
    }
  } catch {
    kept = false;
  }
  if (kept) {
    idle.push(pglite);
    return;
  }
  pgliteReuse.closed += 1;
  if (!client.closed) {
    // Not awaited past the limit: a transaction that never ends would keep close() waiting too.
    await withTimeout(client.close(), RESET_TIMEOUT_MS).catch(() => {});
  }
}

const RESET_TIMEOUT_MS = 10_000;

async function resetPglite(client: PGlite, fresh: FreshState): Promise<boolean> {
  await client.exec('discard all');
  await client.exec(fresh.emptyStatement);
  return (await stateOf(client, fresh)) === fresh.state;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still busy after ${ms} ms`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

interface FreshState {
  /** TRUNCATE of the tables and setval of the sequences to their fresh values, one statement. */
  emptyStatement: string;
  /** The sequences' values, by name (for `stateOf`). */
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  /** `stateOf` when fresh. */
  state: string;
  /** Whether emptying it gives back the fresh state: every table to empty is empty when fresh. */
  keepable: boolean;
}

/** Every table of the application (and of any other schema but drizzle's and the system's). */
const TABLES = `
  select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
    and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
  order by 1`;

async function freshState(client: PGlite): Promise<FreshState> {
  const tables = (await client.query<{ name: string }>(TABLES)).rows.map((row) => row.name);
  const names = (
    await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, sequencename) as name from pg_sequences order by 1`,
    )
  ).rows.map((row) => row.name);
  const sequences = names.length
    ? (
        await client.query<{ name: string; last_value: string; is_called: boolean }>(
          names
            .map((name) => `select '${name}' as name, last_value::text, is_called from ${name}`)
            .join(' union all '),
        )
      ).rows.map((row) => ({ name: row.name, lastValue: row.last_value, isCalled: row.is_called }))
    : [];
  const filled = tables.length
    ? (
        await client.query<{ any: boolean }>(
          `select ${tables.map((name) => `exists (select from ${name})`).join(' or ')} as any`,
        )
      ).rows[0]?.any
    : false;
  const emptyStatement = [
    ...(tables.length ? [`truncate ${tables.join(', ')} restart identity cascade`] : []),
    ...sequences.map((s) => `select setval('${s.name}', ${s.lastValue}, ${s.isCalled})`),
  ].join(';\n');
  const fresh = { emptyStatement, sequences, state: '', keepable: !filled };
  fresh.state = await stateOf(client, fresh);
  return fresh;
}

/**
 * What must be as it was fresh, as one string: a digest of the catalog (the database's objects,
 * not where their files are nor their statistics), drizzle's list of applied migrations, the
 * sequences' values and the session's state.
 */
async function stateOf(client: PGlite, fresh: Pick<FreshState, 'sequences'>): Promise<string> {
  const sequences = fresh.sequences.length
    ? fresh.sequences
        .map((s) => `(select concat_ws(':', last_value, is_called) from ${s.name})`)
        .join(` || ',' || `)
    : `''`;
  const { rows } = await client.query<{ state: string }>(`
    select concat_ws(E'\n', (${CATALOG_DIGEST}), (${SESSION_STATE}), (${MIGRATIONS_DIGEST}), ${sequences}) as state`);
  return rows[0]?.state ?? '';
}

// User objects have OIDs from 16384 (FirstNormalObjectId); a system catalog row a test could add
// or change (a role, a setting of the database) is counted or listed. Not the schemas of temporary
// tables: PostgreSQL makes them at a session's first temporary table and keeps them, empty, after
// DISCARD ALL drops the tables (as any PostgreSQL database does that a pooled connection used).
const CATALOG_DIGEST = `
  select md5(string_agg(x, E'\n' order by x)) from (
    select concat_ws('|', 'c', oid, relname, relnamespace, relkind, relnatts, relchecks, relhastriggers,
      relhasindex, relpersistence, relacl, reloptions, relrowsecurity) as x from pg_class
    union all select concat_ws('|', 'a', attrelid, attname, atttypid, attnum, attnotnull, atthasdef,
      attisdropped, attidentity, attgenerated, atttypmod, attacl) from pg_attribute where attrelid >= 16384
    union all select concat_ws('|', 'd', adrelid, adnum, adbin) from pg_attrdef
    union all select concat_ws('|', 'k', oid, conname, conrelid, contype, conkey, confkey, convalidated,
      condeferrable, condeferred, conbin) from pg_constraint
    union all select concat_ws('|', 'i', indexrelid, indisunique, indisvalid, indkey, indexprs, indpred)
      from pg_index where indexrelid >= 16384
    union all select concat_ws('|', 'p', oid, proname, pronamespace, prosrc, proconfig) from pg_proc where oid >= 16384
    union all select concat_ws('|', 't', oid, tgname, tgrelid, tgfoid, tgenabled) from pg_trigger
    union all select concat_ws('|', 'y', oid, typname, typnamespace) from pg_type where oid >= 16384
    union all select concat_ws('|', 'e', enumtypid, enumlabel, enumsortorder) from pg_enum
    union all select concat_ws('|', 'n', oid, nspname, nspacl) from pg_namespace
      where nspname not like 'pg\\_temp\\_%' and nspname not like 'pg\\_toast\\_temp\\_%'
    union all select concat_ws('|', 'x', extname, extversion) from pg_extension
    union all select concat_ws('|', 'r', oid, ev_class, ev_enabled, ev_action) from pg_rewrite where oid >= 16384
    union all select concat_ws('|', 'q', seqrelid, seqtypid, seqincrement, seqmin, seqmax, seqstart, seqcache, seqcycle)
      from pg_sequence
    union all select concat_ws('|', 'o', oid, rolname, rolsuper, rolcanlogin) from pg_authid
    union all select concat_ws('|', 'g', setdatabase, setrole, setconfig) from pg_db_role_setting
    union all select concat_ws('|', 'b', oid, datname, datallowconn, datacl) from pg_database
    union all select concat_ws('|', 'l', count(*)) from pg_largeobject_metadata
    union all select concat_ws('|', 'v', oid, polname, polrelid) from pg_policy
    union all select concat_ws('|', 'u', oid, pubname) from pg_publication
    union all select concat_ws('|', 'w', oid, evtname, evtenabled) from pg_event_trigger
  ) as catalog`;

const SESSION_STATE = `
  select concat_ws('|',
    (select string_agg(concat_ws('=', name, setting), ',' order by name) from pg_settings where source <> 'default'),
    coalesce((select string_agg(c, ',' order by c) from pg_listening_channels() as c), '-'),
    (select count(*) from pg_prepared_statements), (select count(*) from pg_cursors),
    (select count(*) from pg_locks where locktype = 'advisory'),
    (select count(*) from pg_class where relpersistence = 't'),
    current_user, session_user)`;

const MIGRATIONS_DIGEST = `
  select md5(coalesce(string_agg(concat_ws('|', id, hash, created_at), ',' order by id), ''))
  from drizzle.__drizzle_migrations`;

/** A migrated in-memory PGlite: a copy of the template, or migrated itself if that fails. */
async function openPglite(): Promise<PGlite> {
  const template = await pgliteTemplate();
  try {
    return await createPgliteClient(undefined, new Blob([readFileSync(template)]));
  } catch {
    // An unreadable copy (a disk that filled up, say): make it again next time, migrate this one.
    rmSync(template, { force: true });
    return createPgliteClient(undefined);
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
