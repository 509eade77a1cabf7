import { Outlet, useParams } from 'react-router';
import { useRestaurant } from '../../features/restaurants/api/get-restaurant';
import { ErrorState } from '../../shared/ui/states';

/** /restaurant/{id}: loads the restaurant once for every screen under it. */
export function RestaurantLayout() {
  const id = Number(useParams().id);
  const restaurant = useRestaurant(id);
  if (restaurant.isError) {
    return <ErrorState messageKey="errors.restaurantInfo" onRetry={() => void restaurant.refetch()} />;
  }
  return <Outlet />;
}
