import { HALL_LOAD_RETRIES, HALL_RETRY_STEP_MS } from '@stolik/domain';
import { ApiError } from './transport';

/**
 * Loading a restaurant's tables and table groups, as spec §8 says: an error that mentions a denial
 * is not retried (only a reload with a fresh session helps: 'Перезагрузи страницу'); any other
 * failure (the door tablet's Wi-Fi) is retried up to 10 times, waiting n seconds plus one after
 * n earlier failures, and only then shown ('Не удалось загрузить столы' / '… группы столов').
 * The counts are @stolik/domain's (spec §9).
 */
export { HALL_LOAD_RETRIES };

/** Whether a failure is a refusal: a 403, or a body or message that says 'denied'. */
export function mentionsDenied(error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.status === 403) return true;
    return /denied/i.test(JSON.stringify(error.body ?? ''));
  }
  return error instanceof Error && /denied/i.test(error.message);
}

/** TanStack Query's `retry` for tables and groups. */
export function retryHallLoad(failureCount: number, error: unknown): boolean {
  return !mentionsDenied(error) && failureCount < HALL_LOAD_RETRIES;
}

/**
 * TanStack Query's `retryDelay`. It is called with the failures before this one, so the wait is
 * 1 s after the first failure, 2 s after the second, and so on.
 */
export function hallRetryDelay(failureCount: number): number {
  return (failureCount + 1) * HALL_RETRY_STEP_MS;
}

/** The i18n key of the message for a failed load of tables or of groups. */
export function hallLoadFailureKey(
  what: 'tables' | 'groups',
  error: unknown,
): 'errors.tablesDenied' | 'errors.tables' | 'errors.tableGroups' {
  if (mentionsDenied(error)) return 'errors.tablesDenied';
  return what === 'tables' ? 'errors.tables' : 'errors.tableGroups';
}
