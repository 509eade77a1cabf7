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
