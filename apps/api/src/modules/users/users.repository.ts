import type { Me, UserListItem, UserRestaurant, UsersQuery } from '@stolik/contracts';
import { type Database, schema } from '@stolik/db';
import { ROLE_ADMIN, ROLE_MANAGER, type Role } from '@stolik/domain';
import { and, asc, count, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { announceAccessChanged } from '../auth/sessions.repository';

const { users, memberships, restaurants, telegramLinkTokens, notificationDeliveries } = schema;
export type UserRow = typeof users.$inferSelect;

/** The overall role shown on a profile: admin anywhere wins, then hostess, else none. */
function overallRole(list: UserRestaurant[]): Role | null {
  if (list.some((r) => r.role === ROLE_ADMIN)) return ROLE_ADMIN;
  return list.length > 0 ? ROLE_MANAGER : null;
}

export function toProfile(row: UserRow, list: UserRestaurant[]): Me {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email ?? '',
    telegram_username: row.telegramUsername,
    telegram_id: row.telegramId,
    role: overallRole(list),
    is_superuser: row.isSuperuser,
    is_active: row.isActive,
    restaurants: list,
  };
}

export function createUsersRepository(db: Database) {
  async function restaurantsOf(userIds: number[]): Promise<Map<number, UserRestaurant[]>> {
    const result = new Map<number, UserRestaurant[]>();
    if (userIds.length === 0) return result;
    const rows = await db
      .select({
        userId: memberships.userId,
        id: restaurants.id,
        name: restaurants.name,
        role: memberships.role,
      })
      .from(memberships)
      .innerJoin(restaurants, eq(restaurants.id, memberships.restaurantId))
      .where(inArray(memberships.userId, userIds))
      .orderBy(asc(restaurants.id));
    for (const row of rows) {
      const list = result.get(row.userId) ?? [];
      list.push({ id: row.id, name: row.name, role: row.role as Role });
      result.set(row.userId, list);
    }
    return result;
  }

  return {
    restaurantsOf,

    findById: async (id: number): Promise<UserRow | undefined> => {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    findByEmail: async (email: string): Promise<UserRow | undefined> => {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
      return row;
    },

    findByTelegramId: async (telegramId: number): Promise<UserRow | undefined> => {
      const [row] = await db.select().from(users).where(eq(users.telegramId, telegramId));
      return row;
    },

    profile: async (id: number): Promise<Me | undefined> => {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      if (!row) return undefined;
      return toProfile(row, (await restaurantsOf([id])).get(id) ?? []);
    },

    /** Users who work in any of `restaurantIds` ('all' for a superuser), filtered and paginated. */
    async list(
      restaurantIds: number[] | 'all',
      query: UsersQuery,
    ): Promise<{ count: number; items: UserListItem[] }> {
      const conditions: (SQL | undefined)[] = [];
      const scope = query.restaurant_id !== undefined ? [query.restaurant_id] : restaurantIds;
      if (scope !== 'all' || query.role !== undefined) {
        const memberFilter: (SQL | undefined)[] = [];
        if (scope !== 'all')
          memberFilter.push(inArray(memberships.restaurantId, scope.length ? scope : [-1]));
        if (query.role !== undefined) memberFilter.push(eq(memberships.role, query.role));
        const members = db
          .select({ id: memberships.userId })
          .from(memberships)
          .where(and(...memberFilter));
        conditions.push(inArray(users.id, members));
      }
      if (query.is_active !== undefined) conditions.push(eq(users.isActive, query.is_active));
      if (query.search) {
        const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          or(
            ilike(users.email, like),
            ilike(users.firstName, like),
            ilike(users.lastName, like),
            ilike(users.telegramUsername, like),
          ),
        );
      }
      const where = and(...conditions);
      const [total] = await db.select({ n: count() }).from(users).where(where);
      const rows = await db
        .select()
        .from(users)
        .where(where)
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size);
      const lists = await restaurantsOf(rows.map((r) => r.id));
      return { count: total?.n ?? 0, items: rows.map((row) => toProfile(row, lists.get(row.id) ?? [])) };
    },

    /** Changes a user; the superuser or active flag is what they may do, so every process hears of it. */
    update: (id: number, values: Partial<typeof users.$inferInsert>) =>
      db.transaction(async (tx) => {
        await tx.update(users).set(values).where(eq(users.id, id));
        if (values.isSuperuser !== undefined || values.isActive !== undefined)
          await announceAccessChanged(tx, id);
      }),

    // Memberships are what a viewer may do: every change of them is heard by every process.
    setRole: (userId: number, restaurantId: number, role: Role) =>
      db.transaction(async (tx) => {
        await tx
          .update(memberships)
          .set({ role })
          .where(and(eq(memberships.userId, userId), eq(memberships.restaurantId, restaurantId)));
        await announceAccessChanged(tx, userId);
      }),

    create: async (values: typeof users.$inferInsert): Promise<UserRow> => {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('user was not created');
      return row;
    },

    removeMembership: (userId: number, restaurantId: number) =>
      db.transaction(async (tx) => {
        await tx
          .delete(memberships)
          .where(and(eq(memberships.userId, userId), eq(memberships.restaurantId, restaurantId)));
        await announceAccessChanged(tx, userId);
      }),
    addMembership: (userId: number, restaurantId: number, role: Role) =>
      db.transaction(async (tx) => {
        await tx
          .insert(memberships)
          .values({ userId, restaurantId, role })
          .onConflictDoUpdate({ target: [memberships.userId, memberships.restaurantId], set: { role } });
        await announceAccessChanged(tx, userId);
      }),

    /** Keeps a one-time Telegram link (by its hash) for the user until it expires. */
    addTelegramLink: async (tokenHash: string, userId: number, expiresAt: Date) => {
      await db.insert(telegramLinkTokens).values({ tokenHash, userId, expiresAt });
    },

    /** Uses up a Telegram link that is unused and unexpired: whose it was, or undefined. */
    useTelegramLink: async (tokenHash: string): Promise<{ userId: number } | undefined> => {
      const [row] = await db
        .update(telegramLinkTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(telegramLinkTokens.tokenHash, tokenHash),
            isNull(telegramLinkTokens.usedAt),
            gt(telegramLinkTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: telegramLinkTokens.userId });
      return row;
    },

    /** The account forgets its Telegram, and its messages not yet sent are dropped, together. */
    unlinkTelegram: (userId: number) =>
      db.transaction(async (tx) => {
        await tx.update(users).set({ telegramId: null, telegramUsername: null }).where(eq(users.id, userId));
        await tx
          .delete(notificationDeliveries)
          .where(
            and(
              eq(notificationDeliveries.userId, userId),
              isNull(notificationDeliveries.deliveredAt),
              isNull(notificationDeliveries.failedAt),
            ),
          );
      }),
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
