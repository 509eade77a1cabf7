import { Booking, GuestBookingStatus } from '@stolik/contracts';
import { schema } from '@stolik/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, bookingKit, DAY } from '../../test/booking-kit';
import { createIdentities, type Identities } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';

/** What a booking's change tells (outbox) and records (history), and a change made on another device. */

let t: TestApp;
let who: Identities;
beforeAll(async () => {
  t = await createTestApp();
  who = await createIdentities(t);
});
afterAll(() => t.close());

const {
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
} = bookingKit(
  () => t,
  () => who,
  { firstPhone: 5000 },
);

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
