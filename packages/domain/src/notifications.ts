import type { BookingStatus } from './booking/booking-status';
import { NOTIFIABLE_BOOKING_STATUSES } from './booking/booking-status';
import type { QueueStatus } from './queue/queue-status';
import { NOTIFIABLE_QUEUE_STATUSES } from './queue/queue-status';

/** What a staff member can hear about in Telegram, per restaurant (spec §3 telegram notification setting). */
export const NOTIFICATION_TYPES = ['queue', 'booking'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The statuses of a type one can subscribe to (spec §4 notifiable events), in the order they happen. */
export function notifiableStatuses(type: NotificationType): readonly (QueueStatus | BookingStatus)[] {
  return type === 'queue' ? NOTIFIABLE_QUEUE_STATUSES : NOTIFIABLE_BOOKING_STATUSES;
}

/** The given statuses that are notifiable for the type, once each, in the canonical order. */
export function normalizeNotifiableStatuses(type: NotificationType, statuses: readonly string[]): string[] {
  const wanted = new Set(statuses);
  return notifiableStatuses(type).filter((status) => wanted.has(status));
}
