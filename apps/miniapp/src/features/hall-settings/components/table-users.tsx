import type { Booking, QueueEntry } from '@stolik/contracts';
import { useQuery } from '@tanstack/react-query';
import { load } from '../../../shared/api/load';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useRestaurant } from '../../../shared/restaurants/get-restaurant';
import { clockOf, dateOf } from '../hall-settings-format';

/** The ids a refused table delete names (409 'table_in_use'). */
export interface TableUse {
  queueEntries: number[];
  bookings: number[];
}

/**
 * Who keeps a table from being deleted, by name: the parties seated at it and the bookings that hold
 * it, read by the ids the API's 409 names. Under ['table', …]: once they leave, it is read again.
 */
export function TableUsers({
  restaurantId,
  tableId,
  use,
}: {
  restaurantId: number;
  tableId: number;
  use: TableUse;
}) {
  const { t } = useTranslation();
  const restaurant = useRestaurant(restaurantId);
  const who = useQuery({
    queryKey: ['table', restaurantId, 'hall', 'in-use', tableId, use],
    queryFn: async ({ signal }) => ({
      seated: await Promise.all(
        use.queueEntries.map((id) => load<QueueEntry>(`/api/reservation/${id}/`, { signal })),
      ),
      booked: await Promise.all(use.bookings.map((id) => load<Booking>(`/api/booking/${id}/`, { signal }))),
    }),
  });
  const timeZone = restaurant.data?.timezone;
  if (!who.data || !timeZone) return null;
  return (
    <ul className="hall-row__users" aria-label={t('hallSettings.tables.usedBy')}>
      {who.data.seated.map((entry) => (
        <li key={`q${entry.id}`}>
          {t('hallSettings.tables.seatedParty', {
            number: entry.number,
            name: entry.name || t('hallSettings.tables.walkIn'),
            guests: t('guest.guests', { count: entry.group_size }),
            time: entry.seated_time ? clockOf(timeZone, entry.seated_time) : '—',
          })}
        </li>
      ))}
      {who.data.booked.map((booking) => (
        <li key={`b${booking.id}`}>
          {t('hallSettings.tables.bookedBy', {
            name: booking.name,
            date: dateOf(timeZone, booking.seating_time),
            time: clockOf(timeZone, booking.seating_time),
            guests: t('guest.guests', { count: booking.group_size }),
          })}
        </li>
      ))}
    </ul>
  );
}
