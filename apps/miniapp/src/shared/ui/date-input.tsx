import './date-fields.css';
import { useId } from 'react';
import { displayDate } from '../time/restaurant-clock';

const weekdays = new Intl.DateTimeFormat('ru-RU', { weekday: 'short', timeZone: 'UTC' });

/**
 * A date shown as day.month.year with its weekday (spec §5) whatever the device's locale, picked with
 * the device's own date picker: the native input lies over the text, transparent.
 */
export function DateInput({
  label,
  value,
  onChange,
  hideLabel = false,
  className = '',
}: {
  label: string;
  value: string;
  onChange: (date: string) => void;
  hideLabel?: boolean;
  className?: string;
}) {
  const id = useId();
  const day = Date.parse(`${value}T00:00:00Z`);
  return (
    <div className={`field date-input ${className}`}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <div className="date-input__box">
        <span className="field__input date-input__shown" aria-hidden="true">
          {displayDate(value)}
          {Number.isNaN(day) ? null : <span className="date-input__weekday">{weekdays.format(day)}</span>}
        </span>
        <input
          id={id}
          type="date"
          className="date-input__native"
          value={value}
          required
          onChange={(e) => {
            if (e.target.value) onChange(e.target.value);
          }}
          onClick={(e) => {
            // A tap anywhere opens the picker, not only on the (hidden) calendar icon.
            try {
              e.currentTarget.showPicker?.();
            } catch {
              // Not allowed here (an old browser, a frame): typing still works.
            }
          }}
        />
      </div>
    </div>
  );
}
