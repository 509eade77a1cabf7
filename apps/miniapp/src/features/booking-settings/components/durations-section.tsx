import type { DurationRule } from '@stolik/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { durationsQuery, saveDurations } from '../api/booking-settings-api';
import { rowErrorsOf } from '../row-errors';
import { NumberField } from './rule-fields';
import { Loaded, SaveBar, SettingsPanel, useSave } from './settings-panel';

interface DraftRow {
  key: number;
  seats_from: string;
  seats_to: string;
  minutes: string;
}

const MAX_SEATS = 50;
const MIN_MINUTES = 15;
const MAX_MINUTES = 720;

const byFrom = (a: DurationRule, b: DurationRule) => a.seats_from - b.seats_from;

/** How long a party keeps its table, by party size. */
export function DurationsSection({ restaurantId }: { restaurantId: number }) {
  const { t } = useTranslation();
  const query = useQuery(durationsQuery(restaurantId));
  return (
    <SettingsPanel title={t('bookingSettings.durations.title')} hint={t('bookingSettings.durations.hint')}>
      <Loaded query={query}>
        {(list) => <DurationsEditor restaurantId={restaurantId} initial={list} />}
      </Loaded>
    </SettingsPanel>
  );
}

function DurationsEditor({ restaurantId, initial }: { restaurantId: number; initial: DurationRule[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [nextKey, setNextKey] = useState(initial.length);
  const toDraft = (list: DurationRule[]): DraftRow[] =>
    [...list].sort(byFrom).map((rule, key) => ({
      key,
      seats_from: String(rule.seats_from),
      seats_to: rule.seats_to === null ? '' : String(rule.seats_to),
      minutes: String(rule.minutes),
    }));
  const [rows, setRows] = useState<DraftRow[]>(() => toDraft(initial));
  const saving = useSave(
    (list: DurationRule[]) => saveDurations(restaurantId, list),
    (list) => {
      queryClient.setQueryData(durationsQuery(restaurantId).queryKey, list);
      setRows(toDraft(list));
    },
  );
  const rowErrors = rowErrorsOf(saving.errors.fields);
  const change = (key: number, patch: Partial<DraftRow>) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const add = () => {
    const last = rows.at(-1);
    const from = last ? Number(last.seats_to || last.seats_from) + 1 : 1;
    setRows([
      ...rows,
      { key: nextKey, seats_from: String(Math.min(from, MAX_SEATS)), seats_to: '', minutes: '120' },
    ]);
    setNextKey(nextKey + 1);
  };

  const save = () => {
    const fields: Record<string, string> = {};
    const range = (value: string, min: number, max: number): string | null => {
      if (value.trim() === '') return t('validation.required');
      const n = Number(value);
      if (!Number.isInteger(n)) return t('validation.invalid');
      if (n < min) return t('validation.minValue', { min });
      if (n > max) return t('validation.maxValue', { max });
      return null;
    };
    rows.forEach((row, i) => {
      const from = range(row.seats_from, 1, MAX_SEATS);
      if (from) fields[`${i}.seats_from`] = from;
      const to = row.seats_to.trim() === '' ? null : range(row.seats_to, 1, MAX_SEATS);
      if (to) fields[`${i}.seats_to`] = to;
      else if (!from && row.seats_to.trim() !== '' && Number(row.seats_to) < Number(row.seats_from))
        fields[`${i}.seats_to`] = t('bookingSettings.durations.toBeforeFrom');
      const minutes = range(row.minutes, MIN_MINUTES, MAX_MINUTES);
      if (minutes) fields[`${i}.minutes`] = minutes;
    });
    if (Object.keys(fields).length > 0) {
      saving.refuse(fields);
      return;
    }
    // Sent, and shown, in order of party size: the server names rows by their place in that order.
    const ordered = [...rows].sort((a, b) => Number(a.seats_from) - Number(b.seats_from));
    setRows(ordered);
    const list = ordered.map((row) => ({
      seats_from: Number(row.seats_from),
      seats_to: row.seats_to.trim() === '' ? null : Number(row.seats_to),
      minutes: Number(row.minutes),
    }));
    // Ranges of party sizes may not overlap: each starts after the one before it ends.
    list.forEach((rule, i) => {
      const before = list[i - 1];
      if (before && (before.seats_to === null || before.seats_to >= rule.seats_from))
        fields[String(i)] = t('bookingSettings.durations.overlap');
    });
    if (Object.keys(fields).length > 0) saving.refuse(fields);
    else saving.save(list);
  };

  return (
    <>
      {rows.length === 0 ? (
        <p className="booking-settings__empty">{t('bookingSettings.durations.empty')}</p>
      ) : null}
      <ul className="duration-list">
        {rows.map((row, i) => {
          const errors = rowErrors[i] ?? {};
          return (
            <li
              key={row.key}
              className="duration-row"
              aria-label={t('bookingSettings.durations.row', { number: i + 1 })}
            >
              <div className="duration-row__fields">
                <NumberField
                  label={t('bookingSettings.durations.seatsFrom')}
                  value={row.seats_from}
                  min={1}
                  max={MAX_SEATS}
                  error={errors.seats_from}
                  onChange={(seats_from) => change(row.key, { seats_from })}
                />
                <NumberField
                  label={t('bookingSettings.durations.seatsTo')}
                  value={row.seats_to}
                  min={1}
                  max={MAX_SEATS}
                  error={errors.seats_to}
                  placeholder={t('bookingSettings.durations.andMore')}
                  onChange={(seats_to) => change(row.key, { seats_to })}
                />
                <NumberField
                  label={t('bookingSettings.durations.minutes')}
                  value={row.minutes}
                  min={MIN_MINUTES}
                  max={MAX_MINUTES}
                  error={errors.minutes}
                  onChange={(minutes) => change(row.key, { minutes })}
                />
                <button
                  type="button"
                  className="button button--plain duration-row__remove"
                  aria-label={`${t('bookingSettings.durations.remove')} ${i + 1}`}
                  onClick={() => setRows(rows.filter((r) => r.key !== row.key))}
                >
                  <svg
                    width={20}
                    height={20}
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth={2}
                    strokeLinecap="round"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <path d="M6 6l12 12M18 6 6 18" />
                  </svg>
                </button>
              </div>
              {errors.row ? <p className="field__error">{errors.row}</p> : null}
            </li>
          );
        })}
      </ul>
      <div className="booking-settings__actions">
        <button type="button" className="button button--secondary" onClick={add}>
          {t('bookingSettings.durations.add')}
        </button>
      </div>
      <SaveBar pending={saving.pending} outcome={saving.outcome} onSave={save} />
    </>
  );
}
