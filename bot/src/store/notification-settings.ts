import type { TelegramNotificationSetting } from '@stolik/contracts';
import { type Database, schema } from '@stolik/db';
import { NOTIFICATION_TYPES, type NotificationType, normalizeNotifiableStatuses } from '@stolik/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';

const { telegramNotificationSettings: settings } = schema;

/**
 * The one reader and writer of telegram notification settings: the API's GET/POST, the bot's
 * /notifications menu and (for reading) the dispatcher all come here, so a change made in one is
 * what the others see.
 */
export async function readNotificationSettings(
  db: Database,
  userId: number,
  restaurantIds: readonly number[],
): Promise<TelegramNotificationSetting[]> {
  if (restaurantIds.length === 0) return [];
  const rows = await db
    .select()
    .from(settings)
    .where(and(eq(settings.userId, userId), inArray(settings.restaurantId, [...restaurantIds])));
  const stored = new Map(rows.map((row) => [`${row.restaurantId}:${row.type}`, row.statuses]));
  return restaurantIds.flatMap((restaurant) =>
    NOTIFICATION_TYPES.map(
      (type) =>
        ({
          restaurant,
          type,
          statuses: normalizeNotifiableStatuses(type, stored.get(`${restaurant}:${type}`) ?? []),
        }) as TelegramNotificationSetting,
    ),
  );
}

/** Replaces the listed settings (restaurant and type); the others stay as they are. */
export async function replaceNotificationSettings(
  db: Database,
  userId: number,
  items: readonly { restaurant: number; type: NotificationType; statuses: readonly string[] }[],
): Promise<void> {
  if (items.length === 0) return;
  await db.transaction(async (tx) => {
    for (const item of items) {
      const statuses = normalizeNotifiableStatuses(item.type, item.statuses);
      await tx
        .insert(settings)
        .values({ userId, restaurantId: item.restaurant, type: item.type, statuses })
        .onConflictDoUpdate({
          target: [settings.userId, settings.restaurantId, settings.type],
          set: { statuses, updatedAt: new Date() },
        });
    }
  });
}

/**
 * Switches one status on or off in one statement, so that a tap in chat and a save in the app at
 * the same moment cannot undo each other's other statuses. Returns the statuses after the change.
 */
export async function toggleNotificationStatus(
  db: Database,
  userId: number,
  restaurantId: number,
  type: NotificationType,
  status: string,
): Promise<string[]> {
  const [row] = await db
    .insert(settings)
    .values({ userId, restaurantId, type, statuses: [status] })
    .onConflictDoUpdate({
      target: [settings.userId, settings.restaurantId, settings.type],
      set: {
        statuses: sql`case when ${status}::text = any(${settings.statuses}) then array_remove(${settings.statuses}, ${status}::text) else array_append(${settings.statuses}, ${status}::text) end`,
        updatedAt: new Date(),
      },
    })
    .returning({ statuses: settings.statuses });
  return normalizeNotifiableStatuses(type, row?.statuses ?? []);
}
