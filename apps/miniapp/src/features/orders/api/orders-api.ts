import type {
  CloseOrdersBody,
  CloseOrdersReply,
  Order,
  OrderItem,
  OrderPage,
  OrderSummary,
  PosKey,
  PosKeyCreated,
} from '@stolik/contracts';
import { queryOptions } from '@tanstack/react-query';
import { load } from '../../../shared/api/load';
import { del, patch, post } from '../../../shared/api/transport';

// Order keys start with ['order', restaurantId]: a live 'order' change refreshes them
// (shared/live/use-restaurant-changes). The POS keys are no live data.
export const orderKeys = {
  all: (restaurantId: number) => ['order', restaurantId] as const,
  day: (restaurantId: number, date: string) => ['order', restaurantId, 'day', date] as const,
  summary: (restaurantId: number, date: string) => ['order', restaurantId, 'summary', date] as const,
  items: (restaurantId: number, orderId: number) => ['order', restaurantId, 'items', orderId] as const,
  posKeys: (restaurantId: number) => ['pos-key', restaurantId] as const,
};

/** The biggest page the API gives; a busy day fits in one, more is followed, not cut. */
const WHOLE_DAY = 500;

/** Every order of a service day, oldest first. */
export const dayOrdersQuery = (restaurantId: number, date: string) =>
  queryOptions({
    queryKey: orderKeys.day(restaurantId, date),
    queryFn: async ({ signal }) => {
      const orders: Order[] = [];
      for (let page = 1; ; page += 1) {
        const reply = await load<OrderPage>('/api/orders/', {
          signal,
          query: { restaurant_id: restaurantId, date, page, page_size: WHOLE_DAY },
        });
        if (!reply) return orders;
        orders.push(...reply.results);
        if (!reply.next || reply.results.length === 0) return orders;
      }
    },
  });

/** The day's figures as the server counts them (takings, covers, open bills). */
export const daySummaryQuery = (restaurantId: number, date: string) =>
  queryOptions({
    queryKey: orderKeys.summary(restaurantId, date),
    queryFn: ({ signal }) =>
      load<OrderSummary>('/api/orders/summary/', { signal, query: { restaurant_id: restaurantId, date } }),
  });

export const orderItemsQuery = (restaurantId: number, orderId: number) =>
  queryOptions({
    queryKey: orderKeys.items(restaurantId, orderId),
    queryFn: ({ signal }) => load<OrderItem[]>('/api/order-items/', { signal, query: { order_id: orderId } }),
  });

export const closeOrders = (body: CloseOrdersBody) =>
  patch<CloseOrdersReply>('/api/close_orders/manual_close_orders/', body) as Promise<CloseOrdersReply>;

export const posKeysQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: orderKeys.posKeys(restaurantId),
    queryFn: ({ signal }) => load<PosKey[]>(`/api/restaurant/${restaurantId}/pos-keys/`, { signal }),
  });

export const createPosKey = (restaurantId: number, name: string) =>
  post<PosKeyCreated>(`/api/restaurant/${restaurantId}/pos-keys/`, { name }) as Promise<PosKeyCreated>;

export const revokePosKey = (restaurantId: number, keyId: number) =>
  del<null>(`/api/restaurant/${restaurantId}/pos-keys/${keyId}/`);
