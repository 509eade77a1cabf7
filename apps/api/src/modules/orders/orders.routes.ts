import {
  CloseOrdersBody,
  CloseOrdersReply,
  OrderItem,
  OrderItemsQuery,
  OrderListQuery,
  OrderPage,
  OrderSummary,
  OrderSummaryQuery,
  PosImportBody,
  PosImportReply,
  PosKey,
  PosKeyCreateBody,
  PosKeyCreated,
  PosKeyParams,
  RestaurantParams,
} from '@stolik/contracts';
import { ORDER_IMPORT_MAX, ORDER_ITEMS_MAX } from '@stolik/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { posCallerOf, viewerOf } from '../../plugins/authentication';
import { access } from '../../shared/access';
import { errorReplies } from '../../shared/error-replies';
import { pageLinks } from '../../shared/pagination';
import type { RateLimiter } from '../../shared/rate-limit';
import type { OrdersService } from './orders.service';
import type { PosKeysService } from './pos-keys.service';

const errors = errorReplies;
/** A POS pushes on every change of a bill: once a second on average is plenty, bursts allowed. */
export const IMPORT_PER_KEY = { max: 60, windowS: 60 };
/** 500 orders with their items: more than the API's usual 1 MiB. */
const IMPORT_BODY_LIMIT = 4 * 1_048_576;

const IMPORT_DESCRIPTION = `For the restaurant's point-of-sale system, not for people: \`Authorization: Token <key>\`,
a key an admin makes under /api/restaurant/{id}/pos-keys/ (it names the restaurant). Send each order whole,
every time it changes; up to ${ORDER_IMPORT_MAX} orders a call, ${ORDER_ITEMS_MAX} items an order.

- Orders are matched on \`external_id\` (the POS's own id) within the restaurant: new ones are created,
  known ones brought up to date, their items replaced by the ones sent. All in one transaction: a bad
  order refuses the whole call (400 with the field, e.g. \`orders.3.total\`) and nothing is stored.
- Sending the same orders again changes nothing: the reply counts them as \`unchanged\`. So a POS may
  safely retry a call whose answer it did not get.
- Money is rubles with at most two decimals (\`1250.5\`); \`quantity\` has at most three.
- \`table_number\` is matched to the restaurant's table of that number; \`opened_at\` decides the service
  day the order is listed on (06:00 to 06:00 in the restaurant's time zone).
- \`closed_at\` is for closed and cancelled orders; a closed order sent without it is closed when first heard.
- An order staff closed by hand stays closed while the POS still calls it \`open\`; when the POS sends it
  \`closed\` or \`cancelled\`, the POS's word wins.
- 401 for a missing, unknown or revoked key; 429 (with Retry-After) past ${IMPORT_PER_KEY.max} calls a minute per key.`;

/** Orders of the POS (spec §7 orders, order-items, close_orders), its import, and its keys. */
export const ordersRoutes: FastifyPluginAsyncZod<{
  orders: OrdersService;
  posKeys: PosKeysService;
  limiter: RateLimiter;
}> = async (app, { orders, posKeys, limiter }) => {
  app.get(
    '/api/orders/',
    {
      config: { access: access.member('query', 'restaurant_id') },
      schema: {
        tags: ['orders'],
        summary: "A service day's orders (today's by default), oldest first; totals in rubles",
        querystring: OrderListQuery,
        response: { 200: OrderPage, ...errors },
      },
    },
    async (request) => {
      const page = await orders.list(request.query);
      return { ...page, ...pageLinks(request, page.count, request.query.page, request.query.page_size) };
    },
  );

  app.get(
    '/api/orders/summary/',
    {
      config: { access: access.member('query', 'restaurant_id') },
      schema: {
        tags: ['orders'],
        summary: "A service day's orders counted: by status, covers, takings in rubles",
        querystring: OrderSummaryQuery,
        response: { 200: OrderSummary, ...errors },
      },
    },
    (request) => orders.summary(request.query.restaurant_id, request.query.date),
  );

  app.get(
    '/api/order-items/',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['orders'],
        summary: "An order's items, in the POS's order (another restaurant's order: 404)",
        querystring: OrderItemsQuery,
        response: { 200: z.array(OrderItem), ...errors },
      },
    },
    (request) => orders.items(viewerOf(request), request.query.order_id),
  );

  app.patch(
    '/api/close_orders/manual_close_orders/',
    {
      config: {
        access: access.authenticated,
        audit: {
          action: 'orders.manual_close',
          entity: 'order',
          id: 'none',
          values: 'settings',
          reply: ['closed'],
        },
      },
      schema: {
        tags: ['orders'],
        summary: 'Close orders by hand: a bill the POS never closed',
        description:
          'Any member of the restaurant may. All or none: an order of another restaurant is 404, a cancelled one 409 `conflict` (listed in `orders`); one already closed stays as it was. Closed by hand, an order records who closed it (`closed_by`).',
        body: CloseOrdersBody,
        response: { 200: CloseOrdersReply, ...errors },
      },
    },
    (request) => orders.close(viewerOf(request), request.body),
  );

  app.post(
    '/api/pos/orders/',
    {
      config: {
        access: access.pos,
        audit: {
          action: 'orders.import',
          entity: 'order',
          id: 'none',
          values: 'none',
          reply: ['created', 'updated', 'unchanged'],
        },
      },
      bodyLimit: IMPORT_BODY_LIMIT,
      // Counted before the body is read: a flood of bad calls is limited too.
      preValidation: async (request) => {
        await limiter.consume(`pos-import:${posCallerOf(request).keyId}`, IMPORT_PER_KEY);
      },
      schema: {
        tags: ['orders'],
        summary: "The POS pushes its orders (created or updated by the POS's id)",
        description: IMPORT_DESCRIPTION,
        security: [{ posKey: [] }],
        body: PosImportBody,
        response: { 200: PosImportReply, ...errors },
      },
    },
    (request) => orders.import(posCallerOf(request), request.body),
  );

  app.get(
    '/api/restaurant/:id/pos-keys/',
    {
      config: { access: access.restaurantAdmin() },
      schema: {
        tags: ['orders'],
        summary: "The restaurant's POS keys, newest first (the keys themselves are never shown again)",
        params: RestaurantParams,
        response: { 200: z.array(PosKey), ...errors },
      },
    },
    (request) => posKeys.list(request.params.id),
  );

  app.post(
    '/api/restaurant/:id/pos-keys/',
    {
      config: {
        access: access.restaurantAdmin(),
        audit: { action: 'orders.pos_key.create', entity: 'pos_key', values: 'settings' },
      },
      schema: {
        tags: ['orders'],
        summary: 'Make a POS key: the reply is the only time the key is shown',
        params: RestaurantParams,
        body: PosKeyCreateBody,
        response: { 201: PosKeyCreated, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await posKeys.create(viewerOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/restaurant/:id/pos-keys/:keyId/',
    {
      config: {
        access: access.restaurantAdmin(),
        audit: { action: 'orders.pos_key.revoke', entity: 'pos_key', id: 'params.keyId' },
      },
      schema: {
        tags: ['orders'],
        summary: 'Revoke a POS key at once (again: nothing changes)',
        params: PosKeyParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await posKeys.revoke(request.params.id, request.params.keyId);
      return reply.code(204).send(null);
    },
  );
};
