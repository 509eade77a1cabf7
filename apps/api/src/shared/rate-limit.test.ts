import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_STREAMS_PER_ADDRESS } from '../modules/events/events.routes';
import { openEventStream } from '../test/event-stream';
import { createIdentities, type Identities } from '../test/identities';
import { createTestApp, type TestApp } from '../test/test-app';
import { access } from './access';
import { addressOf, createMemoryRateLimiter, rateLimitPlugin, SMALL_BODY_LIMIT } from './rate-limit';

describe('per-address flood caps', () => {
  it('count hits in a fixed window, then answer 429 with the seconds left, then start over', () => {
    let now = 1_000_000;
    const counters = createMemoryRateLimiter(() => now);
    const limit = { max: 3, windowS: 60 };
    for (let i = 0; i < 3; i += 1) counters.consume('k', limit);
    let refused: unknown;
    try {
      counters.consume('k', limit);
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ statusCode: 429, headers: { 'retry-after': '60' } });
    // Another key is not affected.
    counters.consume('other', limit);
    now += 45_000;
    expect(() => counters.consume('k', limit)).toThrow();
    try {
      counters.consume('k', limit);
    } catch (error) {
      expect(error).toMatchObject({ headers: { 'retry-after': '15' } });
    }
    now += 15_000;
    counters.consume('k', limit);
  });

  it('forget expired windows once they hold many keys, so memory stays bounded', () => {
    let now = 0;
    const counters = createMemoryRateLimiter(() => now);
    for (let i = 0; i < 10_000; i += 1) counters.consume(`a${i}`, { max: 1, windowS: 1 });
    expect(counters.size()).toBe(10_000);
    now = 5000;
    counters.consume('late', { max: 1, windowS: 1 });
    expect(counters.size()).toBe(1);
  });

  it('count an IPv4 address as itself and an IPv6 address by its /64', () => {
    expect(addressOf('203.0.113.9')).toBe('203.0.113.9');
    expect(addressOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressOf('2001:db8:1:2::7')).toBe('2001:db8:1:2::/64');
    expect(addressOf('2001:0db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressOf('::1')).toBe('0:0:0:0::/64');
  });

  it('refuse to start with a public route that declares no limit', async () => {
    const app = Fastify();
    await app.register(rateLimitPlugin);
    expect(() => app.get('/api/open/', { config: { access: access.public } }, async () => ({}))).toThrow(
      'public route GET /api/open/ declares no rateLimit',
    );
    // Declared, it starts.
    app.get(
      '/api/open/',
      { config: { access: access.public, rateLimit: { max: 1, windowS: 1 } } },
      async () => ({}),
    );
    await app.ready();
    await app.close();
  });
});

describe('the limits of every public route', () => {
  let t: TestApp;
  let who: Identities;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('gives every public route a per-address cap; the few exempt ones say why', () => {
    const publicRoutes = t.app.routeTable.filter((route) => route.access?.kind === 'public');
    expect(publicRoutes.length).toBeGreaterThanOrEqual(20);
    const declared = new Map(t.app.routeLimits.map((r) => [`${r.method} ${r.url}`, r.limit]));
    for (const route of publicRoutes) expect(declared.has(`${route.method} ${route.url}`)).toBe(true);
    const exempt = t.app.routeLimits.filter((r) => 'exempt' in r.limit);
    // A new exemption is a decision to review here, not a route that slipped through.
    expect(exempt.map((r) => `${r.method} ${r.url}`).sort()).toEqual(['GET /api/health/']);
    for (const route of exempt) expect((route.limit as { exempt: string }).exempt.length).toBeGreaterThan(20);
  });

  // 60 s: a watchdog, not a timing. It sends every public route past its cap (about 10 s alone,
  // near the default 20 s beside a loaded run).
  it('answers 429 with Retry-After and a message past each cap, counted before validation', async () => {
    let n = 0;
    const failures: string[] = [];
    for (const { method, url, limit } of t.app.routeLimits) {
      if ('exempt' in limit) continue;
      // A fresh address per route; invalid parameters and bodies: the cap counts them too.
      n += 1;
      const remoteAddress = `198.51.100.${n}`;
      const call = () =>
        t.app.inject({
          method: method as 'GET' | 'POST',
          url: url.replace(/:\w+/g, 'x'),
          remoteAddress,
          ...(method === 'GET' ? {} : { payload: {} }),
        });
      for (let i = 0; i < limit.max; i += 1) {
        const res = await call();
        if (res.statusCode === 429 || res.statusCode >= 500) {
          failures.push(`${method} ${url}: call ${i + 1} of ${limit.max} got ${res.statusCode}`);
          break;
        }
      }
      const refused = await call();
      if (refused.statusCode !== 429) {
        failures.push(`${method} ${url}: call ${limit.max + 1} got ${refused.statusCode}`);
        continue;
      }
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({
        code: 'throttled',
        detail: expect.stringMatching(/^Слишком много/),
      });
      // Another address is not held back by it.
      const other = await t.app.inject({
        method: method as 'GET' | 'POST',
        url: url.replace(/:\w+/g, 'x'),
        remoteAddress: `192.0.2.${n}`,
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      if (other.statusCode === 429) failures.push(`${method} ${url}: another address got 429`);
    }
    expect(failures).toEqual([]);
    expect(n).toBe(t.app.routeLimits.filter((r) => !('exempt' in r.limit)).length);
    expect(n).toBeGreaterThanOrEqual(20);
  }, 60_000);

  it('caps the guest event streams one address holds open at once, and frees a place when one ends', async () => {
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/public/restaurant/${who.restaurantA}/queue/`,
      payload: { group_size: 2, name: 'Ольга', phone: '+79167001199' },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const { token } = joined.json() as { token: string };
    const url = `${base}/api/public/queue/${token}/events/`;

    // A staff stream and refused attempts (unknown token) take no place.
    const staff = await openEventStream(
      `${base}/api/restaurant/${who.restaurantA}/events/`,
      who.bearer(who.hostessA),
    );
    expect(staff.response.status).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      expect((await fetch(`${base}/api/public/queue/${'z'.repeat(24)}/events/`)).status).toBe(404);
    }

    const streams = [];
    for (let i = 0; i < GUEST_STREAMS_PER_ADDRESS; i += 1) {
      const stream = await openEventStream(url, {});
      expect(stream.response.status).toBe(200);
      expect((await stream.next()).event).toBe('ready');
      streams.push(stream);
    }
    const refused = await fetch(url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'throttled' });
    // The booking page's stream counts against the same cap.
    expect((await fetch(`${base}/api/public/booking/${'y'.repeat(24)}/events/`)).status).toBe(429);

    // One hangs up: its place is free again once the server has seen it go.
    const first = streams.shift();
    first?.close();
    let reopened: Awaited<ReturnType<typeof openEventStream>> | null = null;
    for (let attempt = 0; attempt < 100 && !reopened; attempt += 1) {
      const next = await openEventStream(url, {});
      if (next.response.status === 200) reopened = next;
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(reopened?.response.status).toBe(200);
    for (const stream of [...streams, reopened, staff]) stream?.close();
  });

  it('refuses a body over 16 KiB on guest forms, sign-in and tokens with 413 and a clear message', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(SMALL_BODY_LIMIT), phone: '+79160000000', group_size: 2 });
    const small = [
      `/api/public/restaurant/${who.restaurantA}/queue/`,
      `/api/public/restaurant/${who.restaurantA}/booking/`,
      '/api/auth/jwt/create/',
      '/api/auth/jwt/verify/',
      '/api/auth/jwt/refresh/',
      '/api/auth/token/logout/',
      '/api/signin/telegram/',
      '/api/user/',
      '/api/user/invite/not-a-real-invitation-token/accept/',
      '/api/frontend-event/',
    ];
    for (const [i, url] of small.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: big,
        headers: { 'content-type': 'application/json' },
        remoteAddress: `203.0.113.${100 + i}`,
      });
      expect(res.statusCode, url).toBe(413);
      expect(res.json(), url).toEqual({
        detail: 'Слишком большой запрос: не больше 16 КБ',
        code: 'payload_too_large',
      });
    }
    // Other routes keep the server's limit of 1 MiB.
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/reservation/',
      payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json', ...who.bearer(who.hostessA) },
    });
    expect(staff.statusCode).toBe(413);
    expect(staff.json()).toEqual({
      detail: 'Слишком большой запрос: не больше 1024 КБ',
      code: 'payload_too_large',
    });
  });
});

describe('HEAD on a guest event stream', () => {
  // An app of its own: the other streams of this file have used up the address's minute.
  let t: TestApp;
  let who: Identities;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('answers HEAD on a guest stream at once, and holds no stream place for it', async () => {
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/public/restaurant/${who.restaurantA}/queue/`,
      payload: { group_size: 2, name: 'Ольга', phone: '+79167001198' },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const url = `${base}/api/public/queue/${(joined.json() as { token: string }).token}/events/`;
    for (let i = 0; i < GUEST_STREAMS_PER_ADDRESS; i += 1) {
      const started = Date.now();
      // Past a second the signal aborts the fetch and the test fails.
      const head = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(1000) });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(Date.now() - started).toBeLessThan(1000);
    }
    const stream = await openEventStream(url, {});
    expect(stream.response.status).toBe(200);
    expect((await stream.next()).event).toBe('ready');
    stream.close();
  });
});

describe('the client address behind a reverse proxy', () => {
  const signIn = (app: TestApp['app'], remoteAddress: string, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/jwt/create/',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: {},
    });
  const capOf = (app: TestApp['app']) => {
    const route = app.routeLimits.find((r) => r.method === 'POST' && r.url === '/api/auth/jwt/create/');
    if (!route || 'exempt' in route.limit) throw new Error('sign-in has no cap');
    return route.limit.max;
  };

  it('counts each client behind a trusted proxy by X-Forwarded-For, and ignores the header from anyone else', async () => {
    const t = await createTestApp({ config: { trustProxy: ['10.0.0.0/8'] } });
    try {
      const cap = capOf(t.app);
      for (let i = 0; i < cap; i += 1)
        expect((await signIn(t.app, '10.1.2.3', '203.0.113.7')).statusCode).toBe(400);
      expect((await signIn(t.app, '10.1.2.3', '203.0.113.7')).statusCode).toBe(429);
      // Another guest behind the same proxy is not held back.
      expect((await signIn(t.app, '10.1.2.3', '203.0.113.8')).statusCode).toBe(400);

      // A client that is not a trusted proxy cannot pick its address by the header.
      for (let i = 0; i < cap; i += 1) {
        expect((await signIn(t.app, '198.51.100.50', `192.0.2.${i}`)).statusCode).toBe(400);
      }
      expect((await signIn(t.app, '198.51.100.50', '192.0.2.250')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('ignores X-Forwarded-For when no proxy is trusted (the default)', async () => {
    const t = await createTestApp();
    try {
      const cap = capOf(t.app);
      for (let i = 0; i < cap; i += 1)
        expect((await signIn(t.app, '10.1.2.3', `192.0.2.${i}`)).statusCode).toBe(400);
      expect((await signIn(t.app, '10.1.2.3', '192.0.2.251')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('the database limits per address, from IPv6', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  /** A new address of one /64 on every call, as a phone (or anyone) holding a whole /64 can. */
  let host = 0;
  const fromOne64 = () => `2001:db8:77:1:${(++host).toString(16)}:0:0:1`;
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

  // Each with its database limit (the in-memory caps of these routes are higher).
  type Call = { method: 'GET' | 'POST'; url: string; payload?: object };
  const limits: [name: string, max: number, call: (i: number) => Call][] = [
    [
      'queue joins',
      20,
      (i) => ({
        method: 'POST',
        url: `/api/public/restaurant/${who.restaurantA}/queue/`,
        payload: { group_size: 2, name: 'Гость', phone: `+7916${String(5000000 + i)}` },
      }),
    ],
    [
      'booking requests',
      20,
      (i) => ({
        method: 'POST',
        url: `/api/public/restaurant/${who.restaurantA}/booking/`,
        payload: {
          date: day,
          time: '19:00',
          group_size: 2,
          name: 'Гость',
          phone: `+7926${String(5000000 + i)}`,
        },
      }),
    ],
    [
      'free times',
      120,
      () => ({
        method: 'GET',
        url: `/api/public/restaurant/${who.restaurantA}/slots/?date=${day}&group_size=2`,
      }),
    ],
    [
      'sign-ups',
      10,
      (i) => ({
        method: 'POST',
        url: '/api/user/',
        payload: { email: `v6-${i}@stolik.test`, password: 'long-enough-password-1', first_name: 'Ира' },
      }),
    ],
    [
      'invitations',
      10,
      () => ({ method: 'POST', url: `/api/user/invite/${'n'.repeat(43)}/accept/`, payload: {} }),
    ],
    [
      'sign-in attempts',
      50,
      (i) => ({
        method: 'POST',
        url: '/api/auth/jwt/create/',
        payload: { email: `v6-${i}@x.test`, password: 'x' },
      }),
    ],
  ];

  it.each(limits)('counts %s by the /64, as the in-memory caps do', async (_name, max, call) => {
    for (let i = 0; i < max; i += 1) {
      const res = await t.app.inject({ ...call(i), remoteAddress: fromOne64() });
      if (res.statusCode === 429) expect.fail(`call ${i + 1} of ${max}: 429 already`);
    }
    const over = await t.app.inject({ ...call(max), remoteAddress: fromOne64() });
    expect(over.statusCode, over.body).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another /64 is not held back.
    const other = await t.app.inject({ ...call(max + 1), remoteAddress: '2001:db8:78:1::1' });
    expect(other.statusCode).not.toBe(429);
  });
});
