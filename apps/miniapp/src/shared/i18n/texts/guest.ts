import { events } from '@stolik/i18n/ru/events';
import { guest } from '@stolik/i18n/ru/guest';
import { guestBooking } from '@stolik/i18n/ru/guest-booking';
import { guestMessages } from '@stolik/i18n/ru/guest-messages';
import { pages } from '@stolik/i18n/ru/pages';
import { validation } from '@stolik/i18n/ru/validation';

/** The texts of a guest's queue and booking pages (app/routes/guest-screens.tsx), beyond the entry's own. */
export const texts = { events, guest, guestBooking, guestMessages, pages, validation };
