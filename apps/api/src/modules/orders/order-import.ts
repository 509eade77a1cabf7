import type { PosImportBody, PosImportReply, PosOrder } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import { type OrderStatus, rublesToKopecks, serviceDateOf } from '@stolik/domain';
import type { PosCaller } from '../../shared/access';
import { type FieldMessage, FieldValidationError } from '../../shared/http-errors';
import type { NewOrderItemRow, OrderRow, OrdersRepository } from './orders.repository';

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
 * The POS's push: each order matched on (restaurant, external_id), created or brought up to
 * date with its items replaced whole, in one transaction. An order sent again exactly as stored
 * changes nothing (not even its updated_at) and is not announced. An order closed by hand stays
 * closed while the POS still calls it open; the POS's own 'closed' or 'cancelled' takes over.
 */
export function createOrderImport(
  db: Database,
  repository: OrdersRepository,
  timezoneOf: (restaurantId: number) => Promise<string>,
  now: () => Date,
) {
  return async function importOrders(caller: PosCaller, body: PosImportBody): Promise<PosImportReply> {
    checkImport(body);
    const restaurantId = caller.restaurantId;
    const timezone = await timezoneOf(restaurantId);
    if (body.orders.length === 0) return { created: 0, updated: 0, unchanged: 0 };
    const tables = await repository.tableNumbers(restaurantId);
    const tableByNumber = new Map(tables.map((t) => [t.number.trim(), t.id]));

    return db.transaction(async (tx) => {
      await repository.lockImport(tx, restaurantId);
      const externalIds = body.orders.map((o) => o.external_id);
      const { stored, items: storedItems } = await repository.storedForImport(tx, restaurantId, externalIds);
      const byExternal = new Map(stored.map((row) => [row.externalId, row]));
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
      const newItems: NewOrderItemRow[] = [];
      if (creating.length > 0) {
        const inserted = await repository.insertOrders(
          tx,
          creating.map(({ externalId, want }) => ({ restaurantId, externalId, ...columns(want) })),
        );
        const idOf = new Map(inserted.map((r) => [r.externalId, r.id]));
        for (const { externalId, want } of creating)
          newItems.push(...itemRows(idOf.get(externalId) ?? 0, want));
        changed.push(...inserted.map(({ id, status }) => ({ id, status })));
      }
      if (updating.length > 0) {
        for (const { id, want } of updating) await repository.updateOrder(tx, id, columns(want));
        await repository.deleteItemsOf(
          tx,
          updating.map((u) => u.id),
        );
        for (const { id, want } of updating) newItems.push(...itemRows(id, want));
        changed.push(...updating.map(({ id, want }) => ({ id, status: want.status })));
      }
      await repository.insertItems(tx, newItems);
      await repository.announce(tx, restaurantId, changed);
      return {
        created: creating.length,
        updated: updating.length,
        unchanged: body.orders.length - creating.length - updating.length,
      };
    });
  };
}
