import { schema } from '@stolik/db';
import { sign } from '@tma.js/init-data-node';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities } from '../../test/identities';
import { signRawInitData } from '../../test/telegram';
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from '../../test/test-app';

const MARIA = { id: 777_000_111, first_name: 'Мария', last_name: 'Соколова', username: 'maria_host' };

function initData(user: object = MARIA, options: { token?: string; authDate?: Date } = {}) {
  return sign(
    { user: user as never, chat_instance: '8428209589180549439', chat_type: 'sender' },
    options.token ?? TEST_BOT_TOKEN,
    options.authDate ?? new Date(),
  );
}

describe('signing in from the Telegram Mini App (POST /api/signin/telegram/)', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  const signIn = (init_data: string, uuid?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/signin/telegram/${uuid ? `?UUID=${uuid}` : ''}`,
      payload: { init_data },
    });

  it('tells an unknown Telegram user what to do, without signing them in', async () => {
    const res = await signIn(initData());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'telegram_not_linked' });
    expect(res.json().detail).toMatch(/^Этот Telegram не привязан к сотруднику/);
  });

  it('links Telegram to a signed-in user with a one-time UUID, then signs them in by Telegram alone', async () => {
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/user/me/telegram-link/',
      headers: who.bearer(who.hostessA),
    });
    expect(link.statusCode).toBe(201);
    const { uuid } = link.json() as { uuid: string };

    const linked = await signIn(initData(), uuid);
    expect(linked.statusCode, linked.body).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/me/',
      headers: { authorization: `Bearer ${linked.json().access}` },
    });
    expect(me.json()).toMatchObject({
      id: who.hostessA.id,
      telegram_id: MARIA.id,
      telegram_username: 'maria_host',
    });

    expect((await signIn(initData())).statusCode).toBe(200);
    // The UUID was used up.
    const reused = await signIn(initData({ ...MARIA, id: 42 }), uuid);
    expect(reused.statusCode).toBe(404);
  });

  it('refuses init data signed with another token, or changed after signing', async () => {
    const foreign = await signIn(initData(MARIA, { token: '999999:another-bot-token-entirely-xxxxxxx' }));
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json()).toMatchObject({
      code: 'telegram_init_data_invalid',
      detail: 'Не удалось проверить данные Telegram',
    });
    const tampered = initData().replace('maria_host', 'mallory');
    expect((await signIn(tampered)).statusCode).toBe(401);
  });

  it('refuses init data older than the allowed age (one hour by default)', async () => {
    const old = await signIn(initData(MARIA, { authDate: new Date(Date.now() - 2 * 60 * 60 * 1000) }));
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ code: 'telegram_init_data_expired' });
  });

  it('signs in with the init data of older clients: no signature, a user with only an id', async () => {
    await t.database.db
      .update(schema.users)
      .set({ telegramId: 777_000_222 })
      .where(eq(schema.users.id, who.hostessB.id));
    for (const user of [{ id: 777_000_222, first_name: 'Ольга' }, { id: 777_000_222 }]) {
      const old = signRawInitData(
        { user: JSON.stringify(user), chat_instance: '1', chat_type: 'sender' },
        TEST_BOT_TOKEN,
      );
      expect(old).not.toContain('signature');
      const res = await signIn(old);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('answers init data it cannot read with 400 on init_data, never a 5xx', async () => {
    const signed = (fields: Record<string, string>, authDate: Date | null = new Date()) =>
      signRawInitData(fields, TEST_BOT_TOKEN, authDate);
    for (const init_data of [
      signed({ chat_instance: '1' }),
      signed({ user: 'not json' }),
      signed({ user: JSON.stringify({ id: '777000222' }) }),
      signed({ user: JSON.stringify({ id: 777_000_222 }) }, null),
      'garbage',
      'hash=00',
    ]) {
      const res = await signIn(init_data);
      expect(res.statusCode, `${init_data}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ init_data: ['Не удалось проверить данные Telegram'] });
    }
  });

  it('refuses init data dated more than a minute ahead, like expired data', async () => {
    const ahead = await signIn(initData(MARIA, { authDate: new Date(Date.now() + 10 * 60 * 1000) }));
    expect(ahead.statusCode).toBe(401);
    expect(ahead.json()).toMatchObject({ code: 'telegram_init_data_expired' });
  });

  it('makes an account from an invitation opened in Telegram, in the invited restaurant', async () => {
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/user/invite/',
      headers: who.bearer(who.adminA),
      payload: { restaurant: who.restaurantA, role: 'Менеджер' },
    });
    const { token } = invite.json() as { token: string };
    const newcomer = { id: 555_123, first_name: 'Дина', username: 'dina_waiter' };
    const res = await signIn(initData(newcomer), token);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(schema.users).where(eq(schema.users.telegramId, 555_123));
    expect(row).toMatchObject({ firstName: 'Дина', email: null });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/me/',
      headers: { authorization: `Bearer ${res.json().access}` },
    });
    expect(me.json()).toMatchObject({ email: '', restaurants: [{ id: who.restaurantA, role: 'Менеджер' }] });
  });

  it('keeps an invitation bound to an e-mail from a Telegram account that is not that e-mail', async () => {
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/user/invite/',
      headers: who.bearer(who.adminA),
      payload: { restaurant: who.restaurantA, role: 'Админ', email: 'target.a@stolik.test' },
    });
    const { token } = invite.json() as { token: string };
    // A Telegram account with no staff account: refused, and no account is made.
    const stranger = { id: 555_777, first_name: 'Чужой', username: 'stranger' };
    const res = await signIn(initData(stranger), token);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({
      detail: 'Приглашение выписано на другую почту',
      code: 'invitation_email_mismatch',
    });
    const made = await t.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.telegramId, stranger.id));
    expect(made).toEqual([]);
    // A Telegram-only account (no e-mail) already on staff: refused too.
    const [telegramOnly] = await t.database.db
      .insert(schema.users)
      .values({ firstName: 'Только ТГ', telegramId: 555_778 })
      .returning();
    const again = await signIn(initData({ id: 555_778, first_name: 'Только ТГ' }), token);
    expect(again.statusCode).toBe(403);
    const memberships = await t.database.db
      .select()
      .from(schema.memberships)
      .where(eq(schema.memberships.userId, telegramOnly?.id ?? -1));
    expect(memberships).toEqual([]);
    // The account with that e-mail, its Telegram linked, takes it through Telegram.
    await t.database.db
      .update(schema.users)
      .set({ telegramId: 555_779 })
      .where(eq(schema.users.id, who.targetA.id));
    const right = await signIn(initData({ id: 555_779, first_name: 'Цель' }), token);
    expect(right.statusCode, right.body).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/me/',
      headers: { authorization: `Bearer ${right.json().access}` },
    });
    expect(me.json()).toMatchObject({ id: who.targetA.id, restaurants: [{ role: 'Админ' }] });
  });

  it('does not let one Telegram account be linked to two people', async () => {
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/user/me/telegram-link/',
      headers: who.bearer(who.adminA),
    });
    const res = await signIn(initData(), (link.json() as { uuid: string }).uuid);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Этот Telegram уже привязан к другому сотруднику');
  });

  it('says so when no bot token is configured', async () => {
    const bare = await createTestApp({ config: { botToken: undefined } });
    try {
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/signin/telegram/',
        payload: { init_data: initData() },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toBe('Вход через Telegram не настроен');
    } finally {
      await bare.close();
    }
  });
});
