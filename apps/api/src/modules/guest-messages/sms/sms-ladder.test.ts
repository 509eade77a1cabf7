import { GuestQueueStatus } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SmsConfig } from '../../../config';
import { type FakeSmsProvider, startFakeSmsProvider } from '../../../test/fake-sms-provider';
import { createIdentities, type Identities } from '../../../test/identities';
import { openTestRestaurant } from '../../../test/restaurants';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { smsUsedThisMonth } from './sms-budget.repository';
import { pollSmsStatuses } from './sms-statuses';
import { createSmscChannel } from './smsc';

/*
 * The SMS rung as the product wires it (app.ts): an API process without a bot runs its own guest
 * messenger with the SMSC.ru adapter pointed at the local fake provider. A called guest with no
 * Telegram and no push gets one SMS with the short link, counted in the budget; its delivery is
 * read back by the poller.
 */
let fake: FakeSmsProvider;
let t: TestApp;
let who: Identities;
let sms: SmsConfig;
let phones = 0;

beforeAll(async () => {
  fake = await startFakeSmsProvider({ deliverAfterMs: 60_000 });
  sms = {
    provider: 'smsc',
    apiRoot: fake.apiRoot,
    auth: { apiKey: 'fake-sms-api-key' },
    sender: 'Stolik',
    timeoutMs: 2000,
  };
  t = await createTestApp({ config: { botToken: undefined, sms } });
  who = await createIdentities(t);
  await t.app.guestMessenger?.start();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function calledGuest(name: string, budget: number) {
  const place = await openTestRestaurant(t, who, { name, tables: [{ number: '1', seatsMax: 4 }] });
  await t.database.db
    .update(schema.restaurants)
    .set({ smsMonthlyBudget: budget })
    .where(eq(schema.restaurants.id, place.id));
  const phone = `+7916${String(7_200_000 + ++phones)}`;
  const joined = await t.app.inject({
    method: 'POST',
    url: `/api/public/restaurant/${place.id}/queue/`,
    payload: { group_size: 2, name: 'Вера', phone },
  });
  expect(joined.statusCode, joined.body).toBe(201);
  const { token } = GuestQueueStatus.parse(joined.json());
  const [entry] = await t.database.db
    .select()
    .from(schema.queueEntries)
    .where(eq(schema.queueEntries.guestToken, token));
  if (!entry) throw new Error('no entry');
  const called = await t.app.inject({
    method: 'POST',
    url: '/api/reservation/invite/',
    headers: who.bearer(who.hostessA),
    payload: { id: entry.id },
  });
  expect(called.statusCode, called.body).toBe(200);
  return { place, entry, token, phone };
}

const attemptsOf = async (entryId: number) => {
  const [message] = await t.database.db
    .select()
    .from(schema.guestMessages)
    .where(eq(schema.guestMessages.queueEntryId, entryId));
  if (!message) return { message, tries: [] };
  const tries = await t.database.db
    .select()
    .from(schema.guestMessageAttempts)
    .where(eq(schema.guestMessageAttempts.messageId, message.id))
    .orderBy(schema.guestMessageAttempts.id);
  return { message, tries };
};

describe('the SMS rung in the product', () => {
  it('texts a called guest with no other channel once, with the short link, and reads its delivery', async () => {
    const { place, entry, token, phone } = await calledGuest('Хинкальная', 10);
    await vi.waitFor(
      async () => {
        const { tries } = await attemptsOf(entry.id);
        expect(tries.map((a) => [a.channel, a.status])).toContainEqual(['sms', 'sent']);
      },
      { timeout: 10_000, interval: 100 },
    );
    const { message, tries } = await attemptsOf(entry.id);
    const attempt = tries.find((a) => a.channel === 'sms');
    expect(attempt).toMatchObject({ providerRef: `gm${message?.id}`, segments: 1 });
    expect(fake.sends).toEqual([
      expect.objectContaining({
        phone,
        text: `Хинкальная: столик готов! stolik.test/q/${token}`,
        clientId: `gm${message?.id}`,
        sender: 'Stolik',
      }),
    ]);
    expect(await smsUsedThisMonth(t.database.db, place.id)).toBe(1);
    // The link in it leads to the guest's page.
    const link = await t.app.inject({ method: 'GET', url: `/q/${token}` });
    expect(link.headers.location).toBe(`https://stolik.test/guest/queue/${token}`);

    fake.advance(61_000);
    expect(await pollSmsStatuses(t.database.db, createSmscChannel(sms), 100)).toBe(1);
    const [delivered] = await t.database.db
      .select()
      .from(schema.guestMessageAttempts)
      .where(eq(schema.guestMessageAttempts.id, attempt?.id ?? 0));
    expect(delivered).toMatchObject({ status: 'delivered' });
  });

  it('sends no SMS past the restaurant’s budget (0: never)', async () => {
    const before = fake.sends.length;
    const { place, entry } = await calledGuest('Без SMS', 0);
    await vi.waitFor(
      async () => {
        const { tries } = await attemptsOf(entry.id);
        expect(tries.map((a) => [a.channel, a.status, a.error])).toContainEqual([
          'sms',
          'failed',
          'sms_budget',
        ]);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(fake.sends.length).toBe(before);
    expect(await smsUsedThisMonth(t.database.db, place.id)).toBe(0);
  });
});
