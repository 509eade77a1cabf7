/**
 * The live queue's statuses (spec §4) and which changes a hostess may make. The spec does not show
 * the transitions; these are the moves of a host stand: call the guest, they come to the desk, they
 * sit, the table is closed; anyone active may leave; a mistaken call or cancel can be undone.
 */
export const QUEUE_STATUSES = ['live', 'called', 'joined', 'sat', 'cancelled', 'closed', 'reserve'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

/** Guests still waiting for a table, in one way or another. */
export const ACTIVE_QUEUE_STATUSES: readonly QueueStatus[] = ['live', 'called', 'joined', 'reserve'];

const TRANSITIONS: Record<QueueStatus, readonly QueueStatus[]> = {
  // waiting: call them, they walked up on their own, seat at once, or they left
  live: ['called', 'joined', 'sat', 'cancelled'],
  // called: they came, sit straight away, never came, or the call was a mistake
  called: ['joined', 'sat', 'cancelled', 'live'],
  joined: ['sat', 'cancelled'],
  sat: ['closed'],
  // a reserve entry (held for later) joins the live queue or is dropped
  reserve: ['live', 'cancelled'],
  // a guest cancelled by mistake comes back to the queue
  cancelled: ['live'],
  closed: [],
};

export function canMoveQueueEntry(from: QueueStatus, to: QueueStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function nextQueueStatuses(from: QueueStatus): readonly QueueStatus[] {
  return TRANSITIONS[from];
}

export function isActiveQueueStatus(status: QueueStatus): boolean {
  return ACTIVE_QUEUE_STATUSES.includes(status);
}

/** The one-tap actions a screen offers for an entry, in the order of the host stand's work. */
export type QueueAction = 'call' | 'arrived' | 'seat' | 'close' | 'cancel' | 'requeue';

const ACTION_TARGET: Record<QueueAction, QueueStatus> = {
  call: 'called',
  arrived: 'joined',
  seat: 'sat',
  close: 'closed',
  cancel: 'cancelled',
  requeue: 'live',
};

export function queueActionTarget(action: QueueAction): QueueStatus {
  return ACTION_TARGET[action];
}

export function queueActions(from: QueueStatus): QueueAction[] {
  return (Object.keys(ACTION_TARGET) as QueueAction[]).filter((action) =>
    canMoveQueueEntry(from, ACTION_TARGET[action]),
  );
}

/** Notifiable queue events (spec §4): who must hear when an entry reaches these statuses. */
export const NOTIFIABLE_QUEUE_STATUSES: readonly QueueStatus[] = [
  'live',
  'called',
  'joined',
  'sat',
  'cancelled',
];

/** Special events of the guest form (spec §1): birthday, date, business meeting, drink, eat. */
export const QUEUE_EVENTS = ['birthday', 'date', 'business', 'drink', 'eat'] as const;
export type QueueEvent = (typeof QUEUE_EVENTS)[number];

/**
 * Where an entry came from: a hostess, the guest form in a browser, Telegram, or imported from
 * Hostme (another system's reservation book; see legacy-source.ts for what its entries count in).
 */
export const ENTRY_SOURCES = ['staff', 'guest_form', 'telegram', 'hostme'] as const;
export type EntrySource = (typeof ENTRY_SOURCES)[number];
