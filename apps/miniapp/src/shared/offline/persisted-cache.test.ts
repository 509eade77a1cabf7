import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetLastData, KEEP_MS, ownerOf } from './last-session';
import { keepLastData, restoreLastData } from './persisted-cache';

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
});

async function savedFrom(fill: (client: QueryClient) => void, owner: string | null = 'user:7') {
  vi.useFakeTimers();
  const client = new QueryClient();
  const stop = keepLastData(client, () => owner);
  fill(client);
  await vi.advanceTimersByTimeAsync(1500);
  stop();
  vi.useRealTimers();
}

describe("the staff's last data on the device", () => {
  it('comes back after a reload for the same person, with the time it was fetched', async () => {
    await savedFrom((client) => {
      client.setQueryData(['queue', 1, 'list'], [{ id: 5, name: 'Анна' }], { updatedAt: 1_000 });
    });
    const next = new QueryClient();
    expect(restoreLastData(next, 'user:7')).toBe(true);
    expect(next.getQueryData(['queue', 1, 'list'])).toEqual([{ id: 5, name: 'Анна' }]);
    expect(next.getQueryState(['queue', 1, 'list'])?.dataUpdatedAt).toBe(1_000);
  });

  it('keeps only staff data: not a guest page nor sign-up state', async () => {
    await savedFrom((client) => {
      client.setQueryData(['guest-queue', 'token'], { name: 'Гость' });
      client.setQueryData(['restaurants'], [{ id: 1 }]);
    });
    const next = new QueryClient();
    restoreLastData(next, 'user:7');
    expect(next.getQueryData(['guest-queue', 'token'])).toBeUndefined();
    expect(next.getQueryData(['restaurants'])).toEqual([{ id: 1 }]);
  });

  it('is not shown to someone else, is forgotten after a day, and on signing out', async () => {
    await savedFrom((client) => client.setQueryData(['restaurants'], [{ id: 1 }]));
    expect(restoreLastData(new QueryClient(), 'user:8')).toBe(false);
    await savedFrom((client) => client.setQueryData(['restaurants'], [{ id: 1 }]));
    expect(restoreLastData(new QueryClient(), 'user:7', Date.now() + 2 * KEEP_MS)).toBe(false);
    await savedFrom((client) => client.setQueryData(['restaurants'], [{ id: 1 }]));
    forgetLastData();
    expect(restoreLastData(new QueryClient(), 'user:7')).toBe(false);
  });

  it('is labelled with the person its session holds, not with whoever signed in since in another tab', async () => {
    vi.useFakeTimers();
    const hostessTab = new QueryClient();
    const hostess = { id: 7 };
    const stop = keepLastData(hostessTab, () => ownerOf(hostess));
    hostessTab.setQueryData(['restaurants'], [{ id: 1 }]);
    await vi.advanceTimersByTimeAsync(1500);
    stop();
    vi.useRealTimers();
    // The manager (user 8) signed in in another tab: the hostess's data is not theirs.
    expect(restoreLastData(new QueryClient(), 'user:8')).toBe(false);
  });

  it('keeps nothing while nobody is known to be signed in', async () => {
    await savedFrom((client) => client.setQueryData(['restaurants'], [{ id: 1 }]), null);
    expect(window.localStorage.getItem('lastData')).toBeNull();
  });
});
