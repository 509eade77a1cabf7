import { issueField, validationMessage } from '@stolik/contracts';
import type { z } from 'zod';
import type { Translate } from '../../shared/i18n/i18n';

export type FieldMessages = Record<string, string>;

export type Checked<T> = { ok: true; data: T } | { ok: false; fields: FieldMessages };

/**
 * A form's value checked against the API's own contract before it is sent: the same rules and the
 * same messages of spec §5 ('Заполните поле', 'Значение должно быть не больше 50') the API would
 * answer with, by field ('seats_max', 'groups.0.name'); the first message of a field wins.
 */
export function checkWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  t: Translate,
): Checked<z.output<S>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fields: FieldMessages = {};
  for (const issue of parsed.error.issues) {
    const field = issueField(issue);
    if (fields[field]) continue;
    const { key, params } = validationMessage(issue);
    // The key's placeholders vary by message; the contract gives the values each one needs.
    fields[field] = String((t as (key: string, options: object) => string)(key, params ?? {}));
  }
  return { ok: false, fields };
}

/** Field errors of one item of a list body ('groups.0.tables.1' -> 'tables'), by the item's prefix. */
export function fieldsUnder(fields: FieldMessages, prefix: string): FieldMessages {
  const inner: FieldMessages = {};
  for (const [key, message] of Object.entries(fields)) {
    const rest = prefix ? (key.startsWith(`${prefix}.`) ? key.slice(prefix.length + 1) : null) : key;
    if (rest === null) continue;
    const field = rest.split('.')[0] ?? rest;
    inner[field] ??= message;
  }
  return inner;
}

/** What a refused action (not a form) tells the person: the server's reason, or the fallback. */
export function problemOf(errors: { fields: FieldMessages; general: string | null }): string | null {
  return errors.general ?? Object.values(errors.fields)[0] ?? null;
}
