import { BookingPage, GuestQueueStatus, PublicRestaurant, QueueEntry, SeatingZone } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { serviceDateOf } from '@stolik/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createIdentities, type Identities, type Person } from '../../test/identities';
import { openTestRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The hot reads answered from the read cache (read-cache.ts) and the viewer from the viewer cache
 * (viewer-cache.ts). Each test first proves the reply is kept: a row changed behind the product's
 * back (as no product code does: it announces nothing) is not seen. Then a change made through the
 * API of the same process is seen at the very next read, with the hidden one. The lifetimes are a
 * minute here, so that a slow machine cannot let a kept reply expire in the middle of a test.
 */
describe('the hot reads, kept per restaurant until a change is heard', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp({ readCacheMs: 60_000, viewerCacheMs: 60_000 });
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    as: Person | null,
    payload?: object,
  ) => t.app.inject({ method, url, headers: as ? who.bearer(as) : {}, ...(payload ? { payload } : {}) });
  const read = async <T>(contract: z.ZodType<T>, url: string, as: Person | null = who.hostessA) => {
    const res = await call('GET', url, as);
    expect(res.statusCode, res.body).toBe(200);
    return contract.parse(res.json());
  };
  const hall = (name: string) =>
    openTestRestaurant(t, who, {
      name,
      zones: [{ name: 'Зал', sortOrder: 0 }],
      tables: [
        { number: '1', seatsMax: 4, zone: 'Зал' },
        { number: '2', seatsMax: 4, zone: 'Зал' },
      ],
    });
  const walkIn = async (restaurant: number, name: string) => {
    const res = await call('POST', '/api/reservation/', who.hostessA, { restaurant, group_size: 2, name });
    expect(res.statusCode, res.body).toBe(201);
    return QueueEntry.parse(res.json());
  };
  /** Behind the product's back: no announcement, so no cache hears of it. */
  const renameEntryQuietly = (id: number, name: string) =>
    t.database.db.update(schema.queueEntries).set({ name }).where(eq(schema.queueEntries.id, id));
  const renameRestaurantQuietly = (id: number, name: string) =>
    t.database.db.update(schema.restaurants).set({ name }).where(eq(schema.restaurants.id, id));

  it('the queue list: a walk-in added in this process is in the next list', async () => {
    const h = await hall('Кэш очереди');
    const url = `/api/reservation/?restaurant_id=${h.id}`;
    const first = await walkIn(h.id, 'Первый');
    const before = await read(z.array(QueueEntry), url);
    expect(before.map((e) => e.name)).toEqual(['Первый']);

    await renameEntryQuietly(first.id, 'Переименован тихо');
    expect(await read(z.array(QueueEntry), url)).toEqual(before);
    // Another query of the same list is another reply: read afresh.
    expect((await read(z.array(QueueEntry), `${url}&search=тихо`)).map((e) => e.name)).toEqual([
      'Переименован тихо',
    ]);

    const second = await walkIn(h.id, 'Второй');
    const after = await read(z.array(QueueEntry), url);
    expect(after.map((e) => e.id).sort()).toEqual([first.id, second.id].sort());
    expect(after.find((e) => e.id === first.id)?.name).toBe('Переименован тихо');
    // The wait quoted to the walk-in is in the list too (recorded with the entry, in its transaction).
    expect(after.find((e) => e.id === second.id)?.quoted_wait).toBe(second.quoted_wait);
  });

  it("the day's bookings: a booking taken in this process shows as taken in the next page", async () => {
    const h = await hall('Кэш броней');
    const seatingTime = new Date(Date.now() + 3 * 3600_000);
    // The list's day is the booking's service day, whatever the hour of the run (late at night the
    // booking is on the next one).
    const day = serviceDateOf('Europe/Moscow', seatingTime);
    const url = `/api/booking/?restaurant_id=${h.id}&start_date=${day}&end_date=${day}&in_waiting_queue=false&page=1&page_size=500`;
    const [booking] = await t.database.db
      .insert(schema.bookings)
      .values({
        restaurantId: h.id,
        groupSize: 2,
        seatingTime,
        endTime: new Date(Date.now() + 5 * 3600_000),
        status: 'new',
        name: 'Бронь',
        phone: '+79165550001',
        source: 'staff',
        guestToken: `cache-booking-${h.id}`,
      })
      .returning();
    if (!booking) throw new Error('no booking');
    const before = await read(BookingPage, url);
    expect(before.results.map((b) => [b.name, b.status])).toEqual([['Бронь', 'new']]);

    await t.database.db
      .update(schema.bookings)
      .set({ name: 'Тихо' })
      .where(eq(schema.bookings.id, booking.id));
    expect(await read(BookingPage, url)).toEqual(before);

    const taken = await call('PATCH', `/api/booking/${booking.id}/`, who.hostessA, { status: 'application' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await read(BookingPage, url)).results.map((b) => [b.name, b.status])).toEqual([
      ['Тихо', 'application'],
    ]);
  });

  it('the hall: a party seated in this process is at its table in the next read', async () => {
    const h = await hall('Кэш зала');
    const url = `/api/reservation/zones/${h.id}/`;
    const before = await read(z.array(SeatingZone), url);
    expect(before[0]?.tables.map((table) => table.occupied_by)).toEqual([null, null]);

    await t.database.db
      .update(schema.diningTables)
      .set({ number: '1А' })
      .where(eq(schema.diningTables.id, h.table('1')));
    expect(await read(z.array(SeatingZone), url)).toEqual(before);

    const seated = await call('POST', '/api/reservation/instant_seat/', who.hostessA, {
      restaurant: h.id,
      group_size: 2,
      name: 'За столом',
      tables: [h.table('2')],
    });
    expect(seated.statusCode, seated.body).toBe(201);
    const after = await read(z.array(SeatingZone), url);
    expect(after[0]?.tables.map((table) => [table.number, table.occupied_by?.name ?? null])).toEqual([
      ['1А', null],
      ['2', 'За столом'],
    ]);
  });

  it('the public restaurant: kept for everyone, dropped by a change of the restaurant', async () => {
    const h = await hall('Кэш гостя');
    const url = `/api/public/restaurant/${h.id}/`;
    const before = await read(PublicRestaurant, url, null);
    expect(before.name).toBe('Кэш гостя');

    await renameRestaurantQuietly(h.id, 'Новое имя');
    expect(await read(PublicRestaurant, url, null)).toEqual(before);

    await walkIn(h.id, 'Гость');
    expect((await read(PublicRestaurant, url, null)).name).toBe('Новое имя');
  });

  it("the guest's page: called by staff in this process, the guest reads it at once", async () => {
    const h = await hall('Страница гостя');
    const joined = await call('POST', `/api/public/restaurant/${h.id}/queue/`, null, {
      group_size: 2,
      name: 'Гость',
      phone: '+79165550002',
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const { token } = GuestQueueStatus.parse(joined.json());
    const url = `/api/public/queue/${token}/`;
    // The first read learns the token's restaurant; from the second on, the reply is kept.
    await read(GuestQueueStatus, url, null);
    const before = await read(GuestQueueStatus, url, null);
    expect(before).toMatchObject({ status: 'live', restaurant_name: 'Страница гостя' });

    await renameRestaurantQuietly(h.id, 'Тихое имя');
    expect(await read(GuestQueueStatus, url, null)).toEqual(before);

    const [entry] = await t.database.db
      .select({ id: schema.queueEntries.id })
      .from(schema.queueEntries)
      .where(eq(schema.queueEntries.guestToken, token));
    const called = await call('POST', '/api/reservation/invite/', who.hostessA, { id: entry?.id });
    expect(called.statusCode, called.body).toBe(200);
    expect(await read(GuestQueueStatus, url, null)).toMatchObject({
      status: 'called',
      restaurant_name: 'Тихое имя',
    });
  });

  it("guests' pages made all at once for the restaurant say what each page read alone says", async () => {
    const h = await hall('Все страницы');
    const tokens: string[] = [];
    for (const [i, size] of [2, 4, 3, 2].entries()) {
      const joined = await call('POST', `/api/public/restaurant/${h.id}/queue/`, null, {
        group_size: size,
        name: `Гость ${i}`,
        phone: `+7916555100${i}`,
      });
      expect(joined.statusCode, joined.body).toBe(201);
      tokens.push(GuestQueueStatus.parse(joined.json()).token);
    }
    const [first] = await t.database.db
      .select({ id: schema.queueEntries.id })
      .from(schema.queueEntries)
      .where(eq(schema.queueEntries.guestToken, tokens[0] as string));
    const called = await call('POST', '/api/reservation/invite/', who.hostessA, { id: first?.id });
    expect(called.statusCode, called.body).toBe(200);
    // The first read of a token: alone (it learns the restaurant); the second: from all the pages.
    const alone = [];
    for (const token of tokens) alone.push(await read(GuestQueueStatus, `/api/public/queue/${token}/`, null));
    const together = [];
    for (const token of tokens)
      together.push(await read(GuestQueueStatus, `/api/public/queue/${token}/`, null));
    expect(together).toEqual(alone);
    expect(alone.map((page) => [page.status, page.position])).toEqual([
      ['called', 0],
      ['live', 1],
      ['live', 2],
      ['live', 3],
    ]);
  });

  it("keeps the data, not the decision: another restaurant's staff is refused a kept reply", async () => {
    const h = await hall('Чужой кэш');
    const url = `/api/reservation/?restaurant_id=${h.id}`;
    await read(z.array(QueueEntry), url);
    expect((await call('GET', url, who.hostessB)).statusCode).toBe(404);
    expect((await call('GET', url, null)).statusCode).toBe(401);
  });
});

describe('the viewer, kept a few seconds per process', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp({ readCacheMs: 60_000, viewerCacheMs: 60_000 });
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  const list = (restaurant: number, as: Person) =>
    t.app.inject({
      method: 'GET',
      url: `/api/reservation/?restaurant_id=${restaurant}`,
      headers: who.bearer(as),
    });

  it("is kept: a membership taken away behind the product's back still lets the member in", async () => {
    const h = await openTestRestaurant(t, who, { name: 'Тихий уход', tables: [] });
    expect((await list(h.id, who.hostessA)).statusCode).toBe(200);
    await t.database.db.delete(schema.memberships).where(eq(schema.memberships.restaurantId, h.id));
    expect((await list(h.id, who.hostessA)).statusCode).toBe(200);
  });

  it('a staff member taken out of a restaurant in this process loses it at the next request', async () => {
    expect((await list(who.restaurantA, who.targetA)).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${who.targetA.id}/restaurants/${who.restaurantA}/`,
      headers: who.bearer(who.adminA),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list(who.restaurantA, who.targetA)).statusCode).toBe(404);
  });

  it('a session ended in this process is refused at the next request', async () => {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/create/',
      payload: { email: who.hostessB.email, password: 'correct-horse-battery' },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { access, refresh } = signedIn.json() as { access: string; refresh: string };
    const headers = { authorization: `Bearer ${access}` };
    const me = () => t.app.inject({ method: 'GET', url: '/api/user/me/', headers });
    expect((await me()).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/logout/',
      headers,
      payload: { refresh },
    });
    expect(out.statusCode, out.body).toBe(204);
    expect((await me()).statusCode).toBe(401);
  });
});
