import { schema } from '@stolik/db';
import { ROLE_ADMIN, ROLE_MANAGER } from '@stolik/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenSigner } from './modules/auth/tokens';
import type { Access } from './shared/access';
import { createIdentities, type Identities } from './test/identities';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * Every registered /api route, called by every kind of caller. A new route is covered the moment it
 * is registered: it must declare its access, and this table decides what each caller may get.
 */
type Caller =
  | 'no token'
  | 'forged token'
  | 'expired token'
  | 'hostess of B'
  | 'hostess of A'
  | 'admin of A'
  | 'superuser'
  /** A's point-of-sale system (`Authorization: Token <key>`): a machine, never a person. */
  | 'POS key of A'
  /**
   * A's admin again, but every `/api/user/:id` names an account that also works in B (as its
   * admin): accounts are global, admins per restaurant, so what changes the whole account is refused.
   */
  | 'admin of A, on an account also of B';
const CALLERS: Caller[] = [
  'no token',
  'forged token',
  'expired token',
  'hostess of B',
  'hostess of A',
  'admin of A',
  'superuser',
  'POS key of A',
  'admin of A, on an account also of B',
];

/** What changes an account everywhere it works (its names, its active flag): not A's alone to change. */
const WHOLE_ACCOUNT = new Set(['POST /api/user/:id/activate', 'POST /api/user/:id/deactivate']);

type Outcome = 'allowed' | 401 | 403 | 404;

function expected(accessRule: Access, caller: Caller, route: string): Outcome {
  if (caller === 'admin of A, on an account also of B') {
    if (WHOLE_ACCOUNT.has(route)) return 403;
    return expected(accessRule, 'admin of A', route);
  }
  if (accessRule.kind === 'public') return 'allowed';
  // A POS key opens the POS's routes and nothing else; no person's token opens those.
  if (accessRule.kind === 'pos') return caller === 'POS key of A' ? 'allowed' : 401;
  if (caller === 'POS key of A') return 401;
  if (caller === 'no token' || caller === 'forged token' || caller === 'expired token') return 401;
  if (caller === 'superuser') return 'allowed';
  switch (accessRule.kind) {
    case 'authenticated':
      return 'allowed';
    case 'superuser':
      return 403;
    case 'admin':
      return caller === 'admin of A' ? 'allowed' : 403;
    case 'restaurant':
      if (caller === 'hostess of B') return 404;
      if (accessRule.level === 'admin' && caller === 'hostess of A') return 403;
      return 'allowed';
  }
}

