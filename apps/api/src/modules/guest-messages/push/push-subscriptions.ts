import type { PushSubscriptionBody } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import {
  type BookingStatus,
  isActiveQueueStatus,
  NOT_COMING_BOOKING_STATUSES,
  type QueueStatus,
} from '@stolik/domain';
import { conflict, notFound } from '../../../shared/http-errors';
import { createPushSubscriptionsRepository, type PushSubject } from './push-subscriptions.repository';

/** Whether a guest may still hear news of it: a queue entry still waiting, a booking not over. */
export function mayHearNews(kind: PushSubject['kind'], status: string): boolean {
  if (kind === 'queue') return isActiveQueueStatus(status as QueueStatus);
  return status !== 'closed' && !NOT_COMING_BOOKING_STATUSES.includes(status as BookingStatus);
}

/** A guest's Web Push subscriptions, by the token of their status page. */
export function createPushSubscriptions(db: Database) {
  const repository = createPushSubscriptionsRepository(db);

  async function subjectOf(kind: PushSubject['kind'], token: string) {
    const found = await repository.subjectByToken(kind, token);
    if (!found) throw notFound();
    return { subject: { kind, id: found.id } as PushSubject, ...found };
  }

  return {
    /** Keeps the browser's subscription while the entry or booking is active (409 once it is over). */
    async subscribe(kind: PushSubject['kind'], token: string, body: PushSubscriptionBody): Promise<void> {
      const found = await subjectOf(kind, token);
      if (!mayHearNews(kind, found.status))
        throw conflict(
          kind === 'queue' ? 'guestMessages.push.queueFinished' : 'guestMessages.push.bookingFinished',
        );
      await repository.save(found.subject, found.restaurantId, {
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
      });
    },

    /** Forgets the browser's subscription (at any time: turning news off is always allowed). */
    async unsubscribe(kind: PushSubject['kind'], token: string, endpoint: string): Promise<void> {
      const found = await subjectOf(kind, token);
      await repository.remove(found.subject, endpoint);
    },

    /** For the guest-message ladder: where to push, and forgetting a dead subscription. */
    listFor: repository.listFor,
    forget: repository.forget,
  };
}
export type PushSubscriptions = ReturnType<typeof createPushSubscriptions>;
