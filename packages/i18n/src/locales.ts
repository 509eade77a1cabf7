/** The interface is Russian only (spec §1); Russian is also the fallback for anything missing. */
export const DEFAULT_LOCALE = 'ru';
export const FALLBACK_LOCALE = 'ru';
export const SUPPORTED_LOCALES = ['ru'] as const;
