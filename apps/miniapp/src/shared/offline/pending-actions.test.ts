import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/transport';
import { createPendingActions, type PendingAction, type PendingStore } from './pending-actions';

const memoryStore = (initial: PendingAction[] = []): PendingStore & { saved: PendingAction[] } => {
  const store = {
    saved: initial,
    read: () => store.saved,
    write: (actions: PendingAction[]) => {
      store.saved = actions;
    },
  };
  return store;
};

let seq = 0;
const action = (label: string, restaurantId = 1): PendingAction => ({
  id: `key-${++seq}-${label}`,
  restaurantId,
  method: 'PUT',
  path: `/api/reservation/${seq}/`,
  body: { status: 'called' },
  label,
  entryId: seq,
  takenAt: 1_000 + seq,
});
const offline = () => new ApiError(400, 'Network Error');

describe('actions taken offline', () => {
  it('are sent in the order they were taken, each once, and forgotten when done', async () => {
    const sent: string[] = [];
    const store = memoryStore();
    const pending = createPendingActions(async (a) => {
      sent.push(a.label);
    }, store);
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
    const pending = createPendingActions(send, memoryStore(kept));
    expect(pending.list(1)).toHaveLength(1);
    expect(pending.list(2)).toHaveLength(0);
    await pending.replay();
    expect(send).toHaveBeenCalledWith(kept[0]);
  });

  it('stay, in order, while the network is still down', async () => {
    let online = false;
    const sent: string[] = [];
    const pending = createPendingActions(async (a) => {
      if (!online) throw offline();
      sent.push(a.label);
    }, memoryStore());
    pending.add(action('первое'));
    pending.add(action('второе'));
    expect(await pending.replay()).toBe(0);
    expect(pending.list().map((a) => a.label)).toEqual(['первое', 'второе']);
    online = true;
    expect(await pending.replay()).toBe(2);
    expect(sent).toEqual(['первое', 'второе']);
  });

  it("keep a refusal as a conflict with the server's words, and go on with the rest", async () => {
    const pending = createPendingActions(async (a) => {
      if (a.label === 'Посадить Анну') {
        throw new ApiError(409, { detail: 'Гостя уже посадили на другом устройстве', code: 'conflict' });
      }
    }, memoryStore());
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
    const pending = createPendingActions(send, memoryStore());
    pending.add(action('Вызвать Анну'));
    const first = pending.replay();
    const second = pending.replay();
    await Promise.resolve();
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
