import { type Database, schema, type Tx } from '@stolik/db';
import type { OrderStatus } from '@stolik/domain';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { announceChange } from '../../shared/changes/changes.repository';

const { orders, orderItems, diningTables, users } = schema;
export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrderItemRow = typeof orderItems.$inferInsert;
/** An order with the name of the staff member who closed it by hand (null columns when nobody did). */
export interface OrderWithCloser {
  row: OrderRow;
  closedByFirst: string | null;
  closedByLast: string | null;
  closedByEmail: string | null;
}

/** One import of a restaurant at a time, so two pushes of one new order cannot both insert it. */
const IMPORT_LOCK = 7_311_086;
/** An import that changes more orders than this announces one change for all (id 0) instead of each. */
const ANNOUNCE_EACH_MAX = 20;
/** Rows per INSERT of items: far below PostgreSQL's 65 535 parameters. */
const ITEM_CHUNK = 2000;

const orderColumns = {
  row: orders,
  closedByFirst: users.firstName,
  closedByLast: users.lastName,
  closedByEmail: users.email,
};

/** Where orders and their items are read and written; what a day, a close and an import mean is the services'. */
export function createOrdersRepository(db: Database) {
  async function ordersWhere(
    where: SQL | undefined,
    page?: { limit: number; offset: number },
  ): Promise<OrderWithCloser[]> {
    const query = db
      .select(orderColumns)
      .from(orders)
      .leftJoin(users, eq(users.id, orders.closedBy))
      .where(where)
      .orderBy(asc(orders.openedAt), asc(orders.id));
    return page ? await query.limit(page.limit).offset(page.offset) : await query;
  }

  const ofDay = (restaurantId: number, date: string) =>
    and(eq(orders.restaurantId, restaurantId), eq(orders.serviceDate, date));

  return {
    /** One page of a service day's orders (of some statuses, or all), oldest first, and how many there are. */
    async dayPage(
      restaurantId: number,
      date: string,
      statuses: OrderStatus[] | undefined,
      page: { limit: number; offset: number },
    ): Promise<{ count: number; rows: OrderWithCloser[] }> {
      const where = and(
        ofDay(restaurantId, date),
        statuses?.length ? inArray(orders.status, statuses) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(orders).where(where);
      return { count: total?.n ?? 0, rows: await ordersWhere(where, page) };
    },

    /** These orders, oldest first. */
    byIds: (ids: number[]): Promise<OrderWithCloser[]> => ordersWhere(inArray(orders.id, ids)),

    /** A day's figures (in kopecks) in one pass over its orders; cancelled ones count only as such. */
    daySummary: async (restaurantId: number, date: string) => {
      const live = sql`${orders.status} <> 'cancelled'`;
      const [row] = await db
        .select({
          orders: sql<number>`count(*) filter (where ${live})`.mapWith(Number),
          open: sql<number>`count(*) filter (where ${orders.status} = 'open')`.mapWith(Number),
          closed: sql<number>`count(*) filter (where ${orders.status} = 'closed')`.mapWith(Number),
          cancelled: sql<number>`count(*) filter (where ${orders.status} = 'cancelled')`.mapWith(Number),
          guests: sql<number>`coalesce(sum(${orders.guests}) filter (where ${live}), 0)`.mapWith(Number),
          total: sql<number>`coalesce(sum(${orders.totalKopecks}) filter (where ${live}), 0)`.mapWith(Number),
          closedTotal:
            sql<number>`coalesce(sum(${orders.totalKopecks}) filter (where ${orders.status} = 'closed'), 0)`.mapWith(
              Number,
            ),
        })
        .from(orders)
        .where(ofDay(restaurantId, date));
      return row;
    },

    /** The restaurant of an order; undefined when there is no such order. */
    restaurantOf: async (orderId: number): Promise<number | undefined> =>
      (await db.select({ restaurantId: orders.restaurantId }).from(orders).where(eq(orders.id, orderId)))[0]
        ?.restaurantId,

    /** The lines of a bill, in the POS's order. */
    itemsOf: (orderId: number): Promise<OrderItemRow[]> =>
      db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position)),

    /** The restaurant's orders among these ids, locked to the end of the transaction. */
    lockStatuses: (tx: Tx, restaurantId: number, ids: number[]) =>
      tx
        .select({ id: orders.id, status: orders.status })
        .from(orders)
        .where(and(eq(orders.restaurantId, restaurantId), inArray(orders.id, ids)))
        .for('update'),

    /** Closes these orders by hand, at `at` but never before their opening (a POS clock ahead of ours). */
    closeByHand: (tx: Tx, ids: number[], by: number, at: Date) =>
      tx
        .update(orders)
        .set({
          status: 'closed',
          closedAt: sql`greatest(${at.toISOString()}::timestamptz, ${orders.openedAt})`,
          closedBy: by,
          updatedAt: sql`now()`,
        })
        .where(inArray(orders.id, ids))
        .returning({ id: orders.id, status: orders.status }),

    /** The restaurant's tables by number, as the POS names them. */
    tableNumbers: (restaurantId: number) =>
      db
        .select({ id: diningTables.id, number: diningTables.number })
        .from(diningTables)
        .where(eq(diningTables.restaurantId, restaurantId)),

    /** Holds the restaurant's import lock to the end of the transaction. */
    lockImport: async (tx: Tx, restaurantId: number): Promise<void> => {
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK}::int, ${restaurantId}::int)`);
    },

    /** The restaurant's orders of these external ids, locked, and their items (by order, in the POS's order). */
    async storedForImport(
      tx: Tx,
      restaurantId: number,
      externalIds: string[],
    ): Promise<{ stored: OrderRow[]; items: OrderItemRow[] }> {
      const stored = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.restaurantId, restaurantId), inArray(orders.externalId, externalIds)))
        .for('update');
      const items = stored.length
        ? await tx
            .select()
            .from(orderItems)
            .where(
              inArray(
                orderItems.orderId,
                stored.map((r) => r.id),
              ),
            )
            .orderBy(asc(orderItems.orderId), asc(orderItems.position))
        : [];
      return { stored, items };
    },

    insertOrders: (tx: Tx, values: NewOrderRow[]) =>
      tx
        .insert(orders)
        .values(values)
        .returning({ id: orders.id, externalId: orders.externalId, status: orders.status }),

    updateOrder: async (tx: Tx, id: number, values: Partial<NewOrderRow>): Promise<void> => {
      await tx
        .update(orders)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(orders.id, id));
    },

    deleteItemsOf: async (tx: Tx, orderIds: number[]): Promise<void> => {
      await tx.delete(orderItems).where(inArray(orderItems.orderId, orderIds));
    },

    insertItems: async (tx: Tx, rows: NewOrderItemRow[]): Promise<void> => {
      for (let i = 0; i < rows.length; i += ITEM_CHUNK)
        await tx.insert(orderItems).values(rows.slice(i, i + ITEM_CHUNK));
    },

    /** Announces changed orders on the restaurant's stream: each, or past ANNOUNCE_EACH_MAX one for all. */
    async announce(tx: Tx, restaurantId: number, changed: { id: number; status: OrderStatus }[]) {
      if (changed.length > ANNOUNCE_EACH_MAX) {
        await announceChange(tx, { kind: 'order', restaurant: restaurantId, id: 0 });
        return;
      }
      for (const order of changed)
        await announceChange(tx, {
          kind: 'order',
          restaurant: restaurantId,
          id: order.id,
          status: order.status,
        });
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
