import { QueueEntry } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities } from '../test/identities';
import { createTestApp, type TestApp } from '../test/test-app';
import { ABANDONED_AFTER_MS } from './replay';

describe('staff actions replayed with an Idempotency-Key (a tablet back online)', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    key: string | undefined,
    payload?: object,
    as = who.hostessA,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...who.bearer(as), ...(key === undefined ? {} : { 'idempotency-key': key }) },
      ...(payload ? { payload } : {}),
    });
  const walkIn = (key: string | undefined, name = 'Гость') =>
    send('POST', '/api/reservation/', key, { restaurant: who.restaurantA, group_size: 2, name });
  const historyOf = async (id: number) =>
    t.database.db.select().from(schema.queueHistory).where(eq(schema.queueHistory.entryId, id));

  it('adds a walk-in once however often it is sent, and answers every repeat alike', async () => {
    const first = await walkIn('walk-in-0001', 'Олег');
    expect(first.statusCode, first.body).toBe(201);
    const again = await walkIn('walk-in-0001', 'Олег');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const named = await t.database.db
      .select()
      .from(schema.queueEntries)
      .where(eq(schema.queueEntries.name, 'Олег'));
    expect(named).toHaveLength(1);
  });

  it('cancels once: a replayed cancel gets its 204 again, not a conflict with itself', async () => {
    const entry = QueueEntry.parse((await walkIn(undefined)).json());
    const cancel = () => send('DELETE', `/api/reservation/${entry.id}/`, 'cancel-00002');
    expect((await cancel()).statusCode).toBe(204);
    const again = await cancel();
    expect(again.statusCode).toBe(204);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // Sent anew (no key), the same cancel is refused by the status machine: the key is what makes it safe.
    expect((await send('DELETE', `/api/reservation/${entry.id}/`, undefined)).statusCode).toBe(409);
    expect((await historyOf(entry.id)).filter((row) => row.toStatus === 'cancelled')).toHaveLength(1);
  });

  it('gives a refusal again as it was (the guest was seated from another device)', async () => {
    const entry = QueueEntry.parse((await walkIn(undefined)).json());
    await send('DELETE', `/api/reservation/${entry.id}/`, undefined);
    const refused = await send('PUT', `/api/reservation/${entry.id}/`, 'call-0000003', { status: 'called' });
    expect(refused.statusCode).toBe(409);
    const again = await send('PUT', `/api/reservation/${entry.id}/`, 'call-0000003', { status: 'called' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refused.json());
  });

  it('keeps keys per person: the same key from a colleague is another action', async () => {
    const mine = await walkIn('shared-key-01', 'Первый');
    const theirs = await send(
      'POST',
      '/api/reservation/',
      'shared-key-01',
      { restaurant: who.restaurantA, group_size: 2, name: 'Второй' },
      who.adminA,
    );
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(mine.json().id);
  });

  it('refuses a key used again for another request, and a malformed key', async () => {
    await walkIn('reused-key-01');
    const other = await send('PUT', '/api/reservation/1/', 'reused-key-01', { status: 'called' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'idempotency_key_reused', detail: expect.any(String) });
    const bad = await walkIn('short');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ idempotency_key: ['Некорректный ключ повтора запроса'] });
  });

  it('refuses the same key with another body with 422, and never gives the first answer to it', async () => {
    const first = await walkIn('body-bound-01', 'Олег');
    expect(first.statusCode).toBe(201);
    const other = await walkIn('body-bound-01', 'Совсем другой');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      detail: 'Этот ключ повтора уже использован для другого действия',
      code: 'idempotency_key_reused',
    });
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    // The same body, its fields in another order, is still the same request.
    const same = await send('POST', '/api/reservation/', 'body-bound-01', {
      name: 'Олег',
      group_size: 2,
      restaurant: who.restaurantA,
    });
    expect(same.statusCode).toBe(201);
    expect(same.json()).toEqual(first.json());
  });

  it('tells a repeat that arrives while the first is still running to wait', async () => {
    // The first request's claim, as it stands while its handler runs.
    await t.database.db
      .insert(schema.requestReplays)
      .values({ userId: who.hostessA.id, key: 'running-key-1', method: 'POST', url: '/api/reservation/' });
    const repeat = await walkIn('running-key-1');
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toEqual({
      detail: 'Это действие еще выполняется. Повторите через секунду',
      code: 'request_in_flight',
    });
    expect(repeat.headers['retry-after']).toBe('1');
  });

  it('says so when the first never answered (its process died): not known whether it was done, not run again', async () => {
    await t.database.db.insert(schema.requestReplays).values({
      userId: who.hostessA.id,
      key: 'abandoned-01',
      method: 'POST',
      url: '/api/reservation/',
      createdAt: new Date(Date.now() - ABANDONED_AFTER_MS - 1000),
    });
    const before = await t.database.db.select().from(schema.queueEntries);
    const repeat = await walkIn('abandoned-01', 'Потерянный');
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toEqual({
      detail: 'Неизвестно, выполнено ли это действие: сервер не ответил. Проверьте список',
      code: 'request_lost',
    });
    expect(repeat.headers['retry-after']).toBeUndefined();
    expect(await t.database.db.select().from(schema.queueEntries)).toHaveLength(before.length);
  });

  it('does not keep requests that failed validation: corrected, the same key goes through', async () => {
    const invalid = await send('POST', '/api/reservation/', 'fixed-later-1', {
      restaurant: who.restaurantA,
      group_size: 0,
    });
    expect(invalid.statusCode).toBe(400);
    const fixed = await walkIn('fixed-later-1');
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });
});
