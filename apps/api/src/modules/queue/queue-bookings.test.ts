import { Booking, QueueEntry, SeatingZone } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createIdentities, type Identities, type Person } from '../../test/identities';
import { openTestRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

const MINUTE = 60_000;
/** An instant `minutes` from now, to the minute. */
const fromNow = (minutes: number) =>
  new Date(Math.floor(Date.now() / MINUTE) * MINUTE + minutes * MINUTE).toISOString();

describe('no double booking from the queue side: a walk-in is not seated at a table a booking holds now', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload?: object,
    as: Person = who.hostessA,
  ) => t.app.inject({ method, url, headers: who.bearer(as), ...(payload ? { payload } : {}) });
  const hall = (name: string) =>
    openTestRestaurant(t, who, {
      name,
      tables: [
        { number: '1', seatsMax: 4 },
        { number: '2', seatsMax: 4 },
        { number: '3', seatsMax: 4 },
      ],
      groups: [{ name: '2+3', seatsMin: 5, seatsMax: 8, tables: ['2', '3'] }],
    });
  const book = async (body: object) => {
    const res = await call('POST', '/api/booking/', body);
    expect(res.statusCode, res.body).toBe(201);
    return Booking.parse(res.json());
  };
  const instantSeat = (restaurant: number, tables: number[]) =>
    call('POST', '/api/reservation/instant_seat/', { restaurant, group_size: 2, tables });
  const seatedRows = async (restaurant: number) =>
    (
      await t.database.db
        .select()
        .from(schema.queueEntries)
        .where(eq(schema.queueEntries.restaurantId, restaurant))
    ).filter((row) => row.status === 'sat');

  it('refuses an instant seat at a table whose booking covers now with a clear 409, and stores nothing', async () => {
    const r = await hall('Бронь сейчас');
    const booking = await book({
      restaurant: r.id,
      table: r.table('1'),
      group_size: 2,
      seating_time: fromNow(-30),
      end_time: fromNow(90),
    });
    const refused = await instantSeat(r.id, [r.table('1')]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'Стол 1 сейчас занят по брони. Посадите гостей за другой стол',
      code: 'table_booked',
      tables: [r.table('1')],
      bookings: [booking.id],
    });
    expect(await seatedRows(r.id)).toEqual([]);
    // Another table is free: seated.
    const other = await instantSeat(r.id, [r.table('3')]);
    expect(other.statusCode, other.body).toBe(201);
    // Once the booking is cancelled it holds nothing, and the table can be given to a walk-in.
    expect((await call('PATCH', `/api/booking/${booking.id}/`, { status: 'cancelled' })).statusCode).toBe(
      200,
    );
    expect((await instantSeat(r.id, [r.table('1')])).statusCode).toBe(201);
  });

  it('refuses seating a waiting guest (status sat) and moving a seated party onto a booked table', async () => {
    const r = await hall('Бронь и очередь');
    await book({
      restaurant: r.id,
      table: r.table('2'),
      group_size: 2,
      seating_time: fromNow(-10),
      end_time: fromNow(100),
    });
    const walkIn = await call('POST', '/api/reservation/', { restaurant: r.id, group_size: 2 });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const waiting = QueueEntry.parse(walkIn.json());
    const seat = await call('PUT', `/api/reservation/${waiting.id}/`, {
      status: 'sat',
      tables: [r.table('2')],
    });
    expect(seat.statusCode).toBe(409);
    expect(seat.json()).toMatchObject({
      code: 'table_booked',
      detail: 'Стол 2 сейчас занят по брони. Посадите гостей за другой стол',
    });
    const stillWaiting = QueueEntry.parse((await call('GET', `/api/reservation/${waiting.id}/`)).json());
    expect(stillWaiting).toMatchObject({ status: 'live', tables: [] });

    const seated = await call('PUT', `/api/reservation/${waiting.id}/`, {
      status: 'sat',
      tables: [r.table('1')],
    });
    expect(seated.statusCode, seated.body).toBe(200);
    const moveOver = await call('PUT', `/api/reservation/${waiting.id}/`, {
      tables: [r.table('1'), r.table('2')],
    });
    expect(moveOver.statusCode).toBe(409);
    expect(moveOver.json()).toMatchObject({ code: 'table_booked', tables: [r.table('2')] });
    expect(QueueEntry.parse((await call('GET', `/api/reservation/${waiting.id}/`)).json()).tables).toEqual([
      r.table('1'),
    ]);
  });

  it('lets a walk-in sit at a table booked for later in the day, but not inside the preparation time', async () => {
    const r = await hall('Бронь вечером');
    await book({
      restaurant: r.id,
      table: r.table('1'),
      group_size: 2,
      seating_time: fromNow(180),
      end_time: fromNow(300),
    });
    const now = await instantSeat(r.id, [r.table('1')]);
    expect(now.statusCode, now.body).toBe(201);

    // With 30 minutes to lay the table, a booking 20 minutes from now already holds it.
    const gaps = await call(
      'PATCH',
      `/api/settings/${r.id}/booking/`,
      { preparation_minutes: 30 },
      who.adminA,
    );
    expect(gaps.statusCode, gaps.body).toBe(200);
    await book({
      restaurant: r.id,
      table: r.table('3'),
      group_size: 2,
      seating_time: fromNow(20),
      end_time: fromNow(140),
    });
    const soon = await instantSeat(r.id, [r.table('3')]);
    expect(soon.statusCode).toBe(409);
    expect(soon.json()).toMatchObject({ code: 'table_booked', tables: [r.table('3')] });
  });

  it('counts the cleaning time after a booking, every member of a booked group, and a seated booking past its end', async () => {
    const r = await hall('Группа и уборка');
    // Ended five minutes ago: the default 15 minutes of cleaning still hold table 1.
    await book({
      restaurant: r.id,
      table: r.table('1'),
      group_size: 2,
      seating_time: fromNow(-125),
      end_time: fromNow(-5),
    });
    expect((await instantSeat(r.id, [r.table('1')])).json()).toMatchObject({ code: 'table_booked' });

    // A group booking holds both its tables.
    await book({
      restaurant: r.id,
      group: r.group('2+3'),
      group_size: 6,
      seating_time: fromNow(-15),
      end_time: fromNow(120),
    });
    const member = await instantSeat(r.id, [r.table('3')]);
    expect(member.statusCode).toBe(409);
    expect(member.json()).toMatchObject({ code: 'table_booked', tables: [r.table('3')] });
    expect(await seatedRows(r.id)).toEqual([]);

    // A booked party seated and overstaying (its end and cleaning passed) is still at the table.
    const other = await hall('Пересиживают');
    const late = await book({
      restaurant: other.id,
      table: other.table('1'),
      group_size: 2,
      seating_time: fromNow(-180),
      end_time: fromNow(-60),
    });
    // Its time is over: a walk-in may sit there (and leaves again).
    const walkIn = await instantSeat(other.id, [other.table('1')]);
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const left = await call('PUT', `/api/reservation/${walkIn.json().id}/`, { status: 'closed' });
    expect(left.statusCode, left.body).toBe(200);
    // But the booked party turns up late and is seated: now it holds the table, however late it is.
    expect((await call('PATCH', `/api/booking/${late.id}/`, { status: 'open' })).statusCode).toBe(200);
    const overstaying = await instantSeat(other.id, [other.table('1')]);
    expect(overstaying.statusCode).toBe(409);
    // Its guests sit there (the one occupancy): 'Этот стол уже занят', naming the booking.
    expect(overstaying.json()).toMatchObject({
      code: 'table_taken',
      occupied_by: [{ table: other.table('1'), kind: 'booking', id: late.id }],
    });
    expect((await call('PATCH', `/api/booking/${late.id}/`, { status: 'closed' })).statusCode).toBe(200);
    expect((await instantSeat(other.id, [other.table('1')])).statusCode).toBe(201);
  });

  it('shows the seat picker the booking that holds each table now, as the rule reads it, and the next one of the day', async () => {
    // A zone where it is about noon now: the rest of the service day (to 06:00) is long whatever the
    // hour of the run, so the bookings a few hours ahead are today's and one a day ahead is not.
    const utcHour = new Date().getUTCHours();
    const offset = ((12 - utcHour + 36) % 24) - 12;
    const r = await openTestRestaurant(t, who, {
      name: 'Выбор стола',
      timezone: `Etc/GMT${offset <= 0 ? '+' : '-'}${Math.abs(offset)}`,
      tables: [
        { number: '1', seatsMax: 4 },
        { number: '2', seatsMax: 4 },
        { number: '3', seatsMax: 4 },
        { number: '4', seatsMax: 4 },
      ],
    });
    const picked = (booking: Booking) => ({
      id: booking.id,
      name: booking.name,
      group_size: booking.group_size,
      seating_time: booking.seating_time,
      end_time: booking.end_time,
    });
    const now1 = await book({
      restaurant: r.id,
      table: r.table('1'),
      group_size: 2,
      name: 'Сейчас',
      seating_time: fromNow(-30),
      end_time: fromNow(90),
    });
    const later1 = await book({
      restaurant: r.id,
      table: r.table('1'),
      group_size: 3,
      name: 'Потом',
      seating_time: fromNow(240),
      end_time: fromNow(330),
    });
    const evening2 = await book({
      restaurant: r.id,
      table: r.table('2'),
      group_size: 4,
      name: 'Вечер',
      seating_time: fromNow(120),
      end_time: fromNow(240),
    });
    await book({
      restaurant: r.id,
      table: r.table('2'),
      group_size: 2,
      name: 'Завтра',
      seating_time: fromNow(26 * 60),
      end_time: fromNow(28 * 60),
    });
    const cancelled = await book({
      restaurant: r.id,
      table: r.table('3'),
      group_size: 2,
      seating_time: fromNow(-10),
      end_time: fromNow(100),
    });
    expect((await call('PATCH', `/api/booking/${cancelled.id}/`, { status: 'cancelled' })).statusCode).toBe(
      200,
    );
    // With 30 minutes to lay the table, a booking 20 minutes from now holds it already.
    const gaps = await call(
      'PATCH',
      `/api/settings/${r.id}/booking/`,
      { preparation_minutes: 30 },
      who.adminA,
    );
    expect(gaps.statusCode, gaps.body).toBe(200);
    const soon4 = await book({
      restaurant: r.id,
      table: r.table('4'),
      group_size: 2,
      name: 'Скоро',
      seating_time: fromNow(20),
      end_time: fromNow(140),
    });

    const zones = z.array(SeatingZone).parse((await call('GET', `/api/reservation/zones/${r.id}/`)).json());
    const byNumber = new Map(zones.flatMap((zone) => zone.tables).map((table) => [table.number, table]));
    expect([...byNumber].map(([number, table]) => [number, table.booked_by, table.next_booking])).toEqual([
      ['1', picked(now1), picked(later1)],
      ['2', null, picked(evening2)],
      ['3', null, null],
      ['4', picked(soon4), null],
    ]);
    // What the picker says is held, the rule refuses, and what it says is free, it lets through.
    for (const number of ['1', '4']) {
      expect((await instantSeat(r.id, [r.table(number)])).json()).toMatchObject({ code: 'table_booked' });
    }
    for (const number of ['2', '3']) {
      expect((await instantSeat(r.id, [r.table(number)])).statusCode).toBe(201);
    }
  });

  it('of a booking for right now and a walk-in seated at the same table at the same moment, lets exactly one through', async () => {
    const rounds = 6;
    const r = await openTestRestaurant(t, who, {
      name: 'Одновременно',
      tables: Array.from({ length: rounds }, (_, i) => ({ number: String(i + 1), seatsMax: 4 })),
    });
    const outcomes = await Promise.all(
      Array.from({ length: rounds }, async (_, i) => {
        const table = r.table(String(i + 1));
        // Both at once, each on its own: the booking's table search reads the hall before the
        // walk-in's seating commits, so only the check in its writing transaction can see it.
        const [booking, seat] = await Promise.all([
          call('POST', '/api/booking/', {
            restaurant: r.id,
            table,
            group_size: 2,
            seating_time: fromNow(0),
            end_time: fromNow(90),
          }),
          instantSeat(r.id, [table]),
        ]);
        return { table, booking, seat };
      }),
    );
    for (const { table, booking, seat } of outcomes) {
      const codes = [booking.statusCode, seat.statusCode].sort();
      expect(codes, `${booking.body} ${seat.body}`).toEqual([201, 409]);
      if (booking.statusCode === 409)
        expect(booking.json()).toMatchObject({ code: 'booking_conflict', tables: [table] });
      else expect(seat.json()).toMatchObject({ code: 'table_booked', tables: [table] });
    }
    // And the database agrees: each table has one booking or one seated party, never both.
    const seatedAt = (await seatedRows(r.id)).flatMap((row) => row.tableIds);
    const booked = (
      await t.database.db
        .select({ tableId: schema.bookingTables.tableId })
        .from(schema.bookingTables)
        .where(eq(schema.bookingTables.restaurantId, r.id))
    ).map((row) => row.tableId);
    expect(seatedAt.filter((id) => booked.includes(id))).toEqual([]);
    expect(seatedAt.length + booked.length).toBe(rounds);
  });

  it('checks a seated walk-in when a booking is moved onto its table, but lets the booked guest be marked arrived', async () => {
    const r = await hall('Переносы');
    const booking = await book({
      restaurant: r.id,
      table: r.table('1'),
      group_size: 2,
      seating_time: fromNow(-10),
      end_time: fromNow(90),
    });
    // A walk-in is at table 2 now.
    const walkIn = await instantSeat(r.id, [r.table('2')]);
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const moved = await call('PATCH', `/api/booking/${booking.id}/`, { table: r.table('2') });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'booking_conflict', tables: [r.table('2')] });
    expect(Booking.parse((await call('GET', `/api/booking/${booking.id}/`)).json()).table).toBe(r.table('1'));

    // The last party at table 1 lingers (seated there before the booking, written as the hall
    // had it): the booked guest who has come can still be marked arrived, in place.
    const seatedAt = new Date(Date.now() - 100 * MINUTE);
    const [lingering] = await t.database.db
      .insert(schema.queueEntries)
      .values({
        restaurantId: r.id,
        number: 900,
        serviceDate: new Date().toISOString().slice(0, 10),
        groupSize: 2,
        status: 'sat',
        tableIds: [r.table('1')],
        seatedAt,
        source: 'staff',
        guestToken: 'lingering-party',
      })
      .returning();
    await t.database.db.insert(schema.tableOccupancies).values({
      tableId: r.table('1'),
      restaurantId: r.id,
      queueEntryId: lingering?.id ?? 0,
      since: seatedAt,
    });
    const arrived = await call('PATCH', `/api/booking/${booking.id}/`, { status: 'waiting' });
    expect(arrived.statusCode, arrived.body).toBe(200);
    // But the booking is not moved to a later time onto the lingering party either.
    const later = await call('PATCH', `/api/booking/${booking.id}/`, { seating_time: fromNow(-5) });
    expect(later.statusCode).toBe(409);
    expect(later.json()).toMatchObject({ code: 'booking_conflict' });
  });

  it('never leaves a walk-in at a table deleted at the same moment', async () => {
    const rounds = 6;
    const r = await openTestRestaurant(t, who, {
      name: 'Удаление',
      tables: Array.from({ length: rounds }, (_, i) => ({ number: String(i + 1), seatsMax: 4 })),
    });
    const outcomes = await Promise.all(
      Array.from({ length: rounds }, async (_, i) => {
        const table = r.table(String(i + 1));
        const [removed, seat] = await Promise.all([
          t.app.inject({
            method: 'DELETE',
            url: `/api/tables/?pk=${table}`,
            headers: who.bearer(who.adminA),
          }),
          instantSeat(r.id, [table]),
        ]);
        return { removed, seat };
      }),
    );
    for (const { removed, seat } of outcomes) {
      // Either the party sat first (and the delete says so), or the table went first.
      if (seat.statusCode === 201) expect(removed.json()).toMatchObject({ code: 'table_in_use' });
      else {
        expect(removed.statusCode, removed.body).toBe(204);
        expect(seat.statusCode, seat.body).toBe(400);
      }
    }
    const left = new Set(
      (
        await t.database.db
          .select({ id: schema.diningTables.id })
          .from(schema.diningTables)
          .where(eq(schema.diningTables.restaurantId, r.id))
      ).map((row) => row.id),
    );
    for (const row of await seatedRows(r.id)) for (const id of row.tableIds) expect(left.has(id)).toBe(true);
  });
});
