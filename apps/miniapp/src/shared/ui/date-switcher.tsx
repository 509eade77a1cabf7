import './date-fields.css';
import { addDays } from '@stolik/domain';
import { useTranslation } from '../i18n/i18n';
import { DateInput } from './date-input';
import { CollapseIcon, ExpandIcon } from './icons';

/** The day a screen shows (bookings, orders): a day back, today, a day on, or any date from the picker. */
export function DateSwitcher({
  date,
  today,
  onChange,
}: {
  date: string;
  today: string;
  onChange: (date: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="date-switcher">
      <button
        type="button"
        className="icon-button date-switcher__step"
        aria-label={t('booking.prevDay')}
        onClick={() => onChange(addDays(date, -1))}
      >
        <CollapseIcon size="medium" />
      </button>
      <DateInput
        label={t('booking.date')}
        hideLabel
        value={date}
        onChange={onChange}
        className="date-switcher__date"
      />
      <button
        type="button"
        className="icon-button date-switcher__step"
        aria-label={t('booking.nextDay')}
        onClick={() => onChange(addDays(date, 1))}
      >
        <ExpandIcon size="medium" />
      </button>
      <button
        type="button"
        className="button button--secondary date-switcher__today"
        aria-pressed={date === today}
        onClick={() => onChange(today)}
      >
        {t('booking.today')}
      </button>
    </div>
  );
}
