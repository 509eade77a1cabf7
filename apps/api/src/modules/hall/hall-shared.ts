import type { Database } from '@stolik/db';
import { schema } from '@stolik/db';
import { eq } from 'drizzle-orm';
import { notFound } from '../../shared/http-errors';
import { announceChange } from '../events/changes';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * A change of the hall (a table, group, zone or the scheme) as the restaurant's event stream tells
 * it: kind 'table', which every screen that shows tables already refetches, the map included.
 */
export const announceHallChange = (tx: Tx, restaurantId: number, id: number) =>
  announceChange(tx, { kind: 'table', restaurant: restaurantId, id });

/** The restaurant, or 404 (a superuser passes the access check for any id, existing or not). */
export async function restaurantOrThrow(db: Database | Tx, id: number) {
  const [row] = await db.select().from(schema.restaurants).where(eq(schema.restaurants.id, id));
  if (!row) throw notFound();
  return row;
}
