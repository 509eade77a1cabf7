import { type Database, schema } from '@stolik/db';
import { asc, eq, sql } from 'drizzle-orm';

const { platformSettings, restaurants } = schema;
export type PlatformSettingRow = typeof platformSettings.$inferSelect;

/** Where the product-wide settings are kept and the organisations counted. */
export function createPlatformRepository(db: Database) {
  return {
    setting: async (key: string): Promise<PlatformSettingRow | undefined> =>
      (await db.select().from(platformSettings).where(eq(platformSettings.key, key)))[0],

    saveSetting: async (
      key: string,
      value: Record<string, unknown>,
      by: number,
    ): Promise<PlatformSettingRow> => {
      const [row] = await db
        .insert(platformSettings)
        .values({ key, value, updatedBy: by })
        .onConflictDoUpdate({
          target: platformSettings.key,
          set: { value, updatedBy: by, updatedAt: new Date() },
        })
        .returning();
      if (!row) throw new Error(`${key} was not saved`);
      return row;
    },

    /** Every restaurant with the size of its hall and staff and its latest scheme version. */
    organisations: () =>
      // The subqueries name restaurants.id in full: unqualified, "id" would be the subquery's own.
      db
        .select({
          restaurant: restaurants,
          tables: sql<number>`(select count(*)::int from dining_tables t where t.restaurant_id = restaurants.id)`,
          zones: sql<number>`(select count(*)::int from zones z where z.restaurant_id = restaurants.id)`,
          members: sql<number>`(select count(*)::int from memberships m where m.restaurant_id = restaurants.id)`,
          schemeVersion: sql<
            number | null
          >`(select max(v.version)::int from scheme_versions v where v.restaurant_id = restaurants.id)`,
        })
        .from(restaurants)
        .orderBy(asc(restaurants.id)),

    createRestaurant: async (values: typeof restaurants.$inferInsert) => {
      const [row] = await db.insert(restaurants).values(values).returning();
      if (!row) throw new Error('restaurant was not created');
      return row;
    },
  };
}
