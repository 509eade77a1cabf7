import { Navigate, useParams } from 'react-router';
import { useRestaurant } from '../../features/restaurants/api/get-restaurant';
import { paths } from '../../shared/routing/paths';
import { PlaceholderScreen } from '../../shared/ui/placeholder-screen';

export { BookingListScreen } from '../../features/booking/components/booking-list-screen';
export { BookingScreen } from '../../features/booking/components/booking-screen';
export { BookingWaitingScreen } from '../../features/booking/components/booking-waiting-screen';
export { MapScreen as SchemeScreen } from '../../features/map/components/map-screen';
export { QueueScreen } from '../../features/queue/components/queue-screen';

// The staff screens of spec §2 that later issues fill in; each says what it will hold.
/** Orders are hidden when the restaurant's ui setting hide_orders is on (spec §2). */
export function OrdersScreen() {
  const id = Number(useParams().id);
  const restaurant = useRestaurant(id);
  if (restaurant.data?.ui_content.app.hide_orders) return <Navigate to={paths.queue(id)} replace />;
  return <PlaceholderScreen titleKey="pages.orders" descriptionKey="placeholder.orders" />;
}
export const ZoneScreen = () => <PlaceholderScreen titleKey="pages.zone" descriptionKey="placeholder.zone" />;
export const AnalyticsScreen = () => (
  <PlaceholderScreen titleKey="pages.analytics" descriptionKey="placeholder.analytics" />
);
