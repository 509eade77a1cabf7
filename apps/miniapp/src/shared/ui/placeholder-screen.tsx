import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ConstructionIcon } from './icons';
import { Page, type PageTitleKey, usePageTitle } from './page';

/** A screen that is not built yet: it says so and what will be there, and shows no invented data. */
export function PlaceholderScreen({
  titleKey,
  descriptionKey,
  nested = false,
}: {
  titleKey: PageTitleKey;
  descriptionKey: Extract<ParseKeys, `placeholder.${string}`>;
  /** Inside another page (a settings section): a second-level heading, not a page of its own. */
  nested?: boolean;
}) {
  const { t } = useTranslation();
  usePageTitle(titleKey);
  if (nested) {
    return (
      <div className="placeholder placeholder--nested" data-testid="placeholder">
        <h2 className="placeholder__title">{t(titleKey)}</h2>
        <p className="placeholder__lead">{t('placeholder.comingSoon')}</p>
        <p className="placeholder__text">{t(descriptionKey)}</p>
      </div>
    );
  }
  return (
    <Page titleKey={titleKey}>
      <div className="placeholder" data-testid="placeholder">
        <div className="placeholder__icon">
          <ConstructionIcon size={40} />
        </div>
        <p className="placeholder__lead">{t('placeholder.comingSoon')}</p>
        <p className="placeholder__text">{t(descriptionKey)}</p>
      </div>
    </Page>
  );
}
