import { ApiError } from '../api/transport';
import type { TextKey, Texts } from '../i18n/i18n';

/** What a failed form submission tells the person: per-field messages and one general message. */
export interface FormErrors {
  fields: Record<string, string>;
  general: string | null;
}

/**
 * The API answers 400 with `{field: [messages]}` and other failures with `{detail}`, already in
 * Russian; the form shows them as they are. `fallback` covers a failure without a message (network).
 */
export function formErrorsOf(error: unknown, fallback: string): FormErrors {
  const reply = error instanceof ApiError ? error.reply : null;
  if (reply) {
    if (reply.detail !== null) return { fields: {}, general: reply.detail };
    if (Object.keys(reply.fields).length > 0 || reply.nonField) {
      return { fields: reply.fields, general: reply.nonField };
    }
  }
  return { fields: {}, general: fallback };
}

/**
 * The same for messages that may be message keys of the contracts ('validation.phoneMissing'), as
 * the guest forms and the booking settings get them: a key is read through i18n, text is shown as it is.
 */
export function readableErrors(error: unknown, fallback: string, i18n: Texts): FormErrors {
  const errors = formErrorsOf(error, fallback);
  const read = (message: string) => (i18n.exists(message) ? String(i18n.t(message as TextKey)) : message);
  return {
    fields: Object.fromEntries(
      Object.entries(errors.fields).map(([field, message]) => [field, read(message)]),
    ),
    general: errors.general === null ? null : read(errors.general),
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const looksLikeEmail = (value: string) => EMAIL.test(value.trim());
