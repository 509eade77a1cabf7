import { type Database, schema } from '@stolik/db';
import { and, eq, isNull, sql } from 'drizzle-orm';

const { posKeys } = schema;

/** The query that checks a POS key (the keys are made and listed in modules/orders/pos-keys.repository.ts). */
export function createPosKeyAuthRepository(db: Database) {
  return {
    /** The live key of this hash, its last use recorded in the same statement; undefined when none. */
    use: async (keyHash: string): Promise<{ id: number; restaurantId: number } | undefined> =>
      (
        await db
          .update(posKeys)
          .set({ lastUsedAt: sql`now()` })
          .where(and(eq(posKeys.keyHash, keyHash), isNull(posKeys.revokedAt)))
          .returning({ id: posKeys.id, restaurantId: posKeys.restaurantId })
      )[0],
  };
}
