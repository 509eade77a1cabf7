import { type Database, schema } from '@stolik/db';
import { and, desc, eq, notInArray } from 'drizzle-orm';

const { pushSubscriptions, queueEntries, bookings } = schema;

/** Whose page a subscription is for: a queue entry or a booking, by its id. */
export type PushSubject = { kind: 'queue'; id: number } | { kind: 'booking'; id: number };

export interface StoredPushSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Subscriptions kept per entry or booking (a guest's phone and computer, a browser or two). */
export const PUSH_SUBSCRIPTIONS_KEPT = 5;

const subjectColumn = (kind: PushSubject['kind']) =>
  kind === 'queue' ? pushSubscriptions.queueEntryId : pushSubscriptions.bookingId;

/** The queries of Web Push subscriptions (push_subscriptions). */
export function createPushSubscriptionsRepository(db: Database) {
  return {
    /** The entry or booking a guest's token opens, with its status. */
    async subjectByToken(
      kind: PushSubject['kind'],
      token: string,
    ): Promise<{ id: number; restaurantId: number; status: string } | undefined> {
      const table = kind === 'queue' ? queueEntries : bookings;
      return (
        await db
          .select({ id: table.id, restaurantId: table.restaurantId, status: table.status })
          .from(table)
          .where(eq(table.guestToken, token))
      )[0];
    },

    /**
     * Keeps a subscription for the subject: the keys replaced when the endpoint is known already;
     * past PUSH_SUBSCRIPTIONS_KEPT the oldest go.
     */
    async save(
      subject: PushSubject,
      restaurantId: number,
      subscription: { endpoint: string; p256dh: string; auth: string },
    ): Promise<void> {
      const column = subjectColumn(subject.kind);
      await db.transaction(async (tx) => {
        await tx
          .insert(pushSubscriptions)
          .values({
            restaurantId,
            queueEntryId: subject.kind === 'queue' ? subject.id : null,
            bookingId: subject.kind === 'booking' ? subject.id : null,
            ...subscription,
          })
          .onConflictDoUpdate({
            target: [column, pushSubscriptions.endpoint],
            set: { p256dh: subscription.p256dh, auth: subscription.auth, createdAt: new Date() },
          });
        const newest = tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(column, subject.id))
          .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
          .limit(PUSH_SUBSCRIPTIONS_KEPT);
        await tx
          .delete(pushSubscriptions)
          .where(and(eq(column, subject.id), notInArray(pushSubscriptions.id, newest)));
      });
    },

    /** Forgets the subject's subscription of that endpoint; whether there was one. */
    async remove(subject: PushSubject, endpoint: string): Promise<boolean> {
      const gone = await db
        .delete(pushSubscriptions)
        .where(and(eq(subjectColumn(subject.kind), subject.id), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return gone.length > 0;
    },

    /** The subject's subscriptions, newest first: where a push rung sends. */
    async listFor(subject: PushSubject): Promise<StoredPushSubscription[]> {
      return db
        .select({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(eq(subjectColumn(subject.kind), subject.id))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
    },

    /** Forgets one subscription (its push service answered 404 or 410: it is dead for good). */
    async forget(id: number): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },
  };
}
export type PushSubscriptionsRepository = ReturnType<typeof createPushSubscriptionsRepository>;
