import { type Database, schema } from '@stolik/db';
import { asc, eq, inArray } from 'drizzle-orm';
import { announceChange } from '../../shared/changes/changes.repository';
import { smsUsedThisMonth } from '../guest-messages/sms/sms-budget.repository';

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

    /** Whether a restaurant of this id exists (a superuser may name any id). */
    exists: async (id: number): Promise<boolean> =>
      (await db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.id, id))).length > 0,

    /** The restaurant's time zone; undefined when there is no such restaurant. */
    timezoneOf: async (id: number): Promise<string | undefined> =>
      (await db.select({ timezone: restaurants.timezone }).from(restaurants).where(eq(restaurants.id, id)))[0]
        ?.timezone,

    findById: async (id: number): Promise<RestaurantRow | undefined> => {
      const [row] = await db.select().from(restaurants).where(eq(restaurants.id, id));
      return row;
    },

    /**
     * Changes the restaurant's own settings. Its time zone and bookings switch change what every
     * screen computes, so open screens hear of it (kind 'table', as other settings changes).
     */
    update: (id: number, values: Partial<Omit<RestaurantRow, 'id' | 'createdAt'>>): Promise<RestaurantRow> =>
      db.transaction(async (tx) => {
        const changes = Object.keys(values).length > 0;
        const [row] = changes
          ? await tx.update(restaurants).set(values).where(eq(restaurants.id, id)).returning()
          : await tx.select().from(restaurants).where(eq(restaurants.id, id));
        if (!row) throw new Error(`restaurant ${id} vanished`);
        if (changes) await announceChange(tx, { kind: 'table', restaurant: id, id: 0 });
        return row;
      }),

    /** SMS sent this month, in the restaurant's time zone (its settings show it). */
    smsUsedThisMonth: (id: number): Promise<number> => smsUsedThisMonth(db, id),

    tables: (restaurantId: number): Promise<TableRow[]> =>
      db
        .select()
        .from(diningTables)
        .where(eq(diningTables.restaurantId, restaurantId))
        .orderBy(asc(diningTables.zoneId), asc(diningTables.id)),
  };
}
export type RestaurantsRepository = ReturnType<typeof createRestaurantsRepository>;
