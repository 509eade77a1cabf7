import { randomBytes } from 'node:crypto';
import { Forecast, GuestQueueStatus, QueueEntry } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { localIsoDate } from '@stolik/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentities, type Identities } from '../../test/identities';
import { openTestRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectAboutTurns } from '../../test/waits';

/** Issue #20: one quote for a guest wherever it is shown, with the walk from the door as its floor. */
describe('the quote of a waiting guest', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  let phoneSeq = 7000;
  const nextPhone = () => `+7 916 555-${String(phoneSeq++).padStart(4, '0')}`;
  const join = (restaurant: number, groupSize = 2) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/restaurant/${restaurant}/queue/`,
      payload: { group_size: groupSize, name: 'Гость', phone: nextPhone() },
    });
  const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.bearer(who.hostessA), ...(payload ? { payload } : {}) });

  /** What each screen shows of one guest: join answer, guest page, staff row, forecast, recorded quote. */
  async function everywhere(restaurant: number, joined: GuestQueueStatus) {
    const [row] = await t.database.db
      .select()
      .from(schema.queueEntries)
      .where(eq(schema.queueEntries.guestToken, joined.token));
    if (!row) throw new Error('no entry');
    const page = GuestQueueStatus.parse(
      (await t.app.inject({ method: 'GET', url: `/api/public/queue/${joined.token}/` })).json(),
    );
    const staffRow = QueueEntry.parse((await staff('GET', `/api/reservation/${row.id}/`)).json());
    const list = (await staff('GET', `/api/reservation/?restaurant_id=${restaurant}`)).json() as QueueEntry[];
    const forecast = Forecast.parse((await staff('GET', `/api/reservation/forecast/${restaurant}/`)).json());
    return {
      join: joined.waiting_time,
      page: page.waiting_time,
      staff: staffRow.waiting_time,
      list: list.find((e) => e.id === row.id)?.waiting_time,
      forecast: forecast.results.find((r) => r.id === row.id)?.waiting_time,
      recorded: row.quotedWaitMinutes,
    };
  }

  it('is the same number on the join answer, the guest page, the staff row, the list and the forecast', async () => {
    const r = await openTestRestaurant(t, who, {
      name: 'Одна цифра',
      tables: [{ number: '1', seatsMax: 2 }],
    });
    // The only table is taken: the guest waits for its turn (60 min by default) and its cleaning.
    const seat = await staff('POST', '/api/reservation/instant_seat/', {
      restaurant: r.id,
      group_size: 2,
      tables: [r.table('1')],
    });
    expect(seat.statusCode, seat.body).toBe(201);
    const first = await join(r.id);
    expect(first.statusCode, first.body).toBe(201);
    const shown = await everywhere(r.id, GuestQueueStatus.parse(first.json()));
    expect(shown).toEqual({ join: 70, page: 70, staff: 70, list: 70, forecast: 70, recorded: 70 });
  });

  it('quotes the walk from the door when a table is free now, as the restaurant sets it', async () => {
    const r = await openTestRestaurant(t, who, {
      name: 'Свободный стол',
      tables: [{ number: '1', seatsMax: 4 }],
    });
    const first = GuestQueueStatus.parse((await join(r.id)).json());
    // Before issue #20 the staff saw 0 here (and the row went red a minute later) while the guest saw 5.
    expect(await everywhere(r.id, first)).toEqual({
      join: 5,
      page: 5,
      staff: 5,
      list: 5,
      forecast: 5,
      recorded: 5,
    });

    await t.database.db
      .update(schema.restaurants)
      .set({ quoteWalkMinutes: 8 })
      .where(eq(schema.restaurants.id, r.id));
    const forecast = Forecast.parse((await staff('GET', `/api/reservation/forecast/${r.id}/`)).json());
    expect(forecast.results[0]?.waiting_time).toBe(8);
    const publicView = (await t.app.inject({ method: 'GET', url: `/api/public/restaurant/${r.id}/` })).json();
    // A couple joining now would share the free table's turn behind the first guest: 60 + 10.
    expect(publicView.typical_wait).toBe(70);
  });

  it("learns from the restaurant's last weeks how many waiting guests walk away, and quotes those behind them sooner", async () => {
    const r = await openTestRestaurant(t, who, { name: 'Уходят', tables: [{ number: '1', seatsMax: 2 }] });
    const seat = await staff('POST', '/api/reservation/instant_seat/', {
      restaurant: r.id,
      group_size: 2,
      tables: [r.table('1')],
    });
    expect(seat.statusCode, seat.body).toBe(201);
    const quotes = async () => {
      const forecast = Forecast.parse((await staff('GET', `/api/reservation/forecast/${r.id}/`)).json());
      return forecast.results.map((item) => item.waiting_time);
    };
    for (let i = 0; i < 3; i++) expect((await join(r.id)).statusCode).toBe(201);
    // No history: each couple takes the table after the one before (60 minutes in the middle, 10
    // of cleaning).
    const before = await quotes();
    expect(before[0]).toBe(70);
    expectAboutTurns(before[1], 2);
    expectAboutTurns(before[2], 3);

    // Four weeks ago to now: 10 guests seated within minutes, 30 gone after waiting 20-25 minutes.
    const day = 24 * 60 * 60_000;
    let n = 5000;
    for (let i = 0; i < 40; i++) {
      const created = new Date(Date.now() - (i + 1) * day * 0.5);
      const seated = i < 10;
      const end = new Date(created.getTime() + (seated ? 3 : 22) * 60_000);
      const [row] = await t.database.db
        .insert(schema.queueEntries)
        .values({
          restaurantId: r.id,
          serviceDate: localIsoDate('Europe/Moscow', created),
          number: n++,
          groupSize: 2,
          source: 'guest_form',
          status: seated ? 'sat' : 'cancelled',
          guestToken: randomBytes(18).toString('base64url'),
          createdAt: created,
          seatedAt: seated ? end : null,
          finishedAt: seated ? null : end,
          updatedAt: end,
        })
        .returning();
      if (!row) throw new Error('no entry');
      await t.database.db
        .insert(schema.queueHistory)
        .values({ entryId: row.id, toStatus: 'live', at: created });
    }
    // Of those facing an hour's wait, most walk away: the third couple is quoted sooner.
    const waits = await quotes();
    expect(waits[0]).toBe(70);
    expect(waits[2]).toBeLessThan(before[2] as number);
  });

  it('learns how many called guests never come, and gives the table they were called to to those behind them', async () => {
    const r = await openTestRestaurant(t, who, { name: 'Не пришли', tables: [{ number: '1', seatsMax: 2 }] });
    // A guest by the form, for whom the table is free now, and a walk-in behind them.
    expect((await join(r.id)).statusCode).toBe(201);
    const walkIn = async () => {
      const forecast = Forecast.parse((await staff('GET', `/api/reservation/forecast/${r.id}/`)).json());
      return forecast.results.map((item) => item.waiting_time);
    };
    expect((await staff('POST', '/api/reservation/', { restaurant: r.id, group_size: 2 })).statusCode).toBe(
      201,
    );
    // No record: the guest by the form comes, stays 60 minutes, and the table takes 10 to clear.
    expect(await walkIn()).toEqual([5, 70]);

    // Four weeks of record: 20 guests by the form called to a table, none came; the table waited 5
    // minutes for each. Called, they are no walk-aways: the chance of leaving uncalled stays nil.
    const day = 24 * 60 * 60_000;
    let n = 7000;
    for (let i = 0; i < 20; i++) {
      const created = new Date(Date.now() - (i + 1) * day);
      const invited = new Date(created.getTime() + 60_000);
      const [row] = await t.database.db
        .insert(schema.queueEntries)
        .values({
          restaurantId: r.id,
          serviceDate: localIsoDate('Europe/Moscow', created),
          number: n++,
          groupSize: 2,
          source: 'guest_form',
          status: 'cancelled',
          guestToken: randomBytes(18).toString('base64url'),
          createdAt: created,
          invitedAt: invited,
          finishedAt: new Date(invited.getTime() + 5 * 60_000),
          updatedAt: invited,
        })
        .returning();
      if (!row) throw new Error('no entry');
      await t.database.db
        .insert(schema.queueHistory)
        .values({ entryId: row.id, toStatus: 'live', at: created });
    }
    // The guest by the form will not come either: the walk-in gets the table once it has waited 5.
    expect(await walkIn()).toEqual([5, 5]);
  });

  it("corrects its estimate by how the restaurant's own estimates came true, for door and remote guests apart", async () => {
    const r = await openTestRestaurant(t, who, {
      name: 'Свой учёт',
      tables: [
        { number: '1', seatsMax: 4 },
        { number: '2', seatsMax: 4 },
      ],
    });
    // Four weeks of record: with a table free (estimate 0), guests added at the host stand sat 2
    // minutes after joining (called at once), those who joined by the form 9 minutes after. Their
    // quotes (30) were something else again: the correction learns from the estimate, not the quote.
    const day = 24 * 60 * 60_000;
    let n = 6000;
    for (let i = 0; i < 2 * 20; i++) {
      const door = i % 2 === 0;
      const created = new Date(Date.now() - (i + 1) * day * 0.5);
      const seated = new Date(created.getTime() + (door ? 2 : 9) * 60_000);
      await t.database.db.insert(schema.queueEntries).values({
        restaurantId: r.id,
        serviceDate: localIsoDate('Europe/Moscow', created),
        number: n++,
        groupSize: 2,
        source: door ? 'staff' : 'guest_form',
        status: 'closed',
        guestToken: randomBytes(18).toString('base64url'),
        quotedWaitMinutes: 30,
        estimatedWaitMinutes: 0,
        createdAt: created,
        invitedAt: created,
        seatedAt: seated,
        finishedAt: new Date(seated.getTime() + 60 * 60_000),
        updatedAt: seated,
      });
    }
    const remote = GuestQueueStatus.parse((await join(r.id)).json());
    // The remote guest: 0 + 9. The walk-in at the door: 0 + 2, below the walk of 5, which the record
    // shows door guests do not take (called to seated in 2 minutes).
    expect(remote.waiting_time).toBe(9);
    const walkIn = await staff('POST', '/api/reservation/', { restaurant: r.id, group_size: 2 });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    expect(QueueEntry.parse(walkIn.json()).waiting_time).toBe(2);
    const rows = await t.database.db
      .select()
      .from(schema.queueEntries)
      .where(eq(schema.queueEntries.restaurantId, r.id))
      .orderBy(schema.queueEntries.id);
    // Each join keeps the quote and the estimate it was corrected from.
    expect(
      rows.slice(-2).map((row) => [row.source, row.quotedWaitMinutes, row.estimatedWaitMinutes]),
    ).toEqual([
      ['guest_form', 9, 0],
      ['staff', 2, 0],
    ]);
  });
});
