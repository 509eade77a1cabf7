import { type Database, schema } from '@stolik/db';
import { and, asc, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';

const { restaurants, notificationDeliveries: deliveries, outbox, users } = schema;

/** What the staff's Telegram settings and the admins' list of failed messages read. */
export function createTelegramRepository(db: Database) {
  return {
    /** The ids of these restaurants ('all' for every one), by name. */
    restaurantIdsByName: async (ids: number[] | 'all'): Promise<number[]> =>
      (
        await db
          .select({ id: restaurants.id })
          .from(restaurants)
          .where(ids === 'all' ? undefined : inArray(restaurants.id, ids))
          .orderBy(asc(restaurants.name), asc(restaurants.id))
      ).map((r) => r.id),

    /** One page of the restaurant's messages that failed for good, newest first, and how many there are. */
    async failedPage(restaurantId: number, limit: number, offset: number) {
      const where = and(eq(deliveries.restaurantId, restaurantId), isNotNull(deliveries.failedAt));
      const [total] = await db.select({ n: count() }).from(deliveries).where(where);
      const rows = await db
        .select({
          delivery: deliveries,
          type: outbox.type,
          status: outbox.status,
          entityId: outbox.entityId,
          payload: outbox.payload,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(deliveries)
        .innerJoin(outbox, eq(outbox.id, deliveries.outboxId))
        .leftJoin(users, eq(users.id, deliveries.userId))
        .where(where)
        .orderBy(desc(deliveries.failedAt), desc(deliveries.id))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, rows };
    },
  };
}
