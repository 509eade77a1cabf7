import type { Database } from '@stolik/db';
import type { ChangeHub } from '../../shared/changes/change-hub';
import { createSessionsRepository } from './sessions.repository';

/**
 * How long a process answers from a viewer it read: a few seconds, so a busy screen does not read
 * its user, memberships and session on every request, while a change the channel did not bring
 * (the listening connection was down) is missed no longer than this.
 */
export const VIEWER_CACHE_MS = 3000;
/** Users kept at most; the least recently used go first. */
const USERS_KEPT = 10_000;

type ViewerRows = Awaited<ReturnType<ReturnType<typeof createSessionsRepository>['viewerRows']>>;

/**
 * The rows `loadViewer` reads (an active user, their memberships, one session's state), kept per
 * process for VIEWER_CACHE_MS. Forgotten for a user when the changes channel says their sessions
 * ended or their access changed, in whichever process it happened, and for everyone on a gap: so
 * a removed member is refused at once in the process that removed them, and in the others as soon
 * as they hear of it (within the lifetime if they hear nothing). Only what was read: whether a
 * token's session is live is judged from the kept rows on every request.
 */
export function createViewerCache(
  db: Database,
  hub: ChangeHub,
  { lifetimeMs = VIEWER_CACHE_MS, now = Date.now }: { lifetimeMs?: number; now?: () => number } = {},
) {
  const repository = createSessionsRepository(db);
  /** Per user, per session id: the rows read and until when they may be used. */
  type Kept = Map<string, { rows: ViewerRows; expiresAt: number }>;
  const byUser = new Map<number, Kept>();
  const forget = (userId: number | null) => {
    if (userId === null) byUser.clear();
    else byUser.delete(userId);
  };
  hub.onSessionsEnded(forget);
  hub.onAccessChanged(forget);

  return {
    async rows(userId: number, sessionId: string): Promise<ViewerRows> {
      // Not listening (the database is not reachable now): read, keep nothing.
      await hub.start().catch(() => {});
      if (lifetimeMs <= 0 || !hub.isListening()) return repository.viewerRows(userId, sessionId);
      let kept = byUser.get(userId);
      const hit = kept?.get(sessionId);
      if (kept && hit && hit.expiresAt > now()) {
        // Most recently used last, so the first is the one to drop.
        byUser.delete(userId);
        byUser.set(userId, kept);
        return hit.rows;
      }
      if (!kept) {
        kept = new Map();
        byUser.set(userId, kept);
        const oldest = byUser.keys().next().value;
        if (byUser.size > USERS_KEPT && oldest !== undefined) byUser.delete(oldest);
      }
      const rows = await repository.viewerRows(userId, sessionId);
      // Forgotten while it was read (a change was heard meanwhile): used once, not kept.
      if (byUser.get(userId) === kept) kept.set(sessionId, { rows, expiresAt: now() + lifetimeMs });
      return rows;
    },
  };
}
export type ViewerCache = ReturnType<typeof createViewerCache>;
