import { type Database, schema } from '@stolik/db';
import { ACTIVE_QUEUE_STATUSES } from '@stolik/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';

const { queueEntries, restaurants } = schema;

/** A guest's place in a restaurant's queue, as the bot names it and links to it. */
export interface GuestPlace {
  restaurantId: number;
  restaurantName: string;
  number: number;
  /** The secret of the guest's own page (`/guest/queue/<token>`). */
  token: string;
}

/**
 * The queue places of a Telegram user who joined from the Mini App and still waits: the entry's
 * chat is the user's own (a private chat's id is the user's id), so nobody else is given the link.
 */
export async function waitingPlacesOf(
  db: Database,
  telegramUserId: number,
  restaurantId?: number,
): Promise<GuestPlace[]> {
  return db
    .select({
      restaurantId: restaurants.id,
      restaurantName: restaurants.name,
      number: queueEntries.number,
      token: queueEntries.guestToken,
    })
    .from(queueEntries)
    .innerJoin(restaurants, eq(restaurants.id, queueEntries.restaurantId))
    .where(
      and(
        eq(queueEntries.telegramChatId, telegramUserId),
        inArray(queueEntries.status, [...ACTIVE_QUEUE_STATUSES]),
        restaurantId === undefined ? undefined : eq(queueEntries.restaurantId, restaurantId),
      ),
    )
    .orderBy(asc(queueEntries.createdAt));
}
