import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { createTestDatabase } from './testing';

describe('listening for changes', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const notify = (payload: string) => database.db.execute(sql`select pg_notify('test_channel', ${payload})`);

  it('hears a notification only once its transaction commits, and none of one rolled back', async () => {
    const heard: string[] = [];
    const stop = await database.listen('test_channel', (payload) => heard.push(payload));
    let heardInside: string[] = [];
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('test_channel', 'committed')`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      heardInside = [...heard];
    });
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('test_channel', 'rolled back')`);
        throw new Error('roll back');
      })
      .catch(() => {});
    await notify('after');
    await expect.poll(() => heard).toEqual(['committed', 'after']);
    expect(heardInside).toEqual([]);
    await stop();
    await notify('not heard');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual(['committed', 'after']);
  });
});
