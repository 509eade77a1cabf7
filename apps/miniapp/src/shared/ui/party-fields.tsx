import { QUEUE_EVENTS, type QueueEvent } from '@stolik/domain';
import { useTranslation } from 'react-i18next';

/** The largest party a form takes in one entry (the API allows 50; a bigger group is a booking). */
export const MAX_PARTY = 20;

/** How many guests: a big stepper, one thumb (guest form and the hostess's walk-in). */
export function PartySizeStepper({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="stepper">
      <legend className="field__label">{t('guest.partySize')}</legend>
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

/** The special event of spec §1 as chips: at most one, a second tap clears it. */
export function EventChoice({
  value,
  onChange,
}: {
  value: QueueEvent | null;
  onChange: (event: QueueEvent | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="choice">
      <legend className="field__label">{t('guest.event')}</legend>
      {QUEUE_EVENTS.map((option) => (
        <label key={option} className="choice__option">
          <input
            type="checkbox"
            checked={value === option}
            onChange={() => onChange(value === option ? null : option)}
          />
          <span>{t(`events.${option}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
