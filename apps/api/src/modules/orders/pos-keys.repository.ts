import { type Database, schema } from '@stolik/db';
import { and, desc, eq, sql } from 'drizzle-orm';

const { posKeys } = schema;
export type PosKeyRow = typeof posKeys.$inferSelect;

/** Where POS keys are kept (by their hash only); who may see and make them is the service's. */
export function createPosKeysRepository(db: Database) {
  return {
    /** The restaurant's keys, newest first, revoked ones included. */
    list: (restaurantId: number): Promise<PosKeyRow[]> =>
      db
        .select()
        .from(posKeys)
        .where(eq(posKeys.restaurantId, restaurantId))
        .orderBy(desc(posKeys.createdAt), desc(posKeys.id)),

    create: async (values: typeof posKeys.$inferInsert): Promise<PosKeyRow> => {
      const [row] = await db.insert(posKeys).values(values).returning();
      if (!row) throw new Error('the POS key was not stored');
      return row;
    },

    /** The restaurant's key of this id (another restaurant's: undefined). */
    findOf: async (restaurantId: number, keyId: number) =>
      (
        await db
          .select({ id: posKeys.id, revokedAt: posKeys.revokedAt })
          .from(posKeys)
          .where(and(eq(posKeys.id, keyId), eq(posKeys.restaurantId, restaurantId)))
      )[0],

    revoke: async (keyId: number): Promise<void> => {
      await db.update(posKeys).set({ revokedAt: sql`now()` }).where(eq(posKeys.id, keyId));
    },
  };
}
