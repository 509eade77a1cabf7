// Guests' screens (spec §1): no sign-in, reached by a link, a QR code or a bot deep link.
export { GuestQueueScreen } from '../../features/guest/components/guest-queue-screen';
export { GuestQueueStatusScreen } from '../../features/guest/components/guest-queue-status-screen';
