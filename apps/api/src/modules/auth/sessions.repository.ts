import { type Database, schema } from '@stolik/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type AccessChanged, CHANGES_CHANNEL, type SessionsEnded } from '../../shared/changes/channel';

const { users, memberships, refreshTokens, endedSessions } = schema;

type Executor = Pick<Database, 'execute'>;

async function announceSessionsEnded(tx: Executor, userId: number): Promise<void> {
  const message: SessionsEnded = { kind: 'sessions_ended', user: userId };
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(message)})`);
}

/** Tells every API process, once `tx` commits, that the user's memberships or roles changed. */
export async function announceAccessChanged(tx: Executor, userId: number): Promise<void> {
  const message: AccessChanged = { kind: 'access_changed', user: userId };
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(message)})`);
}

/** The columns read beside the user for the access token's session (what `sessionIsLive` judges). */
const sessionColumns = (sessionId: string) => ({
  tokensValidAfter: users.tokensValidAfter,
  sessionEnded: sql<boolean>`exists (select 1 from ${endedSessions} where ${endedSessions.id} = ${sessionId})`,
});

/** Where sessions are ended and their state read (what a session is: sessions.ts). */
export function createSessionsRepository(db: Database) {
  return {
    /** Ends one session: its refresh tokens are revoked and its access tokens refused from now on. */
    endSession: (familyId: string): Promise<void> =>
      db.transaction(async (tx) => {
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
      }),

    /**
     * Ends every session of a user (deactivation): no access token issued until now is valid again,
     * whatever happens to the user later.
     */
    endSessionsOf: (userId: number): Promise<void> =>
      db.transaction(async (tx) => {
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
      }),

    /** The session's state for an active user; undefined when the user is not active. */
    sessionOfActiveUser: async (userId: number, sessionId: string) =>
      (
        await db
          .select(sessionColumns(sessionId))
          .from(users)
          .where(and(eq(users.id, userId), eq(users.isActive, true)))
      )[0],

    /**
     * An active user, one row per membership (restaurant and role null without any), each with the
     * session's state: one round trip per request. Empty when the user is not active.
     */
    viewerRows: (userId: number, sessionId: string) =>
      db
        .select({
          isSuperuser: users.isSuperuser,
          restaurantId: memberships.restaurantId,
          role: memberships.role,
          ...sessionColumns(sessionId),
        })
        .from(users)
        .leftJoin(memberships, eq(memberships.userId, users.id))
        .where(and(eq(users.id, userId), eq(users.isActive, true))),
  };
}
