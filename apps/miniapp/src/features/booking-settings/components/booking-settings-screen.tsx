import { useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { usePageTitle } from '../../../shared/ui/page';
import { AutoRulesSection } from './auto-rules-section';
import { DurationsSection } from './durations-section';
import { GapsSection } from './gaps-section';
import { TimeRulesSection } from './time-rules-section';
import { WorkTimeSection } from './work-time-section';
import { ZoneScheduleSection } from './zone-schedule-section';
import '../booking-settings.css';

/**
 * Settings → booking ('Бронирование'): what decides the times a table can be booked. Each block
 * loads and saves on its own, so one refusal never loses the edits of another.
 */
export function BookingSettingsScreen() {
  const { t } = useTranslation();
  usePageTitle('pages.settingsBooking');
  const restaurantId = Number(useParams().id);
  return (
    <div className="booking-settings">
      <header className="booking-settings__header">
        <h2 className="booking-settings__title">{t('pages.settingsBooking')}</h2>
        <p className="booking-settings__hint">{t('bookingSettings.intro')}</p>
      </header>
      <WorkTimeSection restaurantId={restaurantId} />
      <DurationsSection restaurantId={restaurantId} />
      <GapsSection restaurantId={restaurantId} />
      <TimeRulesSection restaurantId={restaurantId} />
      <AutoRulesSection restaurantId={restaurantId} />
      <ZoneScheduleSection restaurantId={restaurantId} />
    </div>
  );
}
