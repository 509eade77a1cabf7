import { ru } from '@stolik/i18n';
import { createTranslator } from '@stolik/i18n/translate';
import { SegmentedMessage } from 'sms-segments-calculator';

/**
 * The words of a guest's SMS: one segment (70 characters of UCS-2, which any Cyrillic letter
 * needs; 160 if it were all GSM-7), with the short link to the guest's status page. Nothing typed
 * by a guest goes in: only the restaurant's name, shortened or left out so that the text stays one
 * segment. The templates live in packages/i18n (`sms.text`).
 */

/**
 * What an SMS tells. Room for more: a kind is a key of `sms.text` with its `withName`, `plain`
 * and `short` forms (an 'almost your turn' kind later is one more entry there and here).
 */
export type SmsKind = 'called' | 'booking_confirmed' | 'booking_cancelled';
export const SMS_KINDS: readonly SmsKind[] = ['called', 'booking_confirmed', 'booking_cancelled'];

export interface SmsFacts {
  restaurantName: string;
}

export interface SmsText {
  text: string;
  /** SMS segments the text takes (1 unless the link alone is too long: see smsText). */
  segments: number;
}

/** The fewest characters of a restaurant's name worth keeping; shorter, the form without it is used. */
const MIN_NAME = 6;

const translator = createTranslator('ru', { sms: ru.sms });

/** The segments a text takes on a phone, as the provider bills it (no character replaced). */
export function smsSegments(text: string): number {
  return new SegmentedMessage(text, 'auto', false).segmentsCount;
}

/**
 * The short link to a guest's status page (`/q/<token>` for a queue entry, `/b/<token>` for a
 * booking: the API redirects them to the page). Without the scheme: phones make a link of
 * `host/path` by themselves, and the 8 characters are a tenth of the SMS.
 */
export function smsLink(publicUrl: string, subject: { kind: 'queue' | 'booking'; token: string }): string {
  const base = publicUrl.replace(/^https?:\/\//i, '').replace(/\/+$/, '');
  return `${base}/${subject.kind === 'queue' ? 'q' : 'b'}/${subject.token}`;
}

/** The name on one line, without the spaces a form may have left around or inside it. */
const tidy = (name: string) => name.replace(/\s+/g, ' ').trim();

/** `name` cut to `length` characters (whole code points), the last one an ellipsis when cut. */
function cut(chars: string[], length: number): string {
  if (length >= chars.length) return chars.join('');
  return `${chars
    .slice(0, length - 1)
    .join('')
    .trimEnd()}…`;
}

/**
 * The SMS for `kind`: the first of its forms that fits one segment. The form with the restaurant's
 * name first, the name shortened (to no fewer than MIN_NAME characters) until it fits; then the
 * form without the name; then the shortest. With a link so long that even the shortest form takes
 * two segments (a PUBLIC_URL host past about 25 characters), the shortest form is sent as it is,
 * in two segments, billed and counted as such: the guest still gets the link.
 */
export function smsText(kind: SmsKind, facts: SmsFacts, link: string): SmsText {
  const form = (name: 'withName' | 'plain' | 'short', values: Record<string, string>) =>
    translator.t(`sms.text.${kind}.${name}`, { ...values, link });
  const name = Array.from(tidy(facts.restaurantName));
  if (name.length > 0) {
    for (let length = Math.min(name.length, 70); length >= Math.min(MIN_NAME, name.length); length -= 1) {
      const text = form('withName', { name: cut(name, length) });
      if (smsSegments(text) === 1) return { text, segments: 1 };
    }
  }
  for (const variant of ['plain', 'short'] as const) {
    const text = form(variant, {});
    if (smsSegments(text) === 1) return { text, segments: 1 };
  }
  const text = form('short', {});
  return { text, segments: smsSegments(text) };
}
