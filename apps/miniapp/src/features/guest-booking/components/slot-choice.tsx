import type { PublicSlots } from '@stolik/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { groupSlots } from '../booking-dates';

/**
 * The times a guest can really ask for, as chips grouped by part of the day; while they load,
 * skeleton chips; a day without any says so and offers the next one.
 */
export function SlotChoice({
  slots,
  value,
  error,
  onChange,
  onNextDay,
}: {
  slots: UseQueryResult<PublicSlots>;
  value: string | null;
  error: string | undefined;
  onChange: (time: string) => void;
  onNextDay: () => void;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <fieldset
      className={`booking-choice booking-slots ${error ? 'booking-choice--invalid' : ''}`}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="field__label">{t('guestBooking.time')}</legend>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {slots.isPending ? (
        <div className="booking-slots__grid" role="status" aria-busy="true" aria-label={t('app.loading')}>
          {['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((key) => (
            <span key={key} className="booking-chip booking-chip--skeleton" />
          ))}
        </div>
      ) : slots.isError ? (
        <div className="booking-slots__state" role="alert">
          <p>{t('guestBooking.slotsFailed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void slots.refetch()}>
            {t('app.retry')}
          </button>
        </div>
      ) : slots.data.slots.length === 0 ? (
        <div className="booking-slots__state">
          <p className="booking-slots__empty">{t('guestBooking.noSlots')}</p>
          <p className="field__hint">{t('guestBooking.noSlotsHint')}</p>
          <button type="button" className="button button--secondary" onClick={onNextDay}>
            {t('guestBooking.nextDay')}
          </button>
        </div>
      ) : (
        groupSlots(slots.data.slots).map((group) => (
          <div key={`${group.part}-${group.times[0]}`} className="booking-slots__group">
            <p className="booking-slots__part">{t(`guestBooking.dayParts.${group.part}`)}</p>
            <div className="booking-slots__grid">
              {group.times.map((time) => (
                <label key={time} className="booking-chip booking-chip--time">
                  <input
                    type="radio"
                    name="booking-time"
                    value={time}
                    checked={value === time}
                    onChange={() => onChange(time)}
                  />
                  <span>{time}</span>
                </label>
              ))}
            </div>
          </div>
        ))
      )}
    </fieldset>
  );
}
