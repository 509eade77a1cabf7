import { randomUUID } from 'node:crypto';
import { schema } from '@stolik/db';
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities, PASSWORD } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';
import { REFRESH_TTL_S } from '../auth/tokens';
import { forgetExpiredRecords, RATE_LIMIT_COUNTERS_KEPT_S } from './expired-records.repository';
import { startGuestRetention } from './retention';

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

/**
 * The rows that can no longer decide anything go with the hourly retention run
 * (expired-records.repository.ts), and nothing that still decides goes with them: the sessions and
 * limits are checked through the API after each run.
 */
describe('the expired records', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  const signIn = async () => {
    const res = await post('/api/auth/jwt/create/', { email: who.hostessA.email, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { access: string; refresh: string };
  };
  const me = (access: string) =>
    t.app.inject({ method: 'GET', url: '/api/user/me/', headers: { authorization: `Bearer ${access}` } });
  const refreshRows = (jtis: string[]) =>
    db().select().from(schema.refreshTokens).where(inArray(schema.refreshTokens.jti, jtis));
  const expiredToken = (userId: number, expiresAt: Date) => ({
    jti: randomUUID(),
    familyId: randomUUID(),
    userId,
    expiresAt,
  });

  it('deletes the refresh tokens past their expiry; a live session still refreshes, and a rotated token is kept', async () => {
    const pair = await signIn();
    const rotated = await post('/api/auth/jwt/refresh/', { refresh: pair.refresh });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const live = rotated.json() as { access: string; refresh: string };
    const family = (
      await db().select().from(schema.refreshTokens).where(eq(schema.refreshTokens.userId, who.hostessA.id))
    ).map((row) => row.jti);
    const expired = [
      expiredToken(who.hostessA.id, ago(1000)),
      expiredToken(who.adminA.id, ago(30 * 86_400_000)),
    ];
    const unexpired = expiredToken(who.adminA.id, ahead(HOUR));
    await db()
      .insert(schema.refreshTokens)
      .values([...expired, unexpired]);

    const outcome = await forgetExpiredRecords(db());
    expect(outcome.refreshTokens).toBe(2);
    expect(await refreshRows(expired.map((row) => row.jti))).toEqual([]);
    // The session's tokens, the rotated one among them (presented again, it ends the session), stay.
    expect((await refreshRows([...family, unexpired.jti])).length).toBe(family.length + 1);
    const next = await post('/api/auth/jwt/refresh/', { refresh: live.refresh });
    expect(next.statusCode, next.body).toBe(200);
    expect((await me((next.json() as { access: string }).access)).statusCode).toBe(200);
  });

  it('deletes an ended session once its last token has expired; one ended within that stays refused', async () => {
    const pair = await signIn();
    expect((await me(pair.access)).statusCode).toBe(200);
    expect((await post('/api/auth/token/logout/', { refresh: pair.refresh })).statusCode).toBe(204);
    const old = { id: randomUUID(), userId: who.hostessB.id, endedAt: ago(REFRESH_TTL_S * 1000 + HOUR) };
    const recent = { id: randomUUID(), userId: who.hostessB.id, endedAt: ago(REFRESH_TTL_S * 1000 - HOUR) };
    await db().insert(schema.endedSessions).values([old, recent]);

    const outcome = await forgetExpiredRecords(db());
    expect(outcome.endedSessions).toBe(1);
    const kept = await db()
      .select({ id: schema.endedSessions.id })
      .from(schema.endedSessions)
      .where(inArray(schema.endedSessions.id, [old.id, recent.id]));
    expect(kept).toEqual([{ id: recent.id }]);
    // The session logged out a moment ago is still ended: its access token is refused.
    expect((await me(pair.access)).statusCode).toBe(401);
  });

  it('deletes the rate-limit counters whose window began over a day ago; a counting limit still holds', async () => {
    const counters = [
      { key: 'expired-test:old', windowStart: ago(RATE_LIMIT_COUNTERS_KEPT_S * 1000 + HOUR), hits: 9 },
      { key: 'expired-test:recent', windowStart: ago(2 * HOUR), hits: 9 },
    ];
    await db().insert(schema.rateLimitCounters).values(counters);
    // Ten wrong passwords for one account from one address: the pair's limit is reached.
    for (let i = 0; i < 10; i++)
      await post('/api/auth/jwt/create/', { email: who.adminA.email, password: 'wrong-password-1' });
    const limited = await post('/api/auth/jwt/create/', { email: who.adminA.email, password: PASSWORD });
    expect(limited.statusCode, limited.body).toBe(429);

    const outcome = await forgetExpiredRecords(db());
    expect(outcome.rateLimitCounters).toBe(1);
    const kept = await db()
      .select({ key: schema.rateLimitCounters.key })
      .from(schema.rateLimitCounters)
      .where(like(schema.rateLimitCounters.key, 'expired-test:%'));
    expect(kept).toEqual([{ key: 'expired-test:recent' }]);
    const still = await post('/api/auth/jwt/create/', { email: who.adminA.email, password: PASSWORD });
    expect(still.statusCode, still.body).toBe(429);
  });

  it('deletes the Telegram link tokens past their expiry, used or not', async () => {
    const tokens = [
      { tokenHash: `expired-${randomUUID()}`, userId: who.hostessA.id, expiresAt: ago(1000) },
      { tokenHash: `used-${randomUUID()}`, userId: who.hostessA.id, expiresAt: ago(1000), usedAt: ago(2000) },
      { tokenHash: `live-${randomUUID()}`, userId: who.hostessA.id, expiresAt: ahead(HOUR) },
    ];
    await db().insert(schema.telegramLinkTokens).values(tokens);
    expect((await forgetExpiredRecords(db())).telegramLinkTokens).toBe(2);
    const kept = await db()
      .select({ hash: schema.telegramLinkTokens.tokenHash })
      .from(schema.telegramLinkTokens)
      .where(
        inArray(
          schema.telegramLinkTokens.tokenHash,
          tokens.map((row) => row.tokenHash),
        ),
      );
    expect(kept).toEqual([{ hash: tokens[2]?.tokenHash }]);
  });

  it('goes through a backlog in batches, to the last row', async () => {
    const backlog = Array.from({ length: 7 }, () => expiredToken(who.superuser.id, ago(HOUR)));
    await db().insert(schema.refreshTokens).values(backlog);
    expect((await forgetExpiredRecords(db(), new Date(), 3)).refreshTokens).toBe(7);
    expect(await refreshRows(backlog.map((row) => row.jti))).toEqual([]);
  });

  it('is part of the hourly retention run, from its first run', async () => {
    const stale = expiredToken(who.superuser.id, ago(HOUR));
    await db().insert(schema.refreshTokens).values(stale);
    const job = startGuestRetention(db(), { everyMs: 60_000 });
    await job.first;
    await job.stop();
    expect(await refreshRows([stale.jti])).toEqual([]);
  });
});
