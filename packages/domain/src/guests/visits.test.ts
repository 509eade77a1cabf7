import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '../booking/booking-status';
import type { QueueStatus } from '../queue/queue-status';
import { earlierVisits, type GuestRecord } from './visits';

const phone = '+79161234567';
const at = (time: string) => new Date(`2026-11-20T${time}:00Z`);
type Who = { restaurantId?: number; phone?: string };
const booking = (time: string, status: BookingStatus, who: Who = {}): GuestRecord => ({
  kind: 'booking',
  restaurantId: 1,
  phone,
  status,
  seatingTime: at(time),
  ...who,
});
const entry = (time: string, status: QueueStatus, who: Who = {}): GuestRecord => ({
  kind: 'queue',
  restaurantId: 1,
  phone,
  status,
  createdAt: at(time),
  ...who,
});

describe("a guest's earlier visits", () => {
  it('counts seated bookings and seated queue parties alike, the same for a booking and for an entry', () => {
    const history = [booking('10:00', 'closed'), entry('11:00', 'closed'), booking('12:00', 'open')];
    expect(earlierVisits(booking('13:00', 'application'), history)).toBe(3);
    expect(earlierVisits(entry('13:00', 'live'), history)).toBe(3);
  });

  it('counts only what began before this booking or entry', () => {
    const history = [entry('10:00', 'sat'), booking('12:00', 'closed'), entry('14:00', 'closed')];
    expect(earlierVisits(booking('12:00', 'closed'), history)).toBe(1);
    expect(earlierVisits(entry('13:00', 'called'), history)).toBe(2);
    expect(earlierVisits(entry('09:00', 'live'), history)).toBe(0);
  });

  it('leaves out what never sat down: requests, cancellations, guests who left the queue', () => {
    const history = [
      booking('09:00', 'new'),
      booking('09:30', 'application'),
      booking('10:00', 'cancelled'),
      booking('10:30', 'declined'),
      booking('10:45', 'waiting_list'),
      entry('11:00', 'cancelled'),
      entry('11:30', 'live'),
      entry('11:45', 'reserve'),
    ];
    expect(earlierVisits(entry('12:00', 'live'), history)).toBe(0);
  });

  it("counts only this restaurant's visits of this phone, and none for a guest without a phone", () => {
    const history = [
      booking('10:00', 'closed', { restaurantId: 2 }),
      entry('10:00', 'closed', { phone: '+79160000000' }),
      entry('10:30', 'closed', { phone: '' }),
    ];
    expect(earlierVisits(booking('12:00', 'new'), history)).toBe(0);
    expect(earlierVisits(entry('12:00', 'live', { phone: '' }), history)).toBe(0);
  });
});
