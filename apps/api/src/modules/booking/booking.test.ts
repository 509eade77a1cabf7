import {
  AvailableSlotsV1,
  AvailableSlotsV2,
  Booking,
  BookingHistoryItem,
  BookingPage,
  DayTablePage,
  GuestBookingCreated,
  GuestBookingStatus,
  GuestCount,
  HistorySearchGuest,
  RestaurantChange,
  TableFitSchema,
} from '@stolik/contracts';
import { schema } from '@stolik/db';
import { addDays, localIsoDate, zonedInstant } from '@stolik/domain';
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openEventStream } from '../../test/event-stream';
import { createIdentities, type Identities, type Person } from '../../test/identities';
import { openTestRestaurant, type RestaurantFixture } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

const TZ = 'Europe/Moscow';
/** A day a week ahead: far from any lead-time rule and from today's clock. */
const DAY = addDays(localIsoDate(TZ, new Date()), 7);
const at = (time: string, date = DAY) => zonedInstant(TZ, date, time).toISOString();

describe('bookings: availability, no double booking, the status machine, guests', () => {
  let t: TestApp;
  let who: Identities;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    as: Person | null = who.hostessA,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(as ? who.bearer(as) : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
  const open = (options: RestaurantFixture) => openTestRestaurant(t, who, options);
  /** One table of four, a couple's table and a pair of tables that make a group of eight; 12:00-23:00. */
  const smallHall = (name: string) =>
    open({
      name,
      zones: [
        { name: 'Зал', sortOrder: 0 },
        { name: 'Терраса', sortOrder: 1 },
      ],
      tables: [
        { number: '1', seatsMax: 4, seatsMin: 2, zone: 'Зал' },
        { number: '2', seatsMax: 2, zone: 'Зал' },
        { number: '3', seatsMax: 4, seatsMin: 2, zone: 'Терраса' },
        { number: '4', seatsMax: 4, seatsMin: 2, zone: 'Терраса' },
      ],
      groups: [{ name: '3+4', seatsMin: 5, seatsMax: 8, tables: ['3', '4'] }],
      hours: { opens: '12:00', closes: '23:00' },
    });
  const book = (body: object, as: Person = who.hostessA) => call('POST', '/api/booking/', as, body);
  const created = async (body: object) => {
    const res = await book(body);
    expect(res.statusCode, res.body).toBe(201);
    return Booking.parse(res.json());
  };
  const patch = (id: number, body: object, as: Person = who.hostessA) =>
    call('PATCH', `/api/booking/${id}/`, as, body);
  const outboxOf = async (id: number) =>
    (
      await t.database.db
        .select()
        .from(schema.outbox)
        .where(eq(schema.outbox.entityId, id))
        .orderBy(asc(schema.outbox.id))
    )
      .filter((row) => row.type !== 'queue')
      .map((row) => [row.type, row.status]);

  describe('staff bookings', () => {
    it('books a named table with the duration of its party size, and writes history and the outbox', async () => {
      const hall = await smallHall('Бронь 1');
      const booking = await created({
        restaurant: hall.id,
        table: hall.table('1'),
        group_size: 4,
        seating_time: at('19:00'),
        name: 'Анна',
        phone: '+7 916 000-11-22',
        comment: 'у окна',
      });
      expect(booking).toMatchObject({
        restaurant: hall.id,
        table: hall.table('1'),
        group: null,
        tables: [hall.table('1')],
        status: 'application',
        source: 'staff',
        phone: '+79160001122',
        visits: 0,
      });
      // No duration list saved: the default two hours.
      expect(new Date(booking.end_time).getTime() - new Date(booking.seating_time).getTime()).toBe(
        120 * 60_000,
      );
      const history = z
        .array(BookingHistoryItem)
        .parse((await call('GET', `/api/booking/${booking.id}/get-history/`)).json());
      expect(history).toEqual([
        expect.objectContaining({
          from_status: null,
          to_status: 'application',
          changed_by: who.hostessA.id,
          changed_by_name: 'hostess.a',
        }),
      ]);
      expect(await outboxOf(booking.id)).toEqual([['booking', 'application']]);
    });

    it('refuses an overlap on the same table, cleaning time included, with a clear 409', async () => {
      const hall = await smallHall('Бронь 2');
      const first = { restaurant: hall.id, table: hall.table('1'), group_size: 2 };
      await created({ ...first, seating_time: at('19:00'), end_time: at('21:00') });
      const overlap = await book({ ...first, seating_time: at('20:00') });
      expect(overlap.statusCode).toBe(409);
      expect(overlap.json()).toEqual({
        detail: 'Этот стол уже забронирован на это время',
        code: 'booking_conflict',
        tables: [hall.table('1')],
      });
      // 21:00 + 15 minutes of cleaning (the default): 21:00 and 21:10 are taken, 21:15 is free.
      expect((await book({ ...first, seating_time: at('21:00') })).statusCode).toBe(409);
      expect((await book({ ...first, seating_time: at('21:10') })).statusCode).toBe(409);
      expect((await book({ ...first, seating_time: at('21:15') })).statusCode).toBe(201);
      // Another table at the same time is fine.
      expect((await book({ ...first, table: hall.table('2'), seating_time: at('19:00') })).statusCode).toBe(
        201,
      );
    });

    it('chooses the best free fit when no table is named, and a group for a large party', async () => {
      const hall = await smallHall('Бронь 3');
      const couple = await created({ restaurant: hall.id, group_size: 2, seating_time: at('19:00') });
      expect(couple.tables).toEqual([hall.table('2')]);
      const party = await created({ restaurant: hall.id, group_size: 7, seating_time: at('19:00') });
      expect(party).toMatchObject({ group: hall.group('3+4'), table: null });
      expect(party.tables.sort()).toEqual([hall.table('3'), hall.table('4')].sort());
      // The group holds its members: table 3 is taken then.
      const onMember = await book({
        restaurant: hall.id,
        table: hall.table('3'),
        group_size: 2,
        seating_time: at('19:30'),
      });
      expect(onMember.statusCode).toBe(409);
      // Nothing left for a party of 4 at 19:00: 1 is free... take it, then nothing.
      await created({ restaurant: hall.id, group_size: 4, seating_time: at('19:00') });
      const none = await book({ restaurant: hall.id, group_size: 4, seating_time: at('19:00') });
      expect(none.statusCode).toBe(409);
      expect(none.json()).toMatchObject({
        code: 'no_table',
        detail: 'На это время нет подходящего свободного стола',
      });
    });

    it('a member table booked blocks its group', async () => {
      const hall = await smallHall('Бронь 4');
      await created({
        restaurant: hall.id,
        table: hall.table('4'),
        group_size: 2,
        seating_time: at('18:00'),
      });
      const res = await book({
        restaurant: hall.id,
        group: hall.group('3+4'),
        group_size: 6,
        seating_time: at('18:30'),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'booking_conflict' });
    });

    it('of 20 requests at once for one table and time exactly one wins and 19 get a clear 409', async () => {
      const hall = await smallHall('Гонка');
      const body = JSON.stringify({
        restaurant: hall.id,
        table: hall.table('1'),
        group_size: 2,
        seating_time: at('20:00'),
      });
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${base}/api/booking/`, {
            method: 'POST',
            headers: { ...who.bearer(who.hostessA), 'content-type': 'application/json' },
            body,
          }),
        ),
      );
      const codes = responses.map((r) => r.status).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      for (const response of responses.filter((r) => r.status === 409)) {
        expect(await response.json()).toMatchObject({
          code: 'booking_conflict',
          detail: 'Этот стол уже забронирован на это время',
        });
      }
      const held = await t.database.db
        .select()
        .from(schema.bookingTables)
        .where(eq(schema.bookingTables.tableId, hall.table('1')));
      expect(held).toHaveLength(1);
    });

    it('answers bad input with the spec messages and stores nothing', async () => {
      const hall = await smallHall('Бронь 5');
      const before = (await t.database.db.select().from(schema.bookings)).length;
      const badPhone = await book({
        restaurant: hall.id,
        group_size: 2,
        seating_time: at('19:00'),
        phone: '12',
      });
      expect(badPhone.statusCode).toBe(400);
      expect(badPhone.json()).toEqual({ phone: ['Некорректный номер мобильного телефона'] });
      const missing = await book({ restaurant: hall.id, seating_time: at('19:00') });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ group_size: ['Заполните поле'] });
      const endFirst = await book({
        restaurant: hall.id,
        group_size: 2,
        seating_time: at('19:00'),
        end_time: at('18:00'),
      });
      expect(endFirst.statusCode).toBe(400);
      expect(Object.keys(endFirst.json())).toEqual(['end_time']);
      const noOffset = await book({ restaurant: hall.id, group_size: 2, seating_time: '2026-01-01T19:00' });
      expect(noOffset.statusCode).toBe(400);
      const tooBig = await book({
        restaurant: hall.id,
        table: hall.table('2'),
        group_size: 4,
        seating_time: at('19:00'),
      });
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json()).toEqual({ table: ['Стол не подходит для такого числа гостей'] });
      const foreignTable = await book({
        restaurant: hall.id,
        table: 999_999,
        group_size: 2,
        seating_time: at('19:00'),
      });
      expect(foreignTable.statusCode).toBe(400);
      expect((await t.database.db.select().from(schema.bookings)).length).toBe(before);
    });

    it('keeps restaurants apart: 404 for another restaurant, contacts export for managers only', async () => {
      const hall = await smallHall('Бронь 6');
      const booking = await created({
        restaurant: hall.id,
        group_size: 2,
        seating_time: at('19:00'),
        name: 'Ольга',
        phone: '+79160002233',
      });
      expect((await call('GET', `/api/booking/${booking.id}/`, who.hostessB)).statusCode).toBe(404);
      expect((await patch(booking.id, { status: 'cancelled' }, who.hostessB)).statusCode).toBe(404);
      expect((await call('GET', `/api/booking/?restaurant_id=${hall.id}`, who.hostessB)).statusCode).toBe(
        404,
      );
      expect(
        (await book({ restaurant: hall.id, group_size: 2, seating_time: at('12:00') }, who.hostessB))
          .statusCode,
      ).toBe(404);
      const url = `/api/booking/guests-contacts-export/?restaurant_id=${hall.id}&start_date=${DAY}`;
      expect((await call('GET', url, who.hostessA)).statusCode).toBe(403);
      const file = await call('GET', url, who.adminA);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Гости');
      expect(sheet?.getRow(1).values).toEqual([
        undefined,
        'Дата',
        'Время',
        'Имя',
        'Телефон',
        'Гостей',
        'Статус',
        'Источник',
        'Комментарий',
      ]);
      const [year, month, day] = DAY.split('-');
      expect(sheet?.getRow(2).values).toEqual([
        undefined,
        `${day}.${month}.${year}`,
        '19:00',
        'Ольга',
        '+79160002233',
        2,
        'Ожидаем',
        'Сотрудник',
        '',
      ]);
    });
  });

  describe('the status machine', () => {
    it('moves as the machine allows, frees the table on cancel, and takes it back only if still free', async () => {
      const hall = await smallHall('Статусы');
      const booking = await created({
        restaurant: hall.id,
        table: hall.table('1'),
        group_size: 2,
        seating_time: at('19:00'),
      });
      const refused = await patch(booking.id, { status: 'closed' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'invalid_transition',
        detail: 'Так изменить статус брони нельзя',
        status: 'application',
      });

      expect((await patch(booking.id, { status: 'cancelled' })).statusCode).toBe(200);
      // Cancelled holds nothing: the same table and time can be booked again.
      const other = await created({
        restaurant: hall.id,
        table: hall.table('1'),
        group_size: 2,
        seating_time: at('19:30'),
      });
      // Undoing the cancel would double-book: refused, the booking stays cancelled.
      const undo = await patch(booking.id, { status: 'application' });
      expect(undo.statusCode).toBe(409);
      expect(undo.json()).toMatchObject({ code: 'booking_conflict' });
      expect(Booking.parse((await call('GET', `/api/booking/${booking.id}/`)).json()).status).toBe(
        'cancelled',
      );

      expect((await patch(other.id, { status: 'waiting' })).statusCode).toBe(200);
      expect((await patch(other.id, { status: 'open' })).statusCode).toBe(200);
      const closed = await patch(other.id, { status: 'closed' });
      expect(closed.statusCode).toBe(200);
      expect(await outboxOf(other.id)).toEqual([
        ['booking', 'application'],
        ['booking', 'waiting'],
        ['booking', 'open'],
      ]);
      // Closed frees the table for a later party.
      await created({
        restaurant: hall.id,
        table: hall.table('1'),
        group_size: 2,
        seating_time: at('20:00'),
      });
    });

    it('checks a new time, size or table before saving, leaving the booking as it was on a conflict', async () => {
      const hall = await smallHall('Правка');
      const a = await created({
        restaurant: hall.id,
        table: hall.table('1'),
        group_size: 2,
        seating_time: at('18:00'),
      });
      const b = await created({
        restaurant: hall.id,
        table: hall.table('3'),
        group_size: 2,
        seating_time: at('18:00'),
      });
      // Moving b onto a's table at the same time: refused.
      const clash = await patch(b.id, { table: hall.table('1') });
      expect(clash.statusCode).toBe(409);
      // Later the same evening a's table is free: the move and the new time are saved together, and
      // the booking keeps its length.
      const moved = await patch(b.id, { table: hall.table('1'), seating_time: at('20:30') });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(Booking.parse(moved.json())).toMatchObject({
        table: hall.table('1'),
        seating_time: at('20:30'),
        end_time: at('22:30'),
      });
      // A booking moving within its own time does not collide with itself; up to b's time, it would.
      expect((await patch(a.id, { seating_time: at('18:15') })).statusCode).toBe(200);
      expect((await patch(a.id, { seating_time: at('18:30') })).statusCode).toBe(409);
      // Too many guests for the table.
      const tooMany = await patch(a.id, { group_size: 6 });
      expect(tooMany.statusCode).toBe(400);
      expect(Booking.parse((await call('GET', `/api/booking/${a.id}/`)).json()).group_size).toBe(2);
    });

    it('puts a request on the waiting list without a table and seats it later on the best fit', async () => {
      const hall = await smallHall('Лист ожидания');
      const res = await call('POST', '/api/booking/waiting_queue/', who.hostessA, {
        restaurant: hall.id,
        group_size: 2,
        seating_time: at('19:00'),
        name: 'Ждущий',
      });
      expect(res.statusCode, res.body).toBe(201);
      const waiting = Booking.parse(res.json());
      expect(waiting).toMatchObject({ status: 'waiting_list', tables: [], table: null });
      const list = BookingPage.parse(
        (await call('GET', `/api/booking/?restaurant_id=${hall.id}&in_waiting_queue=true`)).json(),
      );
      expect(list.results.map((b) => b.id)).toEqual([waiting.id]);
      const confirmed = Booking.parse((await patch(waiting.id, { status: 'application' })).json());
      expect(confirmed).toMatchObject({ status: 'application', tables: [hall.table('2')] });
    });

    it('moves a booking to another restaurant of the same staff member', async () => {
      const from = await smallHall('Откуда');
      const to = await smallHall('Куда');
      const booking = await created({ restaurant: from.id, group_size: 2, seating_time: at('19:00') });
      const res = await call('PATCH', '/api/booking/change-restaurant/', who.hostessA, {
        booking: booking.id,
        restaurant: to.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(Booking.parse(res.json())).toMatchObject({ restaurant: to.id, tables: [to.table('2')] });
      const foreign = await call('PATCH', '/api/booking/change-restaurant/', who.hostessA, {
        booking: booking.id,
        restaurant: who.restaurantB,
      });
      expect(foreign.statusCode).toBe(404);
    });
  });

  describe('lists and counts', () => {
    it('lists by day, status and search, counts guests, and finds earlier guests', async () => {
      const hall = await smallHall('Списки');
      const a = await created({
        restaurant: hall.id,
        group_size: 2,
        seating_time: at('13:00'),
        name: 'Пётр Первый',
        phone: '+79161110001',
      });
      await created({
        restaurant: hall.id,
        group_size: 4,
        seating_time: at('14:00'),
        name: 'Мария',
        phone: '+79161110002',
      });
      // 00:30 the next night belongs to this service day.
      await created({
        restaurant: hall.id,
        table: hall.table('3'),
        group_size: 3,
        seating_time: at('00:30', addDays(DAY, 1)),
        end_time: at('01:30', addDays(DAY, 1)),
      });
      await created({ restaurant: hall.id, group_size: 2, seating_time: at('13:00', addDays(DAY, 1)) });
      await patch(a.id, { status: 'cancelled' });
      const day = BookingPage.parse(
        (
          await call('GET', `/api/booking/?restaurant_id=${hall.id}&start_date=${DAY}&end_date=${DAY}`)
        ).json(),
      );
      expect(day.count).toBe(3);
      expect(day.results.map((b) => b.group_size)).toEqual([2, 4, 3]);
      const active = BookingPage.parse(
        (
          await call(
            'GET',
            `/api/booking/?restaurant_id=${hall.id}&start_date=${DAY}&end_date=${DAY}&status=application`,
          )
        ).json(),
      );
      expect(active.count).toBe(2);
      const found = BookingPage.parse(
        (await call('GET', `/api/booking/?restaurant_id=${hall.id}&search=пётр`)).json(),
      );
      expect(found.results.map((b) => b.id)).toEqual([a.id]);
      const byPhone = BookingPage.parse(
        (await call('GET', `/api/booking/?restaurant_id=${hall.id}&search=110002`)).json(),
      );
      expect(byPhone.results.map((b) => b.name)).toEqual(['Мария']);
      const paged = BookingPage.parse(
        (await call('GET', `/api/booking/?restaurant_id=${hall.id}&page_size=2`)).json(),
      );
      expect(paged).toMatchObject({ count: 4, previous: null });
      expect(paged.next).toContain('page=2');

      const count = GuestCount.parse(
        (await call('GET', `/api/booking/guest-count/?restaurant_id=${hall.id}&date=${DAY}`)).json(),
      );
      expect(count).toMatchObject({ date: DAY, bookings: 3, guests: 7 });
      expect(count.by_status).toEqual([
        { status: 'application', bookings: 2, guests: 7 },
        { status: 'cancelled', bookings: 1, guests: 2 },
      ]);

      const guests = z
        .array(HistorySearchGuest)
        .parse(
          (
            await call(
              'GET',
              `/api/booking/history-by-search-field/?restaurant_id=${hall.id}&search_field=1611100`,
            )
          ).json(),
        );
      expect(guests.map((g) => g.name).sort()).toEqual(['Мария', 'Пётр Первый']);
      const howMany = await call(
        'GET',
        `/api/booking/history-by-search-count/?restaurant_id=${hall.id}&search_field=Мари`,
      );
      expect(howMany.json()).toEqual({ count: 1 });
      expect(
        (await call('GET', `/api/booking/history-by-search-field/?restaurant_id=${hall.id}&search_field=a`))
          .statusCode,
      ).toBe(400);
    });
  });

  describe('availability', () => {
    it('offers the starts at which the table is free, and names the best fits at a time', async () => {
      const hall = await open({
        name: 'Один стол',
        tables: [{ number: '1', seatsMax: 4, seatsMin: 1 }],
        hours: { opens: '12:00', closes: '23:00' },
      });
      await created({
        restaurant: hall.id,
        table: hall.table('1'),
        group_size: 4,
        seating_time: at('19:00'),
      });
      const v1 = AvailableSlotsV1.parse(
        (await call('GET', `/api/available_slots/?restaurant_id=${hall.id}&date=${DAY}&group_size=4`)).json(),
      );
      // Two hours plus 15 minutes of cleaning must end by 19:00; after 21:15 two hours no longer fit by 23:00.
      const expected: string[] = [];
      for (let minutes = 12 * 60; minutes <= 16 * 60 + 45; minutes += 15) {
        expected.push(
          `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
        );
      }
      expect(v1).toEqual(expected);
      const v2 = AvailableSlotsV2.parse(
        (
          await call(
            'GET',
            `/api/v2/available_slots/?restaurant_id=${hall.id}&date=${DAY}&group_size=4&durations=60`,
          )
        ).json(),
      );
      expect(v2.slots.at(-1)).toMatchObject({ time: '22:00', options: 1 });
      expect(v2.slots.map((s) => s.time)).toContain('17:45');

      const day = DayTablePage.parse(
        (await call('GET', `/api/available_tables/?restaurant_id=${hall.id}&date=${DAY}`)).json(),
      );
      expect(day.results[0]?.busy).toEqual([
        { booking: expect.any(Number), from: at('19:00'), to: at('21:15') },
      ]);
    });

    it('finds tables best fit first and leaves out what a zone switch, a lock or a booking takes', async () => {
      const hall = await smallHall('Поиск');
      const find = async (query: string) =>
        z
          .array(TableFitSchema)
          .parse(
            (
              await call('GET', `/api/booking/find-available-tables/?restaurant_id=${hall.id}&${query}`)
            ).json(),
          );
      const start = encodeURIComponent(at('19:00'));
      expect((await find(`num_people=2&start_time=${start}`)).map((f) => f.name)).toEqual([
        '2',
        '1',
        '3',
        '4',
      ]);
      expect((await find(`num_people=6&start_time=${start}`)).map((f) => [f.kind, f.name])).toEqual([
        ['group', '3+4'],
      ]);

      const off = await call(
        'PATCH',
        `/api/restaurant/${hall.id}/update_zone_schedule/${hall.zone('Терраса')}/`,
        who.hostessA,
        { active: 0 },
      );
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toMatchObject({ active: false, name: 'Терраса' });
      expect((await find(`num_people=2&start_time=${start}`)).map((f) => f.name)).toEqual(['2', '1']);

      const lock = await call('POST', `/api/restaurant/${hall.id}/table_lock/`, who.hostessA, {
        table: hall.table('2'),
        date: DAY,
        from: '18:00',
        to: '20:00',
        reason: 'ремонт',
      });
      expect(lock.statusCode, lock.body).toBe(201);
      expect((await find(`num_people=2&start_time=${start}`)).map((f) => f.name)).toEqual(['1']);
      const locks = await call('GET', `/api/restaurant/${hall.id}/table_locks/?date=${DAY}`);
      expect(locks.json()).toEqual([
        expect.objectContaining({ table: hall.table('2'), from: '18:00', to: '20:00', reason: 'ремонт' }),
      ]);
      // Another restaurant's hostess, through her own restaurant's path: 404, and the lock stays.
      const foreign = await call(
        'DELETE',
        `/api/restaurant/${who.restaurantB}/table_lock/${lock.json().id}/`,
        who.hostessB,
      );
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ detail: 'Не найдено', code: 'not_found' });
      expect((await call('GET', `/api/restaurant/${hall.id}/table_locks/?date=${DAY}`)).json()).toHaveLength(
        1,
      );
      expect(
        (await call('DELETE', `/api/restaurant/${hall.id}/table_lock/${lock.json().id}/`)).statusCode,
      ).toBe(204);
      expect((await call('GET', `/api/restaurant/${hall.id}/table_locks/?date=${DAY}`)).json()).toEqual([]);
      // Gone: 404 like any lock that is not there.
      expect(
        (await call('DELETE', `/api/restaurant/${hall.id}/table_lock/${lock.json().id}/`)).statusCode,
      ).toBe(404);
      expect(
        (
          await call(
            'PATCH',
            `/api/restaurant/${hall.id}/update_zone_schedule/${hall.zone('Терраса')}/`,
            who.hostessA,
            { active: 1 },
          )
        ).statusCode,
      ).toBe(200);

      const booked = await created({
        restaurant: hall.id,
        table: hall.table('2'),
        group_size: 2,
        seating_time: at('18:30'),
      });
      expect((await find(`num_people=2&start_time=${start}`)).map((f) => f.name)).toEqual(['1', '3', '4']);
      // An edit of that booking does not stand in its own way.
      expect(
        (await find(`num_people=2&start_time=${start}&booking=${booked.id}`)).map((f) => f.name)[0],
      ).toBe('2');
      const bad = await call(
        'GET',
        `/api/booking/find-available-tables/?restaurant_id=${hall.id}&num_people=0&start_time=${start}`,
      );
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('guests', () => {
    const publicCall = (
      method: 'GET' | 'POST',
      url: string,
      payload?: object,
      headers: Record<string, string> = {},
    ) => call(method, url, null, payload, headers);
    const request = (restaurant: number, body: object, key?: string) =>
      publicCall(
        'POST',
        `/api/public/restaurant/${restaurant}/booking/`,
        body,
        key ? { 'idempotency-key': key } : {},
      );
    const guestStatus = async (token: string) =>
      GuestBookingStatus.parse((await publicCall('GET', `/api/public/booking/${token}/`)).json());

    it("answers a repeated request for an overlapping time 'У тебя уже есть заявка на это время', giving it back only to its device", async () => {
      const hall = await smallHall('Повтор');
      const device = 'booking-device-key-00000001';
      const body = {
        date: DAY,
        time: '19:00',
        group_size: 2,
        name: 'Гость',
        phone: '8 916 333-77-88',
        device_key: device,
      };
      const first = await request(hall.id, body);
      expect(first.statusCode, first.body).toBe(201);
      const made = GuestBookingCreated.parse(first.json());
      const ALREADY = { detail: 'У тебя уже есть заявка на это время', code: 'booking_exists' };
      // An overlapping time, the phone written another way, from the same device: her request comes back.
      const mine = await request(hall.id, { ...body, time: '19:30', phone: '+7 (916) 333-77-88' });
      expect(mine.statusCode).toBe(409);
      expect(mine.json()).toMatchObject({ ...ALREADY, token: made.token, time: '19:00' });
      // Another device, or none: only that the request exists.
      for (const other of [{ device_key: 'someone-elses-device-0001' }, { device_key: undefined }]) {
        const res = await request(hall.id, { ...body, time: '20:00', ...other });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual(ALREADY);
      }
      expect(await guestStatus(made.token)).toMatchObject({ status: 'pending' });
      // Once the first is cancelled, the same time is a new request (the per-phone limit allows five).
      expect((await publicCall('POST', `/api/public/booking/${made.token}/cancel/`)).statusCode).toBe(200);
      expect((await request(hall.id, { ...body, time: '19:30' })).statusCode).toBe(201);
    });

    it('keeps one request of 20 sent at once for one phone and time; one key sent twice at once is one request', async () => {
      const hall = await smallHall('Повтор одновременно');
      const body = { date: DAY, time: '19:00', group_size: 2, name: 'Гость', phone: '8 916 333-99-01' };
      const send = (i: number, payload: object, headers: Record<string, string> = {}) =>
        t.app.inject({
          method: 'POST',
          url: `/api/public/restaurant/${hall.id}/booking/`,
          payload,
          headers,
          // Each from its own address: the per-address limits are not what is tested.
          remoteAddress: `198.51.100.${150 + i}`,
        });
      const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => send(i, body)));
      const stored = await t.database.db
        .select()
        .from(schema.bookings)
        .where(eq(schema.bookings.restaurantId, hall.id));
      expect(stored).toHaveLength(1);
      expect(replies.filter((res) => res.statusCode === 201)).toHaveLength(1);

      // A double tap with one key, at once: both answers name the one request.
      const other = { ...body, phone: '8 916 333-99-02' };
      const twice = await Promise.all([
        send(30, other, { 'idempotency-key': 'double-tap-key-0001' }),
        send(31, other, { 'idempotency-key': 'double-tap-key-0001' }),
      ]);
      expect(twice.map((res) => res.statusCode).sort()).toEqual([200, 201]);
      expect(twice[0]?.json().token).toBe(twice[1]?.json().token);
    });

    it('requests at an offered time, holds a table at once, and hears the outcome', async () => {
      const hall = await smallHall('Гости');
      const slots = await publicCall(
        'GET',
        `/api/public/restaurant/${hall.id}/slots/?date=${DAY}&group_size=2`,
      );
      expect(slots.statusCode).toBe(200);
      expect(slots.json().slots).toContain('19:00');
      const body = { date: DAY, time: '19:00', group_size: 2, name: 'Гость', phone: '8 916 333-44-55' };
      const res = await request(hall.id, body, 'guest-key-0001');
      expect(res.statusCode, res.body).toBe(201);
      const made = GuestBookingCreated.parse(res.json());
      expect(made.status).toBe('pending');
      // The same form again (a double tap): the same request, not a second one.
      const again = await request(hall.id, body, 'guest-key-0001');
      expect(again.statusCode).toBe(200);
      expect(again.json().token).toBe(made.token);
      expect(await guestStatus(made.token)).toMatchObject({
        restaurant: hall.id,
        restaurant_name: 'Гости',
        date: DAY,
        time: '19:00',
        group_size: 2,
        status: 'pending',
      });

      const [row] = await t.database.db
        .select()
        .from(schema.bookings)
        .where(eq(schema.bookings.guestToken, made.token));
      if (!row) throw new Error('no booking');
      expect(row).toMatchObject({
        status: 'new',
        source: 'guest_form',
        phone: '+79163334455',
        tableId: hall.table('2'),
      });
      expect((await patch(row.id, { status: 'application' })).statusCode).toBe(200);
      expect((await guestStatus(made.token)).status).toBe('confirmed');
      expect(await outboxOf(row.id)).toEqual([
        ['booking', 'new'],
        ['booking', 'application'],
        ['guest', 'booking_confirmed'],
      ]);

      const cancelled = await publicCall('POST', `/api/public/booking/${made.token}/cancel/`);
      expect(cancelled.statusCode).toBe(200);
      expect(GuestBookingStatus.parse(cancelled.json()).status).toBe('cancelled');
      expect((await publicCall('GET', '/api/public/booking/not-a-real-token-at-all/')).statusCode).toBe(404);
    });

    it('refuses a time no longer offered and a missing phone, keeping nothing', async () => {
      const hall = await open({
        name: 'Гости 2',
        tables: [{ number: '1', seatsMax: 2 }],
        hours: { opens: '12:00', closes: '23:00' },
      });
      const body = { date: DAY, time: '19:00', group_size: 2, name: 'Первый', phone: '+79163334456' };
      expect((await request(hall.id, body)).statusCode).toBe(201);
      const taken = await request(hall.id, { ...body, name: 'Второй', phone: '+79163334457' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({
        detail: 'Это время уже занято. Выберите другое',
        code: 'slot_unavailable',
      });
      const noPhone = await request(hall.id, { ...body, phone: '' });
      expect(noPhone.statusCode).toBe(400);
      expect(noPhone.json()).toEqual({ phone: ['Укажите номер телефона'] });
      const noName = await request(hall.id, { ...body, name: '', phone: '+79163334458' });
      expect(noName.statusCode).toBe(400);
      expect(noName.json()).toEqual({ name: ['Заполните поле'] });
      const offHours = await request(hall.id, { ...body, time: '08:00', phone: '+79163334459' });
      expect(offHours.statusCode).toBe(409);
      const rows = await t.database.db
        .select()
        .from(schema.bookings)
        .where(eq(schema.bookings.restaurantId, hall.id));
      expect(rows).toHaveLength(1);
    });

    it('confirms by itself when an auto-reservation rule matches; time rules bind guests, not staff', async () => {
      const hall = await smallHall('Авто');
      const rule = await call('POST', '/api/auto_reservation_rules/', who.adminA, {
        restaurant: hall.id,
        max_group_size: 2,
        from: '12:00',
        to: '18:00',
      });
      expect(rule.statusCode, rule.body).toBe(201);
      expect(
        (
          await call('POST', '/api/auto_reservation_rules/', who.hostessA, {
            restaurant: hall.id,
            max_group_size: 2,
          })
        ).statusCode,
      ).toBe(403);
      const early = await request(hall.id, {
        date: DAY,
        time: '13:00',
        group_size: 2,
        name: 'Ранний',
        phone: '+79163330001',
      });
      expect(GuestBookingCreated.parse(early.json()).status).toBe('confirmed');
      const late = await request(hall.id, {
        date: DAY,
        time: '19:00',
        group_size: 2,
        name: 'Поздний',
        phone: '+79163330002',
      });
      expect(GuestBookingCreated.parse(late.json()).status).toBe('pending');

      const noOnline = await call('POST', '/api/time_rule/', who.adminA, {
        restaurant: hall.id,
        rule_type: 'no_online',
        from: '20:00',
        to: '21:00',
      });
      expect(noOnline.statusCode, noOnline.body).toBe(201);
      const guestSlots = (
        await publicCall('GET', `/api/public/restaurant/${hall.id}/slots/?date=${DAY}&group_size=2`)
      ).json().slots;
      expect(guestSlots).not.toContain('20:00');
      expect(guestSlots).toContain('21:00');
      const staffSlots = AvailableSlotsV1.parse(
        (await call('GET', `/api/available_slots/?restaurant_id=${hall.id}&date=${DAY}&group_size=2`)).json(),
      );
      expect(staffSlots).toContain('20:00');
      const list = await call('GET', `/api/time_rule/?restaurant=${hall.id}&rule_type=no_online`);
      expect(list.json()).toEqual([
        expect.objectContaining({ rule_type: 'no_online', from: '20:00', to: '21:00', weekdays: [] }),
      ]);
      const missingMinutes = await call('POST', '/api/time_rule/', who.adminA, {
        restaurant: hall.id,
        rule_type: 'min_lead',
      });
      expect(missingMinutes.statusCode).toBe(400);
      expect(missingMinutes.json()).toEqual({ minutes: ['Заполните поле'] });
      const id = noOnline.json().id;
      expect(
        (await call('PATCH', `/api/time_rule/${id}/`, who.adminA, { is_active: false })).json(),
      ).toMatchObject({ is_active: false });
      expect(
        (await call('PATCH', `/api/time_rule/${id}/`, who.hostessA, { is_active: true })).statusCode,
      ).toBe(403);
      expect((await call('DELETE', `/api/time_rule/${id}/`, who.adminA)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/time_rule/${id}/`, who.adminA)).statusCode).toBe(404);
    });

    it("tells the guest's stream of their own booking only, and staff streams of every change", async () => {
      const hall = await smallHall('Живые');
      const made = GuestBookingCreated.parse(
        (
          await request(hall.id, {
            date: DAY,
            time: '18:00',
            group_size: 2,
            name: 'Слушатель',
            phone: '+79163330003',
          })
        ).json(),
      );
      const guest = await openEventStream(`${base}/api/public/booking/${made.token}/events/`, {});
      const staff = await openEventStream(
        `${base}/api/restaurant/${hall.id}/events/`,
        who.bearer(who.hostessA),
      );
      expect((await guest.next()).event).toBe('ready');
      expect((await staff.next()).event).toBe('ready');
      // Someone else's booking: staff hear it, the guest does not.
      const other = await created({ restaurant: hall.id, group_size: 2, seating_time: at('13:00') });
      const heard = RestaurantChange.parse(JSON.parse((await staff.next()).data));
      expect(heard).toMatchObject({ kind: 'booking', id: other.id, status: 'application' });
      const [row] = await t.database.db
        .select()
        .from(schema.bookings)
        .where(eq(schema.bookings.guestToken, made.token));
      await patch(row?.id ?? 0, { status: 'application' });
      const told = RestaurantChange.parse(JSON.parse((await guest.next()).data));
      expect(told).toEqual({ kind: 'booking', restaurant: hall.id, id: row?.id });
      guest.close();
      staff.close();
    });
  });

  describe('settings', () => {
    it('work time, durations and gaps: members read, managers change, bad input is refused', async () => {
      const hall = await smallHall('Настройки');
      const url = (path: string) => `/api/settings/${hall.id}/${path}/`;
      expect((await call('GET', url('work-time'))).json()).toHaveLength(7);
      const week = [{ weekday: 4, opens: '12:00', closes: '02:00', is_closed: false }];
      expect((await call('PATCH', url('work-time'), who.hostessA, week)).statusCode).toBe(403);
      const saved = await call('PATCH', url('work-time'), who.adminA, week);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()[4]).toEqual(week[0]);
      expect(
        (
          await call('PATCH', url('work-time'), who.adminA, [
            { weekday: 9, opens: '25:00', closes: '02:00', is_closed: false },
          ])
        ).statusCode,
      ).toBe(400);

      const durations = [
        { seats_from: 1, seats_to: 2, minutes: 90 },
        { seats_from: 3, seats_to: null, minutes: 150 },
      ];
      const put = await call('PUT', url('booking-duration-list'), who.adminA, durations);
      expect(put.statusCode, put.body).toBe(200);
      expect((await call('GET', url('booking-duration-list'))).json()).toEqual(durations);
      const overlapping = await call('PUT', url('booking-duration-list'), who.adminA, [
        { seats_from: 1, seats_to: 4, minutes: 90 },
        { seats_from: 3, seats_to: null, minutes: 150 },
      ]);
      expect(overlapping.statusCode).toBe(400);
      const couple = await created({ restaurant: hall.id, group_size: 2, seating_time: at('19:00') });
      expect(couple.end_time).toBe(at('20:30'));

      expect((await call('GET', url('booking'))).json()).toEqual({
        preparation_minutes: 0,
        cleaning_minutes: 15,
      });
      const gaps = await call('PATCH', url('booking'), who.adminA, { preparation_minutes: 10 });
      expect(gaps.json()).toEqual({ preparation_minutes: 10, cleaning_minutes: 15 });
      expect((await call('PATCH', url('booking'), who.adminA, { cleaning_minutes: -5 })).statusCode).toBe(
        400,
      );
    });

    it('zone closures for a date or hours', async () => {
      const hall = await smallHall('Зоны');
      const terrace = hall.zone('Терраса');
      const put = await call('PUT', `/api/settings/${hall.id}/zone-schedules/${terrace}/`, who.adminA, {
        closures: [{ date: DAY, from: '18:00', to: '23:00' }],
      });
      expect(put.statusCode, put.body).toBe(200);
      const schedule = await call('GET', `/api/restaurant/${hall.id}/zones_schedule/`);
      expect(schedule.json()).toEqual([
        { zone: hall.zone('Зал'), name: 'Зал', active: true, closures: [] },
        {
          zone: terrace,
          name: 'Терраса',
          active: true,
          closures: [{ date: DAY, from: '18:00', to: '23:00' }],
        },
      ]);
      const party = await book({ restaurant: hall.id, group_size: 7, seating_time: at('19:00') });
      expect(party.statusCode).toBe(409);
      expect((await book({ restaurant: hall.id, group_size: 7, seating_time: at('13:00') })).statusCode).toBe(
        201,
      );
      const halfWindow = await call(
        'PUT',
        `/api/settings/${hall.id}/zone-schedules/${terrace}/`,
        who.adminA,
        {
          closures: [{ date: DAY, from: '18:00' }],
        },
      );
      expect(halfWindow.statusCode).toBe(400);
      expect(
        (
          await call('PUT', `/api/settings/${hall.id}/zone-schedules/${terrace}/`, who.hostessA, {
            closures: [],
          })
        ).statusCode,
      ).toBe(403);
    });
  });
});
