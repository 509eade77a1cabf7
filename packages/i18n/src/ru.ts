/**
 * The Russian resources: every string a person sees in the mini-app, the API's messages and the bot.
 * Texts quoted by the product spec are copied exactly; the rest are ours, in the same voice:
 * polite and short for staff, informal for guests (UX.md). One file per namespace under ru/,
 * assembled here.
 */

import { analytics } from './ru/analytics';
import { api } from './ru/api';
import { app } from './ru/app';
import { auth } from './ru/auth';
import { booking } from './ru/booking';
import { bookingApi } from './ru/booking-api';
import { bookingConflicts } from './ru/booking-conflicts';
import { bookingSettings } from './ru/booking-settings';
import { bookingStatuses } from './ru/booking-statuses';
import { bookingStatusesOlder } from './ru/booking-statuses-older';
import { bot } from './ru/bot';
import { contactsExport } from './ru/contacts-export';
import { errors } from './ru/errors';
import { events } from './ru/events';
import { fontSize } from './ru/font-size';
import { globalAlert } from './ru/global-alert';
import { guest } from './ru/guest';
import { guestBooking } from './ru/guest-booking';
import { guestLinks } from './ru/guest-links';
import { guestMessages } from './ru/guest-messages';
import { guestReach } from './ru/guest-reach';
import { hallMap } from './ru/hall-map';
import { hallSettings } from './ru/hall-settings';
import { home } from './ru/home';
import { invitations } from './ru/invitations';
import { invite } from './ru/invite';
import { list } from './ru/list';
import { liveQueue } from './ru/live-queue';
import { login } from './ru/login';
import { logout } from './ru/logout';
import { nav } from './ru/nav';
import { offline } from './ru/offline';
import { orders } from './ru/orders';
import { pages } from './ru/pages';
import { placeholder } from './ru/placeholder';
import { privacy } from './ru/privacy';
import { pwa } from './ru/pwa';
import { queue } from './ru/queue';
import { queueSources } from './ru/queue-sources';
import { requests } from './ru/requests';
import { roles } from './ru/roles';
import { schemeEditor } from './ru/scheme-editor';
import { session } from './ru/session';
import { signUp } from './ru/sign-up';
import { sms } from './ru/sms';
import { style } from './ru/style';
import { telegram } from './ru/telegram';
import { telegramFailures } from './ru/telegram-failures';
import { users } from './ru/users';
import { usersScreen } from './ru/users-screen';
import { validation } from './ru/validation';

export const ru = {
  app,
  pages,
  nav,
  logout,
  roles,
  login,
  signUp,
  invite,
  session,
  home,
  placeholder,
  list,
  validation,
  errors,
  auth,
  usersScreen,
  users,
  guest,
  events,
  queue,
  queueSources,
  liveQueue,
  bookingStatuses,
  bookingStatusesOlder,
  bookingApi,
  bookingConflicts,
  contactsExport,
  booking,
  bookingSettings,
  guestBooking,
  hallMap,
  schemeEditor,
  fontSize,
  globalAlert,
  style,
  offline,
  pwa,
  hallSettings,
  invitations,
  guestLinks,
  guestMessages,
  api,
  bot,
  telegram,
  telegramFailures,
  orders,
  requests,
  analytics,
  privacy,
  sms,
  guestReach,
} as const;

/** The shape every locale must have: the same keys as Russian, any strings. */
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Resources = Widen<typeof ru>;
