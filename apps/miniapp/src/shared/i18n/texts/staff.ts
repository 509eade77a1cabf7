import { analytics } from '@stolik/i18n/ru/analytics';
import { booking } from '@stolik/i18n/ru/booking';
import { bookingApi } from '@stolik/i18n/ru/booking-api';
import { bookingStatuses } from '@stolik/i18n/ru/booking-statuses';
import { events } from '@stolik/i18n/ru/events';
import { guest } from '@stolik/i18n/ru/guest';
import { guestLinks } from '@stolik/i18n/ru/guest-links';
import { guestReach } from '@stolik/i18n/ru/guest-reach';
import { hallMap } from '@stolik/i18n/ru/hall-map';
import { hallSettings } from '@stolik/i18n/ru/hall-settings';
import { liveQueue } from '@stolik/i18n/ru/live-queue';
import { offline } from '@stolik/i18n/ru/offline';
import { orders } from '@stolik/i18n/ru/orders';
import { pages } from '@stolik/i18n/ru/pages';
import { queue } from '@stolik/i18n/ru/queue';
import { queueSources } from '@stolik/i18n/ru/queue-sources';
import { validation } from '@stolik/i18n/ru/validation';

/** The texts of the staff screens of a restaurant (app/routes/staff-screens.tsx, and the live queue's own chunk), beyond the entry's own. */
export const texts = {
  analytics,
  booking,
  bookingApi,
  bookingStatuses,
  events,
  guest,
  // How a called guest was reached: the row's mark and the guest card's list.
  guestReach,
  guestLinks,
  hallMap,
  hallSettings,
  liveQueue,
  offline,
  orders,
  pages,
  // 'Этот стол уже занят…' in the booking card, as the server says it (booking/seat-guard.tsx).
  queue,
  queueSources,
  validation,
};
