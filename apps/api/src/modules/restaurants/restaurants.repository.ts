import { type Database, schema } from '@stolik/db';
import { asc, eq, inArray } from 'drizzle-orm';

const { restaurants, diningTables } = schema;
export type RestaurantRow = typeof restaurants.$inferSelect;
export type TableRow = typeof diningTables.$inferSelect;

export function createRestaurantsRepository(db: Database) {
  return {
    /** All restaurants ('all'), or those with these ids. */
    list: (ids: number[] | 'all'): Promise<RestaurantRow[]> => {
      const query = db.select().from(restaurants);
      return (ids === 'all' ? query : query.where(inArray(restaurants.id, ids.length ? ids : [-1]))).orderBy(
        asc(restaurants.id),
      );
    },

    findById: async (id: number): Promise<RestaurantRow | undefined> => {
      const [row] = await db.select().from(restaurants).where(eq(restaurants.id, id));
      return row;
    },

    tables: (restaurantId: number): Promise<TableRow[]> =>
      db
        .select()
        .from(diningTables)
        .where(eq(diningTables.restaurantId, restaurantId))
        .orderBy(asc(diningTables.zoneId), asc(diningTables.id)),
  };
}
export type RestaurantsRepository = ReturnType<typeof createRestaurantsRepository>;
