import { randomBytes } from 'node:crypto';
import { Forecast, PhoneHistory, QueueEntry, RestaurantChange, SeatingZone } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { localIsoDate, waitRange } from '@stolik/domain';
import { and, arrayContains, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openEventStream } from '../../test/event-stream';
import { createIdentities, type Identities, type Person } from '../../test/identities';
import { openTestRestaurant, type RestaurantFixture } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectAboutTurns } from '../../test/waits';

describe('seating, reserve, moving, the seating plan and the forecast of the live queue', () => {
  let t: TestApp;
  let who: Identities;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  let phoneSeq = 2000;
  const nextPhone = () => `+7 916 555-${String(phoneSeq++).padStart(4, '0')}`;
  const e164 = (phone: string) => phone.replace(/[^\d+]/g, '');
  const staff = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    as: Person | null = who.hostessA,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: as ? who.bearer(as) : {},
      ...(payload ? { payload } : {}),
    });

  const openRestaurant = (options: RestaurantFixture) => openTestRestaurant(t, who, options);

  const walkIn = async (restaurant: number, body: object = {}) => {
    const res = await staff('POST', '/api/reservation/', who.hostessA, {
      restaurant,
      group_size: 2,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return QueueEntry.parse(res.json());
  };
  const instantSeat = (restaurant: number, tables: number[], body: object = {}, as = who.hostessA) =>
    staff('POST', '/api/reservation/instant_seat/', as, { restaurant, group_size: 2, tables, ...body });
  const update = (id: number, body: object, as = who.hostessA) =>
    staff('PUT', `/api/reservation/${id}/`, as, body);
  const entry = async (id: number) =>
    QueueEntry.parse((await staff('GET', `/api/reservation/${id}/`)).json());
  const history = async (id: number) => (await staff('GET', `/api/reservation/${id}/history/`)).json();
  const outboxOf = async (id: number) =>
    (
      await t.database.db
        .select()
        .from(schema.outbox)
        .where(eq(schema.outbox.entityId, id))
        .orderBy(asc(schema.outbox.id))
    ).map((row) => [row.type, row.status]);
  const byStatus = (responses: { statusCode: number }[]) =>
    responses.map((r) => r.statusCode).sort((a, b) => a - b);

  let fixtureNumber = 1000;
  /** A finished visit written straight into the history: seated at `seatedAt`, gone `minutes` later. */
  async function pastVisit(values: {
    restaurantId: number;
    groupSize: number;
    seatedAt: Date;
    minutes: number;
    phone?: string;
  }) {
    const finishedAt = new Date(values.seatedAt.getTime() + values.minutes * 60_000);
    const [row] = await t.database.db
      .insert(schema.queueEntries)
      .values({
        restaurantId: values.restaurantId,
        serviceDate: localIsoDate('Europe/Moscow', values.seatedAt),
        number: fixtureNumber++,
        groupSize: values.groupSize,
        phone: values.phone ?? '',
        source: 'staff',
        status: 'closed',
        guestToken: randomBytes(18).toString('base64url'),
        createdAt: new Date(values.seatedAt.getTime() - 15 * 60_000),
        seatedAt: values.seatedAt,
        finishedAt,
        updatedAt: finishedAt,
      })
      .returning();
    if (!row) throw new Error('visit was not created');
    return row;
  }

  describe('seating a walk-in at once', () => {
    it('seats the party at a free table: seated now, no wait, one history row and a seated notification', async () => {
      const r = await openRestaurant({
        name: 'Сразу за стол',
        tables: [
          { number: '1', seatsMax: 4 },
          { number: '2', seatsMax: 2 },
        ],
      });
      const phone = nextPhone();
      const res = await instantSeat(r.id, [r.table('1')], {
        group_size: 3,
        name: 'Пётр',
        phone,
        event: 'birthday',
        comment: 'У окна',
      });
      expect(res.statusCode, res.body).toBe(201);
      const seated = QueueEntry.parse(res.json());
      expect(seated).toEqual({
        id: expect.any(Number),
        restaurant: r.id,
        number: 1,
        group_size: 3,
        event: 'birthday',
        comment: 'У окна',
        name: 'Пётр',
        phone: e164(phone),
        source: 'staff',
        status: 'sat',
        fake: false,
        legacy_source: 'Sat',
        created: expect.any(String),
        invite_time: null,
        seated_time: expect.any(String),
        finished_time: null,
        tables: [r.table('1')],
        quoted_wait: 0,
        waiting_time: null,
        waiting_range: null,
        visits: 0,
        reach: null,
      });
      expect(Math.abs(Date.parse(seated.seated_time ?? '') - Date.now())).toBeLessThan(60_000);
      expect(await history(seated.id)).toEqual([
        {
          from_status: null,
          to_status: 'sat',
          legacy_source: 'Sat',
          changed_by: who.hostessA.id,
          changes: {},
          at: expect.any(String),
        },
      ]);
      expect(await outboxOf(seated.id)).toEqual([['queue', 'sat']]);
    });

    it('refuses a table of another restaurant, no tables and a missing party size with the field messages', async () => {
      const r = await openRestaurant({ name: 'Чужие столы', tables: [{ number: '1', seatsMax: 4 }] });
      const other = await openRestaurant({ name: 'Соседи', tables: [{ number: '1', seatsMax: 4 }] });
      const foreign = await instantSeat(r.id, [other.table('1')]);
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toEqual({ tables: ['Некорректное значение'] });
      const none = await instantSeat(r.id, []);
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ tables: ['Заполните поле'] });
      const noSize = await staff('POST', '/api/reservation/instant_seat/', who.hostessA, {
        restaurant: r.id,
        tables: [r.table('1')],
      });
      expect(noSize.json()).toEqual({ group_size: ['Заполните поле'] });
      const rows = await t.database.db
        .select()
        .from(schema.queueEntries)
        .where(eq(schema.queueEntries.restaurantId, r.id));
      expect(rows).toEqual([]);
    });

    it("answers 'Этот стол уже занят' to seating at a table where a party sits, until that party leaves", async () => {
      const r = await openRestaurant({
        name: 'Занятый стол',
        tables: [
          { number: '1', seatsMax: 4 },
          { number: '2', seatsMax: 4 },
        ],
      });
      const first = QueueEntry.parse((await instantSeat(r.id, [r.table('1')], { name: 'Анна' })).json());
      const again = await instantSeat(r.id, [r.table('2'), r.table('1')]);
      expect(again.statusCode).toBe(409);
      // Who sits there and since when, in the restaurant's time (Moscow).
      const since = new Intl.DateTimeFormat('ru-RU', {
        timeZone: 'Europe/Moscow',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(first.seated_time ?? ''));
      expect(again.json()).toEqual({
        detail: `Этот стол уже занят: стол 1 — Анна, с ${since}`,
        code: 'table_taken',
        tables: [r.table('1')],
        occupied_by: [
          { table: r.table('1'), kind: 'queue', id: first.id, name: 'Анна', since: first.seated_time },
        ],
      });

      // The refused seating left nothing behind: the next guest gets number 2.
      const waiting = await walkIn(r.id);
      expect(waiting.number).toBe(2);
      const byPut = await update(waiting.id, { status: 'sat', tables: [r.table('1')] });
      expect(byPut.statusCode).toBe(409);
      expect(byPut.json()).toMatchObject({
        detail: expect.stringMatching(/^Этот стол уже занят: стол 1 — Анна/),
        code: 'table_taken',
      });
      expect((await entry(waiting.id)).status).toBe('live');

      expect((await update(waiting.id, { status: 'sat', tables: [r.table('2')] })).statusCode).toBe(200);
      // A seated party moved to another table: the same rule.
      const moveOver = await update(waiting.id, { tables: [r.table('1')] });
      expect(moveOver.statusCode).toBe(409);
      expect((await entry(waiting.id)).tables).toEqual([r.table('2')]);

      expect((await update(first.id, { status: 'closed' })).statusCode).toBe(200);
      const freed = await update(waiting.id, { tables: [r.table('1')] });
      expect(freed.statusCode, freed.body).toBe(200);
      expect(QueueEntry.parse(freed.json())).toMatchObject({ status: 'sat', tables: [r.table('1')] });
    });

    it('gives exactly one of two hostesses seating the same table at the same moment the table', async () => {
      const r = await openRestaurant({
        name: 'Гонка',
        tables: [
          { number: '1', seatsMax: 4 },
          { number: '2', seatsMax: 4 },
          { number: '3', seatsMax: 4 },
        ],
      });
      const [a, b, c] = [await walkIn(r.id), await walkIn(r.id), await walkIn(r.id)];
      if (!a || !b || !c) throw new Error('walk-ins were not created');
      const bothByPut = await Promise.all([
        update(a.id, { status: 'sat', tables: [r.table('1')] }),
        update(b.id, { status: 'sat', tables: [r.table('1')] }, who.adminA),
      ]);
      expect(byStatus(bothByPut)).toEqual([200, 409]);
      const bothAtOnce = await Promise.all([
        instantSeat(r.id, [r.table('2')]),
        instantSeat(r.id, [r.table('2')], {}, who.adminA),
      ]);
      expect(byStatus(bothAtOnce)).toEqual([201, 409]);
      const mixed = await Promise.all([
        update(c.id, { status: 'sat', tables: [r.table('3')] }),
        instantSeat(r.id, [r.table('3')], {}, who.adminA),
      ]);
      expect(byStatus(mixed).map((code) => (code < 300 ? 'seated' : code))).toEqual(['seated', 409]);

      for (const number of ['1', '2', '3']) {
        const atTable = await t.database.db
          .select()
          .from(schema.queueEntries)
          .where(
            and(
              eq(schema.queueEntries.status, 'sat'),
              arrayContains(schema.queueEntries.tableIds, [r.table(number)]),
            ),
          );
        expect(atTable, `table ${number}`).toHaveLength(1);
      }
    });

    it('is 404 to a hostess of another restaurant and 401 without a token', async () => {
      const r = await openRestaurant({ name: 'Закрытый', tables: [{ number: '1', seatsMax: 4 }] });
      expect((await instantSeat(r.id, [r.table('1')], {}, who.hostessB)).statusCode).toBe(404);
      const anonymous = await staff('POST', '/api/reservation/instant_seat/', null, {
        restaurant: r.id,
        group_size: 2,
        tables: [r.table('1')],
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('holding a guest in reserve', () => {
    it('numbers a held guest in the day, and keeps them out of the waits until they are made live', async () => {
      const r = await openRestaurant({ name: 'Резерв', tables: [{ number: '1', seatsMax: 2 }] });
      expect((await instantSeat(r.id, [r.table('1')])).statusCode).toBe(201);
      const phone = nextPhone();
      const res = await staff('POST', '/api/reservation/create_reservation/', who.hostessA, {
        restaurant: r.id,
        group_size: 2,
        name: 'Ольга',
        phone,
        comment: 'Позвонила, будет через час',
      });
      expect(res.statusCode, res.body).toBe(201);
      const held = QueueEntry.parse(res.json());
      expect(held).toMatchObject({
        restaurant: r.id,
        number: 2,
        name: 'Ольга',
        phone: e164(phone),
        comment: 'Позвонила, будет через час',
        source: 'staff',
        status: 'reserve',
        tables: [],
        quoted_wait: null,
        waiting_time: null,
        waiting_range: null,
        visits: 0,
        reach: null,
      });
      expect(
        (await history(held.id)).map((h: { from_status: string | null; to_status: string }) => [
          h.from_status,
          h.to_status,
        ]),
      ).toEqual([[null, 'reserve']]);
      expect(await outboxOf(held.id)).toEqual([]);

      // The table frees after 60 minutes of a couple and 10 of cleaning; the held guest does not count.
      const later = await walkIn(r.id);
      expect(later).toMatchObject({ number: 3, waiting_time: 70, quoted_wait: 70 });

      const live = await update(held.id, { status: 'live' });
      expect(live.statusCode, live.body).toBe(200);
      expect(QueueEntry.parse(live.json())).toMatchObject({ status: 'live', waiting_time: 70 });
      // Held since before the walk-in came: first in line now.
      expectAboutTurns((await entry(later.id)).waiting_time, 2);
    });

    it('refuses bad input, a phone already in the queue, and a hostess of another restaurant', async () => {
      const r = await openRestaurant({ name: 'Резерв 2', tables: [] });
      const reserve = (body: object, as: Person = who.hostessA) =>
        staff('POST', '/api/reservation/create_reservation/', as, {
          restaurant: r.id,
          group_size: 2,
          ...body,
        });
      expect((await reserve({ group_size: 0 })).json()).toEqual({
        group_size: ['Значение должно быть не меньше 1'],
      });
      expect((await reserve({ phone: '12345' })).json()).toEqual({
        phone: ['Некорректный номер мобильного телефона'],
      });
      const phone = nextPhone();
      expect((await reserve({ phone })).statusCode).toBe(201);
      const twice = await reserve({ phone });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ detail: 'Ты уже в очереди', code: 'already_queued' });
      expect((await reserve({}, who.hostessB)).statusCode).toBe(404);
    });
  });

  describe('sending a guest to another restaurant', () => {
    it("gives the next number of the target's day in its time zone, clears the tables, and tells both restaurants", async () => {
      const from = await openRestaurant({ name: 'Откуда', tables: [{ number: '1', seatsMax: 4 }] });
      const to = await openRestaurant({ name: 'Куда', timezone: 'Pacific/Kiritimati', tables: [] });
      expect((await walkIn(to.id)).number).toBe(1);
      const phone = nextPhone();
      const guest = await walkIn(from.id, { phone, name: 'Софья' });
      expect((await update(guest.id, { tables: [from.table('1')] })).statusCode).toBe(200);

      const streams = [
        await openEventStream(`${base}/api/restaurant/${from.id}/events/`, who.bearer(who.hostessA)),
        await openEventStream(`${base}/api/restaurant/${to.id}/events/`, who.bearer(who.hostessA)),
      ];
      for (const stream of streams) expect((await stream.next()).event).toBe('ready');

      const res = await staff('PUT', `/api/reservation/${guest.id}/update_resto/`, who.hostessA, {
        restaurant: to.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(QueueEntry.parse(res.json())).toMatchObject({
        id: guest.id,
        restaurant: to.id,
        number: 2,
        name: 'Софья',
        phone: e164(phone),
        status: 'live',
        tables: [],
        waiting_time: null,
      });
      const [row] = await t.database.db
        .select()
        .from(schema.queueEntries)
        .where(eq(schema.queueEntries.id, guest.id));
      expect(row?.serviceDate).toBe(localIsoDate('Pacific/Kiritimati', new Date()));

      for (const [stream, restaurant] of [
        [streams[0], from.id],
        [streams[1], to.id],
      ] as const) {
        const message = await stream?.next(1000);
        expect(message?.event).toBe('change');
        expect(RestaurantChange.parse(JSON.parse(message?.data ?? '{}'))).toEqual({
          kind: 'queue',
          restaurant,
          id: guest.id,
          status: 'live',
        });
        stream?.close();
      }

      expect((await history(guest.id)).at(-1)).toEqual({
        from_status: 'live',
        to_status: 'live',
        legacy_source: 'Live',
        changed_by: who.hostessA.id,
        changes: { from_restaurant: from.id, to_restaurant: to.id },
        at: expect.any(String),
      });
      const list = async (restaurant: number) =>
        z
          .array(QueueEntry)
          .parse((await staff('GET', `/api/reservation/?restaurant_id=${restaurant}`)).json())
          .map((e) => e.id);
      expect(await list(from.id)).not.toContain(guest.id);
      expect(await list(to.id)).toContain(guest.id);
    });

    it('refuses the same restaurant, a guest no longer waiting, and a phone already waiting there', async () => {
      const from = await openRestaurant({ name: 'Откуда 2', tables: [{ number: '1', seatsMax: 4 }] });
      const to = await openRestaurant({ name: 'Куда 2', tables: [] });
      const moveTo = (id: number, restaurant: number) =>
        staff('PUT', `/api/reservation/${id}/update_resto/`, who.hostessA, { restaurant });

      const waiting = await walkIn(from.id);
      const same = await moveTo(waiting.id, from.id);
      expect(same.statusCode).toBe(400);
      expect(same.json()).toEqual({ restaurant: ['Некорректное значение'] });

      const left = await walkIn(from.id);
      expect((await staff('DELETE', `/api/reservation/${left.id}/`)).statusCode).toBe(204);
      const gone = await moveTo(left.id, to.id);
      expect(gone.statusCode).toBe(409);
      expect(gone.json()).toEqual({
        detail: 'Так изменить статус гостя нельзя',
        code: 'invalid_transition',
        status: 'cancelled',
      });
      const seated = QueueEntry.parse((await instantSeat(from.id, [from.table('1')])).json());
      expect((await moveTo(seated.id, to.id)).json()).toMatchObject({
        code: 'invalid_transition',
        status: 'sat',
      });

      const phone = nextPhone();
      const there = await walkIn(to.id, { phone });
      const here = await walkIn(from.id, { phone });
      const twice = await moveTo(here.id, to.id);
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ detail: 'Ты уже в очереди', code: 'already_queued' });
      expect(await entry(here.id)).toMatchObject({ restaurant: from.id, number: here.number });
      // The refused move took no number of the target's day.
      expect((await walkIn(to.id)).number).toBe(there.number + 1);
    });

    it('is 404 for a restaurant the hostess does not work in, and for an entry of such a restaurant', async () => {
      const from = await openRestaurant({ name: 'Откуда 3', tables: [] });
      const guest = await walkIn(from.id);
      const toForeign = await staff('PUT', `/api/reservation/${guest.id}/update_resto/`, who.hostessA, {
        restaurant: who.restaurantB,
      });
      expect(toForeign.statusCode).toBe(404);
      const byForeigner = await staff('PUT', `/api/reservation/${guest.id}/update_resto/`, who.hostessB, {
        restaurant: who.restaurantB,
      });
      expect(byForeigner.statusCode).toBe(404);
      const anonymous = await staff('PUT', `/api/reservation/${guest.id}/update_resto/`, null, {
        restaurant: who.restaurantA,
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await entry(guest.id)).restaurant).toBe(from.id);
    });
  });

  describe('the seating plan', () => {
    it('lists zones in order, tables in natural number order with who sits there, and tables without a zone last', async () => {
      const r = await openRestaurant({
        name: 'План зала',
        zones: [
          { name: 'Терраса', sortOrder: 1 },
          { name: 'Бар', sortOrder: 0 },
          { name: 'Антресоль', sortOrder: 1 },
          { name: 'Пустая', sortOrder: 2 },
        ],
        tables: [
          { number: '10', seatsMax: 4, zone: 'Бар' },
          { number: '2', seatsMin: 2, seatsMax: 6, zone: 'Бар' },
          { number: '1', seatsMax: 2, zone: 'Бар' },
          { number: 'Т1', seatsMax: 4, zone: 'Терраса' },
          { number: '7', seatsMax: 8 },
        ],
      });
      const family = QueueEntry.parse(
        (await instantSeat(r.id, [r.table('2')], { group_size: 5, name: 'Семья' })).json(),
      );
      const gone = QueueEntry.parse((await instantSeat(r.id, [r.table('10')])).json());
      expect((await update(gone.id, { status: 'closed' })).statusCode).toBe(200);

      const res = await staff('GET', `/api/reservation/zones/${r.id}/`);
      expect(res.statusCode, res.body).toBe(200);
      const free = (number: string, seatsMin: number, seatsMax: number) => ({
        id: r.table(number),
        number,
        seats_min: seatsMin,
        seats_max: seatsMax,
        occupied_by: null,
        booked_by: null,
        next_booking: null,
      });
      expect(z.array(SeatingZone).parse(res.json())).toEqual([
        {
          id: r.zone('Бар'),
          name: 'Бар',
          tables: [
            free('1', 1, 2),
            {
              ...free('2', 2, 6),
              occupied_by: {
                kind: 'queue',
                id: family.id,
                number: family.number,
                name: 'Семья',
                group_size: 5,
                seated_time: family.seated_time,
                until: null,
              },
            },
            free('10', 1, 4),
          ],
        },
        { id: r.zone('Антресоль'), name: 'Антресоль', tables: [] },
        { id: r.zone('Терраса'), name: 'Терраса', tables: [free('Т1', 1, 4)] },
        { id: r.zone('Пустая'), name: 'Пустая', tables: [] },
        { id: null, name: '', tables: [free('7', 1, 8)] },
      ]);
    });

    it('is 404 to a hostess of another restaurant and 401 without a token', async () => {
      const r = await openRestaurant({ name: 'План 2', tables: [] });
      expect((await staff('GET', `/api/reservation/zones/${r.id}/`)).json()).toEqual([]);
      expect((await staff('GET', `/api/reservation/zones/${r.id}/`, who.hostessB)).statusCode).toBe(404);
      expect((await staff('GET', `/api/reservation/zones/${r.id}/`, null)).statusCode).toBe(401);
    });
  });

  describe('the forecast', () => {
    it('pages the waiting parties in queue order with their simulated waits, and quotes a party joining now', async () => {
      const r = await openRestaurant({ name: 'Прогноз', tables: [{ number: '1', seatsMax: 6 }] });
      const waiting: QueueEntry[] = [];
      for (let i = 1; i <= 12; i++) {
        waiting.push(await walkIn(r.id, { name: `Гость ${i}` }));
        if (i === 5) {
          // Neither a held guest nor one who left counts.
          expect(
            (
              await staff('POST', '/api/reservation/create_reservation/', who.hostessA, {
                restaurant: r.id,
                group_size: 2,
              })
            ).statusCode,
          ).toBe(201);
          const left = await walkIn(r.id);
          await staff('DELETE', `/api/reservation/${left.id}/`);
        }
      }
      const first = waiting[0];
      if (!first) throw new Error('no walk-ins');
      expect(
        (await staff('POST', '/api/reservation/invite/', who.hostessA, { id: first.id })).statusCode,
      ).toBe(200);

      const forecast = async (query = '') => {
        const res = await staff('GET', `/api/reservation/forecast/${r.id}/${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return Forecast.parse(res.json());
      };
      // One table: every couple takes 60 minutes (in the middle) and 10 of cleaning after the one
      // before; the first, for whom it is free now, is quoted the walk from the door (5 minutes by
      // default).
      const pageOne = await forecast();
      expect(pageOne.count).toBe(12);
      expect(pageOne.previous).toBeNull();
      expect(pageOne.next).toBe(`/api/reservation/forecast/${r.id}/?page=2&page_size=10`);
      expect(pageOne.results.map((item) => [item.id, item.status])).toEqual(
        waiting.slice(0, 10).map((w, i) => [w.id, i === 0 ? 'called' : 'live']),
      );
      const waits = pageOne.results.map((item) => item.waiting_time as number);
      expect(waits[0]).toBe(5);
      waits.slice(1).forEach((wait, i) => {
        expectAboutTurns(wait, i + 1);
        expect(wait).toBeGreaterThan(waits[i] as number);
      });
      // A party of up to 6 joining now waits behind all twelve couples, whatever its size.
      const behindAll = pageOne.now[0]?.waiting_time as number;
      expectAboutTurns(behindAll, 12);
      expect(pageOne.now).toEqual([
        ...[1, 2, 3, 4, 5, 6].map((size) => ({ group_size: size, waiting_time: behindAll })),
        { group_size: 7, waiting_time: null },
        { group_size: 8, waiting_time: null },
      ]);

      const pageTwo = await forecast('?page=2');
      const pageTwoWaits = pageTwo.results.map((item) => item.waiting_time as number);
      expectAboutTurns(pageTwoWaits[0], 10);
      expectAboutTurns(pageTwoWaits[1], 11);
      expect(pageTwoWaits[0]).toBeGreaterThan(waits[9] as number);
      expect(pageTwoWaits[1]).toBeGreaterThan(pageTwoWaits[0] as number);
      expect(behindAll).toBeGreaterThan(pageTwoWaits[1] as number);
      expect(pageTwo).toEqual({
        count: 12,
        next: null,
        previous: `/api/reservation/forecast/${r.id}/?page=1&page_size=10`,
        results: [
          {
            id: waiting[10]?.id,
            number: waiting[10]?.number,
            name: 'Гость 11',
            group_size: 2,
            status: 'live',
            waiting_time: pageTwoWaits[0],
            waiting_range: waitRange(pageTwoWaits[0] as number),
            table: r.table('1'),
          },
          {
            id: waiting[11]?.id,
            number: waiting[11]?.number,
            name: 'Гость 12',
            group_size: 2,
            status: 'live',
            waiting_time: pageTwoWaits[1],
            waiting_range: waitRange(pageTwoWaits[1] as number),
            table: r.table('1'),
          },
        ],
        now: pageOne.now,
      });

      const small = await forecast('?page=3&page_size=5');
      expect(small.results.map((item) => item.name)).toEqual(['Гость 11', 'Гость 12']);
      expect([small.previous, small.next]).toEqual([
        `/api/reservation/forecast/${r.id}/?page=2&page_size=5`,
        null,
      ]);
    });

    it('answers bad paging with the spec messages, and 404 to a hostess of another restaurant', async () => {
      const r = await openRestaurant({ name: 'Прогноз 2', tables: [] });
      const url = `/api/reservation/forecast/${r.id}/`;
      expect((await staff('GET', `${url}?page=0`)).json()).toEqual({
        page: ['Значение должно быть не меньше 1'],
      });
      expect((await staff('GET', `${url}?page_size=101`)).json()).toEqual({
        page_size: ['Значение должно быть не больше 100'],
      });
      expect((await staff('GET', url, who.hostessB)).statusCode).toBe(404);
      expect((await staff('GET', url, null)).statusCode).toBe(401);
    });
  });

  describe("a guest's earlier visits", () => {
    it('counts the earlier seated or finished visits of the same phone in the same restaurant', async () => {
      const r = await openRestaurant({ name: 'Постоянные', tables: [{ number: '1', seatsMax: 4 }] });
      const other = await openRestaurant({ name: 'Соседний', tables: [{ number: '1', seatsMax: 4 }] });
      const phone = nextPhone();
      const visit = async (restaurant: typeof r) => {
        const guest = await walkIn(restaurant.id, { phone });
        expect((await update(guest.id, { status: 'sat', tables: [restaurant.table('1')] })).statusCode).toBe(
          200,
        );
        expect((await update(guest.id, { status: 'closed' })).statusCode).toBe(200);
        return guest;
      };
      const first = await visit(r);
      const second = await visit(r);
      const left = await walkIn(r.id, { phone });
      await staff('DELETE', `/api/reservation/${left.id}/`);
      await visit(other);
      const noPhone = await walkIn(r.id);

      // Written another way at the door: the same guest.
      const back = await walkIn(r.id, { phone: `8 ${e164(phone).slice(2)}` });
      expect(back.visits).toBe(2);
      expect((await entry(back.id)).visits).toBe(2);
      expect((await entry(first.id)).visits).toBe(0);
      expect((await entry(second.id)).visits).toBe(1);

      const list = z
        .array(QueueEntry)
        .parse((await staff('GET', `/api/reservation/?restaurant_id=${r.id}`)).json());
      expect(Object.fromEntries(list.map((e) => [e.id, e.visits]))).toEqual({
        [first.id]: 0,
        [second.id]: 1,
        [left.id]: 2,
        [noPhone.id]: 0,
        [back.id]: 2,
      });
    });

    it('gives the history by phone newest first, with the visit count and the last visit', async () => {
      const r = await openRestaurant({ name: 'История', tables: [{ number: '1', seatsMax: 4 }] });
      const phone = nextPhone();
      const guest = async (name: string, then: QueueEntry['status'][]) => {
        const created = await walkIn(r.id, { phone, name, group_size: 3 });
        for (const status of then) {
          const body = status === 'sat' ? { status, tables: [r.table('1')] } : { status };
          expect((await update(created.id, body)).statusCode).toBe(200);
        }
        return entry(created.id);
      };
      const first = await guest('Лена', ['sat', 'closed']);
      const second = await guest('Лена К.', ['sat', 'closed']);
      const left = await guest('Лена', ['cancelled']);
      const now = await guest('Лена', []);

      const res = await staff(
        'GET',
        `/api/reservation/history-by-phone/?restaurant_id=${r.id}&phone_number=${encodeURIComponent(`8 (${e164(phone).slice(2, 5)}) ${e164(phone).slice(5)}`)}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const today = localIsoDate('Europe/Moscow', new Date());
      const item = (e: QueueEntry) => ({
        id: e.id,
        date: today,
        name: e.name,
        group_size: 3,
        status: e.status,
        created: e.created,
        seated_time: e.seated_time,
      });
      expect(PhoneHistory.parse(res.json())).toEqual({
        phone: e164(phone),
        visits: 2,
        last_visit: second.created,
        entries: [item(now), item(left), item(second), item(first)],
      });
      expect(first.seated_time).not.toBeNull();
    });

    it('gives at most the 20 newest entries, and counts every visit', async () => {
      const r = await openRestaurant({ name: 'История 2', tables: [] });
      const phone = e164(nextPhone());
      const visits = [];
      for (let daysAgo = 22; daysAgo >= 1; daysAgo--) {
        visits.push(
          await pastVisit({
            restaurantId: r.id,
            groupSize: 2,
            phone,
            seatedAt: new Date(Date.now() - daysAgo * 24 * 60 * 60_000),
            minutes: 60,
          }),
        );
      }
      const res = await staff(
        'GET',
        `/api/reservation/history-by-phone/?restaurant_id=${r.id}&phone_number=${encodeURIComponent(phone)}`,
      );
      const found = PhoneHistory.parse(res.json());
      const newestFirst = visits.slice(2).reverse();
      expect(found.visits).toBe(22);
      expect(found.last_visit).toBe(visits.at(-1)?.createdAt.toISOString());
      expect(found.entries.map((e) => [e.id, e.date])).toEqual(newestFirst.map((v) => [v.id, v.serviceDate]));
    });

    it('answers a bad phone with the spec messages, an unknown one with nothing, and 404 to another restaurant', async () => {
      const r = await openRestaurant({ name: 'История 3', tables: [] });
      const url = (phone: string) =>
        `/api/reservation/history-by-phone/?restaurant_id=${r.id}&phone_number=${encodeURIComponent(phone)}`;
      const bad = await staff('GET', url('12345'));
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ phone_number: ['Некорректный номер мобильного телефона'] });
      expect((await staff('GET', url(''))).json()).toEqual({ phone_number: ['Укажите номер телефона'] });
      const phone = nextPhone();
      expect((await staff('GET', url(phone))).json()).toEqual({
        phone: e164(phone),
        visits: 0,
        last_visit: null,
        entries: [],
      });
      expect((await staff('GET', url(phone), who.hostessB)).statusCode).toBe(404);
      expect((await staff('GET', url(phone), null)).statusCode).toBe(401);
    });
  });

  describe('turn times learned from history', () => {
    it("uses the median turn of the last four weeks' closed parties once a party size has five of them", async () => {
      const r = await openRestaurant({ name: 'Оборот', tables: [{ number: '1', seatsMax: 2 }] });
      expect((await instantSeat(r.id, [r.table('1')])).statusCode).toBe(201);
      const waiting = await walkIn(r.id);
      // No history: a couple stays the default 60 minutes, then 10 of cleaning.
      expect(waiting.waiting_time).toBe(70);

      const day = 24 * 60 * 60_000;
      const recent = (minutes: number) =>
        pastVisit({ restaurantId: r.id, groupSize: 2, seatedAt: new Date(Date.now() - 2 * day), minutes });
      for (const minutes of [20, 30, 30, 90]) await recent(minutes);
      for (let i = 0; i < 5; i++) {
        await pastVisit({
          restaurantId: r.id,
          groupSize: 2,
          seatedAt: new Date(Date.now() - 40 * day),
          minutes: 30,
        });
        await pastVisit({
          restaurantId: r.id,
          groupSize: 4,
          seatedAt: new Date(Date.now() - 2 * day),
          minutes: 30,
        });
      }
      // Four recent couples, five too old, five of another size: still the default.
      expect((await entry(waiting.id)).waiting_time).toBe(70);

      await recent(30);
      // Five recent couples: 20, 30, 30, 30, 90 make a median of 30 minutes (their mean would be 40).
      expect((await entry(waiting.id)).waiting_time).toBe(40);
      const forecast = Forecast.parse((await staff('GET', `/api/reservation/forecast/${r.id}/`)).json());
      // A couple joining now: behind the one waiting, two learned turns of 30 and cleaning.
      expectAboutTurns(forecast.now.find((q) => q.group_size === 2)?.waiting_time, 2, 40);
    });
  });
});
