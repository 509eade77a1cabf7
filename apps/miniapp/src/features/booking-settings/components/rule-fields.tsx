import { type ReactNode, useId } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { displayDate, WEEKDAYS, weekdayKey } from '../calendar';

/** The days a rule applies on, as chips; none chosen means every day. */
export function WeekdayChips({ value, onChange }: { value: number[]; onChange: (days: number[]) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="weekday-chips">
      <legend className="field__label">{t('bookingSettings.weekdays')}</legend>
      <div className="weekday-chips__list">
        {WEEKDAYS.map((day) => (
          <label key={day} className="weekday-chips__chip">
            <input
              type="checkbox"
              checked={value.includes(day)}
              aria-label={t(`bookingSettings.weekdayLong.${weekdayKey(day)}`)}
              onChange={() =>
                onChange(value.includes(day) ? value.filter((d) => d !== day) : [...value, day].sort())
              }
            />
            <span aria-hidden="true">{t(`bookingSettings.weekdayShort.${weekdayKey(day)}`)}</span>
          </label>
        ))}
      </div>
      <p className="field__hint">{t('bookingSettings.everyDayHint')}</p>
    </fieldset>
  );
}

/** 'Пн, Ср, Пт', or 'каждый день' for none. */
export function useWeekdaysText() {
  const { t } = useTranslation();
  return (days: number[]) =>
    days.length === 0 || days.length === 7
      ? t('bookingSettings.everyDay')
      : days.map((d) => t(`bookingSettings.weekdayShort.${weekdayKey(d)}`)).join(', ');
}

/** A window of hours ('С', 'До'); both empty for the whole day where the rule allows it. */
export function WindowFields({
  from,
  to,
  onChange,
  errors,
  hint,
}: {
  from: string;
  to: string;
  onChange: (window: { from: string; to: string }) => void;
  errors: { from?: string | undefined; to?: string | undefined };
  hint?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="booking-settings__window">
      <TimeField
        optional
        label={t('bookingSettings.from')}
        value={from}
        error={errors.from}
        onChange={(value) => onChange({ from: value, to })}
      />
      <TimeField
        optional
        label={t('bookingSettings.to')}
        value={to}
        error={errors.to}
        onChange={(value) => onChange({ from, to: value })}
      />
      {hint ? <p className="field__hint booking-settings__window-hint">{hint}</p> : null}
    </div>
  );
}

/** Every quarter of an hour, 'HH:mm': rules work on a 15-minute grid, and a select shows 24-hour times on every device. */
const QUARTERS = Array.from(
  { length: 96 },
  (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
);

/** A time of day as HH:mm; `optional` adds an empty choice ('—': no time, e.g. the whole day). */
export function TimeField({
  label,
  value,
  error,
  onChange,
  optional = false,
}: {
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  optional?: boolean;
}) {
  // A time saved off the grid (by another client) stays choosable as it is.
  const times = value && !QUARTERS.includes(value) ? [...QUARTERS, value].sort() : QUARTERS;
  return (
    <SmallField label={label} error={error}>
      {(props) => (
        <select {...props} value={value} onChange={(event) => onChange(event.target.value)}>
          {optional ? <option value="">—</option> : null}
          {times.map((time) => (
            <option key={time} value={time}>
              {time}
            </option>
          ))}
        </select>
      )}
    </SmallField>
  );
}

/**
 * A date shown as day.month.year (spec §5) whatever the browser's own format: the system's date
 * picker lies over the text and opens from anywhere on it.
 */
export function DateField({
  label,
  value,
  error,
  onChange,
  min,
}: {
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  min?: string;
}) {
  return (
    <SmallField label={label} error={error}>
      {({ className, ...props }) => (
        <span className={`${className} date-field`}>
          <span aria-hidden="true">{value ? displayDate(value) : '—'}</span>
          <input
            {...props}
            type="date"
            min={min}
            value={value}
            onClick={(event) => {
              try {
                event.currentTarget.showPicker?.();
              } catch {
                // Not allowed here: the input still takes typing.
              }
            }}
            onChange={(event) => onChange(event.target.value)}
          />
        </span>
      )}
    </SmallField>
  );
}

export function NumberField({
  label,
  value,
  error,
  onChange,
  min,
  max,
  placeholder,
}: {
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  min: number;
  max: number;
  placeholder?: string;
}) {
  return (
    <SmallField label={label} error={error}>
      {(props) => (
        <input
          {...props}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </SmallField>
  );
}

/** A small labelled input of a settings row, its error read out with it. */
function SmallField({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | undefined;
  children: (props: {
    id: string;
    className: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={`field booking-settings__field ${error ? 'field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children({
        id,
        className: 'field__input',
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : undefined,
      })}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
