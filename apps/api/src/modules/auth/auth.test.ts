import { schema } from '@stolik/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities, PASSWORD } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('sign-in and sessions (simplejwt semantics)', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const signIn = async (email: string, password = PASSWORD) => {
    const res = await post('/api/auth/jwt/create/', { email, password });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { access: string; refresh: string };
  };

  it('signs in with e-mail and password, and with username as another name for the e-mail', async () => {
    const pair = await signIn('hostess.a@stolik.test');
    expect(pair.access.split('.')).toHaveLength(3);
    const alias = await post('/api/auth/jwt/create/', {
      username: 'HOSTESS.A@stolik.test',
      password: PASSWORD,
    });
    expect(alias.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/me/',
      headers: { authorization: `Bearer ${pair.access}` },
    });
    expect(me.json()).toMatchObject({ email: 'hostess.a@stolik.test', role: 'Менеджер' });
  });

  it("refuses a wrong password or an unknown e-mail with spec §5's 'Неверный пароль', the same for each", async () => {
    for (const [email, password] of [
      ['hostess.a@stolik.test', 'wrong-password'],
      ['nobody@stolik.test', PASSWORD],
    ]) {
      const res = await post('/api/auth/jwt/create/', { email, password });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ password: ['Неверный пароль'] });
    }
  });

  it('answers a sign-in without fields with the Russian field errors', async () => {
    const res = await post('/api/auth/jwt/create/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Заполните поле'], password: ['Заполните поле'] });
  });

  it("answers a password over the maximum with 'Пароль должен содержать не более 128 символов'", async () => {
    for (const [url, body] of [
      ['/api/auth/jwt/create/', { email: 'hostess.a@stolik.test' }],
      ['/api/user/', { email: 'long.password@stolik.test', first_name: 'Иван' }],
    ] as const) {
      const res = await post(url, { ...body, password: 'x'.repeat(129) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ password: ['Пароль должен содержать не более 128 символов'] });
    }
    // 128 is allowed: only the password itself is wrong.
    const atMax = await post('/api/auth/jwt/create/', {
      email: 'hostess.a@stolik.test',
      password: 'x'.repeat(128),
    });
    expect(atMax.json()).toEqual({ password: ['Неверный пароль'] });
  });

  it('verifies its own tokens and refuses anything else', async () => {
    const pair = await signIn('admin.a@stolik.test');
    expect((await post('/api/auth/jwt/verify/', { token: pair.access })).statusCode).toBe(200);
    expect((await post('/api/auth/jwt/verify/', { token: pair.refresh })).statusCode).toBe(200);
    const forged = `${pair.access.slice(0, -4)}AAAA`;
    const res = await post('/api/auth/jwt/verify/', { token: forged });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it('rotates the refresh token: the new pair works, the old refresh token does not', async () => {
    const first = await signIn('admin.a@stolik.test');
    const res = await post('/api/auth/jwt/refresh/', { refresh: first.refresh });
    expect(res.statusCode).toBe(200);
    const second = res.json() as { access: string; refresh: string };
    expect(second.refresh).not.toBe(first.refresh);
    const again = await post('/api/auth/jwt/refresh/', { refresh: first.refresh });
    expect(again.statusCode).toBe(401);
    expect((await post('/api/auth/jwt/refresh/', { refresh: second.refresh })).statusCode).toBe(200);
  });

  it('ends the whole session when a rotated refresh token comes back later (it was copied)', async () => {
    const first = await signIn('admin.a@stolik.test');
    const second = (await post('/api/auth/jwt/refresh/', { refresh: first.refresh })).json() as {
      refresh: string;
    };
    // Past the grace for two tabs refreshing at once.
    await t.database.db
      .update(schema.refreshTokens)
      .set({ revokedAt: sql`now() - interval '1 minute'` })
      .where(sql`${schema.refreshTokens.replacedBy} is not null`);
    expect((await post('/api/auth/jwt/refresh/', { refresh: first.refresh })).statusCode).toBe(401);
    // The thief's use of the old token also killed the legitimate newer one.
    expect((await post('/api/auth/jwt/refresh/', { refresh: second.refresh })).statusCode).toBe(401);
  });

  it('logs out: the refresh token stops working, and logging out twice is fine', async () => {
    const pair = await signIn('hostess.a@stolik.test');
    expect((await post('/api/auth/token/logout/', { refresh: pair.refresh })).statusCode).toBe(204);
    expect((await post('/api/auth/jwt/refresh/', { refresh: pair.refresh })).statusCode).toBe(401);
    expect((await post('/api/auth/jwt/verify/', { token: pair.refresh })).statusCode).toBe(401);
    expect((await post('/api/auth/token/logout/', { refresh: pair.refresh })).statusCode).toBe(204);
  });

  it('refuses an expired access token with token_not_valid', async () => {
    const expired = await t.app.tokens.signExpired('access', who.adminA.id);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/me/',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Сессия истекла. Войдите снова', code: 'token_not_valid' });
  });

  it('says who is missing credentials', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/me/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Учетные данные не были предоставлены', code: 'not_authenticated' });
  });

  it('does not let an inactive user sign in or refresh, and ends their sessions', async () => {
    const pair = await signIn('target.a@stolik.test');
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/user/${who.targetA.id}/deactivate`,
      headers: who.bearer(who.adminA),
    });
    expect(off.statusCode, off.body).toBe(200);
    const refused = await post('/api/auth/jwt/create/', {
      email: 'target.a@stolik.test',
      password: PASSWORD,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ password: ['Неверный пароль'] });
    expect((await post('/api/auth/jwt/refresh/', { refresh: pair.refresh })).statusCode).toBe(401);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/me/',
      headers: { authorization: `Bearer ${pair.access}` },
    });
    expect(me.statusCode).toBe(401);
    await t.app.inject({
      method: 'POST',
      url: `/api/user/${who.targetA.id}/activate`,
      headers: who.bearer(who.adminA),
    });
  });

  it('limits failures per account and address: 429 with Retry-After there, even with the right password', async () => {
    for (let i = 0; i < 10; i += 1) {
      const res = await post('/api/auth/jwt/create/', {
        email: 'hostess.b@stolik.test',
        password: `wrong-${i}`,
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await post('/api/auth/jwt/create/', {
      email: 'hostess.b@stolik.test',
      password: PASSWORD,
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().detail).toMatch(/^Слишком много запросов/);
    // Another account from the same address is not blocked by it.
    expect(
      (await post('/api/auth/jwt/create/', { email: 'admin.a@stolik.test', password: PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('does not let wrong passwords from elsewhere lock a person out of their account', async () => {
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/jwt/create/',
        payload: { email: 'hostess.a@stolik.test', password },
        remoteAddress,
      });
    // Ten wrong passwords from one address: that address waits, even with the right password.
    for (let i = 0; i < 10; i += 1) expect((await from('198.51.100.66', `guess-${i}`)).statusCode).toBe(400);
    const attacker = await from('198.51.100.66', PASSWORD);
    expect(attacker.statusCode).toBe(429);
    expect(Number(attacker.headers['retry-after'])).toBeGreaterThan(0);
    // The person, from an address that has not failed, signs in.
    expect((await from('192.0.2.10', PASSWORD)).statusCode).toBe(200);
    // Guesses from many addresses, past the account's ceiling of failures.
    for (let i = 0; i < 25; i += 1)
      expect((await from(`198.51.100.${100 + i}`, 'guess')).statusCode).toBe(400);
    // Now an address that has failed on the account three times waits, the right password or not…
    for (let i = 0; i < 2; i += 1) expect((await from('198.51.100.100', `again-${i}`)).statusCode).toBe(400);
    const failed = await from('198.51.100.100', PASSWORD);
    expect(failed.statusCode).toBe(429);
    expect(Number(failed.headers['retry-after'])).toBeGreaterThan(0);
    // …and one that has not still signs in with the right password (a wrong one is just wrong).
    expect((await from('192.0.2.11', PASSWORD)).statusCode).toBe(200);
    // The owner's typo while the account is under attack does not lock them out: an address is
    // allowed a few failures of its own past the ceiling.
    expect((await from('192.0.2.12', 'still-a-guess')).statusCode).toBe(400);
    expect((await from('192.0.2.12', PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await from('192.0.2.13', `typo-${i}`)).statusCode).toBe(400);
    expect((await from('192.0.2.13', PASSWORD)).statusCode).toBe(429);
  });

  it('limits sign-in attempts per address', async () => {
    const from = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/jwt/create/',
        payload: { email: `walker${i}@stolik.test`, password: 'whatever-else' },
        remoteAddress: '203.0.113.9',
      });
    for (let i = 0; i < 50; i += 1) expect((await from(i)).statusCode).toBe(400);
    expect((await from(51)).statusCode).toBe(429);
  });

  describe('an ended session ends its access tokens at once, not when they expire', () => {
    const me = (access: string) =>
      t.app.inject({ method: 'GET', url: '/api/user/me/', headers: { authorization: `Bearer ${access}` } });

    it('after logging out (the other sessions of that user go on)', async () => {
      const ended = await signIn('admin.a@stolik.test');
      const other = await signIn('admin.a@stolik.test');
      expect((await me(ended.access)).statusCode).toBe(200);
      expect((await post('/api/auth/token/logout/', { refresh: ended.refresh })).statusCode).toBe(204);
      const refused = await me(ended.access);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'token_not_valid' });
      expect((await post('/api/auth/jwt/verify/', { token: ended.access })).statusCode).toBe(401);
      expect((await me(other.access)).statusCode).toBe(200);
    });

    it('after a rotated refresh token comes back: the access tokens of the whole session too', async () => {
      const first = await signIn('admin.a@stolik.test');
      const second = (await post('/api/auth/jwt/refresh/', { refresh: first.refresh })).json() as {
        access: string;
      };
      await t.database.db
        .update(schema.refreshTokens)
        .set({ revokedAt: sql`now() - interval '1 minute'` })
        .where(sql`${schema.refreshTokens.replacedBy} is not null`);
      expect((await me(second.access)).statusCode).toBe(200);
      expect((await post('/api/auth/jwt/refresh/', { refresh: first.refresh })).statusCode).toBe(401);
      expect((await me(first.access)).statusCode).toBe(401);
      expect((await me(second.access)).statusCode).toBe(401);
    });

    it('after deactivation, and activating the user again revives none of them', async () => {
      const pair = await signIn('target.a@stolik.test');
      // A token the API signed without a refresh token behind it (as the tests' identities are).
      const bare = await t.app.tokens.signAccess(who.targetA.id);
      const toggle = async (action: 'deactivate' | 'activate') => {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/user/${who.targetA.id}/${action}`,
          headers: who.bearer(who.adminA),
        });
        expect(res.statusCode, res.body).toBe(200);
      };
      await toggle('deactivate');
      await toggle('activate');
      for (const access of [pair.access, bare, who.targetA.access]) {
        expect((await me(access)).statusCode).toBe(401);
        expect((await post('/api/auth/jwt/verify/', { token: access })).statusCode).toBe(401);
      }
      expect((await post('/api/auth/jwt/refresh/', { refresh: pair.refresh })).statusCode).toBe(401);
    });

    it('refuses an access token that names no session (signed before sessions were named)', async () => {
      const { SignJWT } = await import('jose');
      const [row] = await t.database.db
        .select()
        .from(schema.appSecrets)
        .where(eq(schema.appSecrets.name, 'jwt'));
      const iat = Math.floor(Date.now() / 1000);
      const old = await new SignJWT({ token_type: 'access', user_id: who.adminA.id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setJti('an-old-token')
        .setIssuedAt(iat)
        .setExpirationTime(iat + 300)
        .sign(new TextEncoder().encode(row?.value ?? ''));
      expect((await me(old)).statusCode).toBe(401);
    });
  });

  it('keeps the signing key in the database, so every API process accepts every token', async () => {
    const [row] = await t.database.db
      .select()
      .from(schema.appSecrets)
      .where(eq(schema.appSecrets.name, 'jwt'));
    expect(row?.value.length).toBeGreaterThanOrEqual(48);
  });
});
