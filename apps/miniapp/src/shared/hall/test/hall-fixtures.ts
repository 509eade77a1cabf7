import type {
  Booking,
  QueueEntry,
  SeatingTable,
  SeatingZone,
  TableLock,
  TableOccupant,
} from '@stolik/contracts';

// The day, the clock and the booking of the booking fixtures: one truth for both.
import { booking, DAY, msk } from '../../../test/booking-fixtures';

export { booking, DAY, msk };

/** A party of two waiting in the queue since 19:00 of DAY, unless told otherwise. */
export const queueEntry = (over: Partial<QueueEntry> = {}): QueueEntry => ({
  id: 1,
  restaurant: 1,
  number: 1,
  group_size: 2,
  event: null,
  comment: '',
  name: '',
  phone: '',
  source: 'staff',
  status: 'live',
  fake: false,
  legacy_source: 'Live',
  created: msk(DAY, '19:00'),
  invite_time: null,
  seated_time: null,
  finished_time: null,
  tables: [],
  quoted_wait: 30,
  waiting_time: 10,
  waiting_range: null,
  visits: 0,
  reach: null,
  ...over,
});

/** Table 1 closed for the whole of DAY, unless told otherwise. */
export const lock = (over: Partial<TableLock> = {}): TableLock => ({
  id: 1,
  table: 1,
  date: DAY,
  from: null,
  to: null,
  reason: '',
  ...over,
});

/** Who sits at a table (the server's one occupancy): a party of two from the queue since 18:40, unless told otherwise. */
export const occupant = (over: Partial<TableOccupant> = {}): TableOccupant => ({
  kind: 'queue',
  id: 1,
  number: 1,
  name: '',
  group_size: 2,
  seated_time: msk(DAY, '18:40'),
  until: null,
  ...over,
});

/**
 * The seat picker's hall as the server answers it, worked out from a test's own bookings and queue
 * the way the server's one occupancy holds them: an 'open' booking's guests and a 'sat' entry's
 * party at their tables. Test-only: the screens themselves read who sits where from this answer.
 */
export function seatingOf(bookings: readonly Booking[], queue: readonly QueueEntry[]): SeatingZone[] {
  const tables = new Map<number, SeatingTable>();
  const sit = (id: number, occupant: TableOccupant) =>
    tables.set(id, {
      id,
      number: String(id),
      seats_min: 1,
      seats_max: 4,
      occupied_by: occupant,
      booked_by: null,
      next_booking: null,
    });
  for (const b of bookings)
    if (b.status === 'open')
      for (const id of b.tables)
        sit(id, {
          kind: 'booking',
          id: b.id,
          number: null,
          name: b.name,
          group_size: b.group_size,
          seated_time: b.seating_time,
          until: b.end_time,
        });
  for (const e of queue)
    if (e.status === 'sat')
      for (const id of e.tables)
        sit(id, {
          kind: 'queue',
          id: e.id,
          number: e.number,
          name: e.name,
          group_size: e.group_size,
          seated_time: e.seated_time ?? e.created,
          until: null,
        });
  return [{ id: 1, name: 'Зал', tables: [...tables.values()] }];
}
