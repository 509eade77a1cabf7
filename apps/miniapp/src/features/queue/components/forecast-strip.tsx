import type { Forecast } from '@stolik/contracts';
import { useTranslation } from 'react-i18next';

/** What to promise a party at the door now, by size (the forecast's `now`). */
export function ForecastStrip({ forecast }: { forecast: Forecast }) {
  const { t } = useTranslation();
  return (
    // Wraps on a narrow screen rather than scrolling: every party's wait is in sight.
    <section className="forecast" aria-label={t('liveQueue.forecastTitle')}>
      <span className="forecast__title">{t('liveQueue.forecastTitle')}</span>
      <ul className="forecast__list">
        {forecast.now.map((item) => (
          <li key={item.group_size} className="forecast__item">
            <span className="forecast__party">
              {t('liveQueue.forecastParty', { count: item.group_size })}
            </span>
            <span className="forecast__wait">
              {item.waiting_time === null
                ? t('liveQueue.forecastNone')
                : item.waiting_time === 0
                  ? t('liveQueue.forecastFree')
                  : t('liveQueue.forecastMinutes', { minutes: item.waiting_time })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
