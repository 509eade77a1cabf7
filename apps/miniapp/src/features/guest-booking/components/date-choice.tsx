import { useTranslation } from '../../../shared/i18n/i18n';
import { addDaysIso, BOOKING_HORIZON_DAYS, displayDate } from '../booking-dates';

/**
 * Today (the default), tomorrow, or a later date from the system's own date picker. The picker's
 * input lies over its chip, which shows the date as day.month.year (spec §5) whatever the browser's
 * own format is.
 */
export function DateChoice({
  value,
  today,
  onChange,
}: {
  value: string;
  today: string;
  onChange: (date: string) => void;
}) {
  const { t } = useTranslation();
  const tomorrow = addDaysIso(today, 1);
  const other = value !== today && value !== tomorrow;
  return (
    <fieldset className="booking-choice">
      <legend className="field__label">{t('guestBooking.date')}</legend>
      <div className="booking-dates">
        {[
          { date: today, label: t('guestBooking.today') },
          { date: tomorrow, label: t('guestBooking.tomorrow') },
        ].map((day) => (
          <label key={day.date} className="booking-chip">
            <input
              type="radio"
              name="booking-date"
              value={day.date}
              checked={value === day.date}
              onChange={() => onChange(day.date)}
            />
            <span>{day.label}</span>
          </label>
        ))}
        <label className={`booking-chip booking-chip--picker ${other ? 'booking-chip--checked' : ''}`}>
          <span aria-hidden="true">{other ? displayDate(value) : t('guestBooking.otherDate')}</span>
          <input
            type="date"
            aria-label={t('guestBooking.otherDate')}
            min={today}
            max={addDaysIso(today, BOOKING_HORIZON_DAYS)}
            value={other ? value : ''}
            onClick={(event) => {
              // Desktop browsers open the calendar only from its small icon: open it from the whole chip.
              try {
                event.currentTarget.showPicker?.();
              } catch {
                // Not allowed here (no user gesture): the input still takes typing.
              }
            }}
            onChange={(event) => {
              if (event.target.value) onChange(event.target.value);
            }}
          />
        </label>
      </div>
    </fieldset>
  );
}
