import { type DatabaseHandle, openDatabase } from '@stolik/db';
import { createEmptyPostgresDatabase } from '@stolik/db/testing';
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

describe('a staff stream held by another API instance', () => {
  let drop: () => Promise<void>;
  let handles: DatabaseHandle[] = [];
  let a: TestApp;
  let b: TestApp;
  let who: Identities;
  beforeAll(async () => {
    const database = await createEmptyPostgresDatabase();
    drop = database.drop;
    handles = [
      await openDatabase({ databaseUrl: database.url }),
      await openDatabase({ databaseUrl: database.url }),
    ];
    await handles[0]?.migrate();
    a = await createTestApp({ database: handles[0] });
    b = await createTestApp({ database: handles[1] });
    who = await createIdentities(a);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await Promise.all(handles.map((handle) => handle.close()));
    await drop?.();
  });

  it('closes within a second when its user is taken out of the restaurant through the other', async () => {
    const base = await b.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openEventStream(
      `${base}/api/restaurant/${who.restaurantA}/events/`,
      who.bearer(who.hostessA),
    );
    expect((await stream.next()).event).toBe('ready');
    const removed = await a.app.inject({
      method: 'DELETE',
      url: `/api/user/${who.hostessA.id}/restaurants/${who.restaurantA}/`,
      headers: who.bearer(who.adminA),
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const closed = await Promise.race([
      stream.ended().then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 1000)),
    ]);
    expect(closed).toBe('closed');
  });
});
