/**
 * The API's refusals in the shapes of its conventions (docs/decisions/0002-errors-on-the-wire.md), read once
 * here so no screen picks through a reply body by itself:
 * - 400 field errors `{ "field": ["message"], "non_field_errors": ["message"] }`;
 * - every other refusal `{ "detail": "...", "code": "..." }`, sometimes with more that names what
 *   it is about (a 409 'table_in_use' lists the entries holding the table).
 */
export interface ErrorReply {
  /** The server's own words for the refusal, already in Russian (or a contracts message key). */
  detail: string | null;
  /** Why, for the code to act on: 'booking_conflict', 'table_in_use', 'request_in_flight'… */
  code: string | null;
  /** Each field's first message, by field name. */
  fields: Record<string, string>;
  /** The first message not about one field (`non_field_errors`). */
  nonField: string | null;
  /** The whole reply, for what a refusal names beyond the above (ids, a token, the guest's entry). */
  data: Readonly<Record<string, unknown>>;
}

/** The reply of a refused call, or null when it had no JSON object (a lost connection, a proxy's page). */
export function parseErrorReply(body: unknown): ErrorReply | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const data = body as Record<string, unknown>;
  const fields: Record<string, string> = {};
  let nonField: string | null = null;
  for (const [key, value] of Object.entries(data)) {
    const first = Array.isArray(value) && typeof value[0] === 'string' ? value[0] : null;
    // detail and code name the refusal as a whole, never a field of the form.
    if (first === null || key === 'detail' || key === 'code') continue;
    if (key === 'non_field_errors') nonField = first;
    else fields[key] = first;
  }
  return {
    detail: typeof data.detail === 'string' ? data.detail : null,
    code: typeof data.code === 'string' ? data.code : null,
    fields,
    nonField,
    data,
  };
}

/** What the transport rejects with when the request never got an answer (spec §8). */
export const NETWORK_ERROR = 'Network Error';
