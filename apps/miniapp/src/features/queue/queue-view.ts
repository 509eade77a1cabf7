import type { QueueEntry } from '@stolik/contracts';
import { type QueueAction, type QueueStatus, queueActions } from '@stolik/domain';

/** The tabs of the live queue screen, in the order of the door's work (UX.md). */
export const QUEUE_GROUPS = ['waiting', 'called', 'joined', 'seated', 'reserve', 'done'] as const;
export type QueueGroup = (typeof QUEUE_GROUPS)[number];

const GROUP_OF: Record<QueueStatus, QueueGroup> = {
  live: 'waiting',
  called: 'called',
  joined: 'joined',
  sat: 'seated',
  reserve: 'reserve',
  cancelled: 'done',
  closed: 'done',
};

export const groupOf = (status: QueueStatus): QueueGroup => GROUP_OF[status];

/**
 * The tabs a guest is listed in. A called guest stays among 'Ожидают' too, marked 'Вызван', so the
 * hostess who called her seats her from the same row: call in one tap, seat in two (issue #17).
 */
export function groupsOf(status: QueueStatus): QueueGroup[] {
  return status === 'called' ? ['waiting', 'called'] : [GROUP_OF[status]];
}

/** Whether a row needs its status said, because the tab alone does not tell it. */
export function statusShownIn(group: QueueGroup, status: QueueStatus): boolean {
  return group === 'done' || groupOf(status) !== group;
}

/** What one tap does for each status: the next step of the door's work. */
const PRIMARY: Partial<Record<QueueStatus, QueueAction>> = {
  live: 'call',
  called: 'seat',
  joined: 'seat',
  sat: 'close',
  cancelled: 'requeue',
  reserve: 'requeue',
};

/** The one-tap action of a row (allowed by the status machine), and the rest for the action sheet. */
export function actionsFor(status: QueueStatus): { primary: QueueAction | null; others: QueueAction[] } {
  const allowed = queueActions(status);
  const primary = PRIMARY[status] ?? null;
  return {
    primary: primary && allowed.includes(primary) ? primary : null,
    others: allowed.filter((action) => action !== primary),
  };
}

/** When the time shown on a row started: joining, the call, or sitting down. */
export function elapsedFrom(entry: QueueEntry): string | null {
  switch (entry.status) {
    case 'live':
      return entry.created;
    case 'called':
    case 'joined':
      return entry.invite_time ?? entry.created;
    case 'sat':
      return entry.seated_time;
    default:
      return null;
  }
}

export function elapsedMinutes(from: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(from)) / 60_000));
}

/**
 * A waiting guest past the wait they were promised and the restaurant's grace after it (setting
 * 'quote_grace_minutes', issue #20): the row turns red (UX.md). Red means a guest who has a reason
 * to be cross, not one a minute past an estimate.
 */
export function isOverdue(entry: QueueEntry, now: number, graceMinutes: number): boolean {
  if (entry.status !== 'live' || entry.quoted_wait === null) return false;
  return elapsedMinutes(entry.created, now) > entry.quoted_wait + graceMinutes;
}

const queueOrder = (a: QueueEntry, b: QueueEntry) =>
  Date.parse(a.created) - Date.parse(b.created) || a.id - b.id;

/** Rows of one tab (see groupsOf): who is next on top while waiting; the longest seated first; the latest gone first. */
export function rowsOf(entries: QueueEntry[], group: QueueGroup): QueueEntry[] {
  const rows = entries.filter((entry) => groupsOf(entry.status).includes(group));
  if (group === 'seated')
    return rows.sort(
      (a, b) => Date.parse(a.seated_time ?? a.created) - Date.parse(b.seated_time ?? b.created),
    );
  if (group === 'done') return rows.sort((a, b) => -queueOrder(a, b));
  return rows.sort(queueOrder);
}

export function countByGroup(entries: QueueEntry[]): Record<QueueGroup, number> {
  const counts = Object.fromEntries(QUEUE_GROUPS.map((g) => [g, 0])) as Record<QueueGroup, number>;
  for (const entry of entries) for (const group of groupsOf(entry.status)) counts[group] += 1;
  return counts;
}

/** Search by name, any run of 3+ phone digits, or the queue number. */
export function matchesSearch(entry: QueueEntry, query: string): boolean {
  const q = query.trim().toLocaleLowerCase('ru');
  if (!q) return true;
  if (/^\d{1,4}$/.test(q) && entry.number === Number(q)) return true;
  const digits = q.replace(/\D/g, '');
  if (digits.length >= 3 && entry.phone.replace(/\D/g, '').includes(digits)) return true;
  return entry.name.toLocaleLowerCase('ru').includes(q);
}

/**
 * 'В очередь' for a reserve entry; each action's own label otherwise. Here rather than in the row:
 * the entry sheet, loaded on demand, uses it without the row's styles coming apart from it.
 */
export function actionLabel(entry: QueueEntry, action: QueueAction) {
  if (action === 'requeue' && entry.status === 'reserve') return 'liveQueue.actions.fromReserve' as const;
  return `liveQueue.actions.${action}` as const;
}
