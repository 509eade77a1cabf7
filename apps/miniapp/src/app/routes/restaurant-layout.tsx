import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Outlet, useParams } from 'react-router';
import { useReplayPendingActions } from '../../shared/offline/offline-actions';
import { useRestaurant } from '../../shared/restaurants/get-restaurant';
import { ErrorState } from '../../shared/ui/states';

/**
 * /restaurant/{id}: loads the restaurant once for every screen under it, and sends what the hostess
 * did offline once the network is back, whichever of its screens is open (the queue, the map…).
 */
export function RestaurantLayout() {
  const id = Number(useParams().id);
  const restaurant = useRestaurant(id);
  const queryClient = useQueryClient();
  // What went through changed the queue, the hall and maybe the bookings: everything is refetched.
  const refreshAll = useCallback(() => void queryClient.invalidateQueries(), [queryClient]);
  useReplayPendingActions(refreshAll);
  if (restaurant.isError) {
    return <ErrorState messageKey="errors.restaurantInfo" onRetry={() => void restaurant.refetch()} />;
  }
  return <Outlet />;
}
