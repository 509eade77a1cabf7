// Guests' screens (spec §1): no sign-in, reached by a link, a QR code or a bot deep link.
export { GuestQueueScreen } from '../../features/guest/components/guest-queue-screen';
export { GuestQueueStatusScreen } from '../../features/guest/components/guest-queue-status-screen';
export { GuestBookingScreen } from '../../features/guest-booking/components/guest-booking-screen';
export { GuestBookingStatusScreen } from '../../features/guest-booking/components/guest-booking-status-screen';
