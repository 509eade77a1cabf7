import { AsYouType, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Phone numbers as people read and type them, one place for the whole app. What goes over the wire
 * stays compact ('+79167001125', E.164 once complete); only the screen shows '+7 916 700-11-25'.
 * Numbers without a country code are Russian, as the API reads them (spec §5).
 */

/** '+79167001125' → '+7 916 700-11-25'; another country's number in its own international form. */
export function formatPhone(phone: string): string {
  const compact = compactPhone(phone);
  if (/^\+7\d{10}$/.test(compact)) return russian(compact.slice(2));
  const parsed = parsePhoneNumberFromString(compact, 'RU');
  return parsed?.isValid() ? parsed.formatInternational() : phone;
}

/**
 * What a phone field holds for what was typed: '+' and digits only. A Russian '8' or a bare '9…'
 * becomes '+7…', so '8 916 700-11-25' and '916 700 11 25' end as '+79167001125'.
 */
export function compactPhone(typed: string): string {
  const digits = typed.replace(/\D/g, '');
  if (typed.trim().startsWith('+')) return `+${digits.slice(0, digits.startsWith('7') ? 11 : 15)}`;
  if (digits === '') return '';
  if (digits.startsWith('8') || digits.startsWith('7')) return `+7${digits.slice(1, 11)}`;
  if (digits.startsWith('9')) return `+7${digits.slice(0, 10)}`;
  return `+${digits.slice(0, 15)}`;
}

/**
 * A phone as it is being typed: '+7 916 7', '+7 916 700-1'. No separator trails the last digit, so
 * erasing a digit never leaves the hostess stuck behind a dash.
 */
export function maskPhone(typed: string): string {
  const compact = compactPhone(typed);
  if (compact === '' || compact === '+') return compact;
  if (compact.startsWith('+7')) return russian(compact.slice(2));
  return new AsYouType().input(compact).trim();
}

/** '+7' and up to ten digits as '+7 916 700-11-25', as far as they go. */
function russian(national: string): string {
  const groups = [national.slice(0, 3), national.slice(3, 6), national.slice(6, 8), national.slice(8, 10)];
  const [code, first, second, third] = groups;
  let out = '+7';
  if (code) out += ` ${code}`;
  if (first) out += ` ${first}`;
  if (second) out += `-${second}`;
  if (third) out += `-${third}`;
  return out;
}

/** How many digits stand before a position in a string (to keep the caret where the finger is). */
export function digitsBefore(text: string, position: number): number {
  return text.slice(0, position).replace(/\D/g, '').length;
}

/** The position just after the n-th digit of a string (0 → the start, or after a leading '+'). */
export function positionAfterDigits(text: string, count: number): number {
  if (count === 0) return text.startsWith('+') ? 1 : 0;
  let seen = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (/\d/.test(text.charAt(i))) seen += 1;
    if (seen === count) return i + 1;
  }
  return text.length;
}
