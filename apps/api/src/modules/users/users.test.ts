import { Me, UserList } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities, PASSWORD } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('accounts, users and invitations', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, as?: { access: string }, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: as ? { authorization: `Bearer ${as.access}` } : {},
      ...(payload ? { payload } : {}),
    });

  describe('sign-up (POST /api/user/)', () => {
    it('creates an account with no restaurant, which can then sign in', async () => {
      const res = await call('POST', '/api/user/', undefined, {
        email: 'New.Hostess@Example.com',
        password: 'tram-line-42',
        re_password: 'tram-line-42',
        first_name: 'Ольга',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(Me.parse(res.json())).toMatchObject({
        email: 'new.hostess@example.com',
        restaurants: [],
        role: null,
      });
      const signIn = await call('POST', '/api/auth/jwt/create/', undefined, {
        email: 'new.hostess@example.com',
        password: 'tram-line-42',
      });
      expect(signIn.statusCode).toBe(200);
      const list = await call('GET', '/api/restaurant/', { access: signIn.json().access });
      expect(list.json()).toEqual([]);
    });

    it('answers every problem with the spec messages', async () => {
      const res = await call('POST', '/api/user/', undefined, {
        email: 'not-mail',
        password: 'short',
        first_name: '',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        email: ['Введите корректный адрес электронной почты'],
        password: ['Пароль должен содержать не менее 8 символов'],
        first_name: ['Заполните поле'],
      });
    });

    it('refuses a password that is too simple, and passwords that differ', async () => {
      const simple = await call('POST', '/api/user/', undefined, {
        email: 'simple@example.com',
        password: 'qwerty123',
        first_name: 'Иван',
      });
      expect(simple.json()).toEqual({ password: ['Пароль слишком простой'] });
      const differ = await call('POST', '/api/user/', undefined, {
        email: 'differ@example.com',
        password: 'tram-line-42',
        re_password: 'tram-line-43',
        first_name: 'Иван',
      });
      expect(differ.json()).toEqual({ re_password: ['Введенные пароли не совпадают'] });
    });

    it('refuses an e-mail that is taken, in any letter case', async () => {
      const res = await call('POST', '/api/user/', undefined, {
        email: 'HOSTESS.A@stolik.test',
        password: 'tram-line-42',
        first_name: 'Иван',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ email: ['Пользователь с такой почтой уже существует'] });
    });
  });

  describe('the profile (GET /api/user/me/)', () => {
    it('lists the restaurants with the role in each', async () => {
      const res = await call('GET', '/api/user/me/', who.adminA);
      expect(Me.parse(res.json())).toMatchObject({
        id: who.adminA.id,
        role: 'Админ',
        is_superuser: false,
        restaurants: [{ id: who.restaurantA, name: 'Демо', role: 'Админ' }],
      });
    });
  });

  describe('the users list (GET /api/user/)', () => {
    it('shows an admin only the people of their restaurants', async () => {
      const res = await call('GET', '/api/user/?page_size=50', who.adminA);
      const list = UserList.parse(res.json());
      const emails = list.results.map((u) => u.email);
      expect(emails).toEqual(
        expect.arrayContaining(['hostess.a@stolik.test', 'target.a@stolik.test', 'admin.a@stolik.test']),
      );
      expect(emails).not.toContain('hostess.b@stolik.test');
    });

    it('shows a superuser everyone, paginated', async () => {
      const res = await call('GET', '/api/user/?page_size=2', who.superuser);
      const list = UserList.parse(res.json());
      expect(list.count).toBeGreaterThanOrEqual(5);
      expect(list.results).toHaveLength(2);
      expect(list.next).toContain('page=2');
      expect(list.previous).toBeNull();
    });

    it('filters by search, role and activity', async () => {
      const search = UserList.parse((await call('GET', '/api/user/?search=target', who.adminA)).json());
      expect(search.results.map((u) => u.email)).toEqual(['target.a@stolik.test']);
      const admins = UserList.parse(
        (await call('GET', `/api/user/?role=${encodeURIComponent('Админ')}`, who.adminA)).json(),
      );
      expect(admins.results.every((u) => u.restaurants.some((r) => r.role === 'Админ'))).toBe(true);
      const inactive = UserList.parse((await call('GET', '/api/user/?is_active=false', who.adminA)).json());
      expect(inactive.results).toEqual([]);
    });

    it('refuses a restaurant the admin does not manage with 404', async () => {
      const res = await call('GET', `/api/user/?restaurant_id=${who.restaurantB}`, who.adminA);
      expect(res.statusCode).toBe(404);
    });
  });

  describe('changing users', () => {
    it('lets an admin rename a hostess and make her an admin of their restaurant', async () => {
      const res = await call('PATCH', `/api/user/${who.targetA.id}/`, who.adminA, {
        first_name: 'Вера',
        role: 'Админ',
        restaurant: who.restaurantA,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ first_name: 'Вера', restaurants: [{ role: 'Админ' }] });
      await call('PATCH', `/api/user/${who.targetA.id}/`, who.adminA, {
        role: 'Менеджер',
        restaurant: who.restaurantA,
      });
    });

    it('needs the restaurant to change a role', async () => {
      const res = await call('PATCH', `/api/user/${who.targetA.id}/`, who.adminA, { role: 'Админ' });
      expect(res.json()).toEqual({ restaurant: ['Заполните поле'] });
    });

    it('does not let an admin touch people of other restaurants (404) or their own role (409)', async () => {
      expect(
        (await call('PATCH', `/api/user/${who.hostessB.id}/`, who.adminA, { first_name: 'X' })).statusCode,
      ).toBe(404);
      expect((await call('POST', `/api/user/${who.hostessB.id}/deactivate`, who.adminA)).statusCode).toBe(
        404,
      );
      const own = await call('PATCH', `/api/user/${who.adminA.id}/`, who.adminA, {
        role: 'Менеджер',
        restaurant: who.restaurantA,
      });
      expect(own.statusCode).toBe(409);
      expect(own.json().detail).toBe('Нельзя изменить собственную роль');
      expect((await call('POST', `/api/user/${who.adminA.id}/deactivate`, who.adminA)).statusCode).toBe(409);
    });

    it('does not let an admin deactivate a superuser', async () => {
      expect((await call('POST', `/api/user/${who.superuser.id}/deactivate`, who.adminA)).statusCode).toBe(
        403,
      );
    });

    it('lets an admin change an account shared with another restaurant only in their own restaurant', async () => {
      const db = t.database.db;
      // A hostess of A who is also the admin of B: one account, two restaurants.
      const [shared] = await db
        .insert(schema.users)
        .values({ email: 'shared@stolik.test', firstName: 'Общая', passwordHash: null })
        .returning();
      if (!shared) throw new Error('no user');
      await db.insert(schema.memberships).values([
        { userId: shared.id, restaurantId: who.restaurantA, role: 'Менеджер' },
        { userId: shared.id, restaurantId: who.restaurantB, role: 'Админ' },
      ]);
      // A's admin cannot lock B out of its admin, nor rename her, nor switch her back on.
      const refused = [
        await call('POST', `/api/user/${shared.id}/deactivate`, who.adminA),
        await call('POST', `/api/user/${shared.id}/activate`, who.adminA),
        await call('PATCH', `/api/user/${shared.id}/`, who.adminA, { first_name: 'Чужая' }),
        await call('PATCH', `/api/user/${shared.id}/`, who.adminA, {
          last_name: 'Х',
          role: 'Админ',
          restaurant: who.restaurantA,
        }),
      ];
      for (const res of refused) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toMatchObject({ code: 'permission_denied' });
      }
      const [after] = await db.select().from(schema.users).where(eq(schema.users.id, shared.id));
      expect(after).toMatchObject({ isActive: true, firstName: 'Общая', lastName: '' });
      // Her role in A is A's business.
      const role = await call('PATCH', `/api/user/${shared.id}/`, who.adminA, {
        role: 'Админ',
        restaurant: who.restaurantA,
      });
      expect(role.statusCode, role.body).toBe(200);
      expect(role.json().restaurants).toEqual([
        { id: who.restaurantA, name: 'Демо', role: 'Админ' },
        { id: who.restaurantB, name: 'Второй', role: 'Админ' },
      ]);
      // Someone who administers both restaurants, and a superuser, may change the whole account.
      const [both] = await db
        .insert(schema.users)
        .values({ email: 'both@stolik.test', firstName: 'Оба' })
        .returning();
      if (!both) throw new Error('no user');
      await db.insert(schema.memberships).values([
        { userId: both.id, restaurantId: who.restaurantA, role: 'Админ' },
        { userId: both.id, restaurantId: who.restaurantB, role: 'Админ' },
      ]);
      const bothToken = { access: await t.app.tokens.signAccess(both.id) };
      const renamed = await call('PATCH', `/api/user/${shared.id}/`, bothToken, { first_name: 'Вера' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ first_name: 'Вера' });
      const off = await call('POST', `/api/user/${shared.id}/deactivate`, who.superuser);
      expect(off.json()).toMatchObject({ is_active: false });
      expect((await call('POST', `/api/user/${shared.id}/activate`, bothToken)).json()).toMatchObject({
        is_active: true,
      });
      // One's own name stays one's own, whatever restaurants one works in.
      const own = await call('PATCH', `/api/user/${who.adminA.id}/`, who.adminA, { last_name: 'Сама' });
      expect(own.statusCode).toBe(200);
      // Parting with her is taking her out of A: her account, and B, stay as they are.
      const call2 = (url: string, as: { access: string }) =>
        t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${as.access}` } });
      const notA = await call2(`/api/user/${shared.id}/restaurants/${who.restaurantB}/`, who.adminA);
      expect(notA.statusCode).toBe(404);
      const self = await call2(`/api/user/${who.adminA.id}/restaurants/${who.restaurantA}/`, who.adminA);
      expect(self.statusCode).toBe(409);
      expect(self.json().detail).toBe('Нельзя убрать из ресторана самого себя');
      expect(
        (await call2(`/api/user/${shared.id}/restaurants/${who.restaurantA}/`, who.hostessA)).statusCode,
      ).toBe(403);
      const removed = await call2(`/api/user/${shared.id}/restaurants/${who.restaurantA}/`, who.adminA);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(Me.parse(removed.json())).toMatchObject({
        is_active: true,
        restaurants: [{ id: who.restaurantB, name: 'Второй', role: 'Админ' }],
      });
      // Out of A, she is none of A's admin's business any more.
      expect((await call('POST', `/api/user/${shared.id}/deactivate`, who.adminA)).statusCode).toBe(404);
      await db.delete(schema.memberships).where(eq(schema.memberships.userId, shared.id));
      await db.delete(schema.memberships).where(eq(schema.memberships.userId, both.id));
    });

    it('deactivates and activates a hostess', async () => {
      const off = await call('POST', `/api/user/${who.targetA.id}/deactivate`, who.adminA);
      expect(off.json()).toMatchObject({ is_active: false });
      const on = await call('POST', `/api/user/${who.targetA.id}/activate`, who.adminA);
      expect(on.json()).toMatchObject({ is_active: true });
    });
  });

  describe('invitations', () => {
    const invite = async (payload: object) => {
      const res = await call('POST', '/api/user/invite/', who.adminA, payload);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { token: string; url: string };
    };

    it('makes a link that shows what it is for, and joins a new account to the restaurant', async () => {
      const { token, url } = await invite({ restaurant: who.restaurantA, role: 'Менеджер' });
      expect(url).toBe(`https://stolik.test/invite?token=${token}`);
      const preview = await call('GET', `/api/user/invite/${token}/`);
      expect(preview.json()).toMatchObject({ restaurant_name: 'Демо', role: 'Менеджер', for_email: false });

      const accepted = await call('POST', `/api/user/invite/${token}/accept/`, undefined, {
        email: 'invited@example.com',
        password: 'tram-line-42',
        first_name: 'Нина',
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const me = await call('GET', '/api/user/me/', { access: accepted.json().access });
      expect(me.json()).toMatchObject({
        email: 'invited@example.com',
        restaurants: [{ id: who.restaurantA, role: 'Менеджер' }],
      });

      // A link works once.
      const again = await call('GET', `/api/user/invite/${token}/`);
      expect(again.statusCode).toBe(404);
      expect(again.json().detail).toBe('Приглашение не найдено, уже использовано или устарело');
    });

    it('joins a signed-in user with their existing account', async () => {
      const { token } = await invite({ restaurant: who.restaurantA, role: 'Менеджер' });
      const res = await call('POST', `/api/user/invite/${token}/accept/`, who.hostessB);
      expect(res.statusCode, res.body).toBe(200);
      const me = await call('GET', '/api/user/me/', who.hostessB);
      expect(
        me
          .json()
          .restaurants.map((r: { id: number }) => r.id)
          .sort(),
      ).toEqual([who.restaurantA, who.restaurantB].sort());
    });

    it('keeps an invitation for one e-mail to that e-mail', async () => {
      const { token } = await invite({
        restaurant: who.restaurantA,
        role: 'Админ',
        email: 'chef@example.com',
      });
      // Anyone holding the link learns that it is bound, never to which address.
      const preview = await call('GET', `/api/user/invite/${token}/`);
      expect(preview.json()).toMatchObject({ for_email: true });
      expect(preview.body).not.toContain('chef@example.com');
      const wrong = await call('POST', `/api/user/invite/${token}/accept/`, undefined, {
        email: 'other@example.com',
        password: 'tram-line-42',
        first_name: 'Пётр',
      });
      expect(wrong.json()).toEqual({ email: ['Приглашение выписано на другую почту'] });
      const missing = await call('POST', `/api/user/invite/${token}/accept/`, undefined, {});
      expect(missing.json()).toEqual({
        email: ['Заполните поле'],
        password: ['Заполните поле'],
        first_name: ['Заполните поле'],
      });
    });

    it('lets a signed-in account take an invitation for one e-mail only when it is that e-mail', async () => {
      const { token } = await invite({
        restaurant: who.restaurantA,
        role: 'Админ',
        email: 'Hostess.B@stolik.test',
      });
      // Anyone else with the link, signed in: refused, and the invitation stays usable.
      // (Not targetA: an earlier test deactivated it, which ends every token it was given.)
      for (const someone of [who.hostessA, who.adminA]) {
        const wrong = await call('POST', `/api/user/invite/${token}/accept/`, someone);
        expect(wrong.statusCode, wrong.body).toBe(403);
        expect(wrong.json()).toEqual({
          detail: 'Приглашение выписано на другую почту',
          code: 'invitation_email_mismatch',
        });
      }
      const me = await call('GET', '/api/user/me/', who.hostessA);
      expect(me.json().restaurants).toEqual([{ id: who.restaurantA, name: 'Демо', role: 'Менеджер' }]);
      expect((await call('GET', `/api/user/invite/${token}/`)).statusCode).toBe(200);
      // The account with that e-mail (in any letter case) takes it.
      const right = await call('POST', `/api/user/invite/${token}/accept/`, who.hostessB);
      expect(right.statusCode, right.body).toBe(200);
      const hers = await call('GET', '/api/user/me/', who.hostessB);
      expect(hers.json().restaurants).toContainEqual({ id: who.restaurantA, name: 'Демо', role: 'Админ' });
      await t.database.db
        .delete(schema.memberships)
        .where(
          and(
            eq(schema.memberships.userId, who.hostessB.id),
            eq(schema.memberships.restaurantId, who.restaurantA),
          ),
        );
    });

    it('lets only an admin of that restaurant invite', async () => {
      const res = await call('POST', '/api/user/invite/', who.adminA, {
        restaurant: who.restaurantB,
        role: 'Менеджер',
      });
      expect(res.statusCode).toBe(404);
    });
  });

  it('accepts the right password only (sanity of the shared fixture)', async () => {
    const res = await call('POST', '/api/auth/jwt/create/', undefined, {
      email: 'admin.a@stolik.test',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
  });
});
