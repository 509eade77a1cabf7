import { login } from '@stolik/i18n/ru/login';
import { pages } from '@stolik/i18n/ru/pages';
import { placeholder } from '@stolik/i18n/ru/placeholder';
import { validation } from '@stolik/i18n/ru/validation';

/** The texts of sign-in and /redirect (app/routes/public-screens.tsx), beyond the entry's own. */
export const texts = { login, pages, placeholder, validation };
