import type { RestaurantChange } from '@stolik/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { stream } from '../api/transport';
import { followChangeStream, type LiveStatus, restaurantChangesPath } from './restaurant-changes';

export interface LiveState {
  status: LiveStatus;
  /** When the screen last heard from the server (a change, a refetch or the stream opening). */
  lastHeard: Date | null;
}

type ChangeKind = RestaurantChange['kind'];

/**
 * Keeps the restaurant's screens current: every change marks the queries of its kind stale (react-query
 * refetches the ones on screen), and a possible gap marks all of the restaurant's queries stale.
 * Query keys of a restaurant's live data start with [kind, restaurantId]. `alsoStale` names queries
 * of another kind that read this kind's data too (the queue's seat picker reads the bookings).
 */
export function useRestaurantChanges(
  restaurantId: number,
  kinds: ChangeKind[],
  alsoStale: Partial<Record<ChangeKind, readonly unknown[]>> = {},
): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>({ status: 'connecting', lastHeard: null });
  const kindsKey = kinds.join(',');
  const alsoKey = JSON.stringify(alsoStale);

  useEffect(() => {
    const watched = kindsKey.split(',') as ChangeKind[];
    const also = JSON.parse(alsoKey) as Partial<Record<ChangeKind, unknown[]>>;
    const stale = (kind: ChangeKind) => {
      void queryClient.invalidateQueries({ queryKey: [kind, restaurantId] });
      const other = also[kind];
      if (other) void queryClient.invalidateQueries({ queryKey: other });
    };
    const heard = () => setState((s) => ({ ...s, lastHeard: new Date() }));
    return followChangeStream(
      restaurantChangesPath(restaurantId),
      {
        onChange: (change) => {
          heard();
          if (watched.includes(change.kind)) stale(change.kind);
        },
        onResync: () => {
          heard();
          for (const kind of watched) stale(kind);
        },
        onStatus: (status) => {
          setState((s) => ({ status, lastHeard: status === 'live' ? new Date() : s.lastHeard }));
        },
      },
      { open: (path, signal) => stream(path, { signal }) },
    );
  }, [restaurantId, kindsKey, alsoKey, queryClient]);

  return state;
}
