import { type Database, schema } from '@stolik/db';
import { eq, sql } from 'drizzle-orm';

const { rateLimitCounters } = schema;
export type RateLimitCounterRow = typeof rateLimitCounters.$inferSelect;

/** Where the fixed-window counters of the business limits are kept (rate-limit.ts says how they count). */
export function createRateLimitRepository(db: Database) {
  return {
    find: async (key: string): Promise<RateLimitCounterRow | undefined> =>
      (await db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key)))[0],

    /** Counts one hit at `at`, in one statement; a window begun at or before `windowStart` starts over. */
    hit: async (key: string, at: Date, windowStart: Date): Promise<void> => {
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

    reset: async (key: string): Promise<void> => {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    },
  };
}
