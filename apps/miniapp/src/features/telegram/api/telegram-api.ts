import type {
  FailedDeliveryPage,
  Me,
  TelegramNotificationSettings,
  TelegramNotificationsBody,
} from '@stolik/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { load } from '../../../shared/api/load';
import { del, post } from '../../../shared/api/transport';

export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: ['telegram', 'notifications'] as const,
    queryFn: ({ signal }) => load<TelegramNotificationSettings>('/api/telegram/notifications/', { signal }),
  });

/** Replaces the listed settings; the reply is every setting of the user, as GET gives them. */
export const saveNotificationSettings = (body: TelegramNotificationsBody) =>
  post<TelegramNotificationSettings>(
    '/api/telegram/notifications/',
    body,
  ) as Promise<TelegramNotificationSettings>;

/** Links the Telegram account of this Mini App launch to the signed-in user (no bot needed). */
export const completeTelegramAuth = (initData: string) =>
  post<Me>('/api/telegram/complete-auth/', { init_data: initData }) as Promise<Me>;

/** Forgets the user's Telegram: the bot stops writing (409 for an account that signs in only by it). */
export const unlinkTelegram = () => del<Me>('/api/user/me/telegram-link/') as Promise<Me>;

const FAILED_PAGE_SIZE = 10;

/** A restaurant's bot messages that failed for good (its admins only), newest first, page by page. */
export const failedDeliveriesQuery = (restaurantId: number) =>
  infiniteQueryOptions({
    queryKey: ['telegram', 'failed-deliveries', restaurantId] as const,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      load<FailedDeliveryPage>(`/api/restaurant/${restaurantId}/telegram/failed-deliveries/`, {
        signal,
        query: { page: pageParam, page_size: FAILED_PAGE_SIZE },
      }),
    getNextPageParam: (last, _all, page) => (last.next ? page + 1 : undefined),
  });
