import type { ru } from '@stolik/i18n';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, SUPPORTED_LOCALES } from '@stolik/i18n/locales';
import { app } from '@stolik/i18n/ru/app';
import { errors } from '@stolik/i18n/ru/errors';
import { list } from '@stolik/i18n/ru/list';
import { nav } from '@stolik/i18n/ru/nav';
import { pwa } from '@stolik/i18n/ru/pwa';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The sections the entry's own files use (the frame, the error and loading states); each screen
 * brings the rest with its code (`texts/`, loaded by `lazyScreen`), so the first screen does not
 * carry the whole dictionary. text-sections.test.ts checks both lists against the code.
 */
export const entryTexts = { app, errors, list, nav, pwa };

/** The client's i18next: the shared Russian resources, Russian as the fallback (spec §1). */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...SUPPORTED_LOCALES],
  // A copy: i18next merges added sections into the object it is given, and entryTexts must stay the
  // entry's own list (text-sections.test.ts reads it after the tests' setup has added every section).
  resources: { [DEFAULT_LOCALE]: { translation: { ...entryTexts } } },
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Adds sections of the Russian texts (a screen's, loaded with it); ones already there stay. */
export function addTexts(sections: Partial<typeof ru>): void {
  i18n.addResourceBundle(DEFAULT_LOCALE, 'translation', sections, true, false);
}
