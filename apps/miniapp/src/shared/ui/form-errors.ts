import { ApiError } from '../api/transport';

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
  if (error instanceof ApiError && typeof error.body === 'object' && error.body !== null) {
    const body = error.body as Record<string, unknown>;
    if (typeof body.detail === 'string') return { fields: {}, general: body.detail };
    const fields: Record<string, string> = {};
    let general: string | null = null;
    for (const [key, value] of Object.entries(body)) {
      const first = Array.isArray(value) && typeof value[0] === 'string' ? value[0] : null;
      if (!first) continue;
      if (key === 'non_field_errors') general = first;
      else fields[key] = first;
    }
    if (Object.keys(fields).length > 0 || general) return { fields, general };
  }
  return { fields: {}, general: fallback };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const looksLikeEmail = (value: string) => EMAIL.test(value.trim());
