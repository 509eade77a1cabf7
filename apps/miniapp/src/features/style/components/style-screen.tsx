import '../style.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../shared/ui/page';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { GlobalAlertForm } from '../../global-alert/components/global-alert-form';
import { useCurrentRestaurant } from '../../restaurants/use-current-restaurant';
import { guestStyleQuery } from '../api/style-api';
import { FontSection } from './font-section';
import { usePreviewFont } from './guest-style-frame';
import { PaletteSection } from './palette-section';

/**
 * Settings → 'Стиль' (superusers, spec §2, §6): the guest forms' palette and font, and the global
 * alert every staff member sees.
 */
export function StyleScreen() {
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
      <GlobalAlertForm />
    </div>
  );
}
