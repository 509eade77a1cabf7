import type { Forecast } from '@stolik/contracts';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useFormatMinutes } from './elapsed';

/**
 * Neighbouring party sizes with the same wait said once ('1–4 гост. 5 мин'): the strip stays one
 * or two lines on a phone instead of a list of equal numbers.
 */
export function sameWaits(now: Forecast['now']): { from: number; to: number; waiting_time: number | null }[] {
  const runs: { from: number; to: number; waiting_time: number | null }[] = [];
  for (const item of [...now].sort((a, b) => a.group_size - b.group_size)) {
    const last = runs.at(-1);
    if (last && last.to === item.group_size - 1 && last.waiting_time === item.waiting_time)
      last.to = item.group_size;
    else runs.push({ from: item.group_size, to: item.group_size, waiting_time: item.waiting_time });
  }
  return runs;
}

/**
 * What to promise a party at the door now, by size (the forecast's `now`). While it is on its way
 * (`forecast` undefined) the strip keeps its line, one blank item, so that it does not push the
 * tabs and the list down when it comes (a layout shift, issue #21); the build draws it so too.
 */
export function ForecastStrip({ forecast }: { forecast: Forecast | undefined }) {
  const { t } = useTranslation();
  const format = useFormatMinutes();
  if (!forecast) {
    return (
      <section className="forecast" aria-label={t('liveQueue.forecastTitle')} aria-busy="true">
        <span className="forecast__title">{t('liveQueue.forecastTitle')}</span>
        <ul className="forecast__list" aria-hidden="true">
          <li className="forecast__item forecast__item--pending">
            <span className="forecast__party">&nbsp;</span>
            <span className="forecast__wait">&nbsp;</span>
          </li>
        </ul>
      </section>
    );
  }
  return (
    // Wraps on a narrow screen rather than scrolling: every party's wait is in sight.
    <section className="forecast" aria-label={t('liveQueue.forecastTitle')}>
      <span className="forecast__title">{t('liveQueue.forecastTitle')}</span>
      <ul className="forecast__list">
        {sameWaits(forecast.now).map((item) => (
          <li key={item.from} className="forecast__item">
            <span className="forecast__party">
              {item.from === item.to
                ? t('liveQueue.forecastParty', { count: item.from })
                : t('liveQueue.forecastParties', { from: item.from, to: item.to })}
            </span>
            <span className="forecast__wait">
              {item.waiting_time === null
                ? t('liveQueue.forecastNone')
                : item.waiting_time === 0
                  ? t('liveQueue.forecastFree')
                  : t('liveQueue.forecastMinutes', { time: format(item.waiting_time) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
