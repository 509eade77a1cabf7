import { booking } from '@stolik/i18n/ru/booking';
import { bookingSettings } from '@stolik/i18n/ru/booking-settings';
import { bookingStatuses } from '@stolik/i18n/ru/booking-statuses';
import { events } from '@stolik/i18n/ru/events';
import { globalAlert } from '@stolik/i18n/ru/global-alert';
import { guest } from '@stolik/i18n/ru/guest';
import { hallMap } from '@stolik/i18n/ru/hall-map';
import { hallSettings } from '@stolik/i18n/ru/hall-settings';
import { liveQueue } from '@stolik/i18n/ru/live-queue';
import { pages } from '@stolik/i18n/ru/pages';
import { placeholder } from '@stolik/i18n/ru/placeholder';
import { privacy } from '@stolik/i18n/ru/privacy';
import { queueSources } from '@stolik/i18n/ru/queue-sources';
import { roles } from '@stolik/i18n/ru/roles';
import { schemeEditor } from '@stolik/i18n/ru/scheme-editor';
import { sms } from '@stolik/i18n/ru/sms';
import { style } from '@stolik/i18n/ru/style';
import { usersScreen } from '@stolik/i18n/ru/users-screen';
import { validation } from '@stolik/i18n/ru/validation';

/** The texts of a restaurant's settings (app/routes/settings-screens.tsx), beyond the entry's own. */
export const texts = {
  booking,
  bookingSettings,
  bookingStatuses,
  events,
  globalAlert,
  guest,
  hallMap,
  hallSettings,
  liveQueue,
  pages,
  placeholder,
  privacy,
  queueSources,
  roles,
  schemeEditor,
  sms,
  style,
  usersScreen,
  validation,
};
