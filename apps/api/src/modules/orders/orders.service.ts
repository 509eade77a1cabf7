import type {
  CloseOrdersBody,
  CloseOrdersReply,
  Order,
  OrderItem,
  OrderListQuery,
  OrderSummary,
  PosImportBody,
  PosImportReply,
  PosOrder,
} from '@stolik/contracts';
import { type Database, schema, type Tx } from '@stolik/db';
import { kopecksToRubles, type OrderStatus, rublesToKopecks } from '@stolik/domain';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type PosCaller, requireRestaurant, type Viewer } from '../../shared/access';
import { conflict, type FieldMessage, FieldValidationError, notFound } from '../../shared/http-errors';
import { serviceDateOf } from '../booking/availability-input';
import { announceChange } from '../events/changes';

const { orders, orderItems, restaurants, diningTables, users } = schema;
type OrderRow = typeof orders.$inferSelect;

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

function toOrder(
  row: OrderRow,
  names: { first: string | null; last: string | null; email: string | null },
): Order {
  const name = `${names.first ?? ''} ${names.last ?? ''}`.trim() || (names.email ?? '');
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

/** What an order should become, as the import decides it. */
interface Desired {
  tableId: number | null;
  tableNumber: string;
  serviceDate: string;
  openedAt: Date;
  closedAt: Date | null;
  status: OrderStatus;
  guests: number | null;
  totalKopecks: number;
  closedBy: number | null;
  items: { name: string; quantity: number; priceKopecks: number }[];
}

const sameInstant = (a: Date | null, b: Date | null) =>
  a === null ? b === null : a.getTime() === b?.getTime();

function sameOrder(row: OrderRow, items: Desired['items'], want: Desired): boolean {
  return (
    row.tableId === want.tableId &&
    row.tableNumber === want.tableNumber &&
    row.serviceDate === want.serviceDate &&
    sameInstant(row.openedAt, want.openedAt) &&
    sameInstant(row.closedAt, want.closedAt) &&
    row.status === want.status &&
    row.guests === want.guests &&
    row.totalKopecks === want.totalKopecks &&
    row.closedBy === want.closedBy &&
    items.length === want.items.length &&
    items.every(
      (item, i) =>
        item.name === want.items[i]?.name &&
        item.quantity === want.items[i]?.quantity &&
        item.priceKopecks === want.items[i]?.priceKopecks,
    )
  );
}

/**
 * What the POS sends, checked beyond its shape: each order once per call, and times that make sense.
 * Field names are DRF's dotted paths ('orders.3.closed_at').
 */
function checkImport(body: PosImportBody): void {
  const fields: Record<string, FieldMessage[]> = {};
  const seen = new Set<string>();
  body.orders.forEach((order, i) => {
    if (seen.has(order.external_id)) fields[`orders.${i}.external_id`] = ['orders.api.duplicateExternalId'];
    seen.add(order.external_id);
    if (order.status === 'open' && order.closed_at)
      fields[`orders.${i}.closed_at`] = ['orders.api.openWithClosedAt'];
    else if (order.closed_at && Date.parse(order.closed_at) < Date.parse(order.opened_at))
      fields[`orders.${i}.closed_at`] = ['orders.api.closedBeforeOpened'];
  });
  if (Object.keys(fields).length > 0) throw new FieldValidationError(fields);
}

/**
 * Orders of the restaurant's POS: the day's list and figures for staff, the bill's lines, closing
 * forgotten bills by hand, and the POS's own import. Every change announces itself on the
 * restaurant's change channel inside its transaction.
 */
export function createOrdersService(db: Database, now: () => Date = () => new Date()) {
  async function timezoneOf(restaurantId: number): Promise<string> {
    const [row] = await db
      .select({ timezone: restaurants.timezone })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    if (!row) throw notFound();
    return row.timezone;
  }

  /** The day asked for, or the restaurant's service day going on now. */
  async function dayOf(restaurantId: number, date: string | undefined): Promise<string> {
    const timezone = await timezoneOf(restaurantId);
    return date ?? serviceDateOf(timezone, now());
  }

  async function ordersWhere(
    where: SQL | undefined,
    page?: { limit: number; offset: number },
  ): Promise<Order[]> {
    const query = db
      .select(orderColumns)
      .from(orders)
      .leftJoin(users, eq(users.id, orders.closedBy))
      .where(where)
      .orderBy(asc(orders.openedAt), asc(orders.id));
    const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
    return rows.map((r) =>
      toOrder(r.row, { first: r.closedByFirst, last: r.closedByLast, email: r.closedByEmail }),
    );
  }

  async function announce(tx: Tx, restaurantId: number, changed: { id: number; status: OrderStatus }[]) {
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
  }

  async function insertItems(tx: Tx, rows: (typeof orderItems.$inferInsert)[]) {
    for (let i = 0; i < rows.length; i += ITEM_CHUNK)
      await tx.insert(orderItems).values(rows.slice(i, i + ITEM_CHUNK));
  }

  return {
    /** One service day's orders (today's by default), oldest first, optionally of some statuses. */
    async list(query: OrderListQuery): Promise<{ count: number; results: Order[] }> {
      const date = await dayOf(query.restaurant_id, query.date);
      const where = and(
        eq(orders.restaurantId, query.restaurant_id),
        eq(orders.serviceDate, date),
        query.status?.length ? inArray(orders.status, query.status) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(orders).where(where);
      const results = await ordersWhere(where, {
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      return { count: total?.n ?? 0, results };
    },

    /** A day's figures in one pass over its orders. */
    async summary(restaurantId: number, day: string | undefined): Promise<OrderSummary> {
      const date = await dayOf(restaurantId, day);
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
        .where(and(eq(orders.restaurantId, restaurantId), eq(orders.serviceDate, date)));
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
      const [order] = await db
        .select({ restaurantId: orders.restaurantId })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (!order) throw notFound();
      requireRestaurant(viewer, order.restaurantId, 'member');
      const rows = await db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.position));
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
        const rows = await tx
          .select({ id: orders.id, status: orders.status })
          .from(orders)
          .where(and(eq(orders.restaurantId, body.restaurant_id), inArray(orders.id, ids)))
          .for('update');
        if (rows.length !== ids.length) throw notFound();
        const cancelled = rows.filter((r) => r.status === 'cancelled').map((r) => r.id);
        if (cancelled.length > 0) throw conflict('orders.api.cancelledClose', { orders: cancelled });
        const open = rows.filter((r) => r.status === 'open').map((r) => r.id);
        if (open.length === 0) return [];
        // Never before the opening: a POS clock ahead of ours must not break closed_at >= opened_at.
        const closed = await tx
          .update(orders)
          .set({
            status: 'closed',
            closedAt: sql`greatest(${now().toISOString()}::timestamptz, ${orders.openedAt})`,
            closedBy: viewer.id,
            updatedAt: sql`now()`,
          })
          .where(inArray(orders.id, open))
          .returning({ id: orders.id, status: orders.status });
        await announce(tx, body.restaurant_id, closed);
        return closed.map((r) => r.id);
      });
      return { closed: closedIds.length, orders: await ordersWhere(inArray(orders.id, ids)) };
    },

    /**
     * The POS's push: each order matched on (restaurant, external_id), created or brought up to
     * date with its items replaced whole, in one transaction. An order sent again exactly as stored
     * changes nothing (not even its updated_at) and is not announced. An order closed by hand stays
     * closed while the POS still calls it open; the POS's own 'closed' or 'cancelled' takes over.
     */
    async import(caller: PosCaller, body: PosImportBody): Promise<PosImportReply> {
      checkImport(body);
      const restaurantId = caller.restaurantId;
      const timezone = await timezoneOf(restaurantId);
      if (body.orders.length === 0) return { created: 0, updated: 0, unchanged: 0 };
      const tables = await db
        .select({ id: diningTables.id, number: diningTables.number })
        .from(diningTables)
        .where(eq(diningTables.restaurantId, restaurantId));
      const tableByNumber = new Map(tables.map((t) => [t.number.trim(), t.id]));

      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK}::int, ${restaurantId}::int)`);
        const externalIds = body.orders.map((o) => o.external_id);
        const stored = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.restaurantId, restaurantId), inArray(orders.externalId, externalIds)))
          .for('update');
        const byExternal = new Map(stored.map((row) => [row.externalId, row]));
        const storedItems = stored.length
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
        const itemsOf = new Map<number, Desired['items']>();
        for (const item of storedItems) {
          const list = itemsOf.get(item.orderId) ?? [];
          list.push({ name: item.name, quantity: item.quantity, priceKopecks: item.priceKopecks });
          itemsOf.set(item.orderId, list);
        }

        const desire = (order: PosOrder, row: OrderRow | undefined): Desired => {
          const openedAt = new Date(order.opened_at);
          const byHand = row?.status === 'closed' && row.closedBy !== null && order.status === 'open';
          let closedAt: Date | null = null;
          if (byHand) closedAt = row.closedAt;
          else if (order.closed_at) closedAt = new Date(order.closed_at);
          // Closed without a time: when we first heard of it, kept on later pushes.
          else if (order.status !== 'open')
            closedAt = row?.closedAt ?? (order.status === 'closed' ? now() : null);
          // A time we chose may not precede a later-corrected opening (closed_at >= opened_at).
          if (closedAt && closedAt < openedAt) closedAt = openedAt;
          const tableNumber = order.table_number.trim();
          return {
            tableId: tableByNumber.get(tableNumber) ?? null,
            tableNumber,
            serviceDate: serviceDateOf(timezone, openedAt),
            openedAt,
            closedAt,
            status: byHand ? 'closed' : order.status,
            guests: order.guests ?? null,
            totalKopecks: rublesToKopecks(order.total),
            closedBy: byHand ? row.closedBy : null,
            items: order.items.map((item) => ({
              name: item.name,
              quantity: item.quantity,
              priceKopecks: rublesToKopecks(item.price),
            })),
          };
        };
        const columns = (want: Desired) => ({
          tableId: want.tableId,
          tableNumber: want.tableNumber,
          serviceDate: want.serviceDate,
          openedAt: want.openedAt,
          closedAt: want.closedAt,
          status: want.status,
          guests: want.guests,
          totalKopecks: want.totalKopecks,
          closedBy: want.closedBy,
        });
        const itemRows = (orderId: number, want: Desired) =>
          want.items.map((item, position) => ({ orderId, position, ...item }));

        const creating: { externalId: string; want: Desired }[] = [];
        const updating: { id: number; want: Desired }[] = [];
        for (const order of body.orders) {
          const row = byExternal.get(order.external_id);
          const want = desire(order, row);
          if (!row) creating.push({ externalId: order.external_id, want });
          else if (!sameOrder(row, itemsOf.get(row.id) ?? [], want)) updating.push({ id: row.id, want });
        }

        const changed: { id: number; status: OrderStatus }[] = [];
        const newItems: (typeof orderItems.$inferInsert)[] = [];
        if (creating.length > 0) {
          const inserted = await tx
            .insert(orders)
            .values(creating.map(({ externalId, want }) => ({ restaurantId, externalId, ...columns(want) })))
            .returning({ id: orders.id, externalId: orders.externalId, status: orders.status });
          const idOf = new Map(inserted.map((r) => [r.externalId, r.id]));
          for (const { externalId, want } of creating)
            newItems.push(...itemRows(idOf.get(externalId) ?? 0, want));
          changed.push(...inserted.map(({ id, status }) => ({ id, status })));
        }
        if (updating.length > 0) {
          for (const { id, want } of updating)
            await tx
              .update(orders)
              .set({ ...columns(want), updatedAt: sql`now()` })
              .where(eq(orders.id, id));
          await tx.delete(orderItems).where(
            inArray(
              orderItems.orderId,
              updating.map((u) => u.id),
            ),
          );
          for (const { id, want } of updating) newItems.push(...itemRows(id, want));
          changed.push(...updating.map(({ id, want }) => ({ id, status: want.status })));
        }
        await insertItems(tx, newItems);
        await announce(tx, restaurantId, changed);
        return {
          created: creating.length,
          updated: updating.length,
          unchanged: body.orders.length - creating.length - updating.length,
        };
      });
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
