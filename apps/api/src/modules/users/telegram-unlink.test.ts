import { FakeBotApi, privateMessage, type TelegramPerson } from '@stolik/bot/testing';
import { Me } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { ROLE_MANAGER } from '@stolik/domain';
import { ru } from '@stolik/i18n';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities, type Person } from '../../test/identities';
import { linkTelegram, queueEvent, settled, subscribe } from '../../test/telegram';
import { createTestApp, type TestApp } from '../../test/test-app';

const MARIA: TelegramPerson = { id: 6101, first_name: 'Мария', username: 'maria_host' };

describe('disconnecting Telegram (DELETE /api/user/me/telegram-link/)', () => {
  let fake: FakeBotApi;
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    fake = new FakeBotApi();
    const fakeRoot = await fake.start();
    t = await createTestApp({
      config: { telegramApiRoot: fakeRoot },
      telegram: { botInfo: fake.botInfo, tuning: { pollMs: 50 } },
    });
    who = await createIdentities(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const unlink = (person: Person) =>
    t.app.inject({ method: 'DELETE', url: '/api/user/me/telegram-link/', headers: who.bearer(person) });
  const settingsOf = async (person: Person) =>
    (
      await t.app.inject({ method: 'GET', url: '/api/telegram/notifications/', headers: who.bearer(person) })
    ).json();

  it('forgets the account’s Telegram: no more messages, none left waiting; the settings stay for later', async () => {
    const db = t.database.db;
    await linkTelegram(db, who.hostessA.id, MARIA.id);
    await db
      .update(schema.users)
      .set({ telegramUsername: 'maria_host' })
      .where(eq(schema.users.id, who.hostessA.id));
    await subscribe(db, who.hostessA.id, who.restaurantA, 'queue', ['live']);
    // A message made for her before she disconnects, not sent yet.
    await queueEvent(db, who.restaurantA, 1);
    const dispatcher = t.app.telegram?.dispatcher;
    if (!dispatcher) throw new Error('no dispatcher');

    const res = await unlink(who.hostessA);
    expect(res.statusCode, res.body).toBe(200);
    expect(Me.parse(res.json())).toMatchObject({
      id: who.hostessA.id,
      telegram_id: null,
      telegram_username: null,
    });

    // Fanned out before the disconnect reached the dispatcher, or after: she hears nothing either way.
    await dispatcher.start();
    try {
      await queueEvent(db, who.restaurantA, 2);
      dispatcher.wake();
      await settled(db);
    } finally {
      await dispatcher.stop();
    }
    expect(fake.callsOf('sendMessage').filter((c) => c.payload.chat_id === MARIA.id)).toEqual([]);
    expect(await settingsOf(who.hostessA)).toContainEqual({
      restaurant: who.restaurantA,
      type: 'queue',
      statuses: ['live'],
    });

    // In chat she is a stranger now.
    await t.app.telegram?.bot.handleUpdate(privateMessage('/notifications', MARIA));
    expect(fake.callsOf('sendMessage').at(-1)?.payload).toMatchObject({
      chat_id: MARIA.id,
      text: ru.bot.notLinked,
    });

    // Again: nothing to disconnect, the same answer.
    const again = await unlink(who.hostessA);
    expect(again.statusCode).toBe(200);
    expect(again.json().telegram_id).toBeNull();
  });

  it('drops the messages fanned out to her and not sent yet, and only hers', async () => {
    const db = t.database.db;
    await linkTelegram(db, who.hostessA.id, MARIA.id);
    await linkTelegram(db, who.adminA.id, 6102);
    const [row] = await db
      .insert(schema.outbox)
      .values({
        restaurantId: who.restaurantA,
        type: 'queue',
        status: 'live',
        entityId: 3,
        deliveredAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('no outbox row');
    const later = new Date(Date.now() + 3600_000);
    await db.insert(schema.notificationDeliveries).values([
      {
        outboxId: row.id,
        restaurantId: who.restaurantA,
        chatId: MARIA.id,
        userId: who.hostessA.id,
        nextAttemptAt: later,
      },
      {
        outboxId: row.id,
        restaurantId: who.restaurantA,
        chatId: 6102,
        userId: who.adminA.id,
        nextAttemptAt: later,
      },
    ]);
    expect((await unlink(who.hostessA)).statusCode).toBe(200);
    const left = await db
      .select({ chat: schema.notificationDeliveries.chatId })
      .from(schema.notificationDeliveries)
      .where(eq(schema.notificationDeliveries.outboxId, row.id));
    expect(left).toEqual([{ chat: 6102 }]);
    await db.delete(schema.outbox).where(eq(schema.outbox.id, row.id));
    await db.update(schema.users).set({ telegramId: null }).where(eq(schema.users.id, who.adminA.id));
  });

  it('refuses an account that signs in only through Telegram (409), keeping the link', async () => {
    const db = t.database.db;
    const [user] = await db
      .insert(schema.users)
      .values({ firstName: 'Только ТГ', telegramId: 6199 })
      .returning();
    if (!user) throw new Error('no user');
    await db
      .insert(schema.memberships)
      .values({ userId: user.id, restaurantId: who.restaurantA, role: ROLE_MANAGER });
    const person: Person = { id: user.id, email: '', access: await t.app.tokens.signAccess(user.id) };
    const res = await unlink(person);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: ru.auth.telegramOnlySignIn, code: 'telegram_only_sign_in' });
    const [after] = await db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(after?.telegramId).toBe(6199);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/user/me/telegram-link/' });
    expect(res.statusCode).toBe(401);
  });
});
