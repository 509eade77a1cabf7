import { type Database, schema } from '@stolik/db';
import { eq, sql } from 'drizzle-orm';

const { rateLimitCounters } = schema;
export type RateLimitCounterRow = typeof rateLimitCounters.$inferSelect;

/** Where the fixed-window counters of the business limits are kept (rate-limit.ts says how they count). */
export function createRateLimitRepository(db: Database) {
  return {
    find: async (key: string): Promise<RateLimitCounterRow | undefined> =>
      (await db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key)))[0],

    /**
     * Counts one hit at `at` and returns the count with it, in one statement: of two requests at
     * the same instant each gets its own number (the row is locked by the upsert), so deciding
     * from the returned count holds under concurrency. A window begun at or before `windowStart`
     * starts over.
     */
    take: async (key: string, at: Date, windowStart: Date): Promise<{ hits: number; windowStart: Date }> => {
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, windowStart: at, hits: 1 })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            hits: sql`case when ${rateLimitCounters.windowStart} <= ${windowStart.toISOString()}::timestamptz then 1 else ${rateLimitCounters.hits} + 1 end`,
            windowStart: sql`case when ${rateLimitCounters.windowStart} <= ${windowStart.toISOString()}::timestamptz then ${at.toISOString()}::timestamptz else ${rateLimitCounters.windowStart} end`,
          },
        })
        .returning({ hits: rateLimitCounters.hits, windowStart: rateLimitCounters.windowStart });
      if (!row) throw new Error(`the counter ${key} was not written`);
      return row;
    },

    /** Gives one hit back (a reserved attempt that turned out not to count). */
    release: async (key: string): Promise<void> => {
      await db
        .update(rateLimitCounters)
        .set({ hits: sql`greatest(${rateLimitCounters.hits} - 1, 0)` })
        .where(eq(rateLimitCounters.key, key));
    },

    reset: async (key: string): Promise<void> => {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    },
  };
}
