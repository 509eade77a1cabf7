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

/**
 * Keeps the restaurant's screens current: every change marks the queries of its kind stale (react-query
 * refetches the ones on screen), and a possible gap marks all of the restaurant's queries stale.
 * Query keys of a restaurant's live data start with [kind, restaurantId].
 */
export function useRestaurantChanges(restaurantId: number, kinds: RestaurantChange['kind'][]): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>({ status: 'connecting', lastHeard: null });
  const kindsKey = kinds.join(',');

  useEffect(() => {
    const watched = kindsKey.split(',');
    const heard = () => setState((s) => ({ ...s, lastHeard: new Date() }));
    return followChangeStream(
      restaurantChangesPath(restaurantId),
      {
        onChange: (change) => {
          heard();
          if (watched.includes(change.kind))
            void queryClient.invalidateQueries({ queryKey: [change.kind, restaurantId] });
        },
        onResync: () => {
          heard();
          for (const kind of watched) void queryClient.invalidateQueries({ queryKey: [kind, restaurantId] });
        },
        onStatus: (status) => {
          setState((s) => ({ status, lastHeard: status === 'live' ? new Date() : s.lastHeard }));
        },
      },
      { open: (path, signal) => stream(path, { signal }) },
    );
  }, [restaurantId, kindsKey, queryClient]);

  return state;
}
