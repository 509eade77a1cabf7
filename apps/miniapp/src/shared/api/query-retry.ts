import { ApiError } from './transport';

/** How many times a failed read is tried again before its screen shows the error. */
export const QUERY_RETRIES = 2;

/**
 * TanStack Query's `retry` for every read: the server's own answer that the thing is not there or
 * not allowed (a 4xx: a wrong link's restaurant, a foreign booking) is final and shown at once; a
 * lost connection, a timeout, a 429 or a 5xx may pass, so it is tried again.
 */
export function retryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRIES) return false;
  if (!(error instanceof ApiError) || error.isNetworkFailure) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}
