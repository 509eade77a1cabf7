import {
  AutoRuleSchema,
  AvailableSlotsV2,
  Booking,
  BookingHistoryItem,
  GuestBookingCreated,
  GuestBookingStatus,
  TableFitSchema,
} from '@stolik/contracts';
import { schema } from '@stolik/db';
import { addDays, localIsoDate, weekdayOf, zonedInstant } from '@stolik/domain';
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createIdentities, type Identities, type Person } from '../../test/identities';
import { openTestRestaurant, type RestaurantFixture } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { serviceDateOf } from './availability-input';

const TZ = 'Europe/Moscow';
/** A day a week ahead: far from any lead-time rule and from today's clock. */
const DAY = addDays(localIsoDate(TZ, new Date()), 7);
const at = (time: string, date = DAY, timezone = TZ) => zonedInstant(timezone, date, time).toISOString();
const MINUTE = 60_000;

/**
 * A fixed-offset zone in which it is about midday now, so that 'now' falls well inside a
 * 08:00–23:00 day and far from the 06:00 turn of the service day, whenever the suite runs.
 */
function middayZone(): string {
  const offset = 12 - new Date().getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  // The Etc zones count the other way round: Etc/GMT-3 is three hours ahead of UTC.
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

describe('bookings, further: today, rules, auto-confirmation, limits, bad input, outbox, conflicts', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    as: Person | null = who.hostessA,
    payload?: object,
    extra: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(as ? who.bearer(as) : {}), ...extra.headers },
      ...(payload ? { payload } : {}),
      ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
    });
  const open = (options: RestaurantFixture) => openTestRestaurant(t, who, options);
  /** Two zones: tables 1 (4) and 2 (2) in the hall, 3 and 4 (4 each, a group of 8) on the terrace; 12:00-23:00. */
  const smallHall = (name: string, timezone = TZ) =>
    open({
      name,
      timezone,
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
  const created = async (body: object, as: Person = who.hostessA) => {
    const res = await call('POST', '/api/booking/', as, body);
    expect(res.statusCode, res.body).toBe(201);
    return Booking.parse(res.json());
  };
  const patch = (id: number, body: object, as: Person = who.hostessA) =>
    call('PATCH', `/api/booking/${id}/`, as, body);
  const historyOf = async (id: number) =>
    z.array(BookingHistoryItem).parse((await call('GET', `/api/booking/${id}/get-history/`)).json());
  const outboxRows = async (id: number) =>
    (
      await t.database.db
        .select()
        .from(schema.outbox)
        .where(eq(schema.outbox.entityId, id))
        .orderBy(asc(schema.outbox.id))
    ).filter((row) => row.type !== 'queue');
  const outboxOf = async (id: number) => (await outboxRows(id)).map((row) => [row.type, row.status]);
  const guestRequest = (restaurant: number, body: object, remoteAddress?: string) =>
    call(
      'POST',
      `/api/public/restaurant/${restaurant}/booking/`,
      null,
      body,
      remoteAddress ? { remoteAddress } : {},
    );
  const requested = async (restaurant: number, body: object) => {
    const res = await guestRequest(restaurant, body);
    expect(res.statusCode, res.body).toBe(201);
    const made = GuestBookingCreated.parse(res.json());
    const [row] = await t.database.db
      .select()
      .from(schema.bookings)
      .where(eq(schema.bookings.guestToken, made.token));
    if (!row) throw new Error('no booking');
    return { ...made, row };
  };
  let phoneSeq = 1000;
  const nextPhone = () => `+7916444${String(phoneSeq++).padStart(4, '0')}`;

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

  describe('auto-reservation and time rules', () => {
    it('lists by restaurant and rule_type, changes and deletes; managers only, 404 elsewhere, 400 on bad input', async () => {
      const hall = await smallHall('Правила');
      const url = '/api/auto_reservation_rules/';
      const first = await call('POST', url, who.adminA, {
        restaurant: hall.id,
        max_group_size: 4,
        from: '12:00',
        to: '16:00',
        weekdays: [4, 1, 1],
      });
      expect(first.statusCode, first.body).toBe(201);
      const rule = AutoRuleSchema.parse(first.json());
      expect(rule).toMatchObject({ rule_type: 'confirm', weekdays: [1, 4], zone: null, is_active: true });
      const second = AutoRuleSchema.parse(
        (
          await call('POST', url, who.adminA, {
            restaurant: hall.id,
            max_group_size: 2,
            zone: hall.zone('Терраса'),
          })
        ).json(),
      );
      // Another restaurant's rule, made by its superuser.
      const foreign = await call('POST', url, who.superuser, {
        restaurant: who.restaurantB,
        max_group_size: 2,
      });
      expect(foreign.statusCode, foreign.body).toBe(201);
      const foreignId = AutoRuleSchema.parse(foreign.json()).id;

      // Any member reads the restaurant's rules, and only its own.
      const list = async (query: string, as: Person = who.hostessA) => call('GET', `${url}?${query}`, as);
      const all = z.array(AutoRuleSchema).parse((await list(`restaurant=${hall.id}`)).json());
      expect(all.map((r) => r.id)).toEqual([rule.id, second.id]);
      const confirm = z
        .array(AutoRuleSchema)
        .parse((await list(`restaurant=${hall.id}&rule_type=confirm`)).json());
      expect(confirm.map((r) => r.id)).toEqual([rule.id, second.id]);
      expect((await list(`restaurant=${hall.id}&rule_type=no_online`)).json()).toEqual([]);
      expect((await list(`restaurant=${hall.id}`, who.hostessB)).statusCode).toBe(404);
      const noRestaurant = await list('rule_type=confirm');
      expect(noRestaurant.statusCode).toBe(400);
      expect(noRestaurant.json()).toEqual({ restaurant: ['Некорректное значение'] });

      // Changes: the manager yes, the hostess no, another restaurant's rule is not there.
      const changed = await call('PATCH', `${url}${rule.id}/`, who.adminA, {
        max_group_size: 6,
        from: null,
        to: null,
        is_active: false,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(AutoRuleSchema.parse(changed.json())).toMatchObject({
        id: rule.id,
        max_group_size: 6,
        from: null,
        to: null,
        is_active: false,
        weekdays: [1, 4],
      });
      expect((await call('PATCH', `${url}${rule.id}/`, who.hostessA, { is_active: true })).statusCode).toBe(
        403,
      );
      expect((await call('PATCH', `${url}${foreignId}/`, who.adminA, { is_active: false })).statusCode).toBe(
        404,
      );
      expect((await call('PATCH', `${url}999999/`, who.adminA, { is_active: false })).statusCode).toBe(404);

      // Bad input: the field and the spec's message, and the rule stays as it was.
      const cases: [object, Record<string, string[]>][] = [
        [{ max_group_size: 0 }, { max_group_size: ['Значение должно быть не меньше 1'] }],
        [{ max_group_size: 51 }, { max_group_size: ['Значение должно быть не больше 50'] }],
        [
          { from: '25:00', to: '26:00' },
          { from: ['Некорректное значение'], to: ['Некорректное значение'] },
        ],
        [{ from: '12:00' }, { to: ['Заполните поле'] }],
        [{ weekdays: [7] }, { 'weekdays.0': ['Значение должно быть не больше 6'] }],
        [{ zone: who.restaurantB }, { zone: ['Некорректное значение'] }],
        [{ is_active: 'yes' }, { is_active: ['Некорректное значение'] }],
      ];
      for (const [body, fields] of cases) {
        const res = await call('PATCH', `${url}${rule.id}/`, who.adminA, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json(), JSON.stringify(body)).toEqual(fields);
      }
      const badPost = await call('POST', url, who.adminA, { restaurant: hall.id });
      expect(badPost.statusCode).toBe(400);
      expect(badPost.json()).toEqual({ max_group_size: ['Заполните поле'] });
      const badType = await call('POST', url, who.adminA, {
        restaurant: hall.id,
        max_group_size: 2,
        rule_type: 'decline',
      });
      expect(badType.statusCode).toBe(400);
      expect(Object.keys(badType.json())).toEqual(['rule_type']);
      const unchanged = z.array(AutoRuleSchema).parse((await list(`restaurant=${hall.id}`)).json());
      expect(unchanged.find((r) => r.id === rule.id)).toMatchObject({ max_group_size: 6, is_active: false });

      // Deleting: the manager only; gone is gone.
      expect((await call('DELETE', `${url}${second.id}/`, who.hostessA)).statusCode).toBe(403);
      expect((await call('DELETE', `${url}${foreignId}/`, who.adminA)).statusCode).toBe(404);
      expect((await call('DELETE', `${url}${second.id}/`, who.adminA)).statusCode).toBe(204);
      expect((await call('DELETE', `${url}${second.id}/`, who.adminA)).statusCode).toBe(404);
      expect(
        z
          .array(AutoRuleSchema)
          .parse((await list(`restaurant=${hall.id}`)).json())
          .map((r) => r.id),
      ).toEqual([rule.id]);
    });

    it('time rules: another restaurant is 404, bad changes are 400, a hostess reads them', async () => {
      const hall = await smallHall('Правила времени');
      const made = await call('POST', '/api/time_rule/', who.adminA, {
        restaurant: hall.id,
        rule_type: 'min_lead',
        minutes: 60,
      });
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json().id;
      const foreign = await call('POST', '/api/time_rule/', who.superuser, {
        restaurant: who.restaurantB,
        rule_type: 'covers_cap',
        covers: 20,
      });
      expect(foreign.statusCode, foreign.body).toBe(201);
      expect((await call('GET', `/api/time_rule/?restaurant=${hall.id}`)).json()).toEqual([
        expect.objectContaining({ id, rule_type: 'min_lead', minutes: 60 }),
      ]);
      expect((await call('GET', `/api/time_rule/?restaurant=${hall.id}`, who.hostessB)).statusCode).toBe(404);
      expect(
        (await call('PATCH', `/api/time_rule/${foreign.json().id}/`, who.adminA, { covers: 5 })).statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/api/time_rule/${foreign.json().id}/`, who.adminA)).statusCode).toBe(404);
      const negative = await call('PATCH', `/api/time_rule/${id}/`, who.adminA, { minutes: -5 });
      expect(negative.statusCode).toBe(400);
      expect(negative.json()).toEqual({ minutes: ['Значение должно быть не меньше 0'] });
      const cleared = await call('PATCH', `/api/time_rule/${id}/`, who.adminA, { minutes: null });
      expect(cleared.statusCode).toBe(400);
      expect(cleared.json()).toEqual({ minutes: ['Заполните поле'] });
      const badType = await call('POST', '/api/time_rule/', who.adminA, {
        restaurant: hall.id,
        rule_type: 'sometimes',
      });
      expect(badType.statusCode).toBe(400);
      expect(Object.keys(badType.json())).toEqual(['rule_type']);
      expect((await call('GET', `/api/time_rule/?restaurant=${hall.id}`)).json()).toEqual([
        expect.objectContaining({ id, minutes: 60 }),
      ]);
    });

    it('confirms only what a rule matches: party size, weekday, zone, active; writes its history and tells the guest', async () => {
      const hall = await smallHall('Автоподтверждение');
      const weekday = weekdayOf(DAY);
      const rule = AutoRuleSchema.parse(
        (
          await call('POST', '/api/auto_reservation_rules/', who.adminA, {
            restaurant: hall.id,
            max_group_size: 2,
            weekdays: [(weekday + 1) % 7],
          })
        ).json(),
      );
      const ask = (time: string, groupSize: number) =>
        requested(hall.id, { date: DAY, time, group_size: groupSize, name: 'Гость', phone: nextPhone() });

      // Another weekday: the request waits for the hostess.
      const otherDay = await ask('12:00', 2);
      expect(otherDay.status).toBe('pending');
      expect(otherDay.row.status).toBe('new');

      // This weekday: a couple is confirmed, a party of three is over the rule's maximum and waits.
      const setDay = await call('PATCH', `/api/auto_reservation_rules/${rule.id}/`, who.adminA, {
        weekdays: [weekday],
      });
      expect(setDay.statusCode, setDay.body).toBe(200);
      const couple = await ask('14:30', 2);
      expect(couple.status).toBe('confirmed');
      expect(couple.row.status).toBe('application');
      const three = await ask('14:30', 3);
      expect(three.row.status).toBe('new');

      // The history says it was the rule, not a person.
      expect(await historyOf(couple.row.id)).toEqual([
        {
          from_status: null,
          to_status: 'application',
          changed_by: null,
          changed_by_name: '',
          changes: { auto_rule: rule.id },
          at: expect.any(String),
        },
      ]);
      // The restaurant hears of a confirmed booking, and the guest is told at once.
      expect(await outboxOf(couple.row.id)).toEqual([
        ['booking', 'application'],
        ['guest', 'booking_confirmed'],
      ]);
      const told = (await outboxRows(couple.row.id)).find((row) => row.type === 'guest');
      expect(told?.payload).toMatchObject({
        channel: 'sms',
        chat_id: null,
        phone: couple.row.phone,
        token: couple.token,
        group_size: 2,
        seating_time: at('14:30'),
      });
      // A request left for the hostess tells the guest nothing yet.
      expect(await outboxOf(three.row.id)).toEqual([['booking', 'new']]);

      // Switched off: no longer confirms.
      await call('PATCH', `/api/auto_reservation_rules/${rule.id}/`, who.adminA, { is_active: false });
      expect((await ask('17:00', 2)).row.status).toBe('new');

      // A rule for the terrace: a party placed there is confirmed, a couple placed in the hall is not.
      await call('PATCH', `/api/auto_reservation_rules/${rule.id}/`, who.adminA, {
        is_active: true,
        zone: hall.zone('Терраса'),
        max_group_size: 8,
      });
      const hallCouple = await ask('20:00', 2);
      expect(hallCouple.row).toMatchObject({ status: 'new', tableId: hall.table('2') });
      const terraceParty = await ask('20:00', 7);
      expect(terraceParty.row).toMatchObject({ status: 'application', groupId: hall.group('3+4') });
    });
  });

  describe('rate limits of the guest form', () => {
    const throttled = (res: {
      statusCode: number;
      headers: Record<string, unknown>;
      json: () => unknown;
    }) => {
      expect(res.statusCode).toBe(429);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(res.json()).toEqual({
        detail: `Слишком много запросов. Попробуйте через ${retryAfter} с`,
        code: 'throttled',
      });
      return retryAfter;
    };

    it('answers 429 with Retry-After past 20 requests from one address in 10 minutes', async () => {
      const hall = await smallHall('Лимит адреса');
      // 03:00 is never offered: each request is refused (409) yet counts, and nothing is stored.
      const body = () => ({ date: DAY, time: '03:00', group_size: 2, name: 'Частый', phone: nextPhone() });
      for (let i = 0; i < 20; i += 1) {
        expect((await guestRequest(hall.id, body(), '198.51.100.20')).statusCode).toBe(409);
      }
      const retryAfter = throttled(await guestRequest(hall.id, body(), '198.51.100.20'));
      expect(retryAfter).toBeLessThanOrEqual(600);
      // Another address is not held back by it.
      expect((await guestRequest(hall.id, body(), '198.51.100.21')).statusCode).toBe(409);
    });

    it('answers 429 past 5 requests for one phone in 10 minutes, whatever the address', async () => {
      const hall = await smallHall('Лимит телефона');
      const phone = nextPhone();
      const body = { date: DAY, time: '03:00', group_size: 2, name: 'Один', phone };
      for (let i = 0; i < 5; i += 1) {
        expect((await guestRequest(hall.id, body, `198.51.100.${30 + i}`)).statusCode).toBe(409);
      }
      throttled(await guestRequest(hall.id, body, '198.51.100.40'));
      // The same phone written another way is the same phone.
      throttled(
        await guestRequest(
          hall.id,
          { ...body, phone: `8 ${phone.slice(2, 5)} ${phone.slice(5)}` },
          '198.51.100.41',
        ),
      );
      expect((await guestRequest(hall.id, { ...body, phone: nextPhone() }, '198.51.100.42')).statusCode).toBe(
        409,
      );
      const stored = await t.database.db
        .select()
        .from(schema.bookings)
        .where(eq(schema.bookings.restaurantId, hall.id));
      expect(stored).toEqual([]);
    });

    it('answers 429 past 120 slot lookups a minute from one address', async () => {
      const hall = await smallHall('Лимит слотов');
      const slots = (address: string) =>
        call('GET', `/api/public/restaurant/${hall.id}/slots/?date=${DAY}&group_size=2`, null, undefined, {
          remoteAddress: address,
        });
      for (let i = 0; i < 120; i += 1) {
        const res = await slots('198.51.100.50');
        if (res.statusCode !== 200) expect.fail(`lookup ${i + 1}: ${res.statusCode} ${res.body}`);
      }
      expect(throttled(await slots('198.51.100.50'))).toBeLessThanOrEqual(60);
      expect((await slots('198.51.100.51')).statusCode).toBe(200);
    });
  });

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
      expect(Booking.parse((await call('GET', `/api/booking/${booking.id}/`)).json()).restaurant).toBe(
        hall.id,
      );
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
      await expect400(
        'GET',
        `/api/booking/guest-count/?restaurant_id=${hall.id}&date=31-12-2026`,
        undefined,
        {
          date: INVALID,
        },
      );
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

  describe('outbox, history, and a change made on another device', () => {
    it("a staff cancel writes 'booking cancelled'; a guest's booking also tells the guest", async () => {
      const hall = await smallHall('Отмена');
      const staffBooking = await created({ restaurant: hall.id, group_size: 2, seating_time: at('13:00') });
      expect((await patch(staffBooking.id, { status: 'cancelled' })).statusCode).toBe(200);
      expect(await outboxOf(staffBooking.id)).toEqual([
        ['booking', 'application'],
        ['booking', 'cancelled'],
      ]);

      const guest = await requested(hall.id, {
        date: DAY,
        time: '15:00',
        group_size: 2,
        name: 'Гостья',
        phone: nextPhone(),
      });
      expect((await patch(guest.row.id, { status: 'application' })).statusCode).toBe(200);
      const cancel = await patch(guest.row.id, { status: 'cancelled' });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(await outboxOf(guest.row.id)).toEqual([
        ['booking', 'new'],
        ['booking', 'application'],
        ['guest', 'booking_confirmed'],
        ['booking', 'cancelled'],
        ['guest', 'booking_cancelled'],
      ]);
      const told = (await outboxRows(guest.row.id)).at(-1);
      expect(told?.payload).toMatchObject({ channel: 'sms', phone: guest.row.phone, token: guest.token });
      const status = await call('GET', `/api/public/booking/${guest.token}/`, null);
      expect(GuestBookingStatus.parse(status.json()).status).toBe('cancelled');
    });

    it('a declined request tells the guest and frees the table', async () => {
      const hall = await open({
        name: 'Отказ',
        tables: [{ number: '1', seatsMax: 2 }],
        hours: { opens: '12:00', closes: '23:00' },
      });
      const body = { date: DAY, time: '19:00', group_size: 2, name: 'Отказ', phone: nextPhone() };
      const guest = await requested(hall.id, body);
      // The only table is held while the hostess decides.
      expect((await guestRequest(hall.id, { ...body, phone: nextPhone() })).statusCode).toBe(409);
      const declined = await patch(guest.row.id, { status: 'declined' });
      expect(declined.statusCode, declined.body).toBe(200);
      expect(Booking.parse(declined.json())).toMatchObject({ status: 'declined' });
      // 'declined' is not one of the restaurant's notifiable events; the guest hears it.
      expect(await outboxOf(guest.row.id)).toEqual([
        ['booking', 'new'],
        ['guest', 'booking_cancelled'],
      ]);
      expect(await historyOf(guest.row.id)).toEqual([
        expect.objectContaining({ from_status: null, to_status: 'new', changed_by: null }),
        expect.objectContaining({
          from_status: 'new',
          to_status: 'declined',
          changed_by: who.hostessA.id,
          changed_by_name: 'hostess.a',
        }),
      ]);
      // Declined holds nothing: the time is offered again.
      expect((await requested(hall.id, { ...body, phone: nextPhone() })).row.tableId).toBe(hall.table('1'));
    });

    it('the history of an edit says what changed and who changed it; an edit alone writes no outbox row', async () => {
      const hall = await smallHall('История');
      const booking = await created({
        restaurant: hall.id,
        table: hall.table('1'),
        group_size: 2,
        seating_time: at('18:00'),
        comment: 'у окна',
      });
      const edit = await patch(
        booking.id,
        { seating_time: at('18:30'), group_size: 3, comment: 'день рождения', deposit: true },
        who.adminA,
      );
      expect(edit.statusCode, edit.body).toBe(200);
      const history = await historyOf(booking.id);
      expect(history).toHaveLength(2);
      expect(history[1]).toEqual({
        from_status: 'application',
        to_status: 'application',
        changed_by: who.adminA.id,
        changed_by_name: 'admin.a',
        changes: { seating_time: at('18:30'), group_size: 3, comment: 'день рождения', deposit: true },
        at: expect.any(String),
      });
      // A status move and a new table together: both in one history row.
      const moved = await patch(booking.id, { status: 'waiting', table: hall.table('3') });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await historyOf(booking.id))[2]).toMatchObject({
        from_status: 'application',
        to_status: 'waiting',
        changed_by: who.hostessA.id,
        changes: { table: hall.table('3') },
      });
      expect(await outboxOf(booking.id)).toEqual([
        ['booking', 'application'],
        ['booking', 'waiting'],
      ]);
    });

    it('refuses with 409 a change to a booking another device changed after it was read, and keeps theirs', async () => {
      const hall = await smallHall('Два устройства');
      const booking = await created({ restaurant: hall.id, group_size: 2, seating_time: at('19:00') });
      const db = t.database.db;
      const transaction = db.transaction;
      // The other device's change lands after this request read the booking and before it writes:
      // the first transaction the API opens is preceded by the guests being marked as arrived.
      db.transaction = (async (...args: Parameters<typeof transaction>) => {
        db.transaction = transaction;
        await db.update(schema.bookings).set({ status: 'waiting' }).where(eq(schema.bookings.id, booking.id));
        return transaction.apply(db, args);
      }) as typeof transaction;
      try {
        const stale = await patch(booking.id, { status: 'cancelled', comment: 'передумали' });
        expect(stale.statusCode, stale.body).toBe(409);
        expect(stale.json()).toEqual({
          detail: 'Бронь уже изменили на другом устройстве. Обновите страницу',
          code: 'conflict',
        });
      } finally {
        db.transaction = transaction;
      }
      const now = Booking.parse((await call('GET', `/api/booking/${booking.id}/`)).json());
      expect(now).toMatchObject({ status: 'waiting', comment: '', tables: booking.tables });
      expect((await historyOf(booking.id)).map((h) => h.to_status)).toEqual(['application']);
      expect(await outboxOf(booking.id)).toEqual([['booking', 'application']]);
      // Read again, the same change is judged on what is there now.
      expect((await patch(booking.id, { status: 'open' })).statusCode).toBe(200);
    });

    it('refuses a correction made on a version of the booking that has since changed (If-Match), and keeps theirs', async () => {
      const hall = await smallHall('Две правки');
      const booking = await created({ restaurant: hall.id, group_size: 2, seating_time: at('20:00') });
      const onVersion = (version: string, body: object) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/booking/${booking.id}/`,
          headers: { ...who.bearer(who.hostessA), 'if-match': `"${version}"` },
          payload: body,
        });
      // The phone's edit form and the tablet's both opened this version; the tablet saves first.
      const tablet = await onVersion(booking.updated, { comment: 'у окна' });
      expect(tablet.statusCode, tablet.body).toBe(200);
      const saved = Booking.parse(tablet.json());
      expect(saved.updated).not.toBe(booking.updated);
      const phone = await onVersion(booking.updated, { comment: 'без лука', deposit: true });
      expect(phone.statusCode).toBe(409);
      expect(phone.json()).toEqual({
        detail: 'Бронь уже изменили на другом устройстве. Обновите страницу',
        code: 'conflict',
      });
      const now = Booking.parse((await call('GET', `/api/booking/${booking.id}/`)).json());
      expect(now).toMatchObject({ comment: 'у окна', deposit: false, updated: saved.updated });
      // On the version it has now, the phone's correction goes through; without If-Match, as before.
      const again = await onVersion(saved.updated, { comment: 'у окна, без лука' });
      expect(again.statusCode, again.body).toBe(200);
      expect((await patch(booking.id, { deposit: true })).statusCode).toBe(200);

      // A version that is not one: 400 naming it.
      const wrong = await t.app.inject({
        method: 'PATCH',
        url: `/api/booking/${booking.id}/`,
        headers: { ...who.bearer(who.hostessA), 'if-match': 'вчера' },
        payload: { comment: 'x' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ 'if-match': ['Некорректное значение'] });
    });

    it('holds the version in the writing transaction too: a change landing in between is not overwritten', async () => {
      const hall = await smallHall('Правка между');
      const booking = await created({ restaurant: hall.id, group_size: 2, seating_time: at('18:00') });
      const db = t.database.db;
      const transaction = db.transaction;
      // Another device's correction (same status) lands after this request read the booking.
      db.transaction = (async (...args: Parameters<typeof transaction>) => {
        db.transaction = transaction;
        await db
          .update(schema.bookings)
          .set({ comment: 'у окна', updatedAt: new Date(Date.now() + 5) })
          .where(eq(schema.bookings.id, booking.id));
        return transaction.apply(db, args);
      }) as typeof transaction;
      try {
        const stale = await t.app.inject({
          method: 'PATCH',
          url: `/api/booking/${booking.id}/`,
          headers: { ...who.bearer(who.hostessA), 'if-match': `"${booking.updated}"` },
          payload: { comment: 'без лука' },
        });
        expect(stale.statusCode, stale.body).toBe(409);
      } finally {
        db.transaction = transaction;
      }
      expect(Booking.parse((await call('GET', `/api/booking/${booking.id}/`)).json()).comment).toBe('у окна');
    });
  });

  describe('a seated queue party at the API', () => {
    it('takes its table out of the slots and the table search for now, and a booking there is refused', async () => {
      const zone = middayZone();
      const today = serviceDateOf(zone, new Date());
      const hall = await open({
        name: 'Очередь и брони',
        timezone: zone,
        tables: [
          { number: '1', seatsMax: 4 },
          { number: '2', seatsMax: 4 },
        ],
        hours: { opens: '08:00', closes: '23:00' },
      });
      const slots = async () =>
        AvailableSlotsV2.parse(
          (
            await call('GET', `/api/v2/available_slots/?restaurant_id=${hall.id}&date=${today}&group_size=2`)
          ).json(),
        ).slots;
      const find = async () => {
        const start = encodeURIComponent(new Date().toISOString());
        return z
          .array(TableFitSchema)
          .parse(
            (
              await call(
                'GET',
                `/api/booking/find-available-tables/?restaurant_id=${hall.id}&num_people=2&start_time=${start}`,
              )
            ).json(),
          )
          .map((fit) => fit.name);
      };
      const before = await slots();
      expect(before.length).toBeGreaterThan(0);
      expect(before.every((s) => s.options === 2)).toBe(true);
      expect(await find()).toEqual(['1', '2']);

      // A walk-in waits, then is seated at table 1 through the queue.
      const walkIn = await call('POST', '/api/reservation/', who.hostessA, {
        restaurant: hall.id,
        group_size: 2,
      });
      expect(walkIn.statusCode, walkIn.body).toBe(201);
      const seat = await call('PUT', `/api/reservation/${walkIn.json().id}/`, who.hostessA, {
        status: 'sat',
        tables: [hall.table('1')],
      });
      expect(seat.statusCode, seat.body).toBe(200);
      const seatedAt = Date.parse(seat.json().seated_time);

      expect(await find()).toEqual(['2']);
      // Two hours of a booking from a start must not meet the party's expected hour plus 15
      // minutes of cleaning: until then only table 2 is offered, afterwards both again.
      const freeAgain = seatedAt + (60 + 15) * MINUTE;
      const after = await slots();
      expect(after.map((s) => s.time)).toEqual(before.map((s) => s.time));
      for (const slot of after) {
        expect(slot.options, slot.time).toBe(Date.parse(slot.start) < freeAgain ? 1 : 2);
      }
      expect(after.some((s) => s.options === 1)).toBe(true);
      const refused = await call('POST', '/api/booking/', who.hostessA, {
        restaurant: hall.id,
        table: hall.table('1'),
        group_size: 2,
        seating_time: new Date(Date.now() + 5 * MINUTE).toISOString(),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'booking_conflict', tables: [hall.table('1')] });
    });
  });
});
