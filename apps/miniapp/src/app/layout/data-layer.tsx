import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { onClearCachedData } from '../../shared/api/cached-data';
import { retryQuery } from '../../shared/api/query-retry';
import { ownerOf, storedSessionOwner } from '../../shared/offline/last-session';
import { keepLastData, restoreLastData } from '../../shared/offline/persisted-cache';
import { useSession } from '../../shared/session/session';

/**
 * The app's query cache: made when the first screen that reads data loads, so that /login,
 * /sign-up and their like draw without it (issue #21). The staff's last data of this person comes
 * back into it at once, so that a tablet opened offline shows it (marked as old).
 */
const queryClient = new QueryClient({
  defaultOptions: {
    // A 4xx is the server's final word (a wrong link shows its error at once); the rest is retried.
    queries: { staleTime: 30_000, retry: retryQuery, refetchOnWindowFocus: true },
  },
});
const owner = storedSessionOwner();
if (owner) restoreLastData(queryClient, owner);
onClearCachedData(() => queryClient.clear());

/** The routes whose screens read data, inside the query cache (app/router.tsx). */
export function DataLayer() {
  const { me } = useSession();
  // Whose data the cache holds: the person the session has, not the token in storage, which
  // another tab may have replaced with someone else's meanwhile.
  const holder = useRef(ownerOf(me));
  holder.current = ownerOf(me);
  useEffect(() => keepLastData(queryClient, () => holder.current), []);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
