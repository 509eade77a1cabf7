import type { Database } from '@stolik/db';
import { createSessionsRepository } from './sessions.repository';

/**
 * A session is a refresh-token family: signing in starts one, every refresh continues it, and each
 * access token names it (`sid`). Ending one (logging out, a rotated refresh token presented again)
 * records it in `ended_sessions`; deactivating a user ends all of theirs and also marks the moment
 * before which none of their access tokens is valid again (`users.tokens_valid_after`), so
 * activating them again revives nothing. Requests read both with the viewer, in the same query
 * (`loadViewer`), kept a few seconds per process (`viewer-cache.ts`).
 *
 * Every API process is told when sessions end or access changes, through the changes channel
 * (`SessionsEnded`, `AccessChanged` in shared/changes/channel.ts).
 */

/** What an access token says of its session. */
export interface AccessSession {
  id: string;
  userId: number;
  /** The token's `iat`, in seconds. */
  issuedAt: number;
  /** The token's `exp`, in seconds: an event stream it opened ends then. */
  expiresAt: number;
}

/** Is a token issued at `issuedAt` (seconds) of a live session, given what was read of it? */
export function sessionIsLive(
  row: { tokensValidAfter: Date | null; sessionEnded: boolean },
  issuedAt: number,
): boolean {
  if (row.sessionEnded) return false;
  return !row.tokensValidAfter || issuedAt * 1000 >= row.tokensValidAfter.getTime();
}

/** Is an access token's session live: its user active, the session not ended (token verify)? */
export async function accessSessionIsLive(db: Database, session: AccessSession): Promise<boolean> {
  const row = await createSessionsRepository(db).sessionOfActiveUser(session.userId, session.id);
  return row !== undefined && sessionIsLive(row, session.issuedAt);
}

/** The session an access token names. */
export const sessionOf = (claims: {
  sid?: string;
  user_id: number;
  iat: number;
  exp: number;
}): AccessSession => ({
  id: claims.sid ?? '',
  userId: claims.user_id,
  issuedAt: claims.iat,
  expiresAt: claims.exp,
});
