import type { TimeRule, TimeRuleCreateBody } from '@stolik/contracts';
import { TIME_RULE_TYPES } from '@stolik/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { createTimeRule, deleteTimeRule, timeRulesQuery, updateTimeRule } from '../api/booking-settings-api';
import { NumberField, useWeekdaysText, WeekdayChips, WindowFields } from './rule-fields';
import { RuleEditorFrame, RuleList } from './rule-list';
import { Loaded, SettingsPanel, useSave } from './settings-panel';

type RuleType = TimeRule['rule_type'];
type RuleFields = Omit<TimeRuleCreateBody, 'restaurant' | 'rule_type'>;

/** Limits on guests' online requests: no requests in some hours, a lead time, a last seating, a covers cap. */
export function TimeRulesSection({ restaurantId }: { restaurantId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(timeRulesQuery(restaurantId));
  const days = useWeekdaysText();
  const describe = (rule: TimeRule) => {
    const span = rule.from && rule.to ? t('bookingSettings.window', { from: rule.from, to: rule.to }) : null;
    return {
      title: t(`bookingSettings.timeRules.summaries.${rule.rule_type}`, {
        minutes: rule.minutes ?? 0,
        covers: rule.covers ?? 0,
      }),
      meta: [
        span ?? (rule.rule_type === 'covers_cap' ? t('bookingSettings.wholeDay') : null),
        days(rule.weekdays),
      ]
        .filter(Boolean)
        .join(' · '),
    };
  };
  return (
    <SettingsPanel title={t('bookingSettings.timeRules.title')} hint={t('bookingSettings.timeRules.hint')}>
      <Loaded query={query}>
        {(rules) => (
          <RuleList
            rules={rules}
            describe={describe}
            emptyText={t('bookingSettings.timeRules.empty')}
            addLabel={t('bookingSettings.timeRules.add')}
            deleteQuestion={t('bookingSettings.timeRules.deleteConfirm')}
            setActive={(rule, active) => updateTimeRule(rule.id, { is_active: active })}
            remove={(rule) => deleteTimeRule(rule.id)}
            onChanged={() =>
              queryClient.invalidateQueries({ queryKey: timeRulesQuery(restaurantId).queryKey })
            }
            editor={(rule, done, cancel) => (
              <TimeRuleEditor restaurantId={restaurantId} rule={rule} onSaved={done} onCancel={cancel} />
            )}
          />
        )}
      </Loaded>
    </SettingsPanel>
  );
}

function TimeRuleEditor({
  restaurantId,
  rule,
  onSaved,
  onCancel,
}: {
  restaurantId: number;
  rule: TimeRule | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const typeId = useId();
  const [type, setType] = useState<RuleType>(rule?.rule_type ?? 'no_online');
  const [weekdays, setWeekdays] = useState<number[]>(rule?.weekdays ?? []);
  const [hours, setHours] = useState({ from: rule?.from ?? '', to: rule?.to ?? '' });
  const [minutes, setMinutes] = useState(String(rule?.minutes ?? 60));
  const [covers, setCovers] = useState(String(rule?.covers ?? 20));
  const saving = useSave(
    (fields: RuleFields) =>
      rule
        ? updateTimeRule(rule.id, fields)
        : createTimeRule({ restaurant: restaurantId, rule_type: type, ...fields }),
    onSaved,
  );
  const errors = saving.errors.fields;
  const usesMinutes = type === 'min_lead' || type === 'last_seating';

  const save = () => {
    const fields: Record<string, string> = {};
    const whole = (value: string, min: number, max: number) => {
      if (value.trim() === '') return t('validation.required');
      const n = Number(value);
      if (!Number.isInteger(n)) return t('validation.invalid');
      if (n < min) return t('validation.minValue', { min });
      if (n > max) return t('validation.maxValue', { max });
      return null;
    };
    if (type === 'no_online') {
      if (!hours.from) fields.from = t('validation.required');
      if (!hours.to) fields.to = t('validation.required');
    } else if (type === 'covers_cap' && Boolean(hours.from) !== Boolean(hours.to)) {
      fields.to = t('bookingSettings.windowBoth');
    }
    const minutesError = usesMinutes ? whole(minutes, 0, 1440) : null;
    if (minutesError) fields.minutes = minutesError;
    const coversError = type === 'covers_cap' ? whole(covers, 1, 1000) : null;
    if (coversError) fields.covers = coversError;
    if (Object.keys(fields).length > 0) {
      saving.refuse(fields);
      return;
    }
    const hasWindow = (type === 'no_online' || type === 'covers_cap') && hours.from && hours.to;
    saving.save({
      weekdays,
      from: hasWindow ? hours.from : null,
      to: hasWindow ? hours.to : null,
      minutes: usesMinutes ? Number(minutes) : null,
      covers: type === 'covers_cap' ? Number(covers) : null,
      is_active: rule?.is_active ?? true,
    });
  };

  return (
    <RuleEditorFrame
      title={t(rule ? 'bookingSettings.timeRules.editTitle' : 'bookingSettings.timeRules.newTitle')}
      pending={saving.pending}
      outcome={saving.outcome}
      onSave={save}
      onCancel={onCancel}
    >
      <div className="field">
        <label htmlFor={typeId} className="field__label">
          {t('bookingSettings.timeRules.type')}
        </label>
        <select
          id={typeId}
          className="field__input"
          value={type}
          // The kind of a saved rule is what it is: another kind is another rule.
          disabled={rule !== null}
          onChange={(event) => setType(event.target.value as RuleType)}
        >
          {TIME_RULE_TYPES.map((option) => (
            <option key={option} value={option}>
              {t(`bookingSettings.timeRules.types.${option}`)}
            </option>
          ))}
        </select>
        <p className="field__hint">{t(`bookingSettings.timeRules.typeHints.${type}`)}</p>
      </div>
      {type === 'no_online' || type === 'covers_cap' ? (
        <WindowFields
          from={hours.from}
          to={hours.to}
          onChange={setHours}
          errors={{ from: errors.from, to: errors.to }}
          {...(type === 'covers_cap' ? { hint: t('bookingSettings.windowHint') } : {})}
        />
      ) : null}
      {usesMinutes ? (
        <NumberField
          label={t('bookingSettings.timeRules.minutes')}
          value={minutes}
          min={0}
          max={1440}
          error={errors.minutes}
          onChange={setMinutes}
        />
      ) : null}
      {type === 'covers_cap' ? (
        <NumberField
          label={t('bookingSettings.timeRules.covers')}
          value={covers}
          min={1}
          max={1000}
          error={errors.covers}
          onChange={setCovers}
        />
      ) : null}
      <WeekdayChips value={weekdays} onChange={setWeekdays} />
    </RuleEditorFrame>
  );
}
