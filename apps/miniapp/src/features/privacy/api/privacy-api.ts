import type { AuditLogPage, GuestErasure, GuestExport, Restaurant } from '@stolik/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { load } from '../../../shared/api/load';
import { patch, post } from '../../../shared/api/transport';

/** The journal's filters: an action group ('queue') or action, a person, restaurant-local days. */
export interface AuditFilter {
  action?: string;
  actor?: number;
  start_date?: string;
  end_date?: string;
}

const PAGE_SIZE = 30;

export const auditLogKey = (restaurantId: number) => ['privacy', restaurantId, 'audit-log'] as const;

/** GET /api/restaurant/{id}/audit-log/, newest first, page by page ("Показать еще"). */
export const auditLogQueryOptions = (restaurantId: number, filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: [...auditLogKey(restaurantId), filter],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      load<AuditLogPage>(`/api/restaurant/${restaurantId}/audit-log/`, {
        signal,
        query: { page: pageParam, page_size: PAGE_SIZE, ...filter },
      }),
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
  });

/** Everything the restaurant holds about one phone. */
export const exportGuest = (restaurantId: number, phone: string) =>
  load<GuestExport>(`/api/restaurant/${restaurantId}/guests/export/`, { query: { phone } });

/** Blanks the guest's name, phone, comment and chat here (409 while they wait or have a booking ahead). */
export const eraseGuest = (restaurantId: number, phone: string) =>
  post<GuestErasure>(`/api/restaurant/${restaurantId}/guests/erase/`, { phone }) as Promise<GuestErasure>;

export const saveRetention = (restaurantId: number, days: number) =>
  patch<Restaurant>(`/api/restaurant/${restaurantId}/`, {
    guest_retention_days: days,
  }) as Promise<Restaurant>;
