import { Booking, BookingHistoryItem, GuestBookingCreated } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { addDays, localIsoDate, zonedInstant } from '@stolik/domain';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { z } from 'zod';
import type { Identities, Person } from './identities';
import { openTestRestaurant, type RestaurantFixture } from './restaurants';
import type { TestApp } from './test-app';

/*
 * The set-up the booking test files share (#19): the clock they book against and the calls
 * they make, written once here so that each file holds its topic and nothing else.
 */

export const TZ = 'Europe/Moscow';
/** A day a week ahead: far from any lead-time rule and from today's clock. */
export const DAY = addDays(localIsoDate(TZ, new Date()), 7);
export const at = (time: string, date = DAY, timezone = TZ) =>
  zonedInstant(timezone, date, time).toISOString();
export const MINUTE = 60_000;

/**
 * A fixed-offset zone in which it is about midday now, so that 'now' falls well inside a
 * 08:00–23:00 day and far from the 06:00 turn of the service day, whenever the suite runs.
 */
export function middayZone(): string {
  const offset = 12 - new Date().getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  // The Etc zones count the other way round: Etc/GMT-3 is three hours ahead of UTC.
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/**
 * The calls of a booking test file on its own app and people, read through getters because the
 * file's beforeAll makes them after this runs. `firstPhone` starts the file's own range of guest
 * phones (+7 916 444-NNNN, a thousand each): the guest form counts requests per phone and refuses
 * a phone's second request for an overlapping time, so a test that wants a new guest must get a
 * phone no other test of any file has used, even were two files to share a database.
 */
export function bookingKit(app: () => TestApp, people: () => Identities, options: { firstPhone: number }) {
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    as: Person | null = people().hostessA,
    payload?: object,
    extra: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) =>
    app().app.inject({
      method,
      url,
      headers: { ...(as ? people().bearer(as) : {}), ...extra.headers },
      ...(payload ? { payload } : {}),
      ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
    });
  const open = (fixture: RestaurantFixture) => openTestRestaurant(app(), people(), fixture);
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
  const created = async (body: object, as: Person = people().hostessA) => {
    const res = await call('POST', '/api/booking/', as, body);
    expect(res.statusCode, res.body).toBe(201);
    return Booking.parse(res.json());
  };
  const patch = (id: number, body: object, as: Person = people().hostessA) =>
    call('PATCH', `/api/booking/${id}/`, as, body);
  const historyOf = async (id: number) =>
    z.array(BookingHistoryItem).parse((await call('GET', `/api/booking/${id}/get-history/`)).json());
  const outboxRows = async (id: number) =>
    (
      await app()
        .database.db.select()
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
    const [row] = await app()
      .database.db.select()
      .from(schema.bookings)
      .where(eq(schema.bookings.guestToken, made.token));
    if (!row) throw new Error('no booking');
    return { ...made, row };
  };
  let phoneSeq = options.firstPhone;
  const nextPhone = () => `+7916444${String(phoneSeq++).padStart(4, '0')}`;

  return {
    call,
    open,
    smallHall,
    created,
    patch,
    historyOf,
    outboxRows,
    outboxOf,
    guestRequest,
    requested,
    nextPhone,
  };
}
