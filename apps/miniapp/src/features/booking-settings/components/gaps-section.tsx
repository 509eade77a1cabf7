import type { BookingSettings } from '@stolik/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { gapsQuery, saveGaps } from '../api/booking-settings-api';
import { NumberField } from './rule-fields';
import { Loaded, SaveBar, SettingsPanel, useSave } from './settings-panel';

const MAX_GAP = 180;

/** Preparation and cleaning time (spec §3 preparationAndCleaningTime): the table's margins around a booking. */
export function GapsSection({ restaurantId }: { restaurantId: number }) {
  const { t } = useTranslation();
  const query = useQuery(gapsQuery(restaurantId));
  return (
    <SettingsPanel title={t('bookingSettings.gaps.title')} hint={t('bookingSettings.gaps.hint')}>
      <Loaded query={query}>{(gaps) => <GapsEditor restaurantId={restaurantId} initial={gaps} />}</Loaded>
    </SettingsPanel>
  );
}

function GapsEditor({ restaurantId, initial }: { restaurantId: number; initial: BookingSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [preparation, setPreparation] = useState(String(initial.preparation_minutes));
  const [cleaning, setCleaning] = useState(String(initial.cleaning_minutes));
  const saving = useSave(
    (body: BookingSettings) => saveGaps(restaurantId, body),
    (saved) => queryClient.setQueryData(gapsQuery(restaurantId).queryKey, saved),
  );

  const check = (value: string): string | null => {
    if (value.trim() === '') return t('validation.required');
    const n = Number(value);
    if (!Number.isInteger(n)) return t('validation.invalid');
    if (n < 0) return t('validation.minValue', { min: 0 });
    if (n > MAX_GAP) return t('validation.maxValue', { max: MAX_GAP });
    return null;
  };
  const save = () => {
    const fields: Record<string, string> = {};
    const p = check(preparation);
    const c = check(cleaning);
    if (p) fields.preparation_minutes = p;
    if (c) fields.cleaning_minutes = c;
    if (p || c) saving.refuse(fields);
    else saving.save({ preparation_minutes: Number(preparation), cleaning_minutes: Number(cleaning) });
  };

  return (
    <>
      <div className="booking-settings__row">
        <NumberField
          label={t('bookingSettings.gaps.preparation')}
          value={preparation}
          min={0}
          max={MAX_GAP}
          error={saving.errors.fields.preparation_minutes}
          onChange={setPreparation}
        />
        <NumberField
          label={t('bookingSettings.gaps.cleaning')}
          value={cleaning}
          min={0}
          max={MAX_GAP}
          error={saving.errors.fields.cleaning_minutes}
          onChange={setCleaning}
        />
      </div>
      <SaveBar pending={saving.pending} outcome={saving.outcome} onSave={save} />
    </>
  );
}
