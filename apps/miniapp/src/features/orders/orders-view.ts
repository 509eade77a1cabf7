import type { Order } from '@stolik/contracts';

/** Rubles as Russians write them: '1 250,50 ₽' (the currency format of ru-RU). */
const rubles = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB' });
export const formatRubles = (value: number): string => rubles.format(value);

/** A quantity as the bill prints it: '2', '0,5', '1,25'. */
const quantities = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 3 });
export const formatQuantity = (value: number): string => quantities.format(value);

/** Sums money in kopecks, so that 0.1 + 0.2 is 0.3. */
export const sumRubles = (values: number[]): number =>
  values.reduce((sum, value) => sum + Math.round(value * 100), 0) / 100;

/** Cancelled orders are shown, but count in no total. */
export const counts = (order: Order): boolean => order.status !== 'cancelled';

export type OrderFilter = 'all' | 'open' | 'closed';
export const ORDER_FILTERS: OrderFilter[] = ['all', 'open', 'closed'];

/** 'closed' is every finished bill, the cancelled ones too. */
export function matchesFilter(order: Order, filter: OrderFilter): boolean {
  if (filter === 'all') return true;
  return filter === 'open' ? order.status === 'open' : order.status !== 'open';
}

export interface TableOrders {
  /** The POS's table number; '' for orders at no table. */
  tableNumber: string;
  orders: Order[];
  /** Rubles of the orders that count. */
  total: number;
  open: number;
}

const tableOrder = new Intl.Collator('ru', { numeric: true });

/** The day's orders per table, tables in their natural order ('2' before '10'), no table last. */
export function byTable(orders: Order[]): TableOrders[] {
  const groups = new Map<string, Order[]>();
  for (const order of orders) {
    const list = groups.get(order.table_number) ?? [];
    list.push(order);
    groups.set(order.table_number, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : tableOrder.compare(a, b)))
    .map(([tableNumber, list]) => ({
      tableNumber,
      orders: list,
      total: sumRubles(list.filter(counts).map((o) => o.total)),
      open: list.filter((o) => o.status === 'open').length,
    }));
}
