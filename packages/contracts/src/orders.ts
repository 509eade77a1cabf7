import { MAX_YEAR, MIN_YEAR, ORDER_IMPORT_MAX, ORDER_ITEMS_MAX, ORDER_STATUSES } from '@stolik/domain';
import { z } from 'zod';
import { Id, paginated } from './common';
import { MessageKey } from './validation';

/**
 * Orders come from the restaurant's point-of-sale system (POS). Money on the wire is rubles as a
 * number with at most two decimals (1234.5 is 1 234,50 ₽); the API keeps kopecks.
 */
export const OrderStatusSchema = z.enum(ORDER_STATUSES);

export const ORDER_LIMITS = {
  externalId: 100,
  tableNumber: 32,
  itemName: 200,
  /** The biggest bill or price one order may carry, in rubles. */
  rubles: 100_000_000,
  quantity: 1_000_000,
  guests: 500,
  /** How many orders one manual close may name. */
  closeMax: 100,
  posKeyName: 60,
} as const;

// Within the years the product computes with (spec §5: 1900-9999): 0001-01-01 is valid ISO, not a bill's day.
// What is not a date at all has its own message already: the year is judged only when there is one.
const inYears = (value: string) =>
  !/^\d{4}-/.test(value) || (Number(value.slice(0, 4)) > MIN_YEAR && Number(value.slice(0, 4)) < MAX_YEAR);
const Instant = z.iso.datetime({ offset: true }).refine(inYears, { error: MessageKey.invalid });
const LocalDate = z.iso.date().refine(inYears, { error: MessageKey.invalid });

/** A whole number of kopecks (float noise such as 0.1 + 0.2 allowed). */
const hasAtMostDecimals = (places: number) => (value: number) => {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};
export const Rubles = z
  .number()
  .min(0)
  .max(ORDER_LIMITS.rubles)
  .refine(hasAtMostDecimals(2), { error: MessageKey.invalid });

/** The POS's own words for an order and a table: strings, or whole numbers (kept as their digits). */
const PosText = (max: number) =>
  z.union([z.string().trim().max(max), z.number().int().min(0).transform(String)]);

