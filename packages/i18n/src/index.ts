import { createInstance, type i18n as I18n } from 'i18next';
import { ru } from './ru';

export type { Resources } from './ru';
export { ru } from './ru';

/** The interface is Russian only (spec §1); Russian is also the fallback for anything missing. */
export const DEFAULT_LOCALE = 'ru';
export const FALLBACK_LOCALE = 'ru';
export const SUPPORTED_LOCALES = ['ru'] as const;

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
