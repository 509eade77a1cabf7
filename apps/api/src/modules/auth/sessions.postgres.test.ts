import { type DatabaseHandle, openDatabase } from '@stolik/db';
import { createEmptyPostgresDatabase } from '@stolik/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../test/event-stream';
import { createIdentities, type Identities, PASSWORD } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Two API instances, each with its own pool and its own LISTEN connection, on one PostgreSQL
 * database: a session ended through one is ended in the other at once, and the other's streams of
 * that session close.
 */
describe('a session ended through one API process, seen by another on the same database', () => {
  let drop: () => Promise<void>;
  let handles: DatabaseHandle[] = [];
  let a: TestApp;
  let b: TestApp;
  let baseB: string;
  let who: Identities;

  beforeAll(async () => {
    const database = await createEmptyPostgresDatabase();
    drop = database.drop;
    handles = [
      await openDatabase({ databaseUrl: database.url }),
      await openDatabase({ databaseUrl: database.url }),
    ];
    const [first, second] = handles as [DatabaseHandle, DatabaseHandle];
    await first.migrate();
    a = await createTestApp({ database: first });
    b = await createTestApp({ database: second });
    who = await createIdentities(a);
    baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await Promise.all(handles.map((handle) => handle.close()));
    await drop?.();
  });

  const signIn = async () => {
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/create/',
      payload: { email: 'hostess.a@stolik.test', password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { access: string; refresh: string };
  };
  const meOnB = (access: string) =>
    b.app.inject({ method: 'GET', url: '/api/user/me/', headers: { authorization: `Bearer ${access}` } });

  it("logging out through A ends the session's access tokens on B and closes B's stream within a second", async () => {
    const pair = await signIn();
    expect((await meOnB(pair.access)).statusCode).toBe(200);
    const stream = await openEventStream(`${baseB}/api/restaurant/${who.restaurantA}/events/`, {
      authorization: `Bearer ${pair.access}`,
    });
    expect((await stream.next(5000)).event).toBe('ready');

    const out = await a.app.inject({
      method: 'POST',
      url: '/api/auth/token/logout/',
      payload: { refresh: pair.refresh },
    });
    expect(out.statusCode).toBe(204);
    const outcome = await Promise.race([
      stream.ended().then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 1000)),
    ]);
    expect(outcome).toBe('closed');
    expect((await meOnB(pair.access)).statusCode).toBe(401);
  });
});
