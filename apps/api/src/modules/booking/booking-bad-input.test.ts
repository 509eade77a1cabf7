import { Booking } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { addDays } from '@stolik/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, bookingKit, DAY } from '../../test/booking-kit';
import { createIdentities, type Identities, type Person } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Bad input to the booking endpoints: 400 naming the field with the spec's message. */

let t: TestApp;
let who: Identities;
beforeAll(async () => {
  t = await createTestApp();
  who = await createIdentities(t);
});
afterAll(() => t.close());

const { call, smallHall, created } = bookingKit(
  () => t,
  () => who,
  { firstPhone: 4000 },
);

describe('bad input: 400 with the field and its message', () => {
  const expect400 = async (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    body: object | undefined,
    fields: Record<string, string[]>,
    as: Person = who.hostessA,
  ) => {
    const res = await call(method, url, as, body);
    expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
    expect(res.json(), `${method} ${url} ${JSON.stringify(body)}`).toEqual(fields);
  };
  const REQUIRED = ['Заполните поле'];
  const INVALID = ['Некорректное значение'];
  /** Ids and query-string numbers are coerced: missing, they read as not a number. */
  const MISSING_NUMBER = INVALID;

  it('waiting list, change of restaurant', async () => {
    const hall = await smallHall('Плохой ввод 1');
    const url = '/api/booking/waiting_queue/';
    await expect400(
      'POST',
      url,
      { restaurant: hall.id, seating_time: at('19:00') },
      { group_size: REQUIRED },
    );
    await expect400('POST', url, { restaurant: hall.id, group_size: 2 }, { seating_time: REQUIRED });
    await expect400(
      'POST',
      url,
      { restaurant: hall.id, group_size: 2, seating_time: '19:00' },
      { seating_time: INVALID },
    );
    await expect400(
      'POST',
      url,
      { restaurant: hall.id, group_size: 51, seating_time: at('19:00') },
      { group_size: ['Значение должно быть не больше 50'] },
    );
    await expect400(
      'POST',
      url,
      { restaurant: hall.id, group_size: 2, seating_time: at('19:00'), end_time: at('18:00') },
      { end_time: INVALID },
    );
    await expect400(
      'POST',
      url,
      { restaurant: hall.id, group_size: 2, seating_time: at('19:00'), phone: '123' },
      { phone: ['Некорректный номер мобильного телефона'] },
    );
    const waiting = await t.database.db
      .select()
      .from(schema.bookings)
      .where(eq(schema.bookings.restaurantId, hall.id));
    expect(waiting).toEqual([]);

    const booking = await created({ restaurant: hall.id, group_size: 2, seating_time: at('19:00') });
    const move = '/api/booking/change-restaurant/';
    await expect400('PATCH', move, { restaurant: hall.id }, { booking: MISSING_NUMBER });
    await expect400('PATCH', move, { booking: booking.id }, { restaurant: MISSING_NUMBER });
    await expect400('PATCH', move, { booking: 'abc', restaurant: hall.id }, { booking: INVALID });
    // To the restaurant it is in already.
    await expect400('PATCH', move, { booking: booking.id, restaurant: hall.id }, { restaurant: INVALID });
    expect(Booking.parse((await call('GET', `/api/booking/${booking.id}/`)).json()).restaurant).toBe(hall.id);
  });

  it('availability: slots v1 and v2, the day of tables, table search, guest count, the guest slots', async () => {
    const hall = await smallHall('Плохой ввод 2');
    for (const path of ['/api/available_slots/', '/api/v2/available_slots/']) {
      const url = (query: string) => `${path}?restaurant_id=${hall.id}&${query}`;
      await expect400('GET', url('group_size=2'), undefined, { date: REQUIRED });
      await expect400('GET', url(`date=${DAY}`), undefined, { group_size: MISSING_NUMBER });
      await expect400('GET', url('date=2026-13-40&group_size=2'), undefined, { date: INVALID });
      await expect400('GET', url(`date=${DAY}&group_size=0`), undefined, {
        group_size: ['Значение должно быть не меньше 1'],
      });
      await expect400('GET', url(`date=${DAY}&group_size=2&durations=5`), undefined, {
        durations: ['Значение должно быть не меньше 15'],
      });
      await expect400('GET', url(`date=${DAY}&group_size=2&is_reservable=maybe`), undefined, {
        is_reservable: INVALID,
      });
      await expect400('GET', `${path}?date=${DAY}&group_size=2`, undefined, {
        restaurant_id: MISSING_NUMBER,
      });
    }
    const tables = (query: string) => `/api/available_tables/?restaurant_id=${hall.id}&${query}`;
    await expect400('GET', tables(''), undefined, { date: REQUIRED });
    await expect400('GET', tables('date=07.05.2026'), undefined, { date: INVALID });
    await expect400('GET', tables(`date=${DAY}&page=0`), undefined, {
      page: ['Значение должно быть не меньше 1'],
    });
    await expect400('GET', tables(`date=${DAY}&page_size=501`), undefined, {
      page_size: ['Значение должно быть не больше 500'],
    });
    const find = (query: string) => `/api/booking/find-available-tables/?restaurant_id=${hall.id}&${query}`;
    await expect400('GET', find('num_people=2'), undefined, { start_time: REQUIRED });
    await expect400('GET', find('num_people=2&start_time=tomorrow'), undefined, { start_time: INVALID });
    await expect400(
      'GET',
      find(
        `num_people=2&start_time=${encodeURIComponent(at('19:00'))}&end_time=${encodeURIComponent(at('18:00'))}`,
      ),
      undefined,
      { end_time: INVALID },
    );
    await expect400('GET', `/api/booking/guest-count/?restaurant_id=${hall.id}&date=31-12-2026`, undefined, {
      date: INVALID,
    });
    await expect400('GET', '/api/booking/guest-count/?restaurant_id=x', undefined, {
      restaurant_id: INVALID,
    });
    const publicSlots = (query: string) => `/api/public/restaurant/${hall.id}/slots/?${query}`;
    await expect400('GET', publicSlots('group_size=2'), undefined, { date: REQUIRED }, who.hostessA);
    await expect400('GET', publicSlots(`date=${DAY}&group_size=0`), undefined, {
      group_size: ['Значение должно быть не меньше 1'],
    });
    await expect400('GET', publicSlots(`date=${DAY}&group_size=many`), undefined, {
      group_size: INVALID,
    });
    const anonymous = await call('GET', publicSlots(`date=bad&group_size=2`), null);
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json()).toEqual({ date: INVALID });
  });

  it('table locks, zone switch, contacts export', async () => {
    const hall = await smallHall('Плохой ввод 3');
    const lock = `/api/restaurant/${hall.id}/table_lock/`;
    await expect400('POST', lock, { date: DAY }, { table: MISSING_NUMBER });
    await expect400('POST', lock, { table: hall.table('1') }, { date: REQUIRED });
    await expect400('POST', lock, { table: hall.table('1'), date: '2026-02-30' }, { date: INVALID });
    await expect400(
      'POST',
      lock,
      { table: hall.table('1'), date: DAY, from: '9:60', to: '10:00' },
      { from: INVALID },
    );
    await expect400('POST', lock, { table: hall.table('1'), date: DAY, from: '18:00' }, { to: REQUIRED });
    await expect400('POST', lock, { table: 999_999, date: DAY }, { table: INVALID });
    await expect400(
      'POST',
      lock,
      { table: hall.table('1'), date: DAY, reason: 'x'.repeat(201) },
      { reason: ['Слишком длинное значение: не более 200 символов'] },
    );
    await expect400('GET', `/api/restaurant/${hall.id}/table_locks/?date=tomorrow`, undefined, {
      date: INVALID,
    });
    expect((await call('GET', `/api/restaurant/${hall.id}/table_locks/`)).json()).toEqual([]);

    const zoneSwitch = `/api/restaurant/${hall.id}/update_zone_schedule/${hall.zone('Терраса')}/`;
    await expect400('PATCH', zoneSwitch, { active: 2 }, { active: INVALID });
    await expect400('PATCH', zoneSwitch, { active: 'off' }, { active: INVALID });
    // 'active' is 1 or 0: missing, it is neither.
    await expect400('PATCH', zoneSwitch, {}, { active: INVALID });
    const schedule = await call('GET', `/api/restaurant/${hall.id}/zones_schedule/`);
    expect(schedule.json()).toContainEqual(expect.objectContaining({ name: 'Терраса', active: true }));

    const exportUrl = (query: string) =>
      `/api/booking/guests-contacts-export/?restaurant_id=${hall.id}&${query}`;
    await expect400('GET', exportUrl(''), undefined, { start_date: REQUIRED }, who.adminA);
    await expect400(
      'GET',
      exportUrl('start_date=01.05.2026'),
      undefined,
      { start_date: INVALID },
      who.adminA,
    );
    await expect400(
      'GET',
      exportUrl(`start_date=${DAY}&end_date=2026-99-01`),
      undefined,
      { end_date: INVALID },
      who.adminA,
    );
    await expect400(
      'GET',
      exportUrl(`start_date=${DAY}&end_date=${addDays(DAY, -1)}`),
      undefined,
      { end_date: ['Дата окончания не может быть раньше даты начала'] },
      who.adminA,
    );
  });
});
