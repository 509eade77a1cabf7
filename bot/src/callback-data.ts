import { type NotificationType, notifiableStatuses } from '@stolik/domain';

/**
 * The data of every inline button the bot and the dispatcher send (at most 64 bytes, Telegram's
 * limit): short prefixes, ids and a status. Made and read only here.
 */
export type CallbackAction =
  /** /notifications: the list of restaurants, one restaurant's menu, a status on or off, done. */
  | { kind: 'settings-list' }
  | { kind: 'settings-restaurant'; restaurant: number }
  | { kind: 'settings-toggle'; restaurant: number; type: NotificationType; status: string }
  | { kind: 'settings-done' }
  /** A label row of the menu: nothing to do. */
  | { kind: 'noop' }
  /** Staff, from a notification: confirm or decline a new booking, call a waiting guest. */
  | { kind: 'booking-confirm'; booking: number }
  | { kind: 'booking-decline'; booking: number }
  | { kind: 'queue-call'; entry: number }
  /** A guest, from their own notification: coming, or not after all. */
  | { kind: 'guest-queue'; entry: number; answer: 'coming' | 'cancel' }
  | { kind: 'guest-booking'; booking: number; answer: 'coming' | 'cancel' };

const TYPE_CODE: Record<NotificationType, string> = { queue: 'q', booking: 'b' };
const CODE_TYPE: Record<string, NotificationType> = { q: 'queue', b: 'booking' };

export function callbackData(action: CallbackAction): string {
  switch (action.kind) {
    case 'settings-list':
      return 'n:l';
    case 'settings-restaurant':
      return `n:r:${action.restaurant}`;
    case 'settings-toggle':
      return `n:t:${action.restaurant}:${TYPE_CODE[action.type]}:${action.status}`;
    case 'settings-done':
      return 'n:d';
    case 'noop':
      return 'n:x';
    case 'booking-confirm':
      return `b:a:${action.booking}`;
    case 'booking-decline':
      return `b:d:${action.booking}`;
    case 'queue-call':
      return `q:c:${action.entry}`;
    case 'guest-queue':
      return `g:q:${action.answer === 'coming' ? 'y' : 'n'}:${action.entry}`;
    case 'guest-booking':
      return `g:b:${action.answer === 'coming' ? 'y' : 'n'}:${action.booking}`;
  }
}

const id = (value: string | undefined): number | null => {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
};

/** The action of a button, or null for data this bot never made (an old or forged button). */
export function parseCallbackData(data: string): CallbackAction | null {
  const [scope, verb, a, b, c, ...rest] = data.split(':');
  if (rest.length > 0) return null;
  if (scope === 'n') {
    if (verb === 'l' && a === undefined) return { kind: 'settings-list' };
    if (verb === 'd' && a === undefined) return { kind: 'settings-done' };
    if (verb === 'x' && a === undefined) return { kind: 'noop' };
    const restaurant = id(a);
    if (restaurant === null) return null;
    if (verb === 'r' && b === undefined) return { kind: 'settings-restaurant', restaurant };
    const type = b === undefined ? undefined : CODE_TYPE[b];
    if (verb === 't' && type && c && notifiableStatuses(type).includes(c as never)) {
      return { kind: 'settings-toggle', restaurant, type, status: c };
    }
    return null;
  }
  if (b !== undefined && scope !== 'g') return null;
  if (scope === 'b') {
    const booking = id(a);
    if (booking === null) return null;
    if (verb === 'a') return { kind: 'booking-confirm', booking };
    if (verb === 'd') return { kind: 'booking-decline', booking };
    return null;
  }
  if (scope === 'q') {
    const entry = id(a);
    return verb === 'c' && entry !== null ? { kind: 'queue-call', entry } : null;
  }
  if (scope === 'g' && c === undefined) {
    const target = id(b);
    const answer = a === 'y' ? 'coming' : a === 'n' ? 'cancel' : null;
    if (target === null || answer === null) return null;
    if (verb === 'q') return { kind: 'guest-queue', entry: target, answer };
    if (verb === 'b') return { kind: 'guest-booking', booking: target, answer };
  }
  return null;
}
