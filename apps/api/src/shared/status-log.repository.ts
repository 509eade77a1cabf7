import { schema, type Tx } from '@stolik/db';
import type { BookingStatus, QueueStatus } from '@stolik/domain';
import { announceChange } from './changes/changes.repository';

/** An outbox row a change leaves for those who must hear of it (the bot delivers them). */
export interface Notice {
  type: 'booking' | 'queue' | 'guest';
  status: string;
  payload: Record<string, unknown>;
}

/** A booking or a queue entry that has just changed: where it is now, and what it was before. */
export type StatusChange = {
  id: number;
  restaurantId: number;
  /** null: the guest (public form), an auto-reservation rule or the system. */
  by: number | null;
  changes: Record<string, unknown>;
  notices: Notice[];
} & (
  | { kind: 'booking'; from: BookingStatus | null; to: BookingStatus }
  | { kind: 'queue'; from: QueueStatus | null; to: QueueStatus }
);

/**
 * Everything a change of a booking or a queue entry leaves behind, in its transaction: the history
 * row, the live announcement on the restaurant's event stream, and the outbox rows of those who
 * must hear of it. Which notices a change makes is the module's rule (`booking-notices.ts`,
 * `queue-notices.ts`); that they are written with the change, or not at all, is this one's.
 */
export async function logStatusChange(tx: Tx, change: StatusChange): Promise<void> {
  const { id, by: changedBy, changes } = change;
  if (change.kind === 'booking') {
    await tx
      .insert(schema.bookingHistory)
      .values({ bookingId: id, fromStatus: change.from, toStatus: change.to, changedBy, changes });
  } else {
    await tx
      .insert(schema.queueHistory)
      .values({ entryId: id, fromStatus: change.from, toStatus: change.to, changedBy, changes });
  }
  await announceChange(tx, {
    kind: change.kind,
    restaurant: change.restaurantId,
    id: change.id,
    status: change.to,
  });
  // One by one, in the order given: the dispatcher delivers in outbox order.
  for (const notice of change.notices) {
    await tx
      .insert(schema.outbox)
      .values({ restaurantId: change.restaurantId, entityId: change.id, ...notice });
  }
}
