import { createHash } from 'node:crypto';
import { HttpError } from './http-errors';

/** JSON with every object's keys sorted: the same body however its fields were ordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * What an Idempotency-Key is bound to: its route and a hash of its body (as validated). A repeat
 * is answered as the first only when both are the same; the same key for another route or body
 * is refused (`idempotencyKeyReused`), never answered with someone else's result.
 */
export function requestHash(route: string, body: unknown): string {
  return createHash('sha256').update(route).update('\n').update(canonical(body)).digest('hex');
}

/** 422: the key was first sent with another request (route or body). */
export const idempotencyKeyReused = () =>
  new HttpError(422, 'errors.replay.keyReused', 'idempotency_key_reused');
