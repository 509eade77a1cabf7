import { RestaurantChange } from '@stolik/contracts';
import type { DatabaseHandle } from '@stolik/db';
import { CHANGES_CHANNEL } from './changes';

export type ChangeListener = (
  message: { kind: 'change'; change: RestaurantChange } | { kind: 'gap' },
) => void;

/**
 * Fans the database's change notifications out to the open event streams of this process, by
 * restaurant. One LISTEN per process, however many screens are open.
 */
export function createChangeHub(database: DatabaseHandle, onBadPayload: (payload: string) => void) {
  const byRestaurant = new Map<number, Set<ChangeListener>>();
  let stop: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;

  const deliver = (payload: string) => {
    let change: RestaurantChange;
    try {
      change = RestaurantChange.parse(JSON.parse(payload));
    } catch {
      onBadPayload(payload);
      return;
    }
    for (const listener of byRestaurant.get(change.restaurant) ?? []) listener({ kind: 'change', change });
  };
  const gap = () => {
    for (const listeners of byRestaurant.values())
      for (const listener of listeners) listener({ kind: 'gap' });
  };

  return {
    /** Starts listening; later calls wait for the first. */
    start(): Promise<void> {
      starting ??= database.listen(CHANGES_CHANNEL, deliver, gap).then((unlisten) => {
        stop = unlisten;
      });
      return starting;
    },

    subscribe(restaurantId: number, listener: ChangeListener): () => void {
      const listeners = byRestaurant.get(restaurantId) ?? new Set<ChangeListener>();
      byRestaurant.set(restaurantId, listeners);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) byRestaurant.delete(restaurantId);
      };
    },

    /** Open streams, for the health of a busy process and for tests. */
    size(): number {
      let n = 0;
      for (const listeners of byRestaurant.values()) n += listeners.size;
      return n;
    },

    async close(): Promise<void> {
      byRestaurant.clear();
      await starting?.catch(() => {});
      await stop?.();
      stop = null;
    },
  };
}
export type ChangeHub = ReturnType<typeof createChangeHub>;
