import { DEFAULT_LOCALE, FALLBACK_LOCALE, resources, SUPPORTED_LOCALES } from '@stolik/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The client's i18next: the shared Russian resources, Russian as the fallback (spec §1). */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...SUPPORTED_LOCALES],
  resources,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
