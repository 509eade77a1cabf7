import { booking } from '@stolik/i18n/ru/booking';
import { bookingApi } from '@stolik/i18n/ru/booking-api';
import { bookingStatuses } from '@stolik/i18n/ru/booking-statuses';
import { events } from '@stolik/i18n/ru/events';
import { guest } from '@stolik/i18n/ru/guest';
import { guestReach } from '@stolik/i18n/ru/guest-reach';
import { hallMap } from '@stolik/i18n/ru/hall-map';
import { liveQueue } from '@stolik/i18n/ru/live-queue';
import { pages } from '@stolik/i18n/ru/pages';
import { queue } from '@stolik/i18n/ru/queue';
import { session } from '@stolik/i18n/ru/session';
import { telegram } from '@stolik/i18n/ru/telegram';
import { telegramFailures } from '@stolik/i18n/ru/telegram-failures';
import { validation } from '@stolik/i18n/ru/validation';

/** The texts of the Telegram settings screens (app/routes/telegram-screens.tsx), beyond the entry's own. */
export const texts = {
  booking,
  bookingApi,
  bookingStatuses,
  events,
  guest,
  // How a called guest was reached: the row's mark and the guest card's list.
  guestReach,
  hallMap,
  liveQueue,
  pages,
  // 'Этот стол уже занят…' in the booking card, as the server says it (booking/seat-guard.tsx).
  queue,
  session,
  telegram,
  telegramFailures,
  validation,
};
