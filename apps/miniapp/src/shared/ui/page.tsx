import { type ReactNode, useEffect } from 'react';
import { type TextKey, useTranslation } from '../i18n/i18n';

export type PageTitleKey = Extract<TextKey, `pages.${string}`>;

/** Sets the Russian page title of spec §2 as the document title. */
export function usePageTitle(titleKey: PageTitleKey | null): void {
  const { t } = useTranslation();
  const title = titleKey ? t(titleKey) : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

/** A screen: its title (for the document and, where shown, as a heading) and its content. */
export function Page({
  titleKey,
  showHeading = true,
  actions,
  children,
}: {
  titleKey: PageTitleKey;
  showHeading?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  usePageTitle(titleKey);
  return (
    <section className="page" aria-labelledby="page-heading">
      {showHeading ? (
        <header className="page__header">
          <h1 id="page-heading" className="page__title">
            {t(titleKey)}
          </h1>
          {actions ? <div className="page__actions">{actions}</div> : null}
        </header>
      ) : (
        <h1 id="page-heading" className="visually-hidden">
          {t(titleKey)}
        </h1>
      )}
      <div className="page__body">{children}</div>
    </section>
  );
}
