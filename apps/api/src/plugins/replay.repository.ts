import { type Database, schema } from '@stolik/db';
import { and, eq, lt, sql } from 'drizzle-orm';

const { requestReplays } = schema;
export type RequestReplayRow = typeof requestReplays.$inferSelect;

/** Where the kept answers of staff actions live, per user and Idempotency-Key (replay.ts says why). */
export function createReplayRepository(db: Database) {
  const ofKey = (userId: number, key: string) =>
    and(eq(requestReplays.userId, userId), eq(requestReplays.key, key));

  return {
    /** Claims the key for this request: false when the user already holds it. */
    claim: async (claim: {
      userId: number;
      key: string;
      method: string;
      url: string;
      bodyHash: string;
    }): Promise<boolean> =>
      (
        await db
          .insert(requestReplays)
          .values(claim)
          .onConflictDoNothing()
          .returning({ key: requestReplays.key })
      ).length > 0,

    find: async (userId: number, key: string): Promise<RequestReplayRow | undefined> =>
      (await db.select().from(requestReplays).where(ofKey(userId, key)))[0],

    /** Keeps the answer given to the claim. */
    keep: async (userId: number, key: string, statusCode: number, body: unknown): Promise<void> => {
      await db.update(requestReplays).set({ statusCode, body }).where(ofKey(userId, key));
    },

    drop: async (userId: number, key: string): Promise<void> => {
      await db.delete(requestReplays).where(ofKey(userId, key));
    },

    /** Forgets the claims made more than `keepMs` ago (by the database's clock). */
    forgetOlderThan: async (keepMs: number): Promise<void> => {
      await db
        .delete(requestReplays)
        .where(lt(requestReplays.createdAt, sql`now() - ${`${keepMs} milliseconds`}::interval`));
    },
  };
}
