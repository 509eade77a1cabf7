import type { Database } from '@stolik/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './http-errors';
import { createRateLimitRepository } from './rate-limit.repository';

export interface Limit {
  /** How many hits a window allows. */
  max: number;
  windowS: number;
}

/**
 * Fixed-window counters kept in the database, so that every API process counts together and a
 * restart forgets nothing. Good enough for abuse limits; not a precise token bucket.
 *
 * Every decision is made from the count a hit returns (`take`: one upsert that counts and reads),
 * never from a count read before the hit: of N concurrent requests with M places left exactly M
 * get through, on one process or many. A refused request still counts (a fixed window does not
 * stretch by it), unless its caller gives the hit back (`release`).
 */
export function createRateLimiter(db: Database, now: () => Date = () => new Date()) {
  const counters = createRateLimitRepository(db);

  /** Counts one hit; returns the window's count with it and the seconds until the window ends. */
  async function take(key: string, limit: Limit): Promise<{ hits: number; retryAfterS: number }> {
    const at = now();
    const row = await counters.take(key, at, new Date(at.getTime() - limit.windowS * 1000));
    const ageS = (at.getTime() - row.windowStart.getTime()) / 1000;
    return { hits: row.hits, retryAfterS: Math.max(1, Math.ceil(limit.windowS - ageS)) };
  }

  return {
    take,

    /** Counts one hit, and throws 429 (with Retry-After) when it is past the window's limit. */
    async consume(key: string, limit: Limit): Promise<void> {
      const { hits, retryAfterS } = await take(key, limit);
      if (hits > limit.max) throw tooManyRequests(retryAfterS);
    },

    /**
     * Runs `work` counting against `limit` only what it created: a hit is reserved first (so of
     * N requests at once no more than the limit may create) and given back when `work` created
     * nothing (a replay, a refusal, an error). Past the limit `work` still runs, handed the 429 to
     * throw where it would create: what it answers without creating (the same guest's replay, or
     * their own entry) still gets through.
     */
    async creating<T extends { created: boolean }>(
      key: string,
      limit: Limit,
      work: (refusal: HttpError | null) => Promise<T>,
    ): Promise<T> {
      const { hits, retryAfterS } = await take(key, limit);
      let created = false;
      try {
        const result = await work(hits > limit.max ? tooManyRequests(retryAfterS) : null);
        created = result.created;
        return result;
      } finally {
        if (!created) await counters.release(key);
      }
    },

    /** Gives back one hit taken by `take` (an attempt reserved, then not counted after all). */
    release: (key: string): Promise<void> => counters.release(key),

    async reset(key: string): Promise<void> {
      await counters.reset(key);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

export function tooManyRequests(retryAfterS: number): HttpError {
  return new HttpError(
    429,
    'errors.tooManyRequests',
    'throttled',
    {},
    { 'retry-after': String(retryAfterS) },
    {
      seconds: retryAfterS,
    },
  );
}

/**
 * Per-address flood caps, declared on each route (`config.rateLimit`) like its access. They are
 * counted before anything else runs (authentication, the body's validation, the handler), so a
 * flood of garbage costs no database work; they live in this process's memory, so with N API
 * processes an address may make N times as many calls. The business limits above (sign-in
 * failures per account, guest forms per phone…) stay in the database and count across replicas.
 */
export const perAddress = {
  /** Public reads: a restaurant's card, style and font, the super setup, an invitation. */
  read: { max: 120, windowS: 60 },
  /** A guest's own page: it refetches on every nudge of its stream, guests share Wi-Fi. */
  guestPage: { max: 240, windowS: 60 },
  /** Free booking times (the database limit of 120 a minute answers first). */
  slots: { max: 240, windowS: 60 },
  /** Guest forms (queue, booking; the database limits per address and phone answer first). */
  guestForm: { max: 60, windowS: 60 },
  /** A guest leaving the queue or cancelling a booking. */
  guestCancel: { max: 30, windowS: 60 },
  /** A guest turning Web Push of their page on or off. */
  guestPush: { max: 30, windowS: 60 },
  /** Opening a guest's event stream (the number open at once is capped too). */
  guestStream: { max: 60, windowS: 60 },
  /** Sign-in (password or Telegram), sign-up and invitations (database limits answer first). */
  signIn: { max: 60, windowS: 60 },
  /** Tokens: verify, refresh, logout (every open tab refreshes every few minutes). */
  token: { max: 120, windowS: 60 },
  /** The client's error reports (past 30 a minute they are already dropped unlogged). */
  report: { max: 120, windowS: 60 },
  /** Telegram's webhook: checked by its secret first; Telegram retries what gets a 429. */
  webhook: { max: 1200, windowS: 60 },
} as const satisfies Record<string, Limit>;

/** A route's flood cap, or why it has none (said on the route, so it is a decision, not a gap). */
export type RouteRateLimit = Limit | { exempt: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RouteRateLimit;
  }
  interface FastifyInstance {
    /** Every public route with its flood cap, for tests and the docs. */
    routeLimits: { method: string; url: string; limit: RouteRateLimit }[];
  }
}

/** Request bodies that are small by nature (guest forms, sign-in, tokens): 16 KiB, 413 beyond. */
export const SMALL_BODY_LIMIT = 16 * 1024;

/**
 * The address a limit counts by: an IPv4 address, or an IPv6 address's /64 (one household or
 * phone usually holds a whole /64, so counting single IPv6 addresses would limit nothing).
 */
export function addressOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** How many keys the memory counters hold before they drop expired windows (and, past 10×, all). */
const MEMORY_SWEEP_AT = 10_000;

/** Fixed-window counters in this process's memory: a flood cap, not a business rule. */
export function createMemoryRateLimiter(now: () => number = Date.now) {
  const windows = new Map<string, { startMs: number; hits: number; windowMs: number }>();
  let sweptAt = 0;

  const sweep = (at: number) => {
    if (windows.size < MEMORY_SWEEP_AT || at - sweptAt < 1000) return;
    sweptAt = at;
    for (const [key, window] of windows) if (at - window.startMs >= window.windowMs) windows.delete(key);
    // Millions of addresses within one window: forget them all rather than grow without end.
    if (windows.size >= MEMORY_SWEEP_AT * 10) windows.clear();
  };

  return {
    /** Counts one hit; throws 429 (with Retry-After) past the limit. */
    consume(key: string, limit: Limit): void {
      const at = now();
      const windowMs = limit.windowS * 1000;
      let window = windows.get(key);
      if (!window || at - window.startMs >= windowMs) {
        sweep(at);
        window = { startMs: at, hits: 0, windowMs };
        windows.set(key, window);
      }
      if (window.hits >= limit.max) {
        throw tooManyRequests(Math.max(1, Math.ceil((window.startMs + windowMs - at) / 1000)));
      }
      window.hits += 1;
    },
    size: () => windows.size,
  };
}

const isPublic = (config: unknown) =>
  (config as { access?: { kind?: string } } | undefined)?.access?.kind === 'public';

/**
 * Enforces each route's `config.rateLimit` per address, first thing on every request, and refuses
 * to start with a public route that declares none (as the authentication plugin does for access).
 */
export const rateLimitPlugin = fp<{ now?: () => number }>(
  async (app: FastifyInstance, options) => {
    const counters = createMemoryRateLimiter(options.now);
    app.decorate('routeLimits', []);

    app.addHook('onRoute', (route) => {
      const url = route.url ?? route.path;
      if (!url.startsWith('/api') || !isPublic(route.config)) return;
      const limit = (route.config as { rateLimit?: RouteRateLimit }).rateLimit;
      if (!limit) throw new Error(`public route ${String(route.method)} ${url} declares no rateLimit`);
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') app.routeLimits.push({ method: String(method), url, limit });
      }
    });

    app.addHook('onRequest', async (request) => {
      const limit = request.routeOptions.config.rateLimit;
      if (!limit || 'exempt' in limit) return;
      const route = `${request.routeOptions.method} ${request.routeOptions.url}`;
      counters.consume(`${route} ${addressOf(request.ip)}`, limit);
    });
  },
  { name: 'stolik-rate-limit' },
);
