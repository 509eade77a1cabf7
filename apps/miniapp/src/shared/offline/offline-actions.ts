import { useEffect, useSyncExternalStore } from 'react';
import { request } from '../api/transport';
import { storedSessionOwner } from './last-session';
import { createPendingActions, isNetworkFailure, type PendingAction } from './pending-actions';

/** The app's one list of actions waiting for the network (see pending-actions.ts). */
export const pendingActions = createPendingActions((action) =>
  request(action.method, action.path, {
    body: action.body,
    headers: { 'Idempotency-Key': action.id },
  }),
);

/** How often a tablet with waiting actions tries again without being told the network is back. */
export const REPLAY_EVERY_MS = 15_000;

const newKey = () => globalThis.crypto.randomUUID();

/**
 * Sends a staff action now, with an Idempotency-Key; without a network it is kept and sent when
 * the network is back (resolves 'kept'). A refusal by the server rejects as before, so the screen
 * rolls back and says why.
 */
export async function sendOrKeep<T>(
  action: Omit<PendingAction, 'id' | 'takenAt' | 'owner'>,
): Promise<{ kept: false; reply: T } | { kept: true }> {
  const full: PendingAction = { ...action, id: newKey(), takenAt: Date.now(), owner: storedSessionOwner() };
  // Earlier actions go first: one taken after them must not overtake them.
  if (pendingActions.list().length === 0) {
    try {
      const reply = (await request<T>(full.method, full.path, {
        body: full.body,
        headers: { 'Idempotency-Key': full.id },
      })) as T;
      return { kept: false, reply };
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
    }
  }
  pendingActions.add(full);
  return { kept: true };
}

const subscribe = (listener: () => void) => pendingActions.subscribe(listener);

/** What waits for the network and what was refused on the way, for one restaurant. */
export function usePendingActions(restaurantId: number) {
  // The same on the server (the build draws the live queue, prerender/queue-page.tsx): none there.
  const all = () => pendingActions.all();
  const allConflicts = () => pendingActions.allConflicts();
  const actions = useSyncExternalStore(subscribe, all, all);
  const conflicts = useSyncExternalStore(subscribe, allConflicts, allConflicts);
  return {
    actions: actions.filter((a) => a.restaurantId === restaurantId && pendingActions.isMine(a)),
    conflicts: conflicts.filter(
      (c) => c.action.restaurantId === restaurantId && pendingActions.isMine(c.action),
    ),
  };
}

/**
 * Sends the waiting actions when the browser is back online, every REPLAY_EVERY_MS while any
 * wait, and once at start; `onDone` refreshes the data after something went through. Mounted by
 * the restaurant's layout, so that they go out whichever of its screens is open.
 */
export function useReplayPendingActions(onDone: () => void): void {
  useEffect(() => {
    const replay = () => {
      if (pendingActions.list().length === 0) return;
      void pendingActions.replay().then((done) => {
        if (done > 0 || pendingActions.conflicts().length > 0) onDone();
      });
    };
    replay();
    window.addEventListener('online', replay);
    const timer = setInterval(replay, REPLAY_EVERY_MS);
    return () => {
      window.removeEventListener('online', replay);
      clearInterval(timer);
    };
  }, [onDone]);
}
