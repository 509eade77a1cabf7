import { describe, expect, it } from 'vitest';
import {
  BOOKING_STATUSES,
  bookingLabel,
  canMoveBooking,
  isClickableBooking,
  nextBookingStatuses,
  TABLE_HOLDING_BOOKING_STATUSES,
} from './booking-status';

describe('the booking status machine', () => {
  it('moves a request through confirmation, arrival, seating and closing', () => {
    expect(canMoveBooking('new', 'application')).toBe(true);
    expect(canMoveBooking('application', 'waiting')).toBe(true);
    expect(canMoveBooking('waiting', 'open')).toBe(true);
    expect(canMoveBooking('open', 'closed')).toBe(true);
    // A confirmed guest may also be seated straight away.
    expect(canMoveBooking('application', 'open')).toBe(true);
  });

  it('never reopens a closed or declined booking, and never skips confirmation', () => {
    expect(nextBookingStatuses('closed')).toEqual([]);
    expect(nextBookingStatuses('declined')).toEqual([]);
    expect(canMoveBooking('new', 'open')).toBe(false);
    expect(canMoveBooking('open', 'cancelled')).toBe(false);
  });

  it('lets a mistaken cancel be undone, back to confirmed', () => {
    expect(canMoveBooking('cancelled', 'application')).toBe(true);
    expect(canMoveBooking('cancelled_without_deposit', 'application')).toBe(true);
    expect(canMoveBooking('cancelled', 'open')).toBe(false);
  });

  it('names a target for every status and only known statuses', () => {
    for (const from of BOOKING_STATUSES)
      for (const to of nextBookingStatuses(from)) expect(BOOKING_STATUSES).toContain(to);
  });

  it('holds tables only while a booking can still sit at them', () => {
    expect(TABLE_HOLDING_BOOKING_STATUSES).toEqual(['new', 'application', 'waiting', 'open']);
    expect(isClickableBooking('waiting_list')).toBe(false);
    expect(isClickableBooking('new')).toBe(true);
  });
});

describe('derived booking labels', () => {
  const seatingTime = new Date('2026-11-22T19:00:00Z');
  const endTime = new Date('2026-11-22T21:00:00Z');

  it("calls a confirmed booking late once its seating time has passed ('Опаздывают')", () => {
    const booking = { status: 'application' as const, seatingTime, endTime };
    expect(bookingLabel(booking, new Date('2026-11-22T19:00:00Z'))).toBe('application');
    expect(bookingLabel(booking, new Date('2026-11-22T19:01:00Z'))).toBe('late');
  });

  it("calls a seated table overstaying once its end time has passed ('Пересиживает')", () => {
    const booking = { status: 'open' as const, seatingTime, endTime };
    expect(bookingLabel(booking, new Date('2026-11-22T20:59:00Z'))).toBe('open');
    expect(bookingLabel(booking, new Date('2026-11-22T21:00:01Z'))).toBe('overstaying');
    expect(bookingLabel({ ...booking, status: 'closed' }, new Date('2026-11-23T00:00:00Z'))).toBe('closed');
  });
});
