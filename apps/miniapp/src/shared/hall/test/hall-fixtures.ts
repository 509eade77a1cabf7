import type { QueueEntry, TableLock, TableOccupant } from '@stolik/contracts';

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
