import { FakeBotApi, peakInWindow, shortestGapPerChat } from '@stolik/bot/testing';
import { type DatabaseHandle, openDatabase, schema, seed } from '@stolik/db';
import { createEmptyPostgresDatabase } from '@stolik/db/testing';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueEvent, settled, subscribedHostesses } from '../../test/telegram';
import { TEST_BOT_TOKEN } from '../../test/test-app';
import { createDispatcher } from './dispatcher';

/** Two dispatchers as two processes would be: each with its own pool, against one PostgreSQL. */
describe('two dispatchers over one database', () => {
  let drop: () => Promise<void>;
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let fake: FakeBotApi;
  let apiRoot: string;

  beforeAll(async () => {
    const database = await createEmptyPostgresDatabase();
    drop = database.drop;
    first = await openDatabase({ databaseUrl: database.url });
    second = await openDatabase({ databaseUrl: database.url });
    await first.migrate();
    await seed(first.db, { adminEmail: 'root@stolik.test', adminPasswordHash: 'x' });
    fake = new FakeBotApi();
    apiRoot = await fake.start();
  });
  afterAll(async () => {
    await fake.stop();
    await first.close();
    await second.close();
    await drop();
  });

  it('never send one message twice, and keep the limits together', async () => {
    const [restaurant] = await first.db.select().from(schema.restaurants);
    if (!restaurant) throw new Error('no restaurant');
    await subscribedHostesses(first.db, restaurant.id, 50, 9001);
    for (let n = 1; n <= 3; n += 1) await queueEvent(first.db, restaurant.id, n);

    const dispatchers = [first, second].map((handle, i) =>
      createDispatcher({
        db: handle.db,
        api: new Api(TEST_BOT_TOKEN, { apiRoot }),
        publicUrl: () => 'https://stolik.test',
        tuning: { pollMs: 50 },
        name: `process-${i + 1}`,
      }),
    );
    await Promise.all(dispatchers.map((d) => d.start()));
    try {
      await settled(first.db, 30_000);
    } finally {
      await Promise.all(dispatchers.map((d) => d.stop()));
    }

    const calls = fake.callsOf('sendMessage');
    const messages = calls.map((c) => `${c.payload.chat_id}|${String(c.payload.text).split('\n')[1]}`);
    expect(calls).toHaveLength(150);
    expect(new Set(messages).size).toBe(150);
    // Both took part, and together they kept Telegram's limits.
    expect(dispatchers.map((d) => d.stats.sent > 0)).toEqual([true, true]);
    expect(dispatchers.reduce((sum, d) => sum + d.stats.sent, 0)).toBe(150);
    expect(peakInWindow(calls, 1000)).toBeLessThanOrEqual(30);
    expect(shortestGapPerChat(calls)).toBeGreaterThanOrEqual(1000);
  });
});
