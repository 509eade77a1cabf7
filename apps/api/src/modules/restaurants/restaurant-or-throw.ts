import type { Database } from '@stolik/db';
import { notFound } from '../../shared/http-errors';
import { createRestaurantsRepository, type RestaurantRow } from './restaurants.repository';

/** The restaurant, or 404 (a superuser passes the access check for any id, existing or not). */
export async function restaurantOrThrow(db: Database, id: number): Promise<RestaurantRow> {
  const row = await createRestaurantsRepository(db).findById(id);
  if (!row) throw notFound();
  return row;
}
