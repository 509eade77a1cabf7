import { createInstance, type i18n as I18n } from 'i18next';
import { ru } from './ru';

export type { Resources } from './ru';
export { ru } from './ru';

import { DEFAULT_LOCALE, FALLBACK_LOCALE, SUPPORTED_LOCALES } from './locales';

export { DEFAULT_LOCALE, FALLBACK_LOCALE, SUPPORTED_LOCALES } from './locales';

export const resources = {
  ru: { translation: ru },
} as const;

/** A ready i18next instance for server-side use (API messages, bot texts). */
export function createServerI18n(): I18n {
  const instance = createInstance();
  void instance.init({
    lng: DEFAULT_LOCALE,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...SUPPORTED_LOCALES],
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}
