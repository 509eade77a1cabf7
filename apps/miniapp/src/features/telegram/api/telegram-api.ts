import type { Me, TelegramNotificationSettings, TelegramNotificationsBody } from '@stolik/contracts';
import { queryOptions } from '@tanstack/react-query';
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
