import { QueueEntry } from '@stolik/contracts';
import { type DatabaseHandle, openDatabase, schema } from '@stolik/db';
import { createEmptyPostgresDatabase } from '@stolik/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createIdentities, type Identities, type Person } from '../../test/identities';
import { openTestRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Two API instances, each with its own pool and its own LISTEN, on one PostgreSQL database (the
 * replicas of production): what one changes, the other's caches drop as soon as it hears of it.
 * Each test waits until the other instance has heard everything committed (`caughtUp`), then reads.
 */
describe('the caches of two API instances on one PostgreSQL database', () => {
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
    const options = { readCacheMs: 60_000, viewerCacheMs: 60_000 };
    a = await createTestApp({ ...options, database: handles[0] });
    b = await createTestApp({ ...options, database: handles[1] });
    who = await createIdentities(a);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await Promise.all(handles.map((handle) => handle.close()));
    await drop?.();
  });

  const list = (on: TestApp, restaurant: number, as: Person = who.hostessA) =>
    on.app.inject({
      method: 'GET',
      url: `/api/reservation/?restaurant_id=${restaurant}`,
      headers: who.bearer(as),
    });
  /** Until `on` has heard everything committed so far (false: it did not in time). */
  const caughtUp = (on: TestApp) => on.app.changes.caughtUp();

  it('a walk-in added through one instance is in the list the other one answers', async () => {
    const h = await openTestRestaurant(a, who, { name: 'Две копии', tables: [{ number: '1', seatsMax: 4 }] });
    const first = await a.app.inject({
      method: 'POST',
      url: '/api/reservation/',
      headers: who.bearer(who.hostessA),
      payload: { restaurant: h.id, group_size: 2, name: 'Первый' },
    });
    expect(first.statusCode, first.body).toBe(201);
    await b.app.changes.start();
    expect(await caughtUp(b)).toBe(true);
    const before = z.array(QueueEntry).parse((await list(b, h.id)).json());
    expect(before.map((e) => e.name)).toEqual(['Первый']);
    // Kept by B: a row changed behind the product's back is not seen there.
    await a.database.db
      .update(schema.queueEntries)
      .set({ name: 'Тихо' })
      .where(eq(schema.queueEntries.restaurantId, h.id));
    expect(z.array(QueueEntry).parse((await list(b, h.id)).json())).toEqual(before);

    const second = await a.app.inject({
      method: 'POST',
      url: '/api/reservation/',
      headers: who.bearer(who.hostessA),
      payload: { restaurant: h.id, group_size: 2, name: 'Второй' },
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(await caughtUp(b)).toBe(true);
    const after = z.array(QueueEntry).parse((await list(b, h.id)).json());
    expect(after.map((e) => e.name).sort()).toEqual(['Второй', 'Тихо']);
  });

  it('a staff member taken out through one instance loses the restaurant on the other', async () => {
    expect((await list(b, who.restaurantA, who.targetA)).statusCode).toBe(200);
    const removed = await a.app.inject({
      method: 'DELETE',
      url: `/api/user/${who.targetA.id}/restaurants/${who.restaurantA}/`,
      headers: who.bearer(who.adminA),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await caughtUp(b)).toBe(true);
    expect((await list(b, who.restaurantA, who.targetA)).statusCode).toBe(404);
  });
});
