import { type Database, schema } from '@stolik/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CHANGES_CHANNEL } from '../events/changes';

const { users, refreshTokens, endedSessions } = schema;

/**
 * A session is a refresh-token family: signing in starts one, every refresh continues it, and each
 * access token names it (`sid`). Ending one (logging out, a rotated refresh token presented again)
 * records it in `ended_sessions`; deactivating a user ends all of theirs and also marks the moment
 * before which none of their access tokens is valid again (`users.tokens_valid_after`), so
 * activating them again revives nothing. Every request reads both with the viewer, in the same
 * query (`loadViewer`): a process never answers from a stale copy, whichever process ended it.
 *
 * Open event streams are told through the changes channel (`{kind: 'sessions_ended', user}`,
 * heard by every API process once the ending commits) and close those of ended sessions.
 */
export const SessionsEnded = z.object({ kind: z.literal('sessions_ended'), user: z.number().int() });
export type SessionsEnded = z.infer<typeof SessionsEnded>;

/** What an access token says of its session. */
export interface AccessSession {
  id: string;
  userId: number;
  /** The token's `iat`, in seconds. */
  issuedAt: number;
}

type Executor = Pick<Database, 'execute'>;

async function announceSessionsEnded(tx: Executor, userId: number): Promise<void> {
  const message: SessionsEnded = { kind: 'sessions_ended', user: userId };
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(message)})`);
}

/** Ends one session: its refresh tokens are revoked and its access tokens refused from now on. */
export async function endSession(db: Database, familyId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
      .returning({ userId: refreshTokens.userId });
    const [owner] = revoked.length
      ? revoked
      : await tx
          .select({ userId: refreshTokens.userId })
          .from(refreshTokens)
          .where(eq(refreshTokens.familyId, familyId))
          .limit(1);
    if (!owner) return;
    await tx.insert(endedSessions).values({ id: familyId, userId: owner.userId }).onConflictDoNothing();
    await announceSessionsEnded(tx, owner.userId);
  });
}

/**
 * Ends every session of a user (deactivation): no access token issued until now is valid again,
 * whatever happens to the user later.
 */
export async function endSessionsOf(db: Database, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    // The API's clock, the one that stamps `iat`.
    await tx.update(users).set({ tokensValidAfter: new Date() }).where(eq(users.id, userId));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    await tx.execute(
      sql`insert into ${endedSessions} (id, user_id)
          select distinct ${refreshTokens.familyId}, ${refreshTokens.userId} from ${refreshTokens}
          where ${refreshTokens.userId} = ${userId}
          on conflict do nothing`,
    );
    await announceSessionsEnded(tx, userId);
  });
}

/** The columns `loadViewer` reads beside the user for the access token's session. */
export const sessionColumns = (sessionId: string) => ({
  tokensValidAfter: users.tokensValidAfter,
  sessionEnded: sql<boolean>`exists (select 1 from ${endedSessions} where ${endedSessions.id} = ${sessionId})`,
});

/** Is a token issued at `issuedAt` (seconds) of a live session, given what `sessionColumns` read? */
export function sessionIsLive(
  row: { tokensValidAfter: Date | null; sessionEnded: boolean },
  issuedAt: number,
): boolean {
  if (row.sessionEnded) return false;
  return !row.tokensValidAfter || issuedAt * 1000 >= row.tokensValidAfter.getTime();
}

/** Is an access token's session live: its user active, the session not ended (token verify)? */
export async function accessSessionIsLive(db: Database, session: AccessSession): Promise<boolean> {
  const [row] = await db
    .select(sessionColumns(session.id))
    .from(users)
    .where(and(eq(users.id, session.userId), eq(users.isActive, true)));
  return row !== undefined && sessionIsLive(row, session.issuedAt);
}

/** The session an access token names. */
export const sessionOf = (claims: { sid?: string; user_id: number; iat: number }): AccessSession => ({
  id: claims.sid ?? '',
  userId: claims.user_id,
  issuedAt: claims.iat,
});
