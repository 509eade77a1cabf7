import { Booking } from '@stolik/contracts';
import { addDays, serviceDateOf } from '@stolik/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { at, bookingKit, DAY, MINUTE, middayZone, TZ } from '../../test/booking-kit';
import { createIdentities, type Identities } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Which bookings a service day holds (it turns at 06:00): today's list and the contacts export. */

let t: TestApp;
let who: Identities;
beforeAll(async () => {
  t = await createTestApp();
  who = await createIdentities(t);
});
afterAll(() => t.close());

const { call, open, smallHall, created, nextPhone } = bookingKit(
  () => t,
  () => who,
  { firstPhone: 1000 },
);

describe("today's bookings", () => {
  it("gives the restaurant's bookings of its service day now, in its own time zone, and nobody else's", async () => {
    const zone = middayZone();
    const today = serviceDateOf(zone, new Date());
    const hall = await open({
      name: 'Сегодня',
      timezone: zone,
      tables: ['1', '2', '3', '4'].map((number) => ({ number, seatsMax: 4 })),
    });
    const other = await open({ name: 'Сегодня, соседи', tables: [{ number: '1', seatsMax: 4 }] });
    const book = (name: string, time: string, date: string, restaurant = hall.id, timezone = zone) =>
      created({
        restaurant,
        group_size: 2,
        seating_time: at(time, date, timezone),
        end_time: new Date(Date.parse(at(time, date, timezone)) + 10 * MINUTE).toISOString(),
        name,
      });
    await book('вчера вечером', '19:00', addDays(today, -1));
    // 05:45 still belongs to the night before; the service day starts at 06:00.
    await book('рано утром', '05:45', today);
    await book('открытие дня', '06:00', today);
    await book('обед', '13:00', today);
    // Past midnight: still today's service day.
    await book('после полуночи', '01:30', addDays(today, 1));
    await book('завтра', '06:00', addDays(today, 1));
    await book('соседи', '13:00', today, other.id, TZ);

    const res = await call('GET', `/api/booking/today-bookings/?restaurant_id=${hall.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = z.array(Booking).parse(res.json());
    expect(list.map((b) => b.name)).toEqual(['открытие дня', 'обед', 'после полуночи']);
    expect(list.every((b) => b.restaurant === hall.id)).toBe(true);

    // Another restaurant's hostess: as if it did not exist; no restaurant named: 400.
    expect(
      (await call('GET', `/api/booking/today-bookings/?restaurant_id=${hall.id}`, who.hostessB)).statusCode,
    ).toBe(404);
    const bad = await call('GET', '/api/booking/today-bookings/');
    expect(bad.statusCode).toBe(400);
    // Ids and numbers of a query string are coerced: a missing one reads as not a number.
    expect(bad.json()).toEqual({ restaurant_id: ['Некорректное значение'] });
  });
});

describe('the contacts export over a date range', () => {
  it('holds the bookings of the service days from start to end, and only those', async () => {
    const hall = await smallHall('Выгрузка');
    const other = await smallHall('Выгрузка, соседи');
    const book = (name: string, time: string, date: string, restaurant = hall.id) =>
      created({ restaurant, group_size: 2, seating_time: at(time, date), name, phone: nextPhone() });
    const [start, end] = [addDays(DAY, 1), addDays(DAY, 2)];
    await book('до периода', '19:00', DAY);
    // 05:30 of the first date still belongs to the night before it.
    await book('ночь перед', '05:30', start);
    await book('первый день', '13:00', start);
    await book('второй день', '20:00', end);
    await book('ночь второго дня', '01:00', addDays(end, 1));
    await book('после периода', '13:00', addDays(end, 1));
    await book('чужой', '13:00', start, other.id);

    const file = await call(
      'GET',
      `/api/booking/guests-contacts-export/?restaurant_id=${hall.id}&start_date=${start}&end_date=${end}`,
      who.adminA,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="guests-${start}-${end}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Гости');
    const dotted = (date: string) => date.split('-').reverse().join('.');
    const rows: unknown[][] = [];
    sheet?.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(1, 4));
    });
    expect(rows).toEqual([
      [dotted(start), '13:00', 'первый день'],
      [dotted(end), '20:00', 'второй день'],
      [dotted(end), '01:00', 'ночь второго дня'],
    ]);
  });
});
