import { type Database, schema } from '@stolik/db';
import { asc, eq } from 'drizzle-orm';

const { restaurants } = schema;
export type RestaurantRow = typeof restaurants.$inferSelect;

export function createRestaurantsRepository(db: Database) {
  return {
    list: (): Promise<RestaurantRow[]> => db.select().from(restaurants).orderBy(asc(restaurants.id)),

    findById: async (id: number): Promise<RestaurantRow | undefined> => {
      const [row] = await db.select().from(restaurants).where(eq(restaurants.id, id));
      return row;
    },
  };
}
export type RestaurantsRepository = ReturnType<typeof createRestaurantsRepository>;
