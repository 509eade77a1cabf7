import { QUEUE_EVENTS, type QueueEvent } from '@stolik/domain';
import { useId } from 'react';
import { useTranslation } from '../i18n/i18n';

/** The largest party a form takes in one entry (the API allows 50; a bigger group is a booking). */
export const MAX_PARTY = 20;

/**
 * How many guests: a big stepper, one thumb (guest form and the hostess's walk-in). The question is
 * the caller's: a guest is asked about themselves, the hostess about the guests in front of her.
 */
export function PartySizeStepper({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (size: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="stepper">
      <legend className="field__label">{label}</legend>
      <div className="stepper__controls">
        <button
          type="button"
          className="stepper__button"
          aria-label={t('guest.fewer')}
          disabled={value <= 1}
          onClick={() => onChange(Math.max(1, value - 1))}
        >
          −
        </button>
        <output className="stepper__value" aria-live="polite">
          {t('guest.guests', { count: value })}
        </output>
        <button
          type="button"
          className="stepper__button"
          aria-label={t('guest.more')}
          disabled={value >= MAX_PARTY}
          onClick={() => onChange(Math.min(MAX_PARTY, value + 1))}
        >
          +
        </button>
      </div>
    </fieldset>
  );
}

/**
 * The special event of spec §1 as single-choice chips (radio semantics: one value or none). A tap on
 * the chosen chip clears it; 'Особый повод' is optional.
 */
export function EventChoice({
  value,
  onChange,
}: {
  value: QueueEvent | null;
  onChange: (event: QueueEvent | null) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="choice choice--chips">
      <legend className="field__label">{t('guest.event')}</legend>
      {QUEUE_EVENTS.map((option) => (
        <label key={option} className="choice__option">
          <input
            type="radio"
            name={name}
            className="visually-hidden"
            checked={value === option}
            onChange={() => onChange(option)}
            // A radio cannot be unchecked by itself: a click on the chosen one clears the choice.
            onClick={() => {
              if (value === option) onChange(null);
            }}
          />
          <span>{t(`events.${option}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
