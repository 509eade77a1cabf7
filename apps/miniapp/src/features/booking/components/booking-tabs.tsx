import { NavLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useRestaurant } from '../../../shared/restaurants/get-restaurant';
import { paths } from '../../../shared/routing/paths';

/** The three booking screens side by side: the day, the list (where bookings are on), the waiting list. */
export function BookingTabs({ restaurantId }: { restaurantId: number }) {
  const { t } = useTranslation();
  const restaurant = useRestaurant(restaurantId);
  const tabs = [
    { to: paths.booking(restaurantId), label: t('booking.tabs.day') },
    ...(restaurant.data?.has_bookings === false
      ? []
      : [{ to: paths.bookingList(restaurantId), label: t('booking.tabs.list') }]),
    { to: paths.bookingWaiting(restaurantId), label: t('booking.tabs.waiting') },
  ];
  return (
    <nav className="segments booking-tabs" aria-label={t('booking.sections')}>
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end className="segment booking-tabs__tab">
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