/** An order as staff see it. `total` is in rubles; cancelled orders count in no total. */
export const Order = z.object({
  id: z.number().int(),
  restaurant: z.number().int(),
  /** The POS's id of the order: imports are matched on it. */
  external_id: z.string(),
  /** Our table, when the POS's table number names one of the restaurant's tables. */
  table: z.number().int().nullable(),
  /** The table as the POS calls it; '' for an order at no table (take-away). */
  table_number: z.string(),
  /** The restaurant-local service day the order was opened on (06:00 to 06:00). */
  service_date: z.string(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  status: OrderStatusSchema,
  guests: z.number().int().nullable(),
  total: z.number(),
  /** Who closed it by hand; null when the POS closed it (or it is open). */
  closed_by: z.number().int().nullable(),
  /** That person's name; '' otherwise. */
  closed_by_name: z.string(),
});
export type Order = z.infer<typeof Order>;

/** A line of a bill: `price` of one unit and `sum` (quantity x price) in rubles. */
export const OrderItem = z.object({
  id: z.number().int(),
  order: z.number().int(),
  name: z.string(),
  quantity: z.number(),
  price: z.number(),
  sum: z.number(),
});
export type OrderItem = z.infer<typeof OrderItem>;

/** 'open,closed' in a query string. */
const StatusList = z
  .string()
  .optional()
  .transform((value) => value?.split(',').filter(Boolean))
  .pipe(z.array(OrderStatusSchema).optional());

/** GET /api/orders/: one service day of a restaurant (today there by default), oldest first. */
export const OrderListQuery = z.object({
  restaurant_id: Id,
  date: LocalDate.optional(),
  status: StatusList,
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(100),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;
export const OrderPage = paginated(Order);
export type OrderPage = z.infer<typeof OrderPage>;

export const OrderSummaryQuery = z.object({ restaurant_id: Id, date: LocalDate.optional() });
export type OrderSummaryQuery = z.infer<typeof OrderSummaryQuery>;

/** GET /api/orders/summary/: a day's figures. Cancelled orders count only in `cancelled`. */
export const OrderSummary = z.object({
  date: z.string(),
  /** Orders that were not cancelled. */
  orders: z.number().int(),
  open: z.number().int(),
  closed: z.number().int(),
  cancelled: z.number().int(),
  /** Covers of the orders that were not cancelled (those whose POS tells them). */
  guests: z.number().int(),
  /** Rubles of the orders that were not cancelled, open ones included. */
  total: z.number(),
  /** Rubles of the closed orders. */
  closed_total: z.number(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const OrderItemsQuery = z.object({ order_id: Id });

/**
 * PATCH /api/close_orders/manual_close_orders/: staff close forgotten bills by hand. All or none:
 * an order of another restaurant is 404, a cancelled one 409; one already closed stays as it is.
 */
export const CloseOrdersBody = z.object({
  restaurant_id: Id,
  order_ids: z.array(Id).min(1).max(ORDER_LIMITS.closeMax),
});
export type CloseOrdersBody = z.infer<typeof CloseOrdersBody>;

export const CloseOrdersReply = z.object({
  /** How many of them this call closed (the others were closed already). */
  closed: z.number().int(),
  orders: z.array(Order),
});
export type CloseOrdersReply = z.infer<typeof CloseOrdersReply>;

/** One line of a bill as the POS sends it. */
export const PosOrderItem = z.object({
  name: z.string().trim().min(1).max(ORDER_LIMITS.itemName),
  /** Units (0.5 of a litre jug is 0.5), at most three decimals. */
  quantity: z
    .number()
    .min(0.001)
    .max(ORDER_LIMITS.quantity)
    .refine(hasAtMostDecimals(3), { error: MessageKey.invalid }),
  /** The price of one unit, in rubles. */
  price: Rubles,
});
export type PosOrderItem = z.infer<typeof PosOrderItem>;

/** An order as the POS sends it: the whole order every time (its items replace the stored ones). */
export const PosOrder = z.object({
  external_id: PosText(ORDER_LIMITS.externalId).pipe(z.string().min(1)),
  table_number: PosText(ORDER_LIMITS.tableNumber).default(''),
  opened_at: Instant,
  /** When it was closed or cancelled; absent (or null) while it is open. */
  closed_at: Instant.nullable().optional(),
  status: OrderStatusSchema,
  guests: z.number().int().min(0).max(ORDER_LIMITS.guests).nullable().optional(),
  /** The bill in rubles, as the POS counts it (discounts and service included). */
  total: Rubles,
  items: z.array(PosOrderItem).max(ORDER_ITEMS_MAX),
});
export type PosOrder = z.infer<typeof PosOrder>;

export const PosImportBody = z.object({ orders: z.array(PosOrder).max(ORDER_IMPORT_MAX) });
export type PosImportBody = z.infer<typeof PosImportBody>;

export const PosImportReply = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** Sent again exactly as stored: nothing changed. */
  unchanged: z.number().int(),
});
export type PosImportReply = z.infer<typeof PosImportReply>;

/** A key a POS signs its imports with. The key itself is shown once, when made. */
export const PosKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  created_at: z.string(),
  created_by: z.number().int().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type PosKey = z.infer<typeof PosKey>;

export const PosKeyCreateBody = z.object({ name: z.string().trim().min(1).max(ORDER_LIMITS.posKeyName) });
export type PosKeyCreateBody = z.infer<typeof PosKeyCreateBody>;

export const PosKeyCreated = PosKey.extend({
  /** `Authorization: Token <key>` on POST /api/pos/orders/. Shown only now. */
  key: z.string(),
});
export type PosKeyCreated = z.infer<typeof PosKeyCreated>;

export const PosKeyParams = z.object({ id: Id, keyId: Id });
