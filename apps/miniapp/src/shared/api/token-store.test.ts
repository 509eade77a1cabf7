import { describe, expect, it, vi } from 'vitest';
import { createLocalTokenStore, createMemoryTokenStore, type TokenStore } from './token-store';

describe.each<[string, () => TokenStore]>([
  ['the local-storage token store', createLocalTokenStore],
  ['the in-memory token store', () => createMemoryTokenStore()],
])('%s', (_name, makeStore) => {
  it('has no tokens before sign-in', () => {
    const store = makeStore();
    expect(store.getAccess()).toBeNull();
    expect(store.getRefresh()).toBeNull();
  });

  it('gives back the tokens it was given', () => {
    const store = makeStore();
    store.set({ access: 'a1', refresh: 'r1' });
    expect(store.getAccess()).toBe('a1');
    expect(store.getRefresh()).toBe('r1');
  });

  it('keeps the refresh token when a refresh hands out only a new access token', () => {
    const store = makeStore();
    store.set({ access: 'a1', refresh: 'r1' });
    store.set({ access: 'a2' });
    expect(store.getAccess()).toBe('a2');
    expect(store.getRefresh()).toBe('r1');
  });

  it('forgets both tokens on sign-out', () => {
    const store = makeStore();
    store.set({ access: 'a1', refresh: 'r1' });
    store.clear();
    expect(store.getAccess()).toBeNull();
    expect(store.getRefresh()).toBeNull();
  });

  it('tells its listeners about every sign-in and sign-out until they unsubscribe', () => {
    const store = makeStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set({ access: 'a1', refresh: 'r1' });
    store.clear();
    unsubscribe();
    store.set({ access: 'a2' });
    expect(listener.mock.calls).toEqual([
      [{ access: 'a1', refresh: 'r1' }],
      [{ access: null, refresh: null }],
    ]);
  });
});

describe('the local-storage token store', () => {
  it('keeps the session in local storage under «access» and «refresh», so a reload stays signed in', () => {
    createLocalTokenStore().set({ access: 'a1', refresh: 'r1' });
    expect(window.localStorage.getItem('access')).toBe('a1');
    expect(window.localStorage.getItem('refresh')).toBe('r1');
    const afterReload = createLocalTokenStore();
    expect(afterReload.getAccess()).toBe('a1');
    expect(afterReload.getRefresh()).toBe('r1');
  });

  it('removes the keys from local storage on sign-out', () => {
    const store = createLocalTokenStore();
    store.set({ access: 'a1', refresh: 'r1' });
    store.clear();
    expect(window.localStorage.getItem('access')).toBeNull();
    expect(window.localStorage.getItem('refresh')).toBeNull();
  });
});

describe('the in-memory token store', () => {
  it('starts from the tokens it is given and never touches local storage', () => {
    const store = createMemoryTokenStore({ access: 'a1', refresh: 'r1' });
    expect(store.getAccess()).toBe('a1');
    store.set({ access: 'a2', refresh: 'r2' });
    expect(window.localStorage.length).toBe(0);
  });
});
