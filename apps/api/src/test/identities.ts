import { schema, seed } from '@stolik/db';
import { ROLE_ADMIN, ROLE_MANAGER, type Role } from '@stolik/domain';
import { hashPassword } from '../shared/passwords';
import type { TestApp } from './test-app';

export const PASSWORD = 'correct-horse-battery';

export interface Person {
  id: number;
  email: string;
  access: string;
}

export interface Identities {
  restaurantA: number;
  restaurantB: number;
  superuser: Person;
  adminA: Person;
  hostessA: Person;
  hostessB: Person;
  /** A second hostess of A, for actions that change a user (deactivate, edit). */
  targetA: Person;
  bearer: (person: Person) => { authorization: string };
}

/**
 * Two restaurants and the people of the access rules: a superuser, an admin and a hostess of A,
 * a hostess of B. Everyone's password is PASSWORD; each has a fresh access token.
 */
export async function createIdentities(t: TestApp): Promise<Identities> {
  const db = t.database.db;
  const hash = await hashPassword(PASSWORD);
  await seed(db, { adminEmail: 'root@stolik.test', adminPasswordHash: hash });
  const [a] = await db.select().from(schema.restaurants);
  const [b] = await db
    .insert(schema.restaurants)
    .values({ name: 'Второй', timezone: 'Asia/Yekaterinburg' })
    .returning();
  if (!a || !b) throw new Error('restaurants were not created');

  const person = async (email: string, restaurantId: number | null, role: Role | null): Promise<Person> => {
    const [row] = await db
      .insert(schema.users)
      .values({ email, passwordHash: hash, firstName: email.split('@')[0] ?? email })
      .returning();
    if (!row) throw new Error('user was not created');
    if (restaurantId !== null && role !== null) {
      await db.insert(schema.memberships).values({ userId: row.id, restaurantId, role });
    }
    return { id: row.id, email, access: await t.app.tokens.signAccess(row.id) };
  };

  const [root] = await db.select().from(schema.users);
  if (!root) throw new Error('no superuser');
  return {
    restaurantA: a.id,
    restaurantB: b.id,
    superuser: { id: root.id, email: root.email ?? '', access: await t.app.tokens.signAccess(root.id) },
    adminA: await person('admin.a@stolik.test', a.id, ROLE_ADMIN),
    hostessA: await person('hostess.a@stolik.test', a.id, ROLE_MANAGER),
    hostessB: await person('hostess.b@stolik.test', b.id, ROLE_MANAGER),
    targetA: await person('target.a@stolik.test', a.id, ROLE_MANAGER),
    bearer: (p) => ({ authorization: `Bearer ${p.access}` }),
  };
}
