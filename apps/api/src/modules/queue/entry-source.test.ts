import { randomBytes } from 'node:crypto';
import { QueueEntry, StaffQueueHistoryItem } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { LEGACY_SOURCES, type LegacySource, localIsoDate } from '@stolik/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceChange } from '../../shared/changes/changes.repository';
import { createIdentities, type Identities, type Person } from '../../test/identities';
import { openTestRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Issue #22: the spec's source enumeration (README.md here): imports in its words, the Fake mark. */
describe("entries in the older system's words", () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  const as = (person: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.bearer(person), ...(payload ? { payload } : {}) });
  const importAs = (person: Person, restaurant: number, source: string, extra: object = {}) =>
    as(person, 'POST', '/api/reservation/import/', { restaurant, group_size: 2, source, ...extra });
  const list = async (restaurant: number, query = '') => {
    const res = await as(who.hostessA, 'GET', `/api/reservation/?restaurant_id=${restaurant}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as unknown[]).map((e) => QueueEntry.parse(e));
  };
  const history = async (id: number) =>
    ((await as(who.hostessA, 'GET', `/api/reservation/${id}/history/`)).json() as unknown[]).map((h) =>
      StaffQueueHistoryItem.parse(h),
    );

  it('imports an entry in each of the nine words and reads the same word back, in the list and its history', async () => {
    const r = await openTestRestaurant(t, who, { name: 'Импорт', tables: [{ number: '1', seatsMax: 4 }] });
    const made = new Map<LegacySource, QueueEntry>();
    for (const word of LEGACY_SOURCES) {
      const res = await importAs(who.adminA, r.id, word, { name: word });
      expect(res.statusCode, `${word}: ${res.body}`).toBe(201);
      const entry = QueueEntry.parse(res.json());
      expect(entry.legacy_source, word).toBe(word);
      made.set(word, entry);
    }
    expect(made.get('Reserve_Hostme')).toMatchObject({ status: 'reserve', source: 'hostme', fake: false });
    expect(made.get('Reserve')).toMatchObject({ status: 'reserve', source: 'staff', fake: false });
    expect(made.get('Fake')).toMatchObject({ status: 'cancelled', fake: true });
    expect(made.get('Sat')).toMatchObject({ status: 'sat', tables: [] });
    const listed = await list(r.id);
    expect(new Set(listed.map((e) => e.legacy_source))).toEqual(new Set(LEGACY_SOURCES));
    const fake = made.get('Fake') as QueueEntry;
    expect(await history(fake.id)).toMatchObject([
      { from_status: null, to_status: 'cancelled', legacy_source: 'Fake' },
    ]);
    // Nobody hears of an import: no notification to staff, no SMS to the 'called' guest.
    const told = await t.database.db.select().from(schema.outbox).where(eq(schema.outbox.restaurantId, r.id));
    expect(told).toEqual([]);
  });

  it('filters the list by the older words', async () => {
    const r = await openTestRestaurant(t, who, { name: 'Фильтр', tables: [{ number: '1', seatsMax: 4 }] });
    for (const word of ['Reserve', 'Reserve_Hostme', 'Live', 'Fake'] as const) {
      expect((await importAs(who.adminA, r.id, word)).statusCode).toBe(201);
    }
    const words = async (query: string) => (await list(r.id, query)).map((e) => e.legacy_source).sort();
    expect(await words('&legacy_source=Fake,Reserve_Hostme')).toEqual(['Fake', 'Reserve_Hostme']);
    // 'Reserve' is the restaurant's own reserve: not Hostme's, not a Fake.
    expect(await words('&legacy_source=Reserve')).toEqual(['Reserve']);
    expect(await words('&legacy_source=Live')).toEqual(['Live']);
    const bad = await as(who.hostessA, 'GET', `/api/reservation/?restaurant_id=${r.id}&legacy_source=Walkin`);
    expect(bad.statusCode).toBe(400);
  });

  it('is for the restaurant’s admins: a hostess 403, another restaurant 404; a word not of the spec 400', async () => {
    expect((await importAs(who.hostessA, who.restaurantA, 'Reserve_Hostme')).statusCode).toBe(403);
    expect((await importAs(who.adminA, who.restaurantB, 'Reserve_Hostme')).statusCode).toBe(404);
    expect((await importAs(who.adminA, who.restaurantA, 'Hostme')).statusCode).toBe(400);
    expect((await importAs(who.adminA, who.restaurantA, 'Live', { created: 'вчера' })).statusCode).toBe(400);
  });

  it('keeps the phone rule: an active import of a phone already in the queue is refused, in Russian', async () => {
    const r = await openTestRestaurant(t, who, { name: 'Телефон', tables: [{ number: '1', seatsMax: 4 }] });
    const phone = '+7 916 555-0101';
    expect((await importAs(who.adminA, r.id, 'Reserve_Hostme', { phone })).statusCode).toBe(201);
    const again = await importAs(who.adminA, r.id, 'Live', { phone });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: 'Ты уже в очереди', code: 'already_queued' });
  });

  it('dates an import by when the other system recorded it', async () => {
    const r = await openTestRestaurant(t, who, { name: 'Вчера', tables: [{ number: '1', seatsMax: 4 }] });
    const res = await importAs(who.adminA, r.id, 'Closed', { created: '2026-03-10T16:00:00+03:00' });
    expect(res.statusCode, res.body).toBe(201);
    expect(QueueEntry.parse(res.json())).toMatchObject({
      created: '2026-03-10T13:00:00.000Z',
      status: 'closed',
    });
    expect((await list(r.id, '&date=2026-03-10')).map((e) => e.legacy_source)).toEqual(['Closed']);
  });

  it('takes a Fake out of the waits: the guest behind it moves up, and back when the mark comes off', async () => {
    const r = await openTestRestaurant(t, who, { name: 'Фейк', tables: [{ number: '1', seatsMax: 2 }] });
    const seat = await as(who.hostessA, 'POST', '/api/reservation/instant_seat/', {
      restaurant: r.id,
      group_size: 2,
      tables: [r.table('1')],
    });
    expect(seat.statusCode, seat.body).toBe(201);
    const add = async () =>
      QueueEntry.parse(
        (await as(who.hostessA, 'POST', '/api/reservation/', { restaurant: r.id, group_size: 2 })).json(),
      );
    const prank = await add();
    const real = await add();
    const waitOf = async (id: number) => (await list(r.id)).find((e) => e.id === id)?.waiting_time;
    const behind = await waitOf(real.id);
    expect(behind).toBeGreaterThan((await waitOf(prank.id)) as number);

    const marked = await as(who.hostessA, 'PUT', `/api/reservation/${prank.id}/fake/`, { fake: true });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(QueueEntry.parse(marked.json())).toMatchObject({
      fake: true,
      legacy_source: 'Fake',
      status: 'live',
      waiting_time: null,
    });
    expect(await waitOf(real.id)).toBeLessThan(behind as number);

    const unmarked = await as(who.hostessA, 'PUT', `/api/reservation/${prank.id}/fake/`, { fake: false });
    expect(QueueEntry.parse(unmarked.json())).toMatchObject({ fake: false, legacy_source: 'Live' });
    expect(await waitOf(real.id)).toBe(behind);
    // Each row of the history in the words of its moment: joined, marked, unmarked.
    expect((await history(prank.id)).map((h) => h.legacy_source)).toEqual(['Live', 'Fake', 'Live']);
    // A mark that is not a yes or no is refused; an entry that does not exist is not found.
    const bad = await as(who.hostessA, 'PUT', `/api/reservation/${prank.id}/fake/`, { fake: 'да' });
    expect(bad.statusCode).toBe(400);
    expect((await as(who.hostessA, 'PUT', '/api/reservation/999999/fake/', { fake: true })).statusCode).toBe(
      404,
    );
  });

  it('learns turn times without Fake and Hostme parties', async () => {
    const r = await openTestRestaurant(t, who, { name: 'Обучение', tables: [{ number: '1', seatsMax: 2 }] });
    const seat = await as(who.hostessA, 'POST', '/api/reservation/instant_seat/', {
      restaurant: r.id,
      group_size: 2,
      tables: [r.table('1')],
    });
    expect(seat.statusCode).toBe(201);
    const waiting = QueueEntry.parse(
      (await as(who.hostessA, 'POST', '/api/reservation/', { restaurant: r.id, group_size: 2 })).json(),
    );
    const waitNow = async () => (await list(r.id)).find((e) => e.id === waiting.id)?.waiting_time;
    const untaught = await waitNow();
    // Ten three-hour dinners of yesterday, kept apart from the queue's figures, then the same as real ones.
    const dinners = async (marks: { fake: boolean; source: 'staff' | 'hostme' }) => {
      const yesterday = new Date(Date.now() - 24 * 60 * 60_000);
      for (let i = 0; i < 5; i += 1) {
        const seated = new Date(yesterday.getTime() + i * 60_000);
        await t.database.db.insert(schema.queueEntries).values({
          restaurantId: r.id,
          serviceDate: localIsoDate('Europe/Moscow', yesterday),
          number: 1000 + Math.floor(Math.random() * 1_000_000),
          groupSize: 2,
          source: marks.source,
          fake: marks.fake,
          status: 'closed',
          guestToken: randomBytes(12).toString('base64url'),
          createdAt: seated,
          seatedAt: seated,
          finishedAt: new Date(seated.getTime() + 180 * 60_000),
        });
      }
      // Written behind the product's back: told as the product tells of its own changes, so the
      // kept list is dropped (read-cache.ts).
      await announceChange(t.database.db, { kind: 'queue', restaurant: r.id, id: 0 });
      await t.app.changes.caughtUp();
    };
    await dinners({ fake: true, source: 'staff' });
    await dinners({ fake: false, source: 'hostme' });
    expect(await waitNow()).toBe(untaught);
    await dinners({ fake: false, source: 'staff' });
    expect(await waitNow()).toBeGreaterThan(untaught as number);
  });
});
