import '../../styles/booking-form.css';
import { SLOT_STEP_MINUTES } from '@stolik/domain';
import { useId } from 'react';
import { clockTime } from '../time/booking-time';

const DAY_STEPS = Array.from({ length: (24 * 60) / SLOT_STEP_MINUTES }, (_, i) => i * SLOT_STEP_MINUTES);

/**
 * A wall time in 15-minute steps as 24-hour HH:mm whatever the device's locale (a native time input
 * shows AM/PM on some): a select, with the device's own wheel on a phone.
 */
export function TimeSelect({
  label,
  value,
  onChange,
  error,
  placeholder,
}: {
  label: string;
  /** Minutes after midnight, or null for none chosen. */
  value: number | null;
  onChange: (minutes: number | null) => void;
  error?: string | undefined;
  /** The empty option's text; without it a time must stay chosen. */
  placeholder?: string;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  const steps =
    value === null || DAY_STEPS.includes(value) ? DAY_STEPS : [...DAY_STEPS, value].sort((a, b) => a - b);
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        className="field__input time-select"
        value={value === null ? '' : String(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {steps.map((m) => (
          <option key={m} value={String(m)}>
            {clockTime(m)}
          </option>
        ))}
      </select>
      {error ? (
        <p id={messageId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
