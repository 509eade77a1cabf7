import { TABLE_STATES, type TableStateKind } from '../../../shared/hall/table-state';
import { useTranslation } from '../../../shared/i18n/i18n';
import { TABLE_STATE_LABEL, TABLE_TONE } from '../../../shared/status/status';

/** What each colour and mark means, each with a count: the same swatch as the table itself. */
export function MapLegend({ counts }: { counts: Record<TableStateKind, number> }) {
  const { t } = useTranslation();
  return (
    <ul className="map-legend" aria-label={t('hallMap.legend')}>
      {TABLE_STATES.map((state) => (
        <li key={state} className="map-legend__item" data-testid={`legend-${state}`}>
          <svg className="map-legend__swatch" viewBox="0 0 20 20" aria-hidden="true">
            <g className="map-table" data-state={state} data-tone={TABLE_TONE[state]}>
              <rect className="map-table__shape" x="2" y="2" width="16" height="16" rx="4" />
            </g>
          </svg>
          <span className="map-legend__name">{t(TABLE_STATE_LABEL[state])}</span>
          <span className="map-legend__count">{counts[state]}</span>
        </li>
      ))}
    </ul>
  );
}