describe('the access matrix of every route', () => {
  let t: TestApp;
  let who: Identities;
  const headers = new Map<Caller, Record<string, string>>();
  let base = '';
  let sharedUserId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
    const forger = createTokenSigner(new TextEncoder().encode('a-different-secret-that-we-do-not-use-000'));
    headers.set('no token', {});
    headers.set('forged token', { authorization: `Bearer ${await forger.signAccess(who.adminA.id)}` });
    headers.set('expired token', {
      authorization: `Bearer ${await t.app.tokens.signExpired('access', who.adminA.id)}`,
    });
    headers.set('hostess of B', who.bearer(who.hostessB));
    headers.set('hostess of A', who.bearer(who.hostessA));
    headers.set('admin of A', who.bearer(who.adminA));
    headers.set('superuser', who.bearer(who.superuser));
    headers.set('admin of A, on an account also of B', who.bearer(who.adminA));
    const [shared] = await t.database.db
      .insert(schema.users)
      .values({ email: 'shared.ab@stolik.test', firstName: 'Общая' })
      .returning();
    if (!shared) throw new Error('no user');
    sharedUserId = shared.id;
    await t.database.db.insert(schema.memberships).values([
      { userId: shared.id, restaurantId: who.restaurantA, role: ROLE_MANAGER },
      { userId: shared.id, restaurantId: who.restaurantB, role: ROLE_ADMIN },
    ]);
    // Two keys: the walk revokes key 1 (DELETE …/pos-keys/:keyId/ is filled with 1), the caller keeps the second.
    const makeKey = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/restaurant/${who.restaurantA}/pos-keys/`,
        headers: who.bearer(who.adminA),
        payload: { name: 'Касса' },
      });
      return (res.json() as { key: string }).key;
    };
    await makeKey();
    headers.set('POS key of A', { authorization: `Token ${await makeKey()}` });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const fill = (url: string, caller?: Caller, params: Record<string, string> = {}) =>
    url
      .replace(/^\/api\/restaurant\/:id/, `/api/restaurant/${who.restaurantA}`)
      .replace(
        /^\/api\/user\/:id/,
        `/api/user/${caller === 'admin of A, on an account also of B' ? sharedUserId : who.targetA.id}`,
      )
      .replace(':token', 'not-a-real-invitation-token')
      .replace(/:(\w+)/g, (_, name: string) => params[name] ?? '1');

  /** Routes that remove what they name (404 once it is gone): a fresh one of A's for every call. */
  const freshParams: Record<string, () => Promise<Record<string, string>>> = {
    'DELETE /api/restaurant/:id/table_lock/:lockId/': async () => {
      const db = t.database.db;
      const [table] = await db
        .select({ id: schema.diningTables.id })
        .from(schema.diningTables)
        .where(eq(schema.diningTables.restaurantId, who.restaurantA))
        .limit(1);
      if (!table) throw new Error('restaurant A has no table');
      const [lock] = await db
        .insert(schema.tableLocks)
        .values({ restaurantId: who.restaurantA, tableId: table.id, date: '2030-01-01' })
        .returning({ id: schema.tableLocks.id });
      return { lockId: String(lock?.id) };
    },
  };

  it('covers the routes of every module', () => {
    const urls = t.app.routeTable.map((r) => r.url);
    for (const expectedUrl of [
      '/api/health/',
      '/api/auth/jwt/create/',
      '/api/user/me/',
      '/api/restaurant/:id/tables/',
    ]) {
      expect(urls).toContain(expectedUrl);
    }
    expect(t.app.routeTable.every((route) => route.access !== undefined)).toBe(true);
  });

  it('scopes every staff route under a restaurant id to that restaurant (guest routes are public)', () => {
    const loose = t.app.routeTable.filter(
      (route) =>
        /\/restaurant\/:id\b/.test(route.url) &&
        !route.url.startsWith('/api/public/') &&
        route.access?.kind !== 'restaurant' &&
        route.access?.kind !== 'superuser',
    );
    expect(loose.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  // 90 s: a watchdog, not a timing. Every route is called by every caller over HTTP: about 9 s
  // alone, past the default 20 s beside a loaded run.
  it('gives each caller exactly what the route allows', async () => {
    const mismatches: string[] = [];
    for (const route of t.app.routeTable) {
      for (const caller of CALLERS) {
        const scope =
          route.access?.kind === 'restaurant' && route.access.from.in === 'query'
            ? route.access.from.name
            : null;
        // Over real HTTP, so that a route that streams (events) answers its status and is hung up on.
        const withBody = !(route.method === 'GET' || route.method === 'DELETE');
        const params = (await freshParams[`${route.method} ${route.url}`]?.()) ?? {};
        const response = await fetch(
          `${base}${scope ? `${fill(route.url, caller, params)}?${scope}=${who.restaurantA}` : fill(route.url, caller, params)}`,
          {
            method: route.method,
            headers: {
              ...(headers.get(caller) ?? {}),
              ...(withBody ? { 'content-type': 'application/json' } : {}),
            },
            ...(withBody ? { body: '{}' } : {}),
          },
        );
        const streams = response.headers.get('content-type')?.startsWith('text/event-stream');
        const res = { statusCode: response.status, body: streams ? '' : await response.text() };
        if (streams) await response.body?.cancel();
        const want = expected(route.access as Access, caller, `${route.method} ${route.url}`);
        const got = res.statusCode;
        const ok =
          want === 'allowed'
            ? ![401, 403].includes(got) && !(route.access?.kind === 'restaurant' && got === 404)
            : got === want;
        if (!ok)
          mismatches.push(
            `${route.method} ${route.url} as ${caller}: wanted ${want}, got ${got} ${res.body.slice(0, 120)}`,
          );
        if (got >= 500)
          mismatches.push(
            `${route.method} ${route.url} as ${caller}: server error ${res.body.slice(0, 200)}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  }, 90_000);
});
