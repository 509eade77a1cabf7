import { invitations } from '@stolik/i18n/ru/invitations';
import { invite } from '@stolik/i18n/ru/invite';
import { login } from '@stolik/i18n/ru/login';
import { pages } from '@stolik/i18n/ru/pages';
import { placeholder } from '@stolik/i18n/ru/placeholder';
import { roles } from '@stolik/i18n/ru/roles';
import { signUp } from '@stolik/i18n/ru/sign-up';
import { validation } from '@stolik/i18n/ru/validation';

/** The texts of sign-up, the invitation and app install (their routes in app/router.tsx), beyond the entry’s own. */
export const texts = { invitations, invite, login, pages, placeholder, roles, signUp, validation };
