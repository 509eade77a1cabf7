import { createHash } from 'node:crypto';
import { type Database, schema } from '@stolik/db';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';

const { users, memberships, restaurants, telegramLinkTokens } = schema;

/** A staff member known by their Telegram account: linked, and still active. */
export interface Staff {
  id: number;
  firstName: string;
  isSuperuser: boolean;
}

export interface StaffRestaurant {
  id: number;
  name: string;
}

/** The active staff member linked to this Telegram account, or null. */
export async function findStaffByTelegram(db: Database, telegramId: number): Promise<Staff | null> {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, isSuperuser: users.isSuperuser })
    .from(users)
    .where(and(eq(users.telegramId, telegramId), eq(users.isActive, true)));
  return row ?? null;
}

/**
 * The restaurants a staff member may hear about: where they are a member; a superuser, every
 * restaurant (the API's rule: superusers see all).
 */
export async function restaurantsOf(db: Database, staff: Staff): Promise<StaffRestaurant[]> {
  if (staff.isSuperuser) {
    return db
      .select({ id: restaurants.id, name: restaurants.name })
      .from(restaurants)
      .orderBy(asc(restaurants.name), asc(restaurants.id));
  }
  return db
    .select({ id: restaurants.id, name: restaurants.name })
    .from(memberships)
    .innerJoin(restaurants, eq(restaurants.id, memberships.restaurantId))
    .where(eq(memberships.userId, staff.id))
    .orderBy(asc(restaurants.name), asc(restaurants.id));
}

export type LinkOutcome =
  | { kind: 'linked'; firstName: string }
  /** Unknown, used or expired token. */
  | { kind: 'invalid' }
  /** This Telegram account already belongs to another staff member. */
  | { kind: 'taken' };

/**
 * Completes the link of a Telegram account to the staff member who asked for the one-time token
 * (POST /api/user/me/telegram-link/). The token is used up only when the link is made.
 */
export async function linkTelegramAccount(
  db: Database,
  token: string,
  telegram: { id: number; username?: string | undefined },
  now: Date = new Date(),
): Promise<LinkOutcome> {
  const tokenHash = createHash('sha256').update(token).digest('hex');
  return db
    .transaction(async (tx): Promise<LinkOutcome> => {
      const [link] = await tx
        .update(telegramLinkTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(telegramLinkTokens.tokenHash, tokenHash),
            isNull(telegramLinkTokens.usedAt),
            gt(telegramLinkTokens.expiresAt, now),
          ),
        )
        .returning({ userId: telegramLinkTokens.userId });
      if (!link) return { kind: 'invalid' };
      const [holder] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.telegramId, telegram.id))
        .for('update');
      // Thrown to roll back: the token stays usable once the other account lets go of this Telegram.
      if (holder && holder.id !== link.userId) throw new TelegramTaken();
      const [user] = await tx
        .update(users)
        .set({ telegramId: telegram.id, telegramUsername: telegram.username ?? null })
        .where(and(eq(users.id, link.userId), eq(users.isActive, true)))
        .returning({ firstName: users.firstName });
      if (!user) return { kind: 'invalid' };
      return { kind: 'linked', firstName: user.firstName };
    })
    .catch((error: unknown) => {
      if (error instanceof TelegramTaken) return { kind: 'taken' } as const;
      throw error;
    });
}

class TelegramTaken extends Error {}
