import { Navigate, useParams } from 'react-router';
import { OrdersScreen as OrdersDay } from '../../features/orders/components/orders-screen';
import { useRestaurant } from '../../shared/restaurants/get-restaurant';
import { paths } from '../../shared/routing/paths';

export { BookingListScreen } from '../../features/booking/components/booking-list-screen';
export { BookingScreen } from '../../features/booking/components/booking-screen';
export { BookingWaitingScreen } from '../../features/booking/components/booking-waiting-screen';
export { GuestLinksScreen } from '../../features/guest-links/components/guest-links-screen';
export { MapScreen as SchemeScreen } from '../../features/map/components/map-screen';

/** Orders are hidden when the restaurant's ui setting hide_orders is on (spec §2). */
export function OrdersScreen() {
  const id = Number(useParams().id);
  const restaurant = useRestaurant(id);
  if (restaurant.data?.ui_content.app.hide_orders) return <Navigate to={paths.queue(id)} replace />;
  return <OrdersDay />;
}
// Spec §2's analytics and the Зоны screen (the tables' states, a zone switched on or off).
export { AnalyticsScreen } from '../../features/analytics/components/analytics-screen';
export { ZoneScreen } from '../../features/hall-settings/components/zone-screen';
