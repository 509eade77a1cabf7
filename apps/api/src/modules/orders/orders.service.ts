import type {
  CloseOrdersBody,
  CloseOrdersReply,
  Order,
  OrderItem,
  OrderListQuery,
  OrderSummary,
} from '@stolik/contracts';
import type { Database } from '@stolik/db';
import { kopecksToRubles, serviceDateOf } from '@stolik/domain';
import { requireRestaurant, type Viewer } from '../../shared/access';
import { conflict, notFound } from '../../shared/http-errors';
import { createRestaurantsRepository } from '../restaurants/restaurants.repository';
import { createOrderImport } from './order-import';
import { createOrdersRepository, type OrderWithCloser } from './orders.repository';

function toOrder({ row, closedByFirst, closedByLast, closedByEmail }: OrderWithCloser): Order {
  const name = `${closedByFirst ?? ''} ${closedByLast ?? ''}`.trim() || (closedByEmail ?? '');
  return {
    id: row.id,
    restaurant: row.restaurantId,
    external_id: row.externalId,
    table: row.tableId,
    table_number: row.tableNumber,
    service_date: row.serviceDate,
    opened_at: row.openedAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
    status: row.status,
    guests: row.guests,
    total: kopecksToRubles(row.totalKopecks),
    closed_by: row.closedBy,
    closed_by_name: row.closedBy === null ? '' : name,
  };
}

/**
 * Orders of the restaurant's POS: the day's list and figures for staff, the bill's lines, closing
 * forgotten bills by hand, and the POS's own import. Every change announces itself on the
 * restaurant's change channel inside its transaction.
 */
export function createOrdersService(db: Database, now: () => Date = () => new Date()) {
  const repository = createOrdersRepository(db);
  const restaurants = createRestaurantsRepository(db);

  async function timezoneOf(restaurantId: number): Promise<string> {
    const timezone = await restaurants.timezoneOf(restaurantId);
    if (timezone === undefined) throw notFound();
    return timezone;
  }

  /** The day asked for, or the restaurant's service day going on now. */
  async function dayOf(restaurantId: number, date: string | undefined): Promise<string> {
    const timezone = await timezoneOf(restaurantId);
    return date ?? serviceDateOf(timezone, now());
  }

  return {
    /** One service day's orders (today's by default), oldest first, optionally of some statuses. */
    async list(query: OrderListQuery): Promise<{ count: number; results: Order[] }> {
      const date = await dayOf(query.restaurant_id, query.date);
      const page = await repository.dayPage(query.restaurant_id, date, query.status, {
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      return { count: page.count, results: page.rows.map(toOrder) };
    },

    /** A day's figures in one pass over its orders. */
    async summary(restaurantId: number, day: string | undefined): Promise<OrderSummary> {
      const date = await dayOf(restaurantId, day);
      const row = await repository.daySummary(restaurantId, date);
      return {
        date,
        orders: row?.orders ?? 0,
        open: row?.open ?? 0,
        closed: row?.closed ?? 0,
        cancelled: row?.cancelled ?? 0,
        guests: row?.guests ?? 0,
        total: kopecksToRubles(row?.total ?? 0),
        closed_total: kopecksToRubles(row?.closedTotal ?? 0),
      };
    },

    /** The lines of a bill, in the POS's order. Another restaurant's order: 404. */
    async items(viewer: Viewer, orderId: number): Promise<OrderItem[]> {
      const restaurantId = await repository.restaurantOf(orderId);
      if (restaurantId === undefined) throw notFound();
      requireRestaurant(viewer, restaurantId, 'member');
      const rows = await repository.itemsOf(orderId);
      return rows.map((row) => ({
        id: row.id,
        order: row.orderId,
        name: row.name,
        quantity: row.quantity,
        price: kopecksToRubles(row.priceKopecks),
        sum: kopecksToRubles(Math.round(row.quantity * row.priceKopecks)),
      }));
    },

    /**
     * Closes orders by hand (a bill the POS never closed). All or none: an order of another
     * restaurant is 404 and a cancelled one 409; one already closed is left as it is.
     */
    async close(viewer: Viewer, body: CloseOrdersBody): Promise<CloseOrdersReply> {
      requireRestaurant(viewer, body.restaurant_id, 'member');
      const ids = [...new Set(body.order_ids)];
      const closedIds = await db.transaction(async (tx) => {
        const rows = await repository.lockStatuses(tx, body.restaurant_id, ids);
        if (rows.length !== ids.length) throw notFound();
        const cancelled = rows.filter((r) => r.status === 'cancelled').map((r) => r.id);
        if (cancelled.length > 0) throw conflict('orders.api.cancelledClose', { orders: cancelled });
        const open = rows.filter((r) => r.status === 'open').map((r) => r.id);
        if (open.length === 0) return [];
        const closed = await repository.closeByHand(tx, open, viewer.id, now());
        await repository.announce(tx, body.restaurant_id, closed);
        return closed.map((r) => r.id);
      });
      return { closed: closedIds.length, orders: (await repository.byIds(ids)).map(toOrder) };
    },

    /** The POS's push (order-import.ts). */
    import: createOrderImport(db, repository, timezoneOf, now),
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
