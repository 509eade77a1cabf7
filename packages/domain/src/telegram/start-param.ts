/**
 * Where a Mini App launch should open, carried in its start parameter (`t.me/<bot>?startapp=…` or
 * `t.me/<bot>/<app>?startapp=…`; Telegram passes it inside the signed init data as `start_param`).
 * Telegram allows only `A-Za-z0-9_-` there, so the targets are spelled with underscores:
 *
 * - `queue_<restaurant>`: the guest queue form;
 * - `booking_<restaurant>`: the guest booking form;
 * - `b_<restaurant>_<booking>`: a booking's card for staff (what a bot notification opens).
 *
 * The same words as the bot's `/start queue_<restaurant>` deep links, so one link shape serves both.
 */
export type StartTarget =
  | { kind: 'queue'; restaurant: number }
  | { kind: 'booking'; restaurant: number }
  | { kind: 'booking-card'; restaurant: number; booking: number };

export function startParamFor(target: StartTarget): string {
  switch (target.kind) {
    case 'queue':
      return `queue_${target.restaurant}`;
    case 'booking':
      return `booking_${target.restaurant}`;
    case 'booking-card':
      return `b_${target.restaurant}_${target.booking}`;
  }
}

/** An id as the API gives them: a positive safe integer written without leading zeros. */
const ID = '([1-9]\\d{0,15})';
const PATTERNS: [RegExp, (ids: number[]) => StartTarget][] = [
  [new RegExp(`^queue_${ID}$`), ([restaurant = 0]) => ({ kind: 'queue', restaurant })],
  [new RegExp(`^booking_${ID}$`), ([restaurant = 0]) => ({ kind: 'booking', restaurant })],
  [
    new RegExp(`^b_${ID}_${ID}$`),
    ([restaurant = 0, booking = 0]) => ({ kind: 'booking-card', restaurant, booking }),
  ],
];

/** The target of a start parameter, or null for anything else (an unknown or malformed one). */
export function parseStartParam(param: string | null | undefined): StartTarget | null {
  if (!param) return null;
  for (const [pattern, target] of PATTERNS) {
    const match = pattern.exec(param);
    if (!match) continue;
    const ids = match.slice(1).map(Number);
    return ids.every(Number.isSafeInteger) ? target(ids) : null;
  }
  return null;
}
