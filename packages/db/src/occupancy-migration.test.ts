import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteClient, migrationsFolder } from './client';
import { createEmptyPostgresDatabase } from './testing';

/**
 * Migration 0014 (issue #30): the hall's occupancy is filled from the parties seated before it
 * existed, and where two parties claimed one table (a booking seated early beside a walk-in, as the
 * old code allowed), the one seated last keeps it; the older party stays seated without that table,
 * and its history says so. Run on a database migrated to 0013 with such a hall in it.
 */

interface Sql {
  exec(text: string): Promise<void>;
  rows<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

async function openEmpty(): Promise<Sql> {
  if (process.env.STOLIK_TEST_DB === 'postgres') {
    const database = await createEmptyPostgresDatabase();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    return {
      exec: async (text) => {
        await client.query(text);
      },
      rows: async <T>(text: string) => (await client.query(text)).rows as T[],
      close: async () => {
        await client.end();
        await database.drop();
      },
    };
  }
  const client = await createPgliteClient(undefined);
  return {
    exec: async (text) => {
      await client.exec(text);
    },
    rows: async <T>(text: string) => (await client.query<T>(text)).rows,
    close: () => client.close(),
  };
}

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string }[];
};
/** A migration's statements, one at a time as drizzle runs them. */
async function apply(db: Sql, tag: string) {
  const text = readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint'))
    if (statement.trim()) await db.exec(statement);
}

describe('migration 0014: one occupancy from the parties seated before it', () => {
  let db: Sql;
  beforeAll(async () => {
    db = await openEmpty();
    for (const entry of journal.entries.filter((e) => e.idx < 14)) await apply(db, entry.tag);
    await db.exec(`
      insert into restaurants (id, name, timezone) values (1, 'Старый зал', 'Europe/Moscow');
      insert into dining_tables (id, restaurant_id, number, seats_min, seats_max)
        values (1, 1, '1', 1, 4), (2, 1, '2', 1, 4), (3, 1, '3', 1, 4);
      -- Table 1: a walk-in since 19:00, then a booking seated early at 19:30 (two parties, one table);
      -- table 2 the other way round: a booking seated early at 18:50, then a walk-in at 19:10.
      insert into queue_entries (id, restaurant_id, service_date, number, group_size, source, status,
          guest_token, table_ids, seated_at)
        values (10, 1, '2026-11-27', 1, 2, 'staff', 'sat', 'g10', '{1}', '2026-11-27T16:00:00Z'),
               (11, 1, '2026-11-27', 2, 2, 'staff', 'sat', 'g11', '{2}', '2026-11-27T16:10:00Z'),
               (12, 1, '2026-11-27', 3, 2, 'staff', 'closed', 'g12', '{3}', '2026-11-27T15:00:00Z');
      insert into bookings (id, restaurant_id, table_id, group_size, seating_time, end_time, status, source,
          guest_token)
        values (20, 1, 1, 2, '2026-11-27T19:00:00Z', '2026-11-27T21:00:00Z', 'open', 'staff', 'b20'),
               (21, 1, 3, 2, '2026-11-27T19:00:00Z', '2026-11-27T21:00:00Z', 'application', 'staff', 'b21'),
               (22, 1, 2, 2, '2026-11-27T22:00:00Z', '2026-11-27T23:00:00Z', 'open', 'staff', 'b22');
      insert into booking_tables (booking_id, table_id, restaurant_id, during)
        values (20, 1, 1, '[2026-11-27T19:00:00Z,2026-11-27T21:15:00Z)'),
               (21, 3, 1, '[2026-11-27T19:00:00Z,2026-11-27T21:15:00Z)'),
               (22, 2, 1, '[2026-11-27T22:00:00Z,2026-11-27T23:15:00Z)');
      insert into booking_history (booking_id, from_status, to_status, at)
        values (20, 'application', 'open', '2026-11-27T16:30:00Z'),
               (22, 'application', 'open', '2026-11-27T15:50:00Z');
    `);
    await apply(db, journal.entries.find((e) => e.idx === 14)?.tag ?? '');
  });
  afterAll(() => db.close());

  it('gives each table its one party, the one seated last where two claimed it', async () => {
    const rows = await db.rows<{
      table_id: number;
      queue_entry_id: number | null;
      booking_id: number | null;
    }>('select table_id, queue_entry_id, booking_id from table_occupancies order by table_id');
    // Table 1: the booking (seated 16:30) over the walk-in (16:00); table 2 the walk-in (16:10) over
    // the booking (15:50); table 3 nobody (a closed party and a booking still to come).
    expect(rows).toEqual([
      { table_id: 1, queue_entry_id: null, booking_id: 20 },
      { table_id: 2, queue_entry_id: 11, booking_id: null },
    ]);
  });

  it('leaves the older party seated without the table, and says so in its history', async () => {
    const [walkIn] = await db.rows<{ status: string; table_ids: number[] }>(
      'select status, table_ids from queue_entries where id = 10',
    );
    expect(walkIn).toEqual({ status: 'sat', table_ids: [] });
    const history = await db.rows<{ from_status: string; to_status: string; changes: unknown }>(
      'select from_status, to_status, changes from queue_history where entry_id = 10',
    );
    expect(history).toEqual([
      { from_status: 'sat', to_status: 'sat', changes: { tables_released: [1], reason: 'table_taken' } },
    ]);
    // The winner is untouched.
    const [booking] = await db.rows<{ status: string; table_id: number }>(
      'select status, table_id from bookings where id = 20',
    );
    expect(booking).toEqual({ status: 'open', table_id: 1 });
    // The older booking likewise: in the hall still, its table and its hold of it gone.
    const [older] = await db.rows<{ status: string; table_id: number | null }>(
      'select status, table_id from bookings where id = 22',
    );
    expect(older).toEqual({ status: 'open', table_id: null });
    expect(await db.rows('select * from booking_tables where booking_id = 22')).toEqual([]);
    const bookingHistory = await db.rows<{ changes: unknown }>(
      "select changes from booking_history where booking_id = 22 and from_status = 'open'",
    );
    expect(bookingHistory).toEqual([{ changes: { tables_released: [2], reason: 'table_taken' } }]);
  });

  it('holds the rule from then on: a second party at a table is refused by the database', async () => {
    await expect(
      db.exec('insert into table_occupancies (table_id, restaurant_id, queue_entry_id) values (1, 1, 11)'),
    ).rejects.toThrow(/table_occupancies_pkey|duplicate key/);
  });
});
