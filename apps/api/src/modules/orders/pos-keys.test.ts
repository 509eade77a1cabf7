import { createHash } from 'node:crypto';
import { PosKey, PosKeyCreated } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createIdentities, type Identities, type Person } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('the POS keys of a restaurant', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  const keysUrl = (restaurant = who.restaurantA) => `/api/restaurant/${restaurant}/pos-keys/`;
  const create = (name: unknown, as: Person = who.adminA, restaurant = who.restaurantA) =>
    t.app.inject({ method: 'POST', url: keysUrl(restaurant), headers: who.bearer(as), payload: { name } });
  const listed = async (as: Person = who.adminA) => {
    const res = await t.app.inject({ method: 'GET', url: keysUrl(), headers: who.bearer(as) });
    expect(res.statusCode, res.body).toBe(200);
    return z.array(PosKey).parse(res.json());
  };
  const revoke = (id: number, as: Person = who.adminA, restaurant = who.restaurantA) =>
    t.app.inject({ method: 'DELETE', url: `${keysUrl(restaurant)}${id}/`, headers: who.bearer(as) });

  it('makes a random key, shows it once, and keeps only its sha256', async () => {
    const res = await create('  Касса в зале ');
    expect(res.statusCode, res.body).toBe(201);
    const made = PosKeyCreated.parse(res.json());
    expect(made.key).toMatch(/^pos_[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({
      name: 'Касса в зале',
      prefix: made.key.slice(0, 10),
      created_by: who.adminA.id,
      last_used_at: null,
      revoked_at: null,
    });
    const other = PosKeyCreated.parse((await create('Бар')).json());
    expect(other.key).not.toBe(made.key);

    const [row] = await t.database.db.select().from(schema.posKeys).where(eq(schema.posKeys.id, made.id));
    expect(row?.keyHash).toBe(createHash('sha256').update(made.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.key.slice(10));

    const keys = await listed();
    expect(keys.map((k) => k.name)).toEqual(['Бар', 'Касса в зале']);
    expect(JSON.stringify(keys)).not.toContain(made.key.slice(10));
    expect(keys[0]).not.toHaveProperty('key');
  });

  it('records when a key was last used', async () => {
    const made = PosKeyCreated.parse((await create('Проверка')).json());
    const before = Date.now();
    const push = await t.app.inject({
      method: 'POST',
      url: '/api/pos/orders/',
      headers: { authorization: `token ${made.key}` },
      payload: { orders: [] },
    });
    expect(push.statusCode, push.body).toBe(200);
    const used = (await listed()).find((k) => k.id === made.id);
    expect(Date.parse(used?.last_used_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });

  it('revokes a key at once; again changes nothing; another restaurant’s key is 404', async () => {
    const made = PosKeyCreated.parse((await create('Старая касса')).json());
    expect((await revoke(made.id)).statusCode).toBe(204);
    const revokedAt = (await listed()).find((k) => k.id === made.id)?.revoked_at;
    expect(revokedAt).not.toBeNull();
    expect((await revoke(made.id)).statusCode).toBe(204);
    expect((await listed()).find((k) => k.id === made.id)?.revoked_at).toBe(revokedAt);

    const theirs = PosKeyCreated.parse((await create('Их касса', who.superuser, who.restaurantB)).json());
    expect((await revoke(theirs.id)).statusCode).toBe(404);
    expect((await revoke(999_999)).statusCode).toBe(404);
  });

  it('is for the restaurant’s admins: a hostess gets 403, another restaurant’s people 404', async () => {
    expect((await create('Касса', who.hostessA)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: keysUrl(), headers: who.bearer(who.hostessA) })).statusCode,
    ).toBe(403);
    expect((await create('Касса', who.hostessB)).statusCode).toBe(404);
    expect((await revoke(1, who.hostessA)).statusCode).toBe(403);
    expect((await create('Касса', who.superuser)).statusCode).toBe(201);
    const unnamed = await create('   ');
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toEqual({ name: ['Заполните поле'] });
    expect((await create('Касса', who.superuser, 999_999)).statusCode).toBe(404);
  });
});
