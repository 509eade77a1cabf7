import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../test/event-stream';
import { createIdentities, type Identities } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('an event stream when the database connection behind it drops', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  it("tells the screen 'gap' so it refetches, then goes on delivering", async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openEventStream(
      `${base}/api/restaurant/${who.restaurantA}/events/`,
      who.bearer(who.hostessA),
    );
    expect((await stream.next()).event).toBe('ready');
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'LISTEN%'`,
    );
    expect((await stream.next(5000)).event).toBe('gap');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/reservation/',
      headers: who.bearer(who.hostessA),
      payload: { restaurant: who.restaurantA, group_size: 3 },
    });
    expect(JSON.parse((await stream.next(1000)).data)).toMatchObject({ id: created.json().id });
    stream.close();
  });
});
