import { useParams } from 'react-router';
import { BookingCardPage } from '../../features/booking/components/booking-card-page';

// The /telegram screens of spec §2: what the bot's buttons and the profile menu open.
export { TelegramNotificationsScreen } from '../../features/telegram/components/telegram-notifications-screen';
export { TelegramScreen } from '../../features/telegram/components/telegram-screen';

/** A bot notification's 'Открыть бронь': the booking's card, as the booking screens show it. */
export function TelegramBookingScreen() {
  const params = useParams();
  return <BookingCardPage restaurantId={Number(params.id)} bookingId={Number(params.bookingId)} />;
}
