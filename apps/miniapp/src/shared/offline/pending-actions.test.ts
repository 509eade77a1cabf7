import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/transport';
import {
  type ActionConflict,
  createPendingActions,
  type PendingAction,
  type PendingStore,
} from './pending-actions';

const memoryStore = (
  initial: PendingAction[] = [],
  initialConflicts: ActionConflict[] = [],
): PendingStore & { saved: PendingAction[]; savedConflicts: ActionConflict[] } => {
  const store = {
    saved: initial,
    savedConflicts: initialConflicts,
    read: () => ({ actions: store.saved, conflicts: store.savedConflicts }),
    write: (actions: PendingAction[], conflicts: ActionConflict[]) => {
      store.saved = actions;
      store.savedConflicts = conflicts;
    },
  };
  return store;
};
/** Signed in as the hostess who took the actions. */
const ANNA = 'user:7';
const asAnna = () => ANNA;

let seq = 0;
const action = (label: string, restaurantId = 1, owner: string | null = ANNA): PendingAction => ({
  id: `key-${++seq}-${label}`,
  restaurantId,
  method: 'PUT',
  path: `/api/reservation/${seq}/`,
  body: { status: 'called' },
  label,
  entryId: seq,
  takenAt: 1_000 + seq,
  owner,
});
const offline = () => new ApiError(400, 'Network Error');

describe('actions taken offline', () => {
  it('are sent in the order they were taken, each once, and forgotten when done', async () => {
    const sent: string[] = [];
    const store = memoryStore();
    const pending = createPendingActions(
      async (a) => {
        sent.push(a.label);
      },
      store,
      asAnna,
    );
    pending.add(action('Вызвать Анну'));
    pending.add(action('Посадить Бориса'));
    expect(store.saved.map((a) => a.label)).toEqual(['Вызвать Анну', 'Посадить Бориса']);
    expect(await pending.replay()).toBe(2);
    expect(sent).toEqual(['Вызвать Анну', 'Посадить Бориса']);
    expect(pending.list()).toEqual([]);
    expect(store.saved).toEqual([]);
    expect(await pending.replay()).toBe(0);
  });

  it('survive a reload: what was kept in storage is sent later', async () => {
    const kept = [action('Вызвать Анну')];
    const send = vi.fn(async () => {});
    const pending = createPendingActions(send, memoryStore(kept), asAnna);
    expect(pending.list(1)).toHaveLength(1);
    expect(pending.list(2)).toHaveLength(0);
    await pending.replay();
    expect(send).toHaveBeenCalledWith(kept[0]);
  });

  it('stay, in order, while the network is still down', async () => {
    let online = false;
    const sent: string[] = [];
    const pending = createPendingActions(
      async (a) => {
        if (!online) throw offline();
        sent.push(a.label);
      },
      memoryStore(),
      asAnna,
    );
    pending.add(action('первое'));
    pending.add(action('второе'));
    expect(await pending.replay()).toBe(0);
    expect(pending.list().map((a) => a.label)).toEqual(['первое', 'второе']);
    online = true;
    expect(await pending.replay()).toBe(2);
    expect(sent).toEqual(['первое', 'второе']);
  });

  it("keep a refusal as a conflict with the server's words, and go on with the rest", async () => {
    const pending = createPendingActions(
      async (a) => {
        if (a.label === 'Посадить Анну') {
          throw new ApiError(409, { detail: 'Гостя уже посадили на другом устройстве', code: 'conflict' });
        }
      },
      memoryStore(),
      asAnna,
    );
    pending.add(action('Посадить Анну'));
    pending.add(action('Вызвать Бориса'));
    const listener = vi.fn();
    pending.subscribe(listener);
    expect(await pending.replay()).toBe(1);
    expect(pending.list()).toEqual([]);
    expect(pending.conflicts().map((c) => [c.action.label, c.message])).toEqual([
      ['Посадить Анну', 'Гостя уже посадили на другом устройстве'],
    ]);
    expect(listener).toHaveBeenCalled();
    pending.dismissConflict(pending.conflicts()[0]?.action.id ?? '');
    expect(pending.conflicts()).toEqual([]);
  });

  it('are never sent twice at once when replays overlap (online event and timer together)', async () => {
    let release: () => void = () => {};
    const send = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const pending = createPendingActions(send, memoryStore(), asAnna);
    pending.add(action('Вызвать Анну'));
    const first = pending.replay();
    const second = pending.replay();
    await Promise.resolve();
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('wait while the server still runs the first send of one, and go out after', async () => {
    let running = true;
    const sent: string[] = [];
    const pending = createPendingActions(
      async (a) => {
        if (running)
          throw new ApiError(409, { detail: 'Это действие еще выполняется', code: 'request_in_flight' });
        sent.push(a.label);
      },
      memoryStore(),
      asAnna,
    );
    pending.add(action('Вызвать Анну'));
    pending.add(action('Посадить Бориса'));
    expect(await pending.replay()).toBe(0);
    expect(pending.conflicts()).toEqual([]);
    expect(pending.list().map((a) => a.label)).toEqual(['Вызвать Анну', 'Посадить Бориса']);
    running = false;
    expect(await pending.replay()).toBe(2);
    expect(sent).toEqual(['Вызвать Анну', 'Посадить Бориса']);
  });

  it("are their taker's: a colleague signed in on the tablet neither sends nor sees them", async () => {
    let signedIn: string | null = 'user:8';
    const send = vi.fn(async () => {});
    const store = memoryStore(
      [action('Вызвать Анну', 1, ANNA)],
      [{ action: action('Посадить Бориса', 1, ANNA), message: 'Гостя уже посадили' }],
    );
    const pending = createPendingActions(send, store, () => signedIn);
    expect(pending.list()).toEqual([]);
    expect(pending.conflicts()).toEqual([]);
    expect(await pending.replay()).toBe(0);
    expect(send).not.toHaveBeenCalled();
    // Still kept for her.
    expect(store.saved).toHaveLength(1);
    signedIn = ANNA;
    expect(pending.conflicts().map((c) => c.action.label)).toEqual(['Посадить Бориса']);
    expect(await pending.replay()).toBe(1);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('keep the conflicts across a reload until they are dismissed', async () => {
    const store = memoryStore();
    const first = createPendingActions(
      async () => {
        throw new ApiError(409, { detail: 'Гостя уже посадили', code: 'conflict' });
      },
      store,
      asAnna,
    );
    first.add(action('Посадить Анну'));
    await first.replay();
    const reloaded = createPendingActions(async () => {}, store, asAnna);
    expect(reloaded.conflicts().map((c) => [c.action.label, c.message])).toEqual([
      ['Посадить Анну', 'Гостя уже посадили'],
    ]);
    reloaded.dismissConflict(reloaded.conflicts()[0]?.action.id ?? '');
    expect(store.savedConflicts).toEqual([]);
  });
});
