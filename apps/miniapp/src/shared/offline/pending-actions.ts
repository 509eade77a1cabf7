import { ApiError, type HttpMethod } from '../api/transport';

/**
 * Staff actions taken while the tablet had no network (call, seat, cancel, a walk-in), kept in
 * local storage in the order they were taken and sent when the network is back, each once: the
 * action's id is its Idempotency-Key, so a send whose answer was lost is answered again by the
 * API, not done twice (apps/api/src/plugins/replay.ts). A refusal on the way (the guest was seated
 * from another device meanwhile) is kept as a conflict for the screen to show, never swallowed.
 */
export interface PendingAction {
  /** Also the Idempotency-Key. */
  id: string;
  restaurantId: number;
  method: Exclude<HttpMethod, 'GET'>;
  path: string;
  body?: unknown;
  /** What the screen says about it: the action and whom it was for ('Вызвать · №12 Анна'). */
  label: string;
  /** The queue entry it acts on, for the row's "waiting for the network" mark; null for a walk-in. */
  entryId: number | null;
  takenAt: number;
}

export interface ActionConflict {
  action: PendingAction;
  /** The server's reason, as it said it. */
  message: string;
}

export type SendAction = (action: PendingAction) => Promise<unknown>;

export interface PendingStore {
  read(): PendingAction[];
  write(actions: PendingAction[]): void;
}

const STORAGE_KEY = 'pendingActions';

export const localPendingStore: PendingStore = {
  read() {
    try {
      const raw = window.localStorage.getItem(STORAGE_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? (parsed as PendingAction[]) : [];
    } catch {
      return [];
    }
  },
  write(actions) {
    try {
      if (actions.length === 0) window.localStorage.removeItem(STORAGE_KEY);
      else window.localStorage.setItem(STORAGE_KEY, JSON.stringify(actions));
    } catch {
      // Storage full or refused: the actions live on in memory until the page closes.
    }
  },
};

/** The transport's "no network" (spec §8: 'Network Error' with status 400). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && error.body === 'Network Error';
}

function refusalMessage(error: unknown): string | null {
  if (error instanceof ApiError && typeof error.body === 'object' && error.body !== null) {
    const body = error.body as Record<string, unknown>;
    if (typeof body.detail === 'string') return body.detail;
    const first = Object.values(body).flat()[0];
    if (typeof first === 'string') return first;
  }
  return null;
}

export interface PendingActions {
  list(restaurantId?: number): PendingAction[];
  conflicts(): ActionConflict[];
  add(action: PendingAction): void;
  dismissConflict(id: string): void;
  /**
   * Sends what waits, oldest first, one at a time. Stops at the first network failure (still
   * offline: the rest keep their order). Resolves with how many were done.
   */
  replay(): Promise<number>;
  subscribe(listener: () => void): () => void;
}

export function createPendingActions(
  send: SendAction,
  store: PendingStore = localPendingStore,
): PendingActions {
  let actions = store.read();
  let conflicts: ActionConflict[] = [];
  let running: Promise<number> | null = null;
  const listeners = new Set<() => void>();
  const changed = () => {
    store.write(actions);
    for (const listener of listeners) listener();
  };
  const drop = (id: string) => {
    actions = actions.filter((action) => action.id !== id);
  };

  const replayOnce = async (): Promise<number> => {
    let done = 0;
    for (const action of [...actions]) {
      try {
        await send(action);
        done += 1;
        drop(action.id);
        changed();
      } catch (error) {
        if (isNetworkFailure(error)) break;
        // A 401 the transport could not renew ends the session: the action waits for the next one.
        if (error instanceof ApiError && error.status === 401) break;
        const message = refusalMessage(error);
        drop(action.id);
        conflicts = [...conflicts, { action, message: message ?? '' }];
        changed();
      }
    }
    return done;
  };

  return {
    list: (restaurantId) =>
      restaurantId === undefined ? actions : actions.filter((a) => a.restaurantId === restaurantId),
    conflicts: () => conflicts,
    add(action) {
      actions = [...actions, action];
      changed();
    },
    dismissConflict(id) {
      conflicts = conflicts.filter((conflict) => conflict.action.id !== id);
      changed();
    },
    replay() {
      // One replay at a time: two would send the same action twice at once.
      running ??= replayOnce().finally(() => {
        running = null;
      });
      return running;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
