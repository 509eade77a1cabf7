import type { GlobalAlert, GlobalAlertBody } from '@stolik/contracts';
import { queryOptions } from '@tanstack/react-query';
import { load } from '../../../shared/api/load';
import { post } from '../../../shared/api/transport';

/** How often the staff app asks for the global alert (spec §9: a periodic timer; it is not pushed). */
export const GLOBAL_ALERT_POLL_MS = 60_000;

export const globalAlertKey = ['global-alert'] as const;

/** The alert every signed-in staff member sees: read now, then every minute and on coming back. */
export const globalAlertQuery = () =>
  queryOptions({
    queryKey: globalAlertKey,
    queryFn: ({ signal }) => load<GlobalAlert>('/api/static/global-alert/', { signal }),
    refetchInterval: GLOBAL_ALERT_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: GLOBAL_ALERT_POLL_MS / 2,
  });

/** Superusers: a new text, or an empty one to take the alert down. */
export const setGlobalAlert = (body: GlobalAlertBody) =>
  post<GlobalAlert>('/api/static/global-alert/', body) as Promise<GlobalAlert>;
