import { randomUUID } from 'node:crypto';
import { RestaurantChange } from '@stolik/contracts';
import type { DatabaseHandle } from '@stolik/db';
import { z } from 'zod';
import { sendCaughtUpMark } from './changes.repository';
import { AccessChanged, CHANGES_CHANNEL, SessionsEnded } from './channel';

export type ChangeMessage = { kind: 'change'; change: RestaurantChange } | { kind: 'gap' };
export type ChangeListener = (message: ChangeMessage) => void;
/** Told that sessions of a user ended (null: of anyone, notifications may have been missed). */
export type SessionsEndedListener = (userId: number | null) => void;
/** Told that what a user may do changed: memberships, roles, superuser (null: anyone's may have). */
export type AccessChangedListener = (userId: number | null) => void;

/**
 * A mark a process sends itself on the changes channel to know it has heard everything committed
 * before it (`caughtUp`); other processes ignore marks that are not theirs.
 */
const CaughtUpMark = z.object({ kind: z.literal('caught_up'), mark: z.string() });

/**
 * How long a write waits for its own changes to come back on the channel before the caches of
 * this process are cleared instead (the listening connection is down or slow).
 */
const CAUGHT_UP_TIMEOUT_MS = 2000;

/**
 * Fans the database's change notifications out to the open event streams of this process, by
 * restaurant, and to the read caches (every restaurant). One LISTEN per process, however many
 * screens are open.
 */
export function createChangeHub(database: DatabaseHandle, onBadPayload: (payload: string) => void) {
  const byRestaurant = new Map<number, Set<ChangeListener>>();
  const everyRestaurant = new Set<ChangeListener>();
  const sessionListeners = new Set<SessionsEndedListener>();
  const accessListeners = new Set<AccessChangedListener>();
  const processMark = randomUUID();
  let marks = 0;
  const awaitedMarks = new Map<string, () => void>();
  let stop: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;

  const deliver = (payload: string) => {
    let change: RestaurantChange;
    try {
      const message: unknown = JSON.parse(payload);
      const ended = SessionsEnded.safeParse(message);
      if (ended.success) {
        for (const listener of sessionListeners) listener(ended.data.user);
        return;
      }
      const access = AccessChanged.safeParse(message);
      if (access.success) {
        for (const listener of accessListeners) listener(access.data.user);
        return;
      }
      const mark = CaughtUpMark.safeParse(message);
      if (mark.success) {
        awaitedMarks.get(mark.data.mark)?.();
        return;
      }
      change = RestaurantChange.parse(message);
    } catch {
      onBadPayload(payload);
      return;
    }
    // The caches first: a stream's screen that refetches at once must not be answered from them.
    for (const listener of everyRestaurant) listener({ kind: 'change', change });
    for (const listener of byRestaurant.get(change.restaurant) ?? []) listener({ kind: 'change', change });
  };
  const gap = () => {
    for (const listener of everyRestaurant) listener({ kind: 'gap' });
    for (const listeners of byRestaurant.values())
      for (const listener of listeners) listener({ kind: 'gap' });
    for (const listener of sessionListeners) listener(null);
    for (const listener of accessListeners) listener(null);
  };
  /** What the caches are told when this process cannot be sure it heard everything. */
  const forgetAll = () => {
    for (const listener of everyRestaurant) listener({ kind: 'gap' });
    for (const listener of accessListeners) listener(null);
  };

  return {
    /** Starts listening; later calls wait for the first, and one that failed is tried again. */
    start(): Promise<void> {
      starting ??= database.listen(CHANGES_CHANNEL, deliver, gap).then(
        (unlisten) => {
          stop = unlisten;
        },
        (error: unknown) => {
          starting = null;
          throw error;
        },
      );
      return starting;
    },

    /** Is this process listening (so that the caches may keep what they read)? */
    isListening(): boolean {
      return stop !== null;
    },

    subscribe(restaurantId: number, listener: ChangeListener): () => void {
      const listeners = byRestaurant.get(restaurantId) ?? new Set<ChangeListener>();
      byRestaurant.set(restaurantId, listeners);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) byRestaurant.delete(restaurantId);
      };
    },

    /** Hears the changes of every restaurant, and gaps (the read caches). */
    subscribeAll(listener: ChangeListener): () => void {
      everyRestaurant.add(listener);
      return () => {
        everyRestaurant.delete(listener);
      };
    },

    /** Hears that sessions ended, in any process (their streams close). */
    onSessionsEnded(listener: SessionsEndedListener): () => void {
      sessionListeners.add(listener);
      return () => {
        sessionListeners.delete(listener);
      };
    },

    /** Hears that a user's memberships or roles changed, in any process (the viewer cache). */
    onAccessChanged(listener: AccessChangedListener): () => void {
      accessListeners.add(listener);
      return () => {
        accessListeners.delete(listener);
      };
    },

    /**
     * Resolves once this process has heard every change committed before the call: a write waits
     * for it before it answers, so whatever this process reads next is not older than the write.
     * PGlite hands notifications over inside the committing query, so there it is at once; on
     * PostgreSQL they come on the listening connection a moment after the commit, in commit order,
     * so hearing a mark sent now means everything committed earlier was heard. Not heard in time:
     * the caches forget everything instead (and it resolves to false).
     */
    async caughtUp(): Promise<boolean> {
      if (database.kind === 'pglite' || stop === null) return true;
      marks += 1;
      const mark = `${processMark}:${marks}`;
      let timer: NodeJS.Timeout | undefined;
      const heard = new Promise<boolean>((resolve) => {
        awaitedMarks.set(mark, () => resolve(true));
        timer = setTimeout(() => resolve(false), CAUGHT_UP_TIMEOUT_MS);
      });
      try {
        await sendCaughtUpMark(database.db, { kind: 'caught_up', mark });
        if (await heard) return true;
      } catch {
        // Not sent: not heard either.
      } finally {
        clearTimeout(timer);
        awaitedMarks.delete(mark);
      }
      forgetAll();
      return false;
    },

    /** Open streams, for the health of a busy process and for tests. */
    size(): number {
      let n = 0;
      for (const listeners of byRestaurant.values()) n += listeners.size;
      return n;
    },

    async close(): Promise<void> {
      byRestaurant.clear();
      everyRestaurant.clear();
      sessionListeners.clear();
      accessListeners.clear();
      await starting?.catch(() => {});
      await stop?.();
      stop = null;
    },
  };
}
export type ChangeHub = ReturnType<typeof createChangeHub>;
