import { MessageKey } from '@stolik/contracts';
import type { Database, Tx } from '@stolik/db';
import { requireRestaurant, type Viewer } from '../../shared/access';
import { announceChange } from '../../shared/changes/changes.repository';
import { FieldValidationError, type HttpError } from '../../shared/http-errors';
import { restaurantOrThrow } from './restaurant-or-throw';

type RestaurantRow = Awaited<ReturnType<typeof restaurantOrThrow>>;

/** What the history of a move says: where from, where to. */
export interface RestaurantMove {
  from_restaurant: number;
  to_restaurant: number;
}

/**
 * A booking or a queue entry sent to another restaurant of the same staff member. The target must
 * be one of theirs (else 403/404), not the one it is in (400) and exist (404). The move happens in
 * one transaction, only to the row as it was read (409 when another device changed it meanwhile).
 * Its history names both restaurants, and both halls hear of it: the new one through the status
 * log, the old one here, so that its screens drop the booking or the guest.
 */
export async function moveToRestaurant<
  Row extends { id: number; restaurantId: number; status: string },
  Ready,
>(
  db: Database,
  viewer: Viewer,
  before: Row,
  targetId: number,
  how: {
    kind: 'booking' | 'queue';
    /** Checks and reads before the transaction (a queue entry must still wait; a booking needs a place there). */
    prepare: (target: RestaurantRow) => Promise<Ready>;
    /** The row moved, with what comes with it; undefined when it is no longer as it was read. */
    apply: (tx: Tx, target: RestaurantRow, ready: Ready) => Promise<Row | undefined>;
    changedElsewhere: () => HttpError;
    /** The status log of the moved row, with the move as its changes. */
    log: (tx: Tx, moved: Row, move: RestaurantMove) => Promise<void>;
  },
): Promise<Row> {
  requireRestaurant(viewer, targetId, 'member');
  if (targetId === before.restaurantId) throw new FieldValidationError({ restaurant: [MessageKey.invalid] });
  const target = await restaurantOrThrow(db, targetId);
  const ready = await how.prepare(target);
  return db.transaction(async (tx) => {
    const moved = await how.apply(tx, target, ready);
    if (!moved) throw how.changedElsewhere();
    await how.log(tx, moved, { from_restaurant: before.restaurantId, to_restaurant: target.id });
    await announceChange(tx, {
      kind: how.kind,
      restaurant: before.restaurantId,
      id: before.id,
      status: moved.status,
    });
    return moved;
  });
}
