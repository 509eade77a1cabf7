import type { BookingLabel, QueueStatus } from '@stolik/domain';
import type { TableStateKind } from '../hall/table-state';

/**
 * One colour and one icon per status everywhere (UX.md): the queue, the bookings and the hall (map,
 * Зоны) all name what they show by a tone, and a tone has one colour token (status.css, light and
 * dark) and one icon (status-icon.tsx). A late booking is 'late' on the timeline, in the list, on the
 * map and on Зоны alike. Colour never stands alone: every view also writes the status's word.
 */
export const STATUS_TONES = [
  'request',
  'waiting',
  'called',
  'arrived',
  'seated',
  'late',
  'overdue',
  'reserve',
  'finished',
  'cancelled',
  'free',
  'locked',
] as const;
export type StatusTone = (typeof STATUS_TONES)[number];

/** The CSS custom property of each tone's colour (set in status.css for both themes). */
export const TONE_COLOUR: Record<StatusTone, `--status-${string}`> = {
  request: '--status-request',
  waiting: '--status-waiting',
  called: '--status-called',
  arrived: '--status-arrived',
  seated: '--status-seated',
  // Both are 'past its time' (UX.md's overdue): one red, told apart by icon and word.
  late: '--status-overdue',
  overdue: '--status-overdue',
  reserve: '--status-reserve',
  finished: '--status-cancelled',
  cancelled: '--status-cancelled',
  free: '--status-free',
  locked: '--status-cancelled',
};

/** A booking's label (its status, or late / overstaying from the clock) as a tone. */
export const BOOKING_TONE: Record<BookingLabel, StatusTone> = {
  new: 'request',
  application: 'waiting',
  late: 'late',
  waiting: 'arrived',
  open: 'seated',
  overstaying: 'overdue',
  waiting_list: 'reserve',
  closed: 'finished',
  declined: 'cancelled',
  cancelled: 'cancelled',
  cancelled_without_deposit: 'cancelled',
};

/** A queue guest's status (and 'overdue': waiting past the quote) as a tone. */
export const QUEUE_TONE: Record<QueueStatus | 'overdue', StatusTone> = {
  live: 'waiting',
  called: 'called',
  joined: 'arrived',
  sat: 'seated',
  reserve: 'reserve',
  cancelled: 'cancelled',
  closed: 'finished',
  overdue: 'overdue',
};

/** A table's live state (map, Зоны) as a tone: a table with late guests reads as the booking does. */
export const TABLE_TONE: Record<TableStateKind, StatusTone> = {
  free: 'free',
  soon: 'waiting',
  late: 'late',
  seated: 'seated',
  overdue: 'overdue',
  locked: 'locked',
};

/** The word of a table state: a late table says what its late booking says ('Опаздывают'). */
export const TABLE_STATE_LABEL = {
  free: 'hallMap.states.free',
  soon: 'hallMap.states.soon',
  late: 'bookingStatuses.late',
  seated: 'hallMap.states.seated',
  overdue: 'bookingStatuses.overstaying',
  locked: 'hallMap.states.locked',
} as const satisfies Record<TableStateKind, string>;
