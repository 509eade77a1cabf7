import { Booking, BookingPage, QueueEntry } from '@stolik/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createIdentities, type Identities } from '../test/identities';
import { openTestRestaurant } from '../test/restaurants';
import { createTestApp, type TestApp } from '../test/test-app';

const MINUTE = 60_000;
/** An instant `minutes` from now, to the minute. */
const fromNow = (minutes: number) =>
  new Date(Math.floor(Date.now() / MINUTE) * MINUTE + minutes * MINUTE).toISOString();

describe("a returning guest's mark: one count of earlier visits on the bookings and the queue screens", () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.bearer(who.hostessA), ...(payload ? { payload } : {}) });
  const hall = (name: string) =>
    openTestRestaurant(t, who, {
      name,
      tables: [
        { number: '1', seatsMax: 4 },
        { number: '2', seatsMax: 4 },
        { number: '3', seatsMax: 4 },
      ],
    });
  const book = async (body: object) => {
    const res = await call('POST', '/api/booking/', body);
    expect(res.statusCode, res.body).toBe(201);
    return Booking.parse(res.json());
  };
  const moveBooking = async (id: number, ...statuses: string[]) => {
    for (const status of statuses) {
      const res = await call('PATCH', `/api/booking/${id}/`, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
  };
  const walkIn = async (restaurant: number, phone: string) => {
    const res = await call('POST', '/api/reservation/', { restaurant, group_size: 2, phone });
    expect(res.statusCode, res.body).toBe(201);
    return QueueEntry.parse(res.json());
  };
  const moveEntry = async (id: number, ...bodies: object[]) => {
    for (const body of bodies) {
      const res = await call('PUT', `/api/reservation/${id}/`, body);
      expect(res.statusCode, res.body).toBe(200);
    }
  };

  it('counts seated bookings and seated queue parties of the phone at this restaurant, begun before', async () => {
    const r = await hall('Постоянный гость');
    const other = await hall('Соседний зал');
    const phone = '+79161230001';
    const at = (minutes: number, table: string, restaurant = r) => ({
      restaurant: restaurant.id,
      table: restaurant.table(table),
      group_size: 2,
      seating_time: fromNow(minutes),
      end_time: fromNow(minutes + 60),
      phone,
    });
    // Earlier today: a booking that sat down and left, one that was cancelled, a walk-in seated and gone.
    const dinner = await book(at(-300, '1'));
    await moveBooking(dinner.id, 'open', 'closed');
    const cancelled = await book(at(-200, '2'));
    await moveBooking(cancelled.id, 'cancelled');
    const walkedIn = await walkIn(r.id, phone);
    await moveEntry(walkedIn.id, { status: 'sat', tables: [r.table('3')] }, { status: 'closed' });
    // Elsewhere: not a visit to this restaurant.
    const elsewhere = await book(at(-250, '1', other));
    await moveBooking(elsewhere.id, 'open', 'closed');

    // Written another way at the door: the same guest, the same two visits on both screens.
    const tonight = await book({ ...at(120, '1'), phone: '8 916 123-00-01' });
    const back = await walkIn(r.id, '8 (916) 123-00-01');
    expect(tonight.visits).toBe(2);
    expect(back.visits).toBe(2);
    const noPhone = await walkIn(r.id, '');
    expect(noPhone.visits).toBe(0);

    const bookings = BookingPage.parse((await call('GET', `/api/booking/?restaurant_id=${r.id}`)).json());
    expect(Object.fromEntries(bookings.results.map((b) => [b.id, b.visits]))).toEqual({
      [dinner.id]: 0,
      [cancelled.id]: 1,
      [tonight.id]: 2,
    });
    const queue = z
      .array(QueueEntry)
      .parse((await call('GET', `/api/reservation/?restaurant_id=${r.id}`)).json());
    expect(Object.fromEntries(queue.map((e) => [e.id, e.visits]))).toEqual({
      [walkedIn.id]: 1,
      [back.id]: 2,
      [noPhone.id]: 0,
    });
    expect(Booking.parse((await call('GET', `/api/booking/${tonight.id}/`)).json()).visits).toBe(2);
    expect(QueueEntry.parse((await call('GET', `/api/reservation/${back.id}/`)).json()).visits).toBe(2);
  });
});
