import type { ru } from '@stolik/i18n';
import { DEFAULT_LOCALE } from '@stolik/i18n/locales';
import { app } from '@stolik/i18n/ru/app';
import { errors } from '@stolik/i18n/ru/errors';
import { list } from '@stolik/i18n/ru/list';
import { nav } from '@stolik/i18n/ru/nav';
import { pwa } from '@stolik/i18n/ru/pwa';
import { createTranslator, type KeysOf, type TextValues } from '@stolik/i18n/translate';

/**
 * The sections the entry's own files use (the frame, the error and loading states); each screen
 * brings the rest with its code (`texts/`, loaded by `lazyScreen`), so the first screen does not
 * carry the whole dictionary. text-sections.test.ts checks both lists against the code.
 */
export const entryTexts = { app, errors, list, nav, pwa };

/** A text's key, checked when compiled: a misspelt key does not compile. */
export type TextKey = KeysOf<typeof ru>;

/** Reads a text: its key, and the values for its `{{name}}` places (`count` picks the plural form). */
export type Translate = (key: TextKey, values?: TextValues) => string;

/** The app's texts: reading one, and asking whether a key (an API message, say) names one. */
export interface Texts {
  t: Translate;
  exists: (key: string, values?: TextValues) => boolean;
}

// The Russian resources (spec §1: the interface is Russian only), the entry's sections to start.
const translator = createTranslator(DEFAULT_LOCALE, entryTexts);

export const i18n: Texts = { t: translator.t, exists: translator.exists };

/**
 * The texts for a component: `const { t } = useTranslation()`. Not a hook in React's sense (the
 * texts a screen reads are all there before it renders: lazyScreen adds them with its code), named
 * and shaped as react-i18next's so that components read as they did.
 */
export function useTranslation(): { t: Translate; i18n: Texts } {
  return { t: i18n.t, i18n };
}

/** Adds sections of the Russian texts (a screen's, loaded with it); ones already there stay. */
export function addTexts(sections: Partial<typeof ru>): void {
  translator.add(sections);
}
