import { Restaurant } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';
import { takeSms } from '../guest-messages/sms/sms-budget.repository';

/** Issue #32: the restaurant's ladder of guest channels, the guest's time to answer, the SMS budget. */
describe("the restaurant's guest message settings", () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  const read = async (as = who.adminA) =>
    Restaurant.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/restaurant/${who.restaurantA}/`,
          headers: who.bearer(as),
        })
      ).json(),
    );
  const patch = (body: object, as = who.adminA) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/restaurant/${who.restaurantA}/`,
      headers: who.bearer(as),
      payload: body,
    });
  const row = async () =>
    (
      await t.database.db.select().from(schema.restaurants).where(eq(schema.restaurants.id, who.restaurantA))
    )[0];

  it('shows the defaults, this month’s SMS and that this server has no SMS provider', async () => {
    expect(await read(who.hostessA)).toMatchObject({
      guest_ladder: ['telegram', 'push', 'sms'],
      guest_answer_wait_seconds: 60,
      sms_monthly_budget: 300,
      sms_used_this_month: 0,
      sms_configured: false,
    });
    expect(await takeSms(t.database.db, who.restaurantA, 1, new Date())).toBe('taken');
    expect(await takeSms(t.database.db, who.restaurantA, 2, new Date())).toBe('taken');
    expect((await read()).sms_used_this_month).toBe(2);
  });

  it('changes the ladder, the time to answer and the budget; the read-only fields are not the client’s', async () => {
    const res = await patch({
      guest_ladder: ['sms', 'telegram'],
      guest_answer_wait_seconds: 15,
      sms_monthly_budget: 0,
      sms_used_this_month: 999,
      sms_configured: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(Restaurant.parse(res.json())).toMatchObject({
      guest_ladder: ['sms', 'telegram'],
      guest_answer_wait_seconds: 15,
      sms_monthly_budget: 0,
      sms_used_this_month: 2,
      sms_configured: false,
    });
    expect(await row()).toMatchObject({
      guestLadder: ['sms', 'telegram'],
      guestAnswerWaitSeconds: 15,
      smsMonthlyBudget: 0,
    });
    const edges = await patch({
      guest_ladder: ['push'],
      guest_answer_wait_seconds: 600,
      sms_monthly_budget: 100_000,
    });
    expect(edges.json()).toMatchObject({
      guest_ladder: ['push'],
      guest_answer_wait_seconds: 600,
      sms_monthly_budget: 100_000,
    });
    const back = await patch({
      guest_ladder: ['telegram', 'push', 'sms'],
      guest_answer_wait_seconds: 60,
      sms_monthly_budget: 300,
    });
    expect(back.statusCode).toBe(200);
  });

  it('refuses what is out of bounds with a Russian message per field, and changes nothing', async () => {
    const before = await row();
    const refusals: [object, Record<string, string[]>][] = [
      [{ guest_ladder: [] }, { guest_ladder: ['Выберите хотя бы один канал'] }],
      [{ guest_ladder: ['sms', 'push', 'sms'] }, { guest_ladder: ['Каждый канал — не больше одного раза'] }],
      [{ guest_ladder: ['telegram', 'fax'] }, { 'guest_ladder.1': ['Некорректное значение'] }],
      [{ guest_ladder: 'sms' }, { guest_ladder: ['Некорректное значение'] }],
      [
        { guest_answer_wait_seconds: 14 },
        { guest_answer_wait_seconds: ['Значение должно быть не меньше 15'] },
      ],
      [
        { guest_answer_wait_seconds: 601 },
        { guest_answer_wait_seconds: ['Значение должно быть не больше 600'] },
      ],
      [{ guest_answer_wait_seconds: 30.5 }, { guest_answer_wait_seconds: ['Некорректное значение'] }],
      [{ sms_monthly_budget: -1 }, { sms_monthly_budget: ['Значение должно быть не меньше 0'] }],
      [{ sms_monthly_budget: 100_001 }, { sms_monthly_budget: ['Значение должно быть не больше 100000'] }],
      [{ sms_monthly_budget: '50' }, { sms_monthly_budget: ['Некорректное значение'] }],
      // A good field beside a bad one: neither is saved.
      [
        { name: 'Другое имя', sms_monthly_budget: -5 },
        { sms_monthly_budget: ['Значение должно быть не меньше 0'] },
      ],
    ];
    for (const [body, errors] of refusals) {
      const res = await patch(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual(errors);
    }
    expect(await row()).toEqual(before);
  });

  it('is for the restaurant’s admins: a hostess may read it, not change it', async () => {
    expect((await patch({ sms_monthly_budget: 1 }, who.hostessA)).statusCode).toBe(403);
    expect((await row())?.smsMonthlyBudget).toBe(300);
  });

  it('says SMS is on when the server has a provider', async () => {
    const withSms = await createTestApp({
      database: t.database,
      config: {
        sms: {
          provider: 'smsc',
          apiRoot: 'http://127.0.0.1:9',
          auth: { apiKey: 'k'.repeat(32) },
          sender: undefined,
          timeoutMs: 1000,
        },
      },
    });
    try {
      const res = await withSms.app.inject({
        method: 'GET',
        url: `/api/restaurant/${who.restaurantA}/`,
        headers: who.bearer(who.adminA),
      });
      expect(res.json()).toMatchObject({ sms_configured: true });
    } finally {
      await withSms.close();
    }
  });
});
