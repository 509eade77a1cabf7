import type { ChangeHub } from '../../shared/changes/change-hub';

/**
 * How long a kept reply may be used. Replies with waits in them (the queue list, the public
 * restaurant, the guest's page) change with the clock alone: a wait is a whole number of minutes
 * and a guest's place moves only on changes, so a few seconds are not seen. The same short life
 * bounds what the changes channel cannot tell: the day turning at midnight, the retention job's
 * erasures (they announce nothing), and a listening connection that has dropped unnoticed.
 */
export const READ_CACHE_MS = 10_000;
/**
 * Replies kept at most, in all (the restaurants least recently read go first), and per restaurant
 * (all of its replies go when it is full): a page of bookings can be a few hundred kilobytes.
 */
const REPLIES_KEPT = 5000;
const REPLIES_PER_RESTAURANT = 50;
/** Restaurants with a map at most, empty ones included (a read of an unknown id makes one). */
const RESTAURANTS_KEPT = 2000;

type Kept = Map<string, { reply: unknown; expiresAt: number }>;

/**
 * The last part of a kept reply's life (a tenth: its last second) in which a read still answers
 * from it but also reads it anew, once, for the next ones: a busy screen's requests then never
 * wait for a read that its reply's end alone made necessary.
 */
const RENEW_AT_PART = 0.1;

/**
 * The hot reads' replies, kept per restaurant in this process and dropped the moment this process
 * hears of any change of that restaurant on the changes channel (the one the event streams use),
 * all of them on a gap. Only the data: the route's access check runs on every request before it.
 *
 * Never older than the last change heard: a reply read while a change of its restaurant was heard
 * is used for that request but not kept (the restaurant's map is replaced when it is cleared, and
 * a reply goes back only into the map it was read for). A write in this process answers only once
 * this process has heard it (`ChangeHub.caughtUp`), so a read after a write reads the write.
 * While this process is not listening, nothing is kept.
 *
 * A kept reply is shared by every request that reads it: nobody may change it.
 */
export function createReadCache(
  hub: ChangeHub,
  { lifetimeMs = READ_CACHE_MS, now = Date.now }: { lifetimeMs?: number; now?: () => number } = {},
) {
  const byRestaurant = new Map<number, Kept>();
  /** Replies in all the maps of byRestaurant (a map dropped takes its replies out of it). */
  let replies = 0;
  const drop = (restaurantId: number) => {
    replies -= byRestaurant.get(restaurantId)?.size ?? 0;
    byRestaurant.delete(restaurantId);
  };
  hub.subscribeAll((message) => {
    if (message.kind === 'gap') {
      byRestaurant.clear();
      replies = 0;
    } else drop(message.change.restaurant);
  });

  const keptOf = (restaurantId: number): Kept => {
    let kept = byRestaurant.get(restaurantId);
    // Most recently read last, so the first is the one to drop.
    if (kept) byRestaurant.delete(restaurantId);
    else {
      kept = new Map();
      const oldest = byRestaurant.keys().next().value;
      if (byRestaurant.size >= RESTAURANTS_KEPT && oldest !== undefined) drop(oldest);
    }
    byRestaurant.set(restaurantId, kept);
    return kept;
  };

  /**
   * Reads under way, per map of kept replies: a request that finds none kept joins the read
   * another request of the same map started, instead of asking the database again (at 1,000
   * requests a second, a reply's end sent dozens of the same read to the pool at once). Tied to
   * the map, so a request after a change was heard (which replaced the map) never joins a read
   * started before it: it starts its own, as it did before.
   */
  const reading = new WeakMap<Kept, Map<string, Promise<unknown>>>();
  const readOnce = <T>(restaurantId: number, kept: Kept, key: string, load: () => Promise<T>): Promise<T> => {
    let under = reading.get(kept);
    if (!under) {
      under = new Map();
      reading.set(kept, under);
    }
    const running = under.get(key);
    if (running) return running as Promise<T>;
    const started = load().then((reply) => {
      keep(restaurantId, kept, key, reply);
      return reply;
    });
    const forget = () => {
      if (under.get(key) === started) under.delete(key);
    };
    started.then(forget, forget);
    under.set(key, started);
    return started;
  };

  const keep = (restaurantId: number, kept: Kept, key: string, reply: unknown) => {
    if (byRestaurant.get(restaurantId) !== kept) return;
    if (kept.size >= REPLIES_PER_RESTAURANT) {
      replies -= kept.size;
      kept.clear();
    }
    if (!kept.has(key)) replies += 1;
    kept.set(key, { reply, expiresAt: now() + lifetimeMs });
    for (const oldest of byRestaurant.keys()) {
      if (replies <= REPLIES_KEPT) break;
      drop(oldest);
    }
  };

  // Not listening (never started, or the database was not reachable): nothing would drop them.
  const bypass = () => lifetimeMs <= 0 || !hub.isListening();

  return {
    /**
     * The reply of `key` (a name for the read and everything its reply depends on, beside the
     * restaurant) from the cache, or from `load`, which is then kept; requests that find none
     * while a `load` of the same map is under way wait for that one. Errors are never kept (the
     * requests that waited for a failed read get its error).
     */
    async read<T>(restaurantId: number, key: string, load: () => Promise<T>): Promise<T> {
      await hub.start().catch(() => {});
      if (bypass()) return load();
      const kept = keptOf(restaurantId);
      const found = kept.get(key);
      const at = now();
      if (found && found.expiresAt > at) {
        // In its last part: read anew for the next requests (once; a failure only leaves it to expire).
        if (found.expiresAt - at <= lifetimeMs * RENEW_AT_PART)
          readOnce(restaurantId, kept, key, load).catch(() => {});
        return found.reply as T;
      }
      return readOnce(restaurantId, kept, key, load);
    },
  };
}
export type ReadCache = ReturnType<typeof createReadCache>;
