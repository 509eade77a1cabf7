import { readNotificationSettings, replaceNotificationSettings } from '@stolik/bot';
import type {
  FailedDelivery,
  TelegramNotificationSetting,
  TelegramNotificationsBody,
} from '@stolik/contracts';
import type { Database } from '@stolik/db';
import type { Viewer } from '../../shared/access';
import { notFound } from '../../shared/http-errors';
import { createTelegramRepository } from './telegram.repository';

/** A person's name as the admins know them: first and last name, else the e-mail, else nothing. */
const nameOf = (user: { firstName: string; lastName: string; email: string | null }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email || '';

/** Telegram notification settings of the signed-in staff member, and what could not be delivered. */
export function createTelegramService(db: Database) {
  const repository = createTelegramRepository(db);

  /** The restaurants one may hear about, by name: where a member; a superuser, all. */
  async function restaurantIdsOf(viewer: Viewer): Promise<number[]> {
    const ids = [...viewer.memberships.keys()];
    if (!viewer.isSuperuser && ids.length === 0) return [];
    return repository.restaurantIdsByName(viewer.isSuperuser ? 'all' : ids);
  }

  return {
    /** GET /api/telegram/notifications/: both types for every restaurant of the user. */
    async list(viewer: Viewer): Promise<TelegramNotificationSetting[]> {
      return readNotificationSettings(db, viewer.id, await restaurantIdsOf(viewer));
    },

    /** POST /api/telegram/notifications/: replaces the listed settings; another restaurant's: 404. */
    async replace(viewer: Viewer, body: TelegramNotificationsBody): Promise<TelegramNotificationSetting[]> {
      const allowed = new Set(await restaurantIdsOf(viewer));
      if (body.some((item) => !allowed.has(item.restaurant))) throw notFound();
      await replaceNotificationSettings(db, viewer.id, body);
      return readNotificationSettings(db, viewer.id, [...allowed]);
    },

    /** The restaurant's messages that failed for good, newest first. */
    async failedDeliveries(
      restaurantId: number,
      page: number,
      pageSize: number,
    ): Promise<{ count: number; items: FailedDelivery[] }> {
      const { count, rows } = await repository.failedPage(restaurantId, pageSize, (page - 1) * pageSize);
      return {
        count,
        items: rows.map(({ delivery, type, status, entityId, payload, firstName, lastName, email }) => ({
          id: delivery.id,
          type,
          status,
          entity_id: entityId,
          chat_id: delivery.chatId,
          user: delivery.userId,
          user_name:
            delivery.userId !== null && firstName !== null
              ? nameOf({ firstName, lastName: lastName ?? '', email }) || null
              : null,
          guest_name: typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : null,
          attempts: delivery.attempts,
          last_error: delivery.lastError,
          created: delivery.createdAt.toISOString(),
          failed_at: (delivery.failedAt as Date).toISOString(),
        })),
      };
    },
  };
}
export type TelegramService = ReturnType<typeof createTelegramService>;
