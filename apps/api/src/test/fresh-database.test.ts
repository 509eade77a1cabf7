import { readFileSync } from 'node:fs';
import { type Database, type DatabaseHandle, openDatabase } from '@stolik/db';
import { createTestDatabase, pgliteReuse, pgliteTemplate } from '@stolik/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { at, bookingKit } from './booking-kit';
import { createIdentities, type Identities, PASSWORD } from './identities';
import { createTestApp, type TestApp } from './test-app';

/*
 * createTestDatabase() hands a PGlite closed by one file to the next, emptied (packages/db,
 * testing.ts). Each file must still get a database as fresh as a newly migrated copy: the same
 * tables, rows, sequences and session as one opened from the migrated template this minute.
 */

/** Everything of a database a test could see, as text to compare. */
async function describeDatabase(db: Database): Promise<Record<string, unknown>> {
  const rows = async <T = Record<string, unknown>>(query: string): Promise<T[]> =>
    ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
  const tables = await rows<{ name: string }>(`
    select format('%I.%I', table_schema, table_name) as name from information_schema.tables
    where table_schema not in ('pg_catalog', 'information_schema') order by 1`);
  const contents: Record<string, unknown> = {};
  for (const { name } of tables) {
    contents[name] = await rows(`select t::text as row from ${name} t order by 1`);
  }
  const sequences: Record<string, unknown> = {};
  for (const { name } of await rows<{ name: string }>(
    `select format('%I.%I', schemaname, sequencename) as name from pg_sequences order by 1`,
  )) {
    sequences[name] = await rows(`select last_value::text, is_called from ${name}`);
  }
  return {
    tables: tables.map((table) => table.name),
    columns: await rows(`
      select table_schema, table_name, column_name, ordinal_position, data_type, udt_name,
        column_default, is_nullable, is_identity, is_generated, character_maximum_length
      from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2, 4`),
    constraints: await rows(`
      select conrelid::regclass::text as rel, conname, pg_get_constraintdef(oid) as def from pg_constraint
      where connamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace) order by 1, 2`),
    indexes: await rows(`
      select schemaname, tablename, indexname, indexdef from pg_indexes
      where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2, 3`),
    types: await rows(`
      select t.typname, e.enumsortorder, e.enumlabel from pg_enum e join pg_type t on t.oid = e.enumtypid
      order by 1, 2`),
    functions: await rows(`
      select p.oid::regprocedure::text as name, md5(pg_get_functiondef(p.oid)) as def from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and p.prokind in ('f', 'p') order by 1`),
    triggers: await rows(
      `select tgrelid::regclass::text as rel, pg_get_triggerdef(oid) as def from pg_trigger where not tgisinternal order by 1, 2`,
    ),
    views: await rows(`
      select schemaname, viewname, definition from pg_views
      where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`),
    extensions: await rows(`select extname, extversion from pg_extension order by 1`),
    sequenceSettings: await rows(`
      select schemaname, sequencename, data_type::text, start_value, min_value, max_value, increment_by, cycle
      from pg_sequences order by 1, 2`),
    roles: await rows(`select rolname, rolsuper, rolcanlogin from pg_roles order by 1`),
    databaseSettings: await rows(`
      select setrole, setconfig from pg_db_role_setting
      where setdatabase in (0, (select oid from pg_database where datname = current_database())) order by 1, 2`),
    contents,
    sequences,
    session: await rows(`
      select
        (select string_agg(concat_ws('=', name, setting), ', ' order by name) from pg_settings
          where source <> 'default') as settings,
        (select string_agg(c, ',' order by c) from pg_listening_channels() as c) as listening,
        (select count(*)::int from pg_prepared_statements) as prepared,
        (select count(*)::int from pg_cursors) as cursors,
        (select count(*)::int from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()) as advisory_locks,
        (select count(*)::int from pg_class where relpersistence = 't') as temporary_tables,
        current_user as role, pg_current_xact_id_if_assigned() is null as no_transaction`),
  };
}

/** A database no test has touched: a new PGlite from the migrated template, or a new PostgreSQL copy. */
async function brandNew(kind: DatabaseHandle['kind']): Promise<DatabaseHandle> {
  if (kind === 'postgres') return createTestDatabase();
  const template = new Blob([readFileSync(await pgliteTemplate())]);
  return openDatabase({ inMemory: true, loadDataDir: template });
}

