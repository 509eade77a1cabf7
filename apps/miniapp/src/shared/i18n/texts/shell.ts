import { fontSize } from '@stolik/i18n/ru/font-size';
import { globalAlert } from '@stolik/i18n/ru/global-alert';
import { logout } from '@stolik/i18n/ru/logout';
import { pages } from '@stolik/i18n/ru/pages';
import { roles } from '@stolik/i18n/ru/roles';
import { telegram } from '@stolik/i18n/ru/telegram';
import { validation } from '@stolik/i18n/ru/validation';

/**
 * The texts of the staff shell (app/layout/app-shell.tsx), beyond the entry's own. `validation`:
 * the shell's parts read a refusal's field errors through shared/ui/form-errors.
 */
export const texts = { fontSize, globalAlert, logout, pages, roles, telegram, validation };
