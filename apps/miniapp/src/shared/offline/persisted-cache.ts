import { dehydrate, hydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { KEEP_MS, LAST_DATA_KEY } from './last-session';

/**
 * The staff app's last data kept on the device, so that a tablet opened without a network (the
 * service worker brings the app itself) shows the queue, the bookings and the hall as they were,
 * marked with the time they were fetched, instead of an error. Only staff data of these kinds is
 * kept, only for a day, and it goes on signing out.
 */
/** The first part of the query keys that are kept: restaurants, queue, bookings, hall (the profile: last-session.ts). */
const KEPT_ROOTS = new Set(['restaurants', 'queue', 'booking', 'table', 'order']);
const SAVE_AFTER_MS = 1000;

const kept = (query: Query) =>
  query.state.status === 'success' && KEPT_ROOTS.has(String(query.queryKey[0])) && query.state.data != null;

interface Saved {
  /** Whose data: another person signing in on the same tablet gets none of it. */
  owner: string;
  savedAt: number;
  cache: ReturnType<typeof dehydrate>;
}

/** Puts the kept data of `owner` back into the cache (before the first screen asks for it). */
export function restoreLastData(client: QueryClient, owner: string, now = Date.now()): boolean {
  try {
    const raw = window.localStorage.getItem(LAST_DATA_KEY);
    if (!raw) return false;
    const saved = JSON.parse(raw) as Saved;
    if (saved.owner !== owner || now - saved.savedAt > KEEP_MS) {
      window.localStorage.removeItem(LAST_DATA_KEY);
      return false;
    }
    hydrate(client, saved.cache);
    return true;
  } catch {
    return false;
  }
}

/** Keeps the kept kinds of data on the device as they change; returns the way to stop. */
export function keepLastData(client: QueryClient, owner: () => string | null): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    timer = null;
    const who = owner();
    if (!who) return;
    const saved: Saved = {
      owner: who,
      savedAt: Date.now(),
      cache: dehydrate(client, { shouldDehydrateQuery: kept, shouldDehydrateMutation: () => false }),
    };
    try {
      window.localStorage.setItem(LAST_DATA_KEY, JSON.stringify(saved));
    } catch {
      // Storage full: the device keeps nothing, the app works online as before.
    }
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || timer) return;
    timer = setTimeout(save, SAVE_AFTER_MS);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}
