import '../style.css';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { usePreviewFont } from '../../../shared/guest-style/guest-style-frame';
import { guestStyleQuery } from '../../../shared/guest-style/style-api';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useCurrentRestaurant } from '../../../shared/restaurants/use-current-restaurant';
import { usePageTitle } from '../../../shared/ui/page';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { FontSection } from './font-section';
import { PaletteSection } from './palette-section';

/**
 * Settings → 'Стиль' (superusers, spec §2, §6): the guest forms' palette and font, and below them
 * `children`: the global alert every staff member sees, which is a feature of its own that the app's
 * settings routes put on this page (app/routes/settings-screens).
 */
export function StyleScreen({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle('pages.settingsStyle');
  const restaurantId = Number(useParams().id);
  const { current } = useCurrentRestaurant();
  const style = useQuery(guestStyleQuery(restaurantId));
  const fontFamily = usePreviewFont(restaurantId, style.data?.font);

  return (
    <div className="style-page">
      <header className="style-page__header">
        <h2 className="style-page__title">{t('pages.settingsStyle')}</h2>
        <p className="style-page__hint">{t('style.intro')}</p>
      </header>
      {style.isPending ? (
        <ListSkeleton rows={5} />
      ) : style.isError ? (
        <ErrorState messageKey="style.loadFailed" onRetry={() => void style.refetch()} />
      ) : (
        <>
          <PaletteSection
            // A style saved elsewhere and fetched again starts the draft over.
            key={JSON.stringify(style.data.palette)}
            restaurantId={restaurantId}
            restaurantName={current?.name ?? ''}
            style={style.data}
            fontFamily={fontFamily}
          />
          <FontSection
            restaurantId={restaurantId}
            timeZone={current?.timezone ?? 'Europe/Moscow'}
            font={style.data.font}
            fontFamily={fontFamily}
          />
        </>
      )}
      {children}
    </div>
  );
}
