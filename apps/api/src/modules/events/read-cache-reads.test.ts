import type { RestaurantChange } from '@stolik/contracts';
import { describe, expect, it } from 'vitest';
import type { ChangeHub, ChangeListener } from '../../shared/changes/change-hub';
import { createReadCache } from './read-cache';

/** A hub that is listening, and that hears a change when the test says so. */
function fakeHub() {
  const listeners: ChangeListener[] = [];
  const hub = {
    start: async () => {},
    isListening: () => true,
    subscribeAll: (listener: ChangeListener) => {
      listeners.push(listener);
      return () => {};
    },
  } as unknown as ChangeHub;
  const hear = (restaurant: number) => {
    for (const listener of listeners)
      listener({ kind: 'change', change: { restaurant } as unknown as RestaurantChange });
  };
  return { hub, hear };
}

/** A read the test finishes by hand, counting how often it was started. */
function manualLoad<T>() {
  const started: { resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<T>((resolve, reject) => {
      started.push({ resolve, reject });
    });
  return { load, started };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the read cache: one read at a time per reply', () => {
  it('lets the requests that find nothing kept wait for the one read under way, then keeps its reply', async () => {
    const { hub } = fakeHub();
    const cache = createReadCache(hub, { lifetimeMs: 10_000, now: () => 0 });
    const { load, started } = manualLoad<string>();
    const replies = [1, 2, 3].map(() => cache.read(1, 'list', load));
    await settle();
    expect(started).toHaveLength(1);
    started[0]?.resolve('v1');
    expect(await Promise.all(replies)).toEqual(['v1', 'v1', 'v1']);
    expect(await cache.read(1, 'list', load)).toBe('v1');
    expect(started).toHaveLength(1);
    // Another key, or another restaurant, is another read.
    void cache.read(1, 'other', load);
    void cache.read(2, 'list', load);
    await settle();
    expect(started).toHaveLength(3);
  });

  it('never lets a request after a change heard wait for a read started before it', async () => {
    const { hub, hear } = fakeHub();
    const cache = createReadCache(hub, { lifetimeMs: 10_000, now: () => 0 });
    const { load, started } = manualLoad<string>();
    const before = cache.read(1, 'list', load);
    await settle();
    hear(1);
    const after = cache.read(1, 'list', load);
    await settle();
    expect(started).toHaveLength(2);
    started[0]?.resolve('old');
    started[1]?.resolve('new');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    // The read started before the change was used once and not kept; the later one was kept.
    expect(await cache.read(1, 'list', load)).toBe('new');
    expect(started).toHaveLength(2);
  });

  it('gives a failed read to those waiting for it, keeps nothing, and reads again on the next request', async () => {
    const { hub } = fakeHub();
    const cache = createReadCache(hub, { lifetimeMs: 10_000, now: () => 0 });
    const { load, started } = manualLoad<string>();
    const waiting = [cache.read(1, 'list', load), cache.read(1, 'list', load)];
    await settle();
    started[0]?.reject(new Error('the database went away'));
    for (const reply of waiting) await expect(reply).rejects.toThrow('the database went away');
    const next = cache.read(1, 'list', load);
    await settle();
    expect(started).toHaveLength(2);
    started[1]?.resolve('v2');
    expect(await next).toBe('v2');
  });

  it('in the last tenth of a reply’s life answers from it and reads it anew once, for the next requests', async () => {
    const { hub } = fakeHub();
    const clock = { ms: 0 };
    const cache = createReadCache(hub, { lifetimeMs: 10_000, now: () => clock.ms });
    const { load, started } = manualLoad<string>();
    const first = cache.read(1, 'list', load);
    await settle();
    started[0]?.resolve('v1');
    expect(await first).toBe('v1');
    // Before its last second: answered from it, nothing read.
    clock.ms = 8_999;
    expect(await cache.read(1, 'list', load)).toBe('v1');
    expect(started).toHaveLength(1);
    // In its last second: still answered from it, and read anew once however many ask.
    clock.ms = 9_000;
    expect(await cache.read(1, 'list', load)).toBe('v1');
    expect(await cache.read(1, 'list', load)).toBe('v1');
    expect(started).toHaveLength(2);
    started[1]?.resolve('v2');
    await settle();
    // The new reply lives its own ten seconds from when it was kept.
    clock.ms = 18_500;
    expect(await cache.read(1, 'list', load)).toBe('v2');
    // Past the end of a reply nobody read anew: the request waits for a fresh read.
    clock.ms = 40_000;
    const late = cache.read(1, 'list', load);
    await settle();
    expect(started).toHaveLength(3);
    started[2]?.resolve('v3');
    expect(await late).toBe('v3');
  });

  it('leaves a reply to expire when reading it anew fails', async () => {
    const { hub } = fakeHub();
    const clock = { ms: 0 };
    const cache = createReadCache(hub, { lifetimeMs: 10_000, now: () => clock.ms });
    const { load, started } = manualLoad<string>();
    const first = cache.read(1, 'list', load);
    await settle();
    started[0]?.resolve('v1');
    await first;
    clock.ms = 9_500;
    expect(await cache.read(1, 'list', load)).toBe('v1');
    started[1]?.reject(new Error('refused'));
    await settle();
    expect(await cache.read(1, 'list', load)).toBe('v1');
    clock.ms = 10_000;
    const after = cache.read(1, 'list', load);
    await settle();
    expect(started.length).toBeGreaterThanOrEqual(3);
    started.at(-1)?.resolve('v2');
    expect(await after).toBe('v2');
  });
});
