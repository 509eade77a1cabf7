import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { createTestDatabase } from './testing';

describe('listening on PostgreSQL when the connection drops', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('comes back by itself, reports the gap, and hears again', async () => {
    const heard: string[] = [];
    let gaps = 0;
    const stop = await database.listen(
      'drop_channel',
      (payload) => heard.push(payload),
      () => {
        gaps += 1;
      },
    );
    // What a server restart or a network cut does to the listening connection.
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'LISTEN%'`,
    );
    await expect.poll(() => gaps, { timeout: 5000 }).toBe(1);
    await database.db.execute(sql`select pg_notify('drop_channel', 'after the gap')`);
    await expect.poll(() => heard).toEqual(['after the gap']);
    await stop();
  });
});
