import type { Database } from '@stolik/db';
import {
  createRestaurantsRepository,
  type RestaurantRow,
} from '../modules/restaurants/restaurants.repository';
import { notFound } from './http-errors';

/** The restaurant, or 404 (a superuser passes the access check for any id, existing or not). */
export async function restaurantOrThrow(db: Database, id: number): Promise<RestaurantRow> {
  const row = await createRestaurantsRepository(db).findById(id);
  if (!row) throw notFound();
  return row;
}
