import { type Database, schema } from '@stolik/db';
import { and, eq, isNull, sql } from 'drizzle-orm';

const { users, refreshTokens, appSecrets } = schema;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Where sign-in reads accounts and keeps refresh tokens and the signing key; the rules are the services'. */
export function createAuthRepository(db: Database) {
  return {
    /** The account of this e-mail (letter case aside), as sign-in checks it. */
    credentialsOf: async (email: string) =>
      (
        await db
          .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
          .from(users)
          .where(eq(sql`lower(${users.email})`, email))
      )[0],

    /** Whether the user is active; undefined when there is no such user. */
    isActive: async (userId: number): Promise<boolean | undefined> =>
      (await db.select({ isActive: users.isActive }).from(users).where(eq(users.id, userId)))[0]?.isActive,

    addRefreshToken: async (values: typeof refreshTokens.$inferInsert): Promise<void> => {
      await db.insert(refreshTokens).values(values);
    },

    findRefreshToken: async (jti: string): Promise<RefreshTokenRow | undefined> =>
      (await db.select().from(refreshTokens).where(eq(refreshTokens.jti, jti)))[0],

    /** Revokes the token, naming its successor, unless it is revoked already: the row, or undefined. */
    rotateRefreshToken: async (jti: string, replacedBy: string): Promise<RefreshTokenRow | undefined> =>
      (
        await db
          .update(refreshTokens)
          .set({ revokedAt: new Date(), replacedBy })
          .where(and(eq(refreshTokens.jti, jti), isNull(refreshTokens.revokedAt)))
          .returning()
      )[0],

    /** The secret kept under this name: the one already kept, else `candidate`, now kept. */
    keepSecret: async (name: string, candidate: string): Promise<string | undefined> => {
      await db.insert(appSecrets).values({ name, value: candidate }).onConflictDoNothing();
      return (await db.select().from(appSecrets).where(eq(appSecrets.name, name)))[0]?.value;
    },
  };
}
