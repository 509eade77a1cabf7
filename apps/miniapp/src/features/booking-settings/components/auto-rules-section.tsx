import type { AutoRule, AutoRuleCreateBody, ZoneSchedule } from '@stolik/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import {
  autoRulesQuery,
  createAutoRule,
  deleteAutoRule,
  updateAutoRule,
  zoneSchedulesQuery,
} from '../api/booking-settings-api';
import { NumberField, useWeekdaysText, WeekdayChips, WindowFields } from './rule-fields';
import { RuleEditorFrame, RuleList } from './rule-list';
import { Loaded, SettingsPanel, useSave } from './settings-panel';

type RuleFields = Omit<AutoRuleCreateBody, 'restaurant' | 'rule_type'>;

/** Guest requests that confirm themselves: up to N guests, on some days and hours, when a table is free. */
export function AutoRulesSection({ restaurantId }: { restaurantId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(autoRulesQuery(restaurantId));
  // The zones to choose from (and their names in the list); the rules work without them.
  const zones = useQuery(zoneSchedulesQuery(restaurantId)).data ?? [];
  const days = useWeekdaysText();
  const describe = (rule: AutoRule) => ({
    title: t('bookingSettings.autoRules.summary', { count: rule.max_group_size }),
    meta: [
      rule.from && rule.to
        ? t('bookingSettings.window', { from: rule.from, to: rule.to })
        : t('bookingSettings.wholeDay'),
      days(rule.weekdays),
      rule.zone === null
        ? t('bookingSettings.autoRules.anyZone')
        : (zones.find((z) => z.zone === rule.zone)?.name ?? ''),
    ]
      .filter(Boolean)
      .join(' · '),
  });
  return (
    <SettingsPanel title={t('bookingSettings.autoRules.title')} hint={t('bookingSettings.autoRules.hint')}>
      <Loaded query={query}>
        {(rules) => (
          <RuleList
            rules={rules}
            describe={describe}
            emptyText={t('bookingSettings.autoRules.empty')}
            addLabel={t('bookingSettings.autoRules.add')}
            deleteQuestion={t('bookingSettings.autoRules.deleteConfirm')}
            setActive={(rule, active) => updateAutoRule(rule.id, { is_active: active })}
            remove={(rule) => deleteAutoRule(rule.id)}
            onChanged={() =>
              queryClient.invalidateQueries({ queryKey: autoRulesQuery(restaurantId).queryKey })
            }
            editor={(rule, done, cancel) => (
              <AutoRuleEditor
                restaurantId={restaurantId}
                rule={rule}
                zones={zones}
                onSaved={done}
                onCancel={cancel}
              />
            )}
          />
        )}
      </Loaded>
    </SettingsPanel>
  );
}

function AutoRuleEditor({
  restaurantId,
  rule,
  zones,
  onSaved,
  onCancel,
}: {
  restaurantId: number;
  rule: AutoRule | null;
  zones: ZoneSchedule[];
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const zoneId = useId();
  const [weekdays, setWeekdays] = useState<number[]>(rule?.weekdays ?? []);
  const [hours, setHours] = useState({ from: rule?.from ?? '', to: rule?.to ?? '' });
  const [maxGroup, setMaxGroup] = useState(String(rule?.max_group_size ?? 4));
  const [zone, setZone] = useState(rule?.zone === null || rule?.zone === undefined ? '' : String(rule.zone));
  const saving = useSave(
    (fields: RuleFields) =>
      rule
        ? updateAutoRule(rule.id, fields)
        : createAutoRule({ restaurant: restaurantId, rule_type: 'confirm', ...fields }),
    onSaved,
  );
  const errors = saving.errors.fields;

  const save = () => {
    const fields: Record<string, string> = {};
    if (Boolean(hours.from) !== Boolean(hours.to)) fields.to = t('bookingSettings.windowBoth');
    const size = Number(maxGroup);
    if (maxGroup.trim() === '') fields.max_group_size = t('validation.required');
    else if (!Number.isInteger(size)) fields.max_group_size = t('validation.invalid');
    else if (size < 1) fields.max_group_size = t('validation.minValue', { min: 1 });
    else if (size > 50) fields.max_group_size = t('validation.maxValue', { max: 50 });
    if (Object.keys(fields).length > 0) {
      saving.refuse(fields);
      return;
    }
    saving.save({
      weekdays,
      from: hours.from || null,
      to: hours.to || null,
      max_group_size: size,
      zone: zone === '' ? null : Number(zone),
      is_active: rule?.is_active ?? true,
    });
  };

  return (
    <RuleEditorFrame
      title={t(rule ? 'bookingSettings.autoRules.editTitle' : 'bookingSettings.autoRules.newTitle')}
      pending={saving.pending}
      outcome={saving.outcome}
      onSave={save}
      onCancel={onCancel}
    >
      <div className="booking-settings__row">
        <NumberField
          label={t('bookingSettings.autoRules.maxGroup')}
          value={maxGroup}
          min={1}
          max={50}
          error={errors.max_group_size}
          onChange={setMaxGroup}
        />
        <div className={`field booking-settings__field ${errors.zone ? 'field--invalid' : ''}`}>
          <label htmlFor={zoneId} className="field__label">
            {t('bookingSettings.autoRules.zone')}
          </label>
          <select id={zoneId} className="field__input" value={zone} onChange={(e) => setZone(e.target.value)}>
            <option value="">{t('bookingSettings.autoRules.anyZone')}</option>
            {zones.map((z) => (
              <option key={z.zone} value={z.zone}>
                {z.name}
              </option>
            ))}
          </select>
          {errors.zone ? <p className="field__error">{errors.zone}</p> : null}
        </div>
      </div>
      <WindowFields
        from={hours.from}
        to={hours.to}
        onChange={setHours}
        errors={{ from: errors.from, to: errors.to }}
        hint={t('bookingSettings.windowHint')}
      />
      <WeekdayChips value={weekdays} onChange={setWeekdays} />
    </RuleEditorFrame>
  );
}
