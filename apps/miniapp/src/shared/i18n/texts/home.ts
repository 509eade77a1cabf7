import { home } from '@stolik/i18n/ru/home';
import { pages } from '@stolik/i18n/ru/pages';
import { session } from '@stolik/i18n/ru/session';

/** The texts of the restaurant list (app/routes/home.tsx), beyond the entry's own. */
export const texts = { home, pages, session };
