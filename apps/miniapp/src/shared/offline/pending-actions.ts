import { ApiError, type HttpMethod } from '../api/transport';
import { storedSessionOwner } from './last-session';

/**
 * Staff actions taken while the tablet had no network (call, seat, cancel, a walk-in), kept in
 * local storage in the order they were taken and sent when the network is back, each once: the
 * action's id is its Idempotency-Key, so a send whose answer was lost is answered again by the
 * API, not done twice (apps/api/src/plugins/replay.ts). A refusal on the way (the guest was seated
 * from another device meanwhile) is kept as a conflict for the screen to show, never swallowed,
 * and survives a reload too. Each action is its taker's: it is sent, listed and reported only while
 * the same person is signed in on the tablet, so a colleague who signs in after her never sends it
 * under their own name; it waits for her.
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
  /** Who took it ('user:12', as the session's token says); null when nobody was signed in. */
  owner: string | null;
}

export interface ActionConflict {
  action: PendingAction;
  /** The server's reason, as it said it. */
  message: string;
}

export type SendAction = (action: PendingAction) => Promise<unknown>;

export interface PendingStore {
  read(): { actions: PendingAction[]; conflicts: ActionConflict[] };
  write(actions: PendingAction[], conflicts: ActionConflict[]): void;
}

const ACTIONS_KEY = 'pendingActions';
const CONFLICTS_KEY = 'pendingConflicts';

function readList<T>(key: string): T[] {
  try {
    const raw = window.localStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

function writeList(key: string, list: unknown[]) {
  try {
    if (list.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(list));
  } catch {
    // Storage full or refused: the list lives on in memory until the page closes.
  }
}

export const localPendingStore: PendingStore = {
  read: () => ({
    actions: readList<PendingAction>(ACTIONS_KEY),
    conflicts: readList<ActionConflict>(CONFLICTS_KEY),
  }),
  write(actions, conflicts) {
    writeList(ACTIONS_KEY, actions);
    writeList(CONFLICTS_KEY, conflicts);
  },
};

/** The transport's "no network" (spec §8: 'Network Error' with status 400). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.isNetworkFailure;
}

function refusalMessage(error: unknown): string | null {
  const reply = error instanceof ApiError ? error.reply : null;
  if (!reply) return null;
  return reply.detail ?? reply.nonField ?? Object.values(reply.fields)[0] ?? null;
}

/** The server is still running the first send of this key: not a refusal, the action is tried later. */
function isStillRunning(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.reply?.code === 'request_in_flight';
}

export interface PendingActions {
  /** Everyone's actions, as kept (a stable list between changes, for React's store hook). */
  all(): PendingAction[];
  /** Everyone's conflicts, as kept (stable between changes). */
  allConflicts(): ActionConflict[];
  /** Whether an action or a conflict is the signed-in person's (see the module's comment). */
  isMine(action: PendingAction): boolean;
  /** The signed-in person's actions, of one restaurant or of all. */
  list(restaurantId?: number): PendingAction[];
  /** The signed-in person's conflicts. */
  conflicts(): ActionConflict[];
  add(action: PendingAction): void;
  dismissConflict(id: string): void;
  /**
   * Sends the signed-in person's waiting actions, oldest first, one at a time. Stops at the first
   * network failure (still offline: the rest keep their order), and at one the server is still
   * running. Resolves with how many were done.
   */
  replay(): Promise<number>;
  subscribe(listener: () => void): () => void;
}

export function createPendingActions(
  send: SendAction,
  store: PendingStore = localPendingStore,
  currentOwner: () => string | null = storedSessionOwner,
): PendingActions {
  const kept = store.read();
  let actions = kept.actions;
  let conflicts = kept.conflicts;
  let running: Promise<number> | null = null;
  const listeners = new Set<() => void>();
  const changed = () => {
    store.write(actions, conflicts);
    for (const listener of listeners) listener();
  };
  const drop = (id: string) => {
    actions = actions.filter((action) => action.id !== id);
  };
  const isMine = (action: PendingAction) => action.owner === currentOwner();

  const replayOnce = async (): Promise<number> => {
    let done = 0;
    for (const action of actions.filter(isMine)) {
      try {
        await send(action);
        done += 1;
        drop(action.id);
        changed();
      } catch (error) {
        if (isNetworkFailure(error) || isStillRunning(error)) break;
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
    all: () => actions,
    allConflicts: () => conflicts,
    isMine,
    list: (restaurantId) =>
      actions.filter((a) => isMine(a) && (restaurantId === undefined || a.restaurantId === restaurantId)),
    conflicts: () => conflicts.filter((c) => isMine(c.action)),
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
