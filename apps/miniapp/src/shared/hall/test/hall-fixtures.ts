import type { Booking, QueueEntry, TableLock } from '@stolik/contracts';

/** A Saturday of the tests' restaurant, in Moscow (UTC+3 all year). */
export const DAY = '2026-03-14';

/** 'HH:mm' on a date in Moscow as the wire's instant. */
export const msk = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`).toISOString();

/** A confirmed booking of two at table 3, 19:00-20:30 of DAY, unless told otherwise. */
export const booking = (over: Partial<Booking> = {}): Booking => ({
  id: 1,
  restaurant: 1,
  table: 3,
  group: null,
  tables: [3],
  group_size: 2,
  seating_time: msk(DAY, '19:00'),
  end_time: msk(DAY, '20:30'),
  status: 'application',
  name: 'Анна',
  phone: '+79161234567',
  comment: '',
  source: 'staff',
  deposit: false,
  created: msk(DAY, '10:00'),
  updated: msk(DAY, '10:00'),
  visits: 0,
  ...over,
});

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
