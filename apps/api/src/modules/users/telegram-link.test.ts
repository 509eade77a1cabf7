import { FakeBotApi, privateMessage } from '@stolik/bot/testing';
import { TelegramLink } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities, type Person } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';

const UNAVAILABLE = { detail: 'Телеграм сейчас недоступен, попробуйте позже', code: 'telegram_unavailable' };

/** The app as production runs it: the bot's identity is not known until Telegram is asked (getMe). */
async function appAt(apiRoot: string) {
  return createTestApp({
    config: { telegramApiRoot: apiRoot },
    // A short Bot API timeout, so that a hanging Telegram costs the test little.
    telegram: { botInfo: undefined, callTimeoutMs: 300, tuning: { pollMs: 50 } },
  });
}

describe('connecting Telegram when Telegram cannot be reached (POST /api/user/me/telegram-link/)', () => {
  let fake: FakeBotApi;
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    fake = new FakeBotApi();
    t = await appAt(await fake.start());
    who = await createIdentities(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  const link = (person: Person) =>
    t.app.inject({ method: 'POST', url: '/api/user/me/telegram-link/', headers: who.bearer(person) });
  const linksOf = async (person: Person) =>
    t.database.db
      .select()
      .from(schema.telegramLinkTokens)
      .where(eq(schema.telegramLinkTokens.userId, person.id));

  it('answers 503 instead of waiting when the Bot API does not answer, and makes no link', async () => {
    fake.hang('getMe');
    const res = await link(who.hostessA);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
    expect(await linksOf(who.hostessA)).toEqual([]);
  });

  it('asks Telegram for the bot once it answers again, then keeps the answer', async () => {
    fake.answerAgain();
    const first = await link(who.hostessA);
    expect(first.statusCode, first.body).toBe(201);
    const { uuid, url } = TelegramLink.parse(first.json());
    expect(url).toBe(`https://t.me/${fake.botInfo.username}?start=${uuid}`);
    const asked = fake.callsOf('getMe').length;
    expect(asked).toBe(1);
    // Telegram gone again: the link still works, from what was kept, and nobody asks again.
    fake.hang('getMe');
    const second = await link(who.hostessA);
    expect(second.statusCode, second.body).toBe(201);
    expect(TelegramLink.parse(second.json()).url).toContain(`https://t.me/${fake.botInfo.username}?start=`);
    expect(fake.callsOf('getMe').length).toBe(asked);
    fake.answerAgain();
  });

  it('answers 503 when nothing listens at the Bot API address at all', async () => {
    const gone = new FakeBotApi();
    const root = await gone.start();
    await gone.stop();
    const offline = await appAt(root);
    try {
      const people = await createIdentities(offline);
      const res = await offline.app.inject({
        method: 'POST',
        url: '/api/user/me/telegram-link/',
        headers: people.bearer(people.hostessA),
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual(UNAVAILABLE);
    } finally {
      await offline.close();
    }
  });
});

describe('Telegram’s webhook when the Bot API hangs (POST /api/telegram/webhook/)', () => {
  const SECRET = 'webhook-secret-for-tests-0002';
  let fake: FakeBotApi;
  let hooked: TestApp;
  beforeAll(async () => {
    fake = new FakeBotApi();
    hooked = await createTestApp({
      config: {
        telegramApiRoot: await fake.start(),
        botWebhookUrl: 'https://stolik.test/api/telegram/webhook/',
        botWebhookSecret: SECRET,
      },
      telegram: { botInfo: undefined, callTimeoutMs: 300 },
    });
  });
  afterAll(async () => {
    await hooked.close();
    await fake.stop();
  });
  const post = () =>
    hooked.app.inject({
      method: 'POST',
      url: '/api/telegram/webhook/',
      headers: { 'x-telegram-bot-api-secret-token': SECRET },
      payload: privateMessage('/start'),
    });

  it('answers 503 when the bot cannot learn who it is (Telegram retries the update later)', async () => {
    fake.hang('getMe');
    const res = await post();
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
    fake.answerAgain();
  });

  it('gives up a reply that gets no answer instead of holding the update', async () => {
    fake.hang('sendMessage');
    const res = await post();
    expect(res.statusCode, res.body).toBe(200);
    // (Retried, it would have waited on, doubling the pause each time.)
    expect(fake.callsOf('sendMessage')).toEqual([]);
    expect(fake.callsOf('getMe')).toHaveLength(1);
    fake.answerAgain();
  });
});
