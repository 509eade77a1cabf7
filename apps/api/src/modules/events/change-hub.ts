import { RestaurantChange } from '@stolik/contracts';
import type { DatabaseHandle } from '@stolik/db';
import { SessionsEnded } from '../auth/sessions';
import { CHANGES_CHANNEL } from './changes';

export type ChangeListener = (
  message: { kind: 'change'; change: RestaurantChange } | { kind: 'gap' },
) => void;
/** Told that sessions of a user ended (null: of anyone, notifications may have been missed). */
export type SessionsEndedListener = (userId: number | null) => void;

/**
 * Fans the database's change notifications out to the open event streams of this process, by
 * restaurant. One LISTEN per process, however many screens are open.
 */
export function createChangeHub(database: DatabaseHandle, onBadPayload: (payload: string) => void) {
  const byRestaurant = new Map<number, Set<ChangeListener>>();
  const sessionListeners = new Set<SessionsEndedListener>();
  let stop: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;

  const deliver = (payload: string) => {
    let change: RestaurantChange;
    try {
      const message: unknown = JSON.parse(payload);
      const ended = SessionsEnded.safeParse(message);
      if (ended.success) {
        for (const listener of sessionListeners) listener(ended.data.user);
        return;
      }
      change = RestaurantChange.parse(message);
    } catch {
      onBadPayload(payload);
      return;
    }
    for (const listener of byRestaurant.get(change.restaurant) ?? []) listener({ kind: 'change', change });
  };
  const gap = () => {
    for (const listeners of byRestaurant.values())
      for (const listener of listeners) listener({ kind: 'gap' });
    for (const listener of sessionListeners) listener(null);
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

    /** Hears that sessions ended, in any process (their streams close). */
    onSessionsEnded(listener: SessionsEndedListener): () => void {
      sessionListeners.add(listener);
      return () => {
        sessionListeners.delete(listener);
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
      sessionListeners.clear();
      await starting?.catch(() => {});
      await stop?.();
      stop = null;
    },
  };
}
export type ChangeHub = ReturnType<typeof createChangeHub>;
