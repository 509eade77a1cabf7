import type { ru } from '@stolik/i18n';
import 'i18next';

// Typed keys: t('pages.queue') compiles, t('pages.qeue') does not.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ru };
  }
}
