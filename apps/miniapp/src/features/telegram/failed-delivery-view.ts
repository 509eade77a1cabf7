import type { FailedDelivery } from '@stolik/contracts';

/** Why a message could not be delivered, in the words the admins read (telegramFailures.why.*). */
export type FailureReason = 'blocked' | 'chatNotFound' | 'rejected' | 'rateLimited' | 'tries';

/**
 * The reason of a failed message, from the dispatcher's last_error ('403: Forbidden: bot was
 * blocked by the user', '400: Bad Request: chat not found', '429 #20: …; gave up…', '500: …').
 */
export function failureReason(delivery: Pick<FailedDelivery, 'last_error'>): FailureReason {
  const error = delivery.last_error ?? '';
  if (/^403\b/.test(error)) return 'blocked';
  if (/^400\b/.test(error)) return /chat not found/i.test(error) ? 'chatNotFound' : 'rejected';
  if (/^429\b/.test(error)) return 'rateLimited';
  return 'tries';
}

/** Which restaurants' failures a person may see: a superuser every one, others where they are admin. */
export function administeredRestaurants<R extends { id: number }>(
  me: { is_superuser: boolean; restaurants: { id: number; role: string | null }[] },
  restaurants: readonly R[],
  adminRole: string,
): R[] {
  if (me.is_superuser) return [...restaurants];
  const admin = new Set(me.restaurants.filter((r) => r.role === adminRole).map((r) => r.id));
  return restaurants.filter((r) => admin.has(r.id));
}
