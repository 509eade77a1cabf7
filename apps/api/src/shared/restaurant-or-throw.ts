import { type Database, schema, type Tx } from '@stolik/db';
import { eq } from 'drizzle-orm';
import { notFound } from './http-errors';

/** The restaurant, or 404 (a superuser passes the access check for any id, existing or not). */
export async function restaurantOrThrow(db: Database | Tx, id: number) {
  const [row] = await db.select().from(schema.restaurants).where(eq(schema.restaurants.id, id));
  if (!row) throw notFound();
  return row;
}
