import { MetabaseDashboard, MetabaseDashboards } from '@stolik/contracts';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { CONTENT_SECURITY_POLICY } from '../../plugins/security';
import { createIdentities, type Identities, type Person } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';
import { dashboardUuid, EMBED_TTL_S } from './metabase.service';

const SITE = 'https://metabase.example.com';
const SECRET = 'a3f9c1e7b2d84f6a9e0c5b1d7f3a8e2c4b6d9f1a3c5e7b9d0f2a4c6e8b1d3f5a';
const METABASE = {
  siteUrl: SITE,
  secretKey: SECRET,
  dashboards: [
    { id: 12, name: 'Выручка' },
    { id: 15, name: 'Очередь' },
  ],
};

describe('Metabase dashboards, signed for the restaurant', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp({ config: { metabase: METABASE } });
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  const get = (url: string, as: Person | null = who.adminA) =>
    t.app.inject({ method: 'GET', url, headers: as ? who.bearer(as) : {} });

  it('lists the dashboards with embedding addresses whose token locks the restaurant, signed with the secret key', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await get(`/api/metabase/?restaurant_id=${who.restaurantA}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = MetabaseDashboards.parse(res.json());
    expect(list.configured).toBe(true);
    expect(list.dashboards.map((d) => [d.name, d.uuid])).toEqual([
      ['Выручка', dashboardUuid(SITE, 12)],
      ['Очередь', dashboardUuid(SITE, 15)],
    ]);
    for (const [index, dashboard] of list.dashboards.entries()) {
      const prefix = `${SITE}/embed/dashboard/`;
      expect(dashboard.url.startsWith(prefix)).toBe(true);
      const { payload, protectedHeader } = await jwtVerify(
        dashboard.url.slice(prefix.length),
        new TextEncoder().encode(SECRET),
      );
      expect(protectedHeader.alg).toBe('HS256');
      expect(payload).toMatchObject({
        resource: { dashboard: METABASE.dashboards[index]?.id },
        params: { restaurant: who.restaurantA },
      });
      expect(payload.exp).toBeGreaterThanOrEqual(before + EMBED_TTL_S);
      expect(payload.exp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + EMBED_TTL_S);
      expect(Date.parse(dashboard.expires_at)).toBe((payload.exp ?? 0) * 1000);
    }
    // A token from another key does not pass.
    const first = list.dashboards[0]?.url.split('/').pop() ?? '';
    await expect(jwtVerify(first, new TextEncoder().encode(`${SECRET}x`))).rejects.toThrow();
  });

  it('gives one dashboard by its uuid, fresh; an unknown uuid is 404 and a malformed one 400', async () => {
    const uuid = dashboardUuid(SITE, 15);
    const res = await get(`/api/metabase/${uuid}/?restaurant_id=${who.restaurantA}`, who.superuser);
    expect(res.statusCode, res.body).toBe(200);
    const dashboard = MetabaseDashboard.parse(res.json());
    expect(dashboard).toMatchObject({ uuid, name: 'Очередь' });
    const { payload } = await jwtVerify(
      dashboard.url.split('/').pop() ?? '',
      new TextEncoder().encode(SECRET),
    );
    expect(payload).toMatchObject({ resource: { dashboard: 15 }, params: { restaurant: who.restaurantA } });

    const unknown = await get(`/api/metabase/${dashboardUuid(SITE, 99)}/?restaurant_id=${who.restaurantA}`);
    expect(unknown.statusCode).toBe(404);
    expect((await get(`/api/metabase/not-a-uuid/?restaurant_id=${who.restaurantA}`)).statusCode).toBe(400);
    expect((await get(`/api/metabase/${uuid}/`)).statusCode).toBe(400);
    expect((await get(`/api/metabase/?restaurant_id=999999`, who.superuser)).statusCode).toBe(404);
  });

  it('lets the app’s pages frame the Metabase site, and no other', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.headers['content-security-policy']).toBe(
      `${CONTENT_SECURITY_POLICY}; frame-src 'self' https://metabase.example.com`,
    );
  });

  it('is for the restaurant’s admins: a hostess 403, another restaurant 404, no sign-in 401', async () => {
    const list = `/api/metabase/?restaurant_id=${who.restaurantA}`;
    const one = `/api/metabase/${dashboardUuid(SITE, 12)}/?restaurant_id=${who.restaurantA}`;
    for (const url of [list, one]) {
      expect((await get(url, who.hostessA)).statusCode).toBe(403);
      expect((await get(url, who.hostessB)).statusCode).toBe(404);
      expect((await get(url, null)).statusCode).toBe(401);
    }
    expect((await get(`/api/metabase/?restaurant_id=${who.restaurantB}`)).statusCode).toBe(404);
  });
});

describe('Metabase not configured', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  it('says so: the list is empty with configured false, and a dashboard is 404 with a reason', async () => {
    const headers = who.bearer(who.adminA);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/metabase/?restaurant_id=${who.restaurantA}`,
      headers,
    });
    expect(list.statusCode).toBe(200);
    expect(MetabaseDashboards.parse(list.json())).toEqual({ configured: false, dashboards: [] });
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/metabase/${dashboardUuid(SITE, 12)}/?restaurant_id=${who.restaurantA}`,
      headers,
    });
    expect(one.statusCode).toBe(404);
    expect(one.json()).toEqual({ detail: 'Дашборды Metabase не настроены', code: 'metabase_not_configured' });
    expect(list.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });
});

describe('Metabase configuration', () => {
  const env = {
    METABASE_SITE_URL: 'https://metabase.example.com/',
    METABASE_SECRET_KEY: SECRET,
    METABASE_DASHBOARDS: '12:Выручка, 15: Очередь и брони',
  };

  it('reads the address, the key and the dashboards with their names', () => {
    expect(loadConfig({}).metabase).toBeUndefined();
    expect(loadConfig(env).metabase).toEqual({
      siteUrl: 'https://metabase.example.com',
      secretKey: SECRET,
      dashboards: [
        { id: 12, name: 'Выручка' },
        { id: 15, name: 'Очередь и брони' },
      ],
    });
  });

  it('refuses a part of it, a short key, a bad address or dashboards without names, naming the variable', () => {
    const problem = (values: Record<string, string>) => {
      try {
        loadConfig(values);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems.join('\n');
      }
      return 'no problem';
    };
    expect(problem({ METABASE_SITE_URL: env.METABASE_SITE_URL })).toContain('set all three, or none');
    expect(problem({ ...env, METABASE_DASHBOARDS: '' })).toContain('set all three, or none');
    expect(problem({ ...env, METABASE_SECRET_KEY: 'short' })).toContain('METABASE_SECRET_KEY');
    expect(problem({ ...env, METABASE_SITE_URL: 'metabase.local' })).toContain('METABASE_SITE_URL');
    for (const dashboards of ['12', 'Выручка:12', '12:Выручка,,15:Очередь', '12:  ']) {
      expect(problem({ ...env, METABASE_DASHBOARDS: dashboards }), dashboards).toContain(
        'METABASE_DASHBOARDS',
      );
    }
  });
});
