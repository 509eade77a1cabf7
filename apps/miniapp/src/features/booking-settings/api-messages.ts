import type { i18n as I18n, ParseKeys } from 'i18next';
import { type FormErrors, formErrorsOf } from '../../shared/ui/form-errors';

/**
 * What a refused request tells the guest. The API's messages are Russian text or message keys of
 * the contracts ('validation.phoneMissing'); a key is read through i18n, text is shown as it is.
 */
export function readableErrors(error: unknown, fallback: string, i18n: I18n): FormErrors {
  const errors = formErrorsOf(error, fallback);
  const read = (message: string) => (i18n.exists(message) ? String(i18n.t(message as ParseKeys)) : message);
  return {
    fields: Object.fromEntries(
      Object.entries(errors.fields).map(([field, message]) => [field, read(message)]),
    ),
    general: errors.general === null ? null : read(errors.general),
  };
}

/**
 * Field errors of a list body ('2.seats_to', or '2' for the whole row) by row index; the rest
 * stays with the section.
 */
export function rowErrorsOf(fields: Record<string, string>): Record<number, Record<string, string>> {
  const rows: Record<number, Record<string, string>> = {};
  for (const [key, message] of Object.entries(fields)) {
    const match = /^(\d+)(?:\.(\w+))?$/.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    rows[index] = { ...rows[index], [match[2] ?? 'row']: message };
  }
  return rows;
}
