import { RestaurantChange, Table, TableGroup, Zone } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { addDays, localIsoDate, zonedInstant } from '@stolik/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openEventStream } from '../../test/event-stream';
import { createIdentities, type Identities, type Person } from '../../test/identities';
import { openTestRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';

const TZ = 'Europe/Moscow';
/** A day a week ahead, far from today's clock. */
const DAY = addDays(localIsoDate(TZ, new Date()), 7);
const at = (time: string) => zonedInstant(TZ, DAY, time).toISOString();

describe('the hall: tables, groups and zones', () => {
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
    as: Person = who.adminA,
    payload?: object,
  ) => t.app.inject({ method, url, headers: who.bearer(as), ...(payload ? { payload } : {}) });

  /** Tables 1 and 2 in 'Зал', 3 and 4 on 'Терраса' grouped as '3+4'; open 12:00-23:00. */
  const hall = (name: string) =>
    openTestRestaurant(t, who, {
      name,
      zones: [
        { name: 'Зал', sortOrder: 0 },
        { name: 'Терраса', sortOrder: 1 },
      ],
      tables: [
        { number: '1', seatsMax: 4, seatsMin: 2, zone: 'Зал' },
        { number: '2', seatsMax: 2, zone: 'Зал' },
        { number: '3', seatsMax: 4, zone: 'Терраса' },
        { number: '4', seatsMax: 4, zone: 'Терраса' },
      ],
      groups: [{ name: '3+4', seatsMin: 5, seatsMax: 8, tables: ['3', '4'] }],
      hours: { opens: '12:00', closes: '23:00' },
    });

  describe('tables', () => {
    it('lists the tables of the restaurant named by restaurant_code, to its members only', async () => {
      const h = await hall('Столы: список');
      const res = await call('GET', `/api/tables/?restaurant_code=${h.id}`, who.hostessA);
      expect(res.statusCode).toBe(200);
      const tables = z.array(Table).parse(res.json());
      expect(tables.map((table) => table.number).sort()).toEqual(['1', '2', '3', '4']);
      expect((await call('GET', `/api/tables/?restaurant_code=${h.id}`, who.hostessB)).statusCode).toBe(404);
      expect((await call('GET', '/api/tables/?restaurant_code=999999', who.superuser)).statusCode).toBe(404);
      const missing = await call('GET', '/api/tables/', who.hostessA);
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(missing.json())).toEqual(['restaurant_code']);
    });

    it('lets a manager add a table with defaults, and refuses a hostess, a duplicate number and a foreign zone', async () => {
      const h = await hall('Столы: новый');
      const body = { restaurant: h.id, number: '5', seats_max: 6, zone: h.zone('Зал') };
      expect((await call('POST', '/api/tables/', who.hostessA, body)).statusCode).toBe(403);
      expect((await call('POST', '/api/tables/', who.hostessB, body)).statusCode).toBe(403);
      const made = await call('POST', '/api/tables/', who.adminA, body);
      expect(made.statusCode, made.body).toBe(201);
      expect(Table.parse(made.json())).toMatchObject({
        restaurant: h.id,
        number: '5',
        zone: h.zone('Зал'),
        seats_min: 1,
        seats_max: 6,
        is_reservable: true,
        shape: 'square',
        x: 0,
        y: 0,
        width: 80,
        height: 80,
        rotation: 0,
      });
      const again = await call('POST', '/api/tables/', who.adminA, body);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ number: ['Стол с таким номером уже есть'] });
      const other = await hall('Столы: чужая зона');
      const foreignZone = await call('POST', '/api/tables/', who.adminA, {
        ...body,
        number: '6',
        zone: other.zone('Зал'),
      });
      expect(foreignZone.json()).toEqual({ zone: [`Зоны с id ${other.zone('Зал')} нет в этом ресторане`] });
      const seats = await call('POST', '/api/tables/', who.adminA, { ...body, number: '7', seats_min: 8 });
      expect(seats.json()).toEqual({ seats_min: ['Мест «от» не может быть больше, чем мест «до»'] });
      // A restaurant the manager does not work in answers as if it did not exist.
      const foreign = await call('POST', '/api/tables/', who.adminA, {
        ...body,
        restaurant: who.restaurantB,
      });
      expect(foreign.statusCode).toBe(404);
    });

    it('changes only the fields sent, and refuses bounds and numbers taken', async () => {
      const h = await hall('Столы: правка');
      const moved = await call('PATCH', `/api/tables/?pk=${h.table('1')}`, who.adminA, {
        x: 300,
        rotation: 45,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(Table.parse(moved.json())).toMatchObject({
        number: '1',
        seats_min: 2,
        seats_max: 4,
        x: 300,
        rotation: 45,
      });
      const bad = await call('PATCH', `/api/tables/?pk=${h.table('1')}`, who.adminA, {
        x: -5,
        width: 5000,
        number: '',
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json()).sort()).toEqual(['number', 'width', 'x']);
      const taken = await call('PATCH', `/api/tables/?pk=${h.table('1')}`, who.adminA, { number: '2' });
      expect(taken.json()).toEqual({ number: ['Стол с таким номером уже есть'] });
      // seats_min above the stored seats_max is caught against what is stored.
      const seats = await call('PATCH', `/api/tables/?pk=${h.table('2')}`, who.adminA, { seats_min: 3 });
      expect(seats.statusCode).toBe(400);
      expect(
        (await call('PATCH', `/api/tables/?pk=${h.table('1')}`, who.hostessA, { x: 1 })).statusCode,
      ).toBe(403);
      expect((await call('PATCH', '/api/tables/?pk=999999', who.adminA, { x: 1 })).statusCode).toBe(404);
    });

    it('refuses to remove a table guests sit at, with a 409 that says why, and removes it once they left', async () => {
      const h = await hall('Столы: заняты');
      const seated = await call('POST', '/api/reservation/instant_seat/', who.hostessA, {
        restaurant: h.id,
        group_size: 2,
        tables: [h.table('1')],
      });
      expect(seated.statusCode, seated.body).toBe(201);
      const refused = await call('DELETE', `/api/tables/?pk=${h.table('1')}`, who.adminA);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        detail: 'Стол 1 нельзя удалить: за ним сидят гости. Сначала завершите их визит',
        code: 'table_in_use',
        queue_entries: [seated.json().id],
        bookings: [],
      });
      const closed = await call('PUT', `/api/reservation/${seated.json().id}/`, who.hostessA, {
        status: 'closed',
      });
      expect(closed.statusCode, closed.body).toBe(200);
      expect((await call('DELETE', `/api/tables/?pk=${h.table('1')}`, who.adminA)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/tables/?pk=${h.table('1')}`, who.adminA)).statusCode).toBe(404);
    });

    it('refuses to remove a table a coming booking holds; a cancelled or long-past one does not hold it', async () => {
      const h = await hall('Столы: бронь');
      const booked = await call('POST', '/api/booking/', who.hostessA, {
        restaurant: h.id,
        table: h.table('2'),
        group_size: 2,
        seating_time: at('19:00'),
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const refused = await call('DELETE', `/api/tables/?pk=${h.table('2')}`, who.adminA);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        detail:
          'Стол 2 нельзя удалить: на него есть бронь. Сначала перенесите или отмените брони этого стола',
        code: 'table_in_use',
        bookings: [booked.json().id],
      });
      // A no-show of last month, never closed, still has its held range: long over, it holds nothing.
      await t.database.db
        .update(schema.bookingTables)
        .set({ during: '["2020-01-01T16:00:00Z","2020-01-01T18:00:00Z")' })
        .where(eq(schema.bookingTables.bookingId, booked.json().id));
      expect((await call('DELETE', `/api/tables/?pk=${h.table('2')}`, who.adminA)).statusCode).toBe(204);

      const other = await call('POST', '/api/booking/', who.hostessA, {
        restaurant: h.id,
        table: h.table('1'),
        group_size: 2,
        seating_time: at('20:00'),
      });
      const cancelled = await call('PATCH', `/api/booking/${other.json().id}/`, who.hostessA, {
        status: 'cancelled',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await call('DELETE', `/api/tables/?pk=${h.table('1')}`, who.adminA)).statusCode).toBe(204);
    });

    it('tells open screens of every change of the hall, so an open map redraws', async () => {
      const h = await hall('Столы: живые');
      const stream = await openEventStream(
        `${base}/api/restaurant/${h.id}/events/`,
        who.bearer(who.hostessA),
      );
      expect((await stream.next()).event).toBe('ready');
      await call('PATCH', `/api/tables/?pk=${h.table('1')}`, who.adminA, { y: 200 });
      expect(RestaurantChange.parse(JSON.parse((await stream.next()).data))).toEqual({
        kind: 'table',
        restaurant: h.id,
        id: h.table('1'),
      });
      const zone = await call('POST', `/api/restaurant/${h.id}/zones/`, who.adminA, { name: 'Бар' });
      expect(JSON.parse((await stream.next()).data)).toMatchObject({ kind: 'table', id: zone.json().id });
      await call('PATCH', `/api/connection_table/patch-group/?group_id=${h.group('3+4')}`, who.adminA, {
        name: '3 и 4',
      });
      expect(JSON.parse((await stream.next()).data)).toMatchObject({ kind: 'table', id: h.group('3+4') });
      stream.close();
    });
  });

  describe('groups', () => {
    it('lists groups with their tables, to members', async () => {
      const h = await hall('Группы: список');
      const res = await call(
        'GET',
        `/api/connection_table/get-groups/?restaurant_code=${h.id}`,
        who.hostessA,
      );
      expect(res.statusCode).toBe(200);
      expect(z.array(TableGroup).parse(res.json())).toEqual([
        {
          id: h.group('3+4'),
          restaurant: h.id,
          name: '3+4',
          tables: [h.table('3'), h.table('4')].sort((a, b) => a - b),
          seats_min: 5,
          seats_max: 8,
        },
      ]);
      expect(
        (await call('GET', `/api/connection_table/get-groups/?restaurant_code=${h.id}`, who.hostessB))
          .statusCode,
      ).toBe(404);
    });

    it('creates several groups at once, all or none, naming the table that is wrong', async () => {
      const h = await hall('Группы: новые');
      const other = await hall('Группы: чужие');
      const url = '/api/connection_table/create-groups/';
      const groups = [
        { name: '1+2', tables: [h.table('1'), h.table('2')], seats_min: 4, seats_max: 6 },
        { name: '2+3', tables: [h.table('2'), other.table('3')], seats_max: 6 },
      ];
      const refused = await call('POST', url, who.adminA, { restaurant: h.id, groups });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        'groups.1.tables.1': [`Стола с id ${other.table('3')} нет в этом ресторане`],
      });
      const twice = await call('POST', url, who.adminA, {
        restaurant: h.id,
        groups: [{ name: 'x', tables: [h.table('1'), h.table('1')], seats_max: 4 }],
      });
      expect(twice.json()).toEqual({ 'groups.0.tables.1': [`Стол с id ${h.table('1')} указан дважды`] });
      expect(
        (
          await call('POST', url, who.adminA, {
            restaurant: h.id,
            groups: [{ name: 'x', tables: [h.table('1')], seats_max: 4 }],
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (await call('POST', url, who.hostessA, { restaurant: h.id, groups: [groups[0]] })).statusCode,
      ).toBe(403);
      const made = await call('POST', url, who.adminA, {
        restaurant: h.id,
        groups: [groups[0], { name: '1+4', tables: [h.table('4'), h.table('1')], seats_max: 8 }],
      });
      expect(made.statusCode, made.body).toBe(201);
      expect(
        z
          .array(TableGroup)
          .parse(made.json())
          .map((g) => [g.name, g.seats_min, g.tables.length]),
      ).toEqual([
        ['1+2', 4, 2],
        ['1+4', 1, 2],
      ]);
      const all = await call(
        'GET',
        `/api/connection_table/get-groups/?restaurant_code=${h.id}`,
        who.hostessA,
      );
      expect(all.json()).toHaveLength(3);
    });

    it('adds a table to a group, changes it, takes a table out and deletes it', async () => {
      const h = await hall('Группы: правка');
      const g = h.group('3+4');
      const added = await call('POST', '/api/connection_table/group-table/', who.adminA, {
        group_id: g,
        table_id: h.table('2'),
      });
      expect(added.statusCode, added.body).toBe(200);
      expect(TableGroup.parse(added.json()).tables).toHaveLength(3);
      // Adding it again changes nothing.
      const again = await call('POST', '/api/connection_table/group-table/', who.adminA, {
        group_id: g,
        table_id: h.table('2'),
      });
      expect(again.json().tables).toHaveLength(3);
      const other = await hall('Группы: правка, чужой');
      const foreign = await call('POST', '/api/connection_table/group-table/', who.adminA, {
        group_id: g,
        table_id: other.table('1'),
      });
      expect(foreign.json()).toEqual({ table_id: [`Стола с id ${other.table('1')} нет в этом ресторане`] });

      const patched = await call('PATCH', `/api/connection_table/patch-group/?group_id=${g}`, who.adminA, {
        name: 'Большой',
        seats_max: 10,
        tables: [h.table('1'), h.table('2')],
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(TableGroup.parse(patched.json())).toMatchObject({
        name: 'Большой',
        seats_min: 5,
        seats_max: 10,
        tables: [h.table('1'), h.table('2')].sort((a, b) => a - b),
      });
      const seats = await call('PATCH', `/api/connection_table/patch-group/?group_id=${g}`, who.adminA, {
        seats_min: 11,
      });
      expect(seats.statusCode).toBe(400);

      const del = (query: string, as: Person = who.adminA) =>
        call('DELETE', `/api/connection_table/delete-group-table/?${query}`, as);
      // Two tables are the least a group has.
      expect((await del(`group_id=${g}&table_id=${h.table('1')}`)).json()).toEqual({
        table_id: ['В группе должно быть не меньше двух столов. Чтобы убрать группу, удалите ее'],
      });
      expect((await del(`group_id=${g}&table_id=${h.table('4')}`)).statusCode).toBe(404);
      expect((await del(`group_id=${g}`, who.hostessA)).statusCode).toBe(403);
      expect((await del(`group_id=${g}`, who.hostessB)).statusCode).toBe(403);
      expect((await del(`group_id=${g}`)).statusCode).toBe(204);
      expect((await del(`group_id=${g}`)).statusCode).toBe(404);
      // The tables stay.
      expect((await call('GET', `/api/tables/?restaurant_code=${h.id}`)).json()).toHaveLength(4);
    });

    it("keeps a booked group's tables as they are until the booking is over, and says why", async () => {
      const h = await hall('Группы: бронь');
      const g = h.group('3+4');
      const booked = await call('POST', '/api/booking/', who.hostessA, {
        restaurant: h.id,
        group: g,
        group_size: 7,
        seating_time: at('19:00'),
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const refused = await call(
        'DELETE',
        `/api/connection_table/delete-group-table/?group_id=${g}`,
        who.adminA,
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        detail:
          'Группу «3+4» нельзя удалить или изменить ее столы: на нее есть бронь. Сначала перенесите или отмените ее',
        code: 'group_in_use',
        bookings: [booked.json().id],
      });
      const add = await call('POST', '/api/connection_table/group-table/', who.adminA, {
        group_id: g,
        table_id: h.table('1'),
      });
      expect(add.statusCode).toBe(409);
      // Its name may change: the booking keeps the same tables.
      const renamed = await call('PATCH', `/api/connection_table/patch-group/?group_id=${g}`, who.adminA, {
        name: 'Терраса целиком',
      });
      expect(renamed.statusCode).toBe(200);
      // And each of its tables is held by the booking.
      expect((await call('DELETE', `/api/tables/?pk=${h.table('3')}`, who.adminA)).statusCode).toBe(409);
    });
  });

  describe('zones', () => {
    it('lists, adds (last by default), renames and reorders zones; refuses duplicates and hostesses', async () => {
      const h = await hall('Зоны: правка');
      const url = `/api/restaurant/${h.id}/zones/`;
      expect(
        z
          .array(Zone)
          .parse((await call('GET', url, who.hostessA)).json())
          .map((zone) => zone.name),
      ).toEqual(['Зал', 'Терраса']);
      expect((await call('GET', url, who.hostessB)).statusCode).toBe(404);
      expect((await call('POST', url, who.hostessA, { name: 'Бар' })).statusCode).toBe(403);
      const made = await call('POST', url, who.adminA, { name: 'Бар' });
      expect(made.statusCode, made.body).toBe(201);
      expect(Zone.parse(made.json())).toMatchObject({ name: 'Бар', sort_order: 2, restaurant: h.id });
      expect((await call('POST', url, who.adminA, { name: 'Бар' })).json()).toEqual({
        name: ['Зона с таким названием уже есть'],
      });
      expect((await call('POST', url, who.adminA, { name: '  ' })).statusCode).toBe(400);
      const renamed = await call('PATCH', `${url}${made.json().id}/`, who.adminA, {
        name: 'Барная стойка',
        sort_order: 0,
      });
      expect(renamed.json()).toMatchObject({ name: 'Барная стойка', sort_order: 0 });
      expect(
        (await call('PATCH', `${url}${h.zone('Зал')}/`, who.adminA, { name: 'Терраса' })).statusCode,
      ).toBe(400);
      const other = await hall('Зоны: чужая');
      expect((await call('PATCH', `${url}${other.zone('Зал')}/`, who.adminA, { name: 'X' })).statusCode).toBe(
        404,
      );
    });

    it('removes an empty zone, and refuses one with tables, naming them', async () => {
      const h = await hall('Зоны: удаление');
      const url = `/api/restaurant/${h.id}/zones/`;
      const refused = await call('DELETE', `${url}${h.zone('Терраса')}/`, who.adminA);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        detail: 'В зоне «Терраса» есть столы: 3, 4. Сначала перенесите их в другую зону или удалите',
        code: 'zone_has_tables',
        tables: 2,
      });
      for (const number of ['3', '4'])
        await call('PATCH', `/api/tables/?pk=${h.table(number)}`, who.adminA, { zone: h.zone('Зал') });
      expect((await call('DELETE', `${url}${h.zone('Терраса')}/`, who.hostessA)).statusCode).toBe(403);
      expect((await call('DELETE', `${url}${h.zone('Терраса')}/`, who.adminA)).statusCode).toBe(204);
      expect((await call('GET', url)).json().map((zone: Zone) => zone.name)).toEqual(['Зал']);
    });
  });
});