/** Writes of the API's services on many tables: people, sign-ins, the queue, bookings. */
async function useTheApi(t: TestApp): Promise<Identities> {
  const who = await createIdentities(t);
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/jwt/create/',
    payload: { email: 'hostess.a@stolik.test', password: PASSWORD },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  for (const [i, name] of ['Ева', 'Жанна', 'Зоя'].entries()) {
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/public/restaurant/${who.restaurantA}/queue/`,
      payload: { group_size: 2 + i, name, phone: `+7 916 777-00-0${i}` },
    });
    expect(joined.statusCode, joined.body).toBe(201);
  }
  const kit = bookingKit(
    () => t,
    () => who,
    { firstPhone: 9000 },
  );
  const hall = await kit.smallHall('Свежая база');
  const booking = await kit.created({
    restaurant: hall.id,
    table: hall.table('1'),
    group_size: 4,
    seating_time: at('19:00'),
    name: 'Анна',
    phone: '+7 916 000-11-22',
  });
  expect((await kit.patch(booking.id, { status: 'open' })).statusCode).toBe(200);
  return who;
}

/** What a test could leave in the session, beside rows: every kind DISCARD ALL undoes. */
async function dirtyTheSession(database: DatabaseHandle): Promise<void> {
  const { db } = database;
  await db.execute(sql`select nextval('restaurants_id_seq')`);
  await db.execute(sql`select setval('audit_log_id_seq', 500)`);
  await db.execute(sql`set statement_timeout = 12345`);
  await db.execute(sql`set search_path = pg_catalog, public`);
  await db.execute(sql`select pg_advisory_lock(424242)`);
  await db.execute(sql`create temporary table leftover (id int)`);
  await db.execute(sql`prepare leftover_statement as select 1`);
  await db.execute(sql`declare leftover_cursor cursor with hold for select 1`);
  await database.listen('leftover_channel', () => {});
}

describe('createTestDatabase() after a file closed its database', () => {
  const open: DatabaseHandle[] = [];
  let fresh: DatabaseHandle | undefined;
  let description: Record<string, unknown> | undefined;
  /** What a brand new database looks like (one is opened for the whole file). */
  const freshDescription = async (kind: DatabaseHandle['kind']) => {
    fresh ??= await brandNew(kind);
    description ??= await describeDatabase(fresh.db);
    return description;
  };
  afterAll(() => fresh?.close());
  afterEach(async () => {
    for (const handle of open.splice(0)) await handle.close();
  });

  it('gives a database as fresh as a brand new copy, after the API wrote on it', async () => {
    const t = await createTestApp();
    await useTheApi(t);
    await dirtyTheSession(t.database);
    // What is compared below sees all that was done.
    expect(await describeDatabase(t.database.db)).not.toEqual(await freshDescription(t.database.kind));
    const before = { ...pgliteReuse };
    await t.close();

    const next = await createTestDatabase();
    open.push(next);
    if (next.kind === 'pglite') {
      // A PGlite used before (the one the app had: the last one put back), not a new one.
      expect(pgliteReuse).toEqual({ ...before, reused: before.reused + 1 });
    }
    expect(await describeDatabase(next.db)).toEqual(await freshDescription(next.kind));
    // And it still works as a database.
    const again = await createTestApp({ database: next });
    await useTheApi(again);
    await again.close();
  }, 60_000);

  it('takes a closed database away from whoever still holds it', async () => {
    const first = await createTestDatabase();
    let heard = 0;
    await first.listen('changes_after_close', () => {
      heard += 1;
    });
    await first.close();
    await expect(first.db.execute(sql`select 1`)).rejects.toThrow();
    expect(await first.ping()).toBe(false);

    const next = await createTestDatabase();
    open.push(next);
    await next.db.execute(sql`select pg_notify('changes_after_close', 'x')`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toBe(0);
  });

  // What the catalog's digest finds (an object changed, a migration recorded) or DISCARD ALL
  // refuses (an open transaction): the PGlite is closed, and the next file gets a new one.
  it.each([
    ['a column dropped', sql`alter table audit_log drop column details`],
    [
      'a migration recorded',
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('x', 1)`,
    ],
    ['a transaction left open', sql`begin`],
  ])('closes for good a database that cannot be emptied back: %s', async (_, change) => {
    const broken = await createTestDatabase();
    await broken.db.execute(change);
    const before = { ...pgliteReuse };
    await broken.close();
    if (broken.kind === 'pglite') expect(pgliteReuse.closed).toBe(before.closed + 1);

    const next = await createTestDatabase();
    open.push(next);
    expect(await describeDatabase(next.db)).toEqual(await freshDescription(next.kind));
  });
});
