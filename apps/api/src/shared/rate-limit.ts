import { type Database, schema } from '@stolik/db';
import { eq, sql } from 'drizzle-orm';
import { HttpError } from './http-errors';

const { rateLimitCounters } = schema;

export interface Limit {
  /** How many hits a window allows. */
  max: number;
  windowS: number;
}

/**
 * Fixed-window counters kept in the database, so that every API process counts together and a
 * restart forgets nothing. Good enough for abuse limits; not a precise token bucket.
 */
export function createRateLimiter(db: Database, now: () => Date = () => new Date()) {
  async function current(key: string, limit: Limit): Promise<{ hits: number; retryAfterS: number }> {
    const [row] = await db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    if (!row) return { hits: 0, retryAfterS: 0 };
    const ageS = (now().getTime() - row.windowStart.getTime()) / 1000;
    if (ageS >= limit.windowS) return { hits: 0, retryAfterS: 0 };
    return { hits: row.hits, retryAfterS: Math.max(1, Math.ceil(limit.windowS - ageS)) };
  }

  return {
    /** Throws 429 (with Retry-After) when the key has used up its window. */
    async check(key: string, limit: Limit): Promise<void> {
      const state = await current(key, limit);
      if (state.hits >= limit.max) throw tooManyRequests(state.retryAfterS);
    },

    /** Counts one hit; a window older than windowS starts over. */
    async hit(key: string, limit: Limit): Promise<void> {
      const at = now();
      const windowStart = new Date(at.getTime() - limit.windowS * 1000);
      await db
        .insert(rateLimitCounters)
        .values({ key, windowStart: at, hits: 1 })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            hits: sql`case when ${rateLimitCounters.windowStart} <= ${windowStart.toISOString()}::timestamptz then 1 else ${rateLimitCounters.hits} + 1 end`,
            windowStart: sql`case when ${rateLimitCounters.windowStart} <= ${windowStart.toISOString()}::timestamptz then ${at.toISOString()}::timestamptz else ${rateLimitCounters.windowStart} end`,
          },
        });
    },

    /** Checks and counts in one step (public forms: every request counts). */
    async consume(key: string, limit: Limit): Promise<void> {
      await this.check(key, limit);
      await this.hit(key, limit);
    },

    async reset(key: string): Promise<void> {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
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
