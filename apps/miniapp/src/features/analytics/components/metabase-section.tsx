import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useTheme } from '../../../shared/theme/theme';
import { metabaseQuery } from '../api/analytics-api';

/**
 * The restaurant group's own Metabase dashboards, when the API has Metabase configured: one at a
 * time in a frame, its address signed by the API with the restaurant locked. Not configured: nothing.
 */
export function MetabaseSection({ restaurantId }: { restaurantId: number }) {
  const { t } = useTranslation();
  const { appearance } = useTheme();
  const dashboards = useQuery(metabaseQuery(restaurantId));
  const [chosen, setChosen] = useState<string | null>(null);

  if (dashboards.isError) {
    return (
      <p className="analytics-metabase__failed" role="status">
        {t('analytics.metabase.loadFailed')}
      </p>
    );
  }
  const list = dashboards.data?.dashboards ?? [];
  if (!dashboards.data?.configured || list.length === 0) return null;
  const shown = list.find((d) => d.uuid === chosen) ?? list[0];
  if (!shown) return null;
  // Metabase's embedding options ride in the fragment; its dark theme is 'night'.
  const src = `${shown.url}#bordered=false&titled=true${appearance === 'dark' ? '&theme=night' : ''}`;

  return (
    <section className="analytics-metabase" aria-labelledby="analytics-metabase-title">
      <h2 id="analytics-metabase-title" className="analytics-section-title">
        {t('analytics.metabase.title')}
      </h2>
      {list.length > 1 ? (
        <fieldset className="segments">
          <legend className="visually-hidden">{t('analytics.metabase.choose')}</legend>
          {list.map((dashboard) => (
            <button
              key={dashboard.uuid}
              type="button"
              className="segment"
              aria-pressed={dashboard.uuid === shown.uuid}
              onClick={() => setChosen(dashboard.uuid)}
            >
              {dashboard.name}
            </button>
          ))}
        </fieldset>
      ) : null}
      <iframe
        key={shown.uuid}
        className="analytics-metabase__frame"
        title={t('analytics.metabase.frame', { name: shown.name })}
        src={src}
        loading="lazy"
      />
    </section>
  );
}
