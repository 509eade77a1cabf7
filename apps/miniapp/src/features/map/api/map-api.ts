import type {
  SchemeHistoryPage,
  SchemeSaveBody,
  SchemeView,
  TableLock,
  TableLockBody,
} from '@stolik/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { hallRetryDelay, retryHallLoad } from '../../../shared/api/hall-loading';
import { load } from '../../../shared/api/load';
import { del, post } from '../../../shared/api/transport';

// Under ['table', restaurantId]: a scheme save and a lock both arrive as a 'table' change.
export const mapKeys = {
  scheme: (restaurantId: number) => ['table', restaurantId, 'scheme'] as const,
  history: (restaurantId: number) => ['table', restaurantId, 'scheme-history'] as const,
};

/** Where the tables stand (the tables' own places until a scheme is saved), as spec §8 loads tables. */
export const schemeQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: mapKeys.scheme(restaurantId),
    queryFn: ({ signal }) => load<SchemeView>(`/api/restaurant/${restaurantId}/scheme/`, { signal }),
    retry: retryHallLoad,
    retryDelay: hallRetryDelay,
    staleTime: 5 * 60_000,
  });

export const lockTable = (restaurantId: number, body: TableLockBody) =>
  post<TableLock>(`/api/restaurant/${restaurantId}/table_lock/`, body) as Promise<TableLock>;

export const unlockTable = (restaurantId: number, lockId: number) =>
  del(`/api/restaurant/${restaurantId}/table_lock/${lockId}/`);

/** A new version of the scheme (superusers); 409 when someone saved since `base_version`. */
export const saveScheme = (restaurantId: number, body: SchemeSaveBody) =>
  post<SchemeView>(`/api/restaurant/${restaurantId}/scheme/`, body) as Promise<SchemeView>;

const HISTORY_PAGE = 20;

/** The saved versions of the scheme, newest first, a page at a time (superusers). */
export const schemeHistoryQuery = (restaurantId: number) =>
  infiniteQueryOptions({
    queryKey: mapKeys.history(restaurantId),
    queryFn: ({ signal, pageParam }) =>
      load<SchemeHistoryPage>(`/api/restaurant/${restaurantId}/scheme/history/`, {
        signal,
        query: { page: pageParam, page_size: HISTORY_PAGE },
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
  });

/** An older version saved again as the newest (superusers). */
export const restoreSchemeVersion = (restaurantId: number, version: number) =>
  post<SchemeView>(
    `/api/restaurant/${restaurantId}/scheme/history/${version}/restore/`,
  ) as Promise<SchemeView>;
