import type { TelegramNotificationSetting, TelegramNotificationsBody } from '@stolik/contracts';
import { NOTIFICATION_TYPES, type NotificationType, normalizeNotifiableStatuses } from '@stolik/domain';

/** One restaurant's choice for one type ('3:queue'). */
export type SettingKey = `${number}:${NotificationType}`;
export const settingKey = (restaurant: number, type: NotificationType): SettingKey => `${restaurant}:${type}`;

/** The statuses chosen per restaurant and type: what the server has, or what the person changed. */
export type Choices = Partial<Record<SettingKey, readonly string[]>>;

export function choicesOf(settings: readonly TelegramNotificationSetting[]): Choices {
  const choices: Choices = {};
  for (const setting of settings) choices[settingKey(setting.restaurant, setting.type)] = setting.statuses;
  return choices;
}

/** The restaurants the settings cover, in the order the server lists them, once each. */
export function restaurantsOf(settings: readonly TelegramNotificationSetting[]): number[] {
  return [...new Set(settings.map((setting) => setting.restaurant))];
}

/** A status switched on or off, the list kept in the canonical order of spec §4. */
export function toggled(type: NotificationType, statuses: readonly string[], status: string): string[] {
  const next = statuses.includes(status) ? statuses.filter((s) => s !== status) : [...statuses, status];
  return normalizeNotifiableStatuses(type, next);
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((status) => b.includes(status));

/**
 * What to send: only the choices that differ from the server's (a change made elsewhere meanwhile,
 * in the bot's menu, stays for what the person did not touch).
 */
export function changedSettings(saved: Choices, draft: Choices): TelegramNotificationsBody {
  const body: TelegramNotificationSetting[] = [];
  for (const [key, statuses] of Object.entries(draft) as [SettingKey, readonly string[]][]) {
    if (same(statuses, saved[key] ?? [])) continue;
    const [restaurant, type] = key.split(':') as [string, NotificationType];
    if (!NOTIFICATION_TYPES.includes(type)) continue;
    body.push({
      restaurant: Number(restaurant),
      type,
      statuses: normalizeNotifiableStatuses(type, statuses),
    } as TelegramNotificationSetting);
  }
  return body;
}
