import { useTranslation } from '../../../shared/i18n/i18n';
import { DateInput } from '../../../shared/ui/date-input';
import { type DateRange, RANGE_PRESETS, type RangePreset } from '../analytics-range';

export type RangeChoice = RangePreset | 'custom';

/** 7 / 30 / 90 days or a range of one's own (two dates, checked as the API checks them). */
export function RangePicker({
  choice,
  onChoose,
  custom,
  onCustom,
  problem,
}: {
  choice: RangeChoice;
  onChoose: (choice: RangeChoice) => void;
  custom: DateRange;
  onCustom: (range: DateRange) => void;
  problem: string | null;
}) {
  const { t } = useTranslation();
  const label = (option: RangeChoice) =>
    option === 'custom' ? t('analytics.range.custom') : t(`analytics.range.preset${option}`);
  return (
    <div className="analytics-range">
      <fieldset className="segments analytics-range__presets">
        <legend className="visually-hidden">{t('analytics.range.label')}</legend>
        {[...RANGE_PRESETS, 'custom' as const].map((option) => (
          <button
            key={option}
            type="button"
            className="segment"
            aria-pressed={choice === option}
            onClick={() => onChoose(option)}
          >
            {label(option)}
          </button>
        ))}
      </fieldset>
      {choice === 'custom' ? (
        <div className={`analytics-range__dates${problem ? ' field--invalid' : ''}`}>
          <DateInput
            label={t('analytics.range.from')}
            value={custom.from}
            onChange={(from) => onCustom({ ...custom, from })}
          />
          <DateInput
            label={t('analytics.range.to')}
            value={custom.to}
            onChange={(to) => onCustom({ ...custom, to })}
          />
          {problem ? (
            <p className="field__error analytics-range__error" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
