import { Booking, QueueEntry, SeatingZone } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createIdentities, type Identities, type Person } from '../test/identities';
import { openTestRestaurant } from '../test/restaurants';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Issue #30: one truth of who sits where. A table seats one party at a time whichever way the
 * party came (the queue, a booking seated early, late or at its time), every reader shows it, and
 * every writer is refused at a taken table with 409 'Этот стол уже занят', naming who sits there.
 */

const MINUTE = 60_000;
/** An instant `minutes` from now, to the minute. */
const fromNow = (minutes: number) =>
  new Date(Math.floor(Date.now() / MINUTE) * MINUTE + minutes * MINUTE).toISOString();

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
      { number: '6', seatsMax: 6 },
      { number: '7', seatsMax: 6 },
    ],
    groups: [{ name: '6+7', seatsMin: 7, seatsMax: 12, tables: ['6', '7'] }],
  });
const book = async (body: object) => {
  const res = await call('POST', '/api/booking/', { group_size: 2, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return Booking.parse(res.json());
};
const walkIn = async (restaurant: number, name: string) => {
  const res = await call('POST', '/api/reservation/', { restaurant, group_size: 2, name });
  expect(res.statusCode, res.body).toBe(201);
  return QueueEntry.parse(res.json());
};
const seatEntry = (id: number, tables: number[]) =>
  call('PUT', `/api/reservation/${id}/`, { status: 'sat', tables });
const seatBooking = (id: number, extra: object = {}) =>
  call('PATCH', `/api/booking/${id}/`, { status: 'open', ...extra });
const seating = async (restaurant: number) =>
  z
    .array(SeatingZone)
    .parse((await call('GET', `/api/reservation/zones/${restaurant}/`)).json())
    .flatMap((zone) => zone.tables);
const tableIn = async (restaurant: number, number: string) => {
  const table = (await seating(restaurant)).find((one) => one.number === number);
  if (!table) throw new Error(`no table ${number}`);
  return table;
};
const occupancyRows = (restaurant: number) =>
  t.database.db
    .select()
    .from(schema.tableOccupancies)
    .where(eq(schema.tableOccupancies.restaurantId, restaurant));

describe('one occupancy of the hall', () => {
  it('shows a booking seated early as the table’s occupant, and refuses a walk-in there, naming the guests', async () => {
    const r = await hall('Ранние гости');
    // Due in 2.5 hours, seated now: guests who came early, as they often do.
    const booking = await book({
      restaurant: r.id,
      table: r.table('6'),
      group_size: 4,
      name: 'Ольга',
      seating_time: fromNow(150),
      end_time: fromNow(270),
    });
    const before = await tableIn(r.id, '6');
    expect(before.occupied_by).toBeNull();
    expect(before.next_booking?.id).toBe(booking.id);

    const seated = await seatBooking(booking.id);
    expect(seated.statusCode, seated.body).toBe(200);
    const table = await tableIn(r.id, '6');
    expect(table.occupied_by).toMatchObject({
      kind: 'booking',
      id: booking.id,
      number: null,
      name: 'Ольга',
      group_size: 4,
      until: booking.end_time,
    });
    // Not 'free with a booking later': the booking is in the hall, not still to come.
    expect(table.next_booking).toBeNull();
    expect(table.booked_by).toBeNull();

    const walkInThere = await call('POST', '/api/reservation/instant_seat/', {
      restaurant: r.id,
      group_size: 2,
      tables: [r.table('6')],
    });
    expect(walkInThere.statusCode).toBe(409);
    expect(walkInThere.json()).toMatchObject({
      detail: expect.stringMatching(/^Этот стол уже занят: стол 6 — Ольга, с \d\d:\d\d$/),
      code: 'table_taken',
      tables: [r.table('6')],
      occupied_by: [{ table: r.table('6'), kind: 'booking', id: booking.id, name: 'Ольга' }],
    });
    const waiting = await walkIn(r.id, 'Пётр');
    const seatRefused = await seatEntry(waiting.id, [r.table('6')]);
    expect(seatRefused.statusCode).toBe(409);
    expect(seatRefused.json()).toMatchObject({ code: 'table_taken' });
    expect(QueueEntry.parse((await call('GET', `/api/reservation/${waiting.id}/`)).json()).status).toBe(
      'live',
    );

    // The booking's guests leave: the table is free, and the walk-in sits there.
    expect((await call('PATCH', `/api/booking/${booking.id}/`, { status: 'closed' })).statusCode).toBe(200);
    expect((await tableIn(r.id, '6')).occupied_by).toBeNull();
    const nowSeated = await seatEntry(waiting.id, [r.table('6')]);
    expect(nowSeated.statusCode, nowSeated.body).toBe(200);
    expect((await tableIn(r.id, '6')).occupied_by).toMatchObject({
      kind: 'queue',
      id: waiting.id,
      name: 'Пётр',
    });
  });

  it('refuses to seat a booking at a table where a queue party sits, and changes nothing', async () => {
    const r = await hall('Стол за очередью');
    const party = await walkIn(r.id, 'Мария');
    expect((await seatEntry(party.id, [r.table('2')])).statusCode).toBe(200);
    const booking = await book({
      restaurant: r.id,
      table: r.table('2'),
      name: 'Иван',
      seating_time: fromNow(120),
      end_time: fromNow(240),
    });
    const refused = await seatBooking(booking.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      detail: expect.stringMatching(/^Этот стол уже занят: стол 2 — Мария, с /),
      code: 'table_taken',
      occupied_by: [{ table: r.table('2'), kind: 'queue', id: party.id, name: 'Мария' }],
    });
    const still = Booking.parse((await call('GET', `/api/booking/${booking.id}/`)).json());
    expect(still.status).toBe('application');
    expect((await tableIn(r.id, '2')).occupied_by).toMatchObject({ kind: 'queue', id: party.id });
    expect(await occupancyRows(r.id)).toEqual([
      expect.objectContaining({ tableId: r.table('2'), queueEntryId: party.id, bookingId: null }),
    ]);

    // Seated at another free table instead (the card's offer): moved and seated in one step.
    const elsewhere = await seatBooking(booking.id, { table: r.table('1') });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect((await tableIn(r.id, '1')).occupied_by).toMatchObject({ kind: 'booking', id: booking.id });
  });

  it('lets a seated party move only to a free table, and a booking of a group occupy every table of it', async () => {
    const r = await hall('Пересадка');
    const big = await book({
      restaurant: r.id,
      group: r.group('6+7'),
      group_size: 9,
      name: 'Юбилей',
      seating_time: fromNow(-10),
      end_time: fromNow(110),
    });
    expect((await seatBooking(big.id)).statusCode).toBe(200);
    const tables = await seating(r.id);
    expect(tables.filter((one) => one.occupied_by?.id === big.id).map((one) => one.number)).toEqual([
      '6',
      '7',
    ]);

    const party = await walkIn(r.id, 'Анна');
    expect((await seatEntry(party.id, [r.table('1')])).statusCode).toBe(200);
    const toGroupTable = await call('PUT', `/api/reservation/${party.id}/`, { tables: [r.table('7')] });
    expect(toGroupTable.statusCode).toBe(409);
    expect(toGroupTable.json()).toMatchObject({ code: 'table_taken' });
    expect(QueueEntry.parse((await call('GET', `/api/reservation/${party.id}/`)).json()).tables).toEqual([
      r.table('1'),
    ]);
    const toFree = await call('PUT', `/api/reservation/${party.id}/`, { tables: [r.table('2')] });
    expect(toFree.statusCode, toFree.body).toBe(200);
    const after = await seating(r.id);
    expect(after.find((one) => one.number === '1')?.occupied_by).toBeNull();
    expect(after.find((one) => one.number === '2')?.occupied_by).toMatchObject({ id: party.id });
  });

  it('gives exactly one of 20 concurrent seatings at one table the table, queue parties and bookings mixed', async () => {
    for (const [name, bookingTimes] of [
      // A booking seated early (due in 2.5 hours) against 19 queue parties.
      ['Гонка: рано', [[150, 270]]],
      // A late booking (its time began 20 minutes ago) and one seated early, against 18 queue parties:
      // the late one holds the table now, so the queue parties are refused as booked.
      [
        'Гонка: поздно и рано',
        [
          [-20, 60],
          [150, 270],
        ],
      ],
      // A booking at its time and one seated early, against 18 queue parties.
      [
        'Гонка: вовремя',
        [
          [0, 100],
          [150, 270],
        ],
      ],
    ] as const) {
      const r = await hall(name);
      const bookings = [];
      for (const [from, to] of bookingTimes)
        bookings.push(
          await book({
            restaurant: r.id,
            table: r.table('6'),
            seating_time: fromNow(from),
            end_time: fromNow(to),
          }),
        );
      const parties = [];
      for (let i = 0; i < 20 - bookings.length; i++) parties.push(await walkIn(r.id, `Гость ${i + 1}`));
      const attempts = [
        ...parties.map((party) => seatEntry(party.id, [r.table('6')])),
        ...bookings.map((booking) => seatBooking(booking.id)),
      ];
      const answers = await Promise.all(attempts);
      const codes = answers.map((res) => res.statusCode);
      expect(
        codes.filter((code) => code === 200),
        name,
      ).toHaveLength(1);
      expect(
        codes.filter((code) => code === 409),
        name,
      ).toHaveLength(19);
      for (const res of answers.filter((one) => one.statusCode === 409))
        expect(['table_taken', 'table_booked']).toContain(res.json().code);

      // The database agrees: one party sits there, the others are where they were.
      const rows = await occupancyRows(r.id);
      expect(rows).toHaveLength(1);
      const sat = (
        await t.database.db
          .select()
          .from(schema.queueEntries)
          .where(eq(schema.queueEntries.restaurantId, r.id))
      ).filter((row) => row.status === 'sat');
      const open = (
        await t.database.db.select().from(schema.bookings).where(eq(schema.bookings.restaurantId, r.id))
      ).filter((row) => row.status === 'open');
      expect(sat.length + open.length, name).toBe(1);
      expect(rows[0]?.queueEntryId ?? rows[0]?.bookingId).toBe(sat[0]?.id ?? open[0]?.id);
    }
  });

  it('frees a table when its party leaves, is moved away or is cancelled back, and on a table delete refuses while someone sits', async () => {
    const r = await hall('Уход');
    const party = await walkIn(r.id, 'Лев');
    expect((await seatEntry(party.id, [r.table('1')])).statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/tables/?pk=${r.table('1')}`,
      headers: who.bearer(who.adminA),
    });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'table_in_use', queue_entries: [party.id] });
    expect((await call('PUT', `/api/reservation/${party.id}/`, { status: 'closed' })).statusCode).toBe(200);
    expect(await occupancyRows(r.id)).toEqual([]);
  });
});
