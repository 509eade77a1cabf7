import {
  HALL_LIMITS,
  type Table,
  TableCreateBody,
  TablePatchBody,
  type TableShape,
  type Zone,
} from '@stolik/contracts';
import { type FormEvent, useId, useState } from 'react';
import { createTable, updateTable } from '../../../shared/hall/hall-api';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Field } from '../../../shared/ui/field';
import { showToast } from '../../../shared/ui/toast';
import { checkWith, type FieldMessages } from '../form-check';
import { CheckField, SaveBar, SelectField, useSave } from './settings-form';

const SHAPES: readonly TableShape[] = ['square', 'round', 'rectangle'];

interface Draft {
  number: string;
  zone: string;
  seats_min: string;
  seats_max: string;
  is_reservable: boolean;
  shape: TableShape;
}

/** A number field's value for the contract: empty is missing ('Заполните поле'), not zero. */
const count = (value: string) => (value.trim() === '' ? undefined : Number(value));

/**
 * A table's number, seats, zone, online booking and shape. A new table goes into the chosen zone
 * with the API's defaults for its place; a change sends only the fields that changed.
 */
export function TableForm({
  restaurantId,
  zones,
  table,
  onSaved,
}: {
  restaurantId: number;
  zones: Zone[];
  table: Table | null;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const shapeLegend = useId();
  const [draft, setDraft] = useState<Draft>(() => ({
    number: table?.number ?? '',
    zone: String(table ? (table.zone ?? '') : (zones[0]?.id ?? '')),
    seats_min: String(table?.seats_min ?? 1),
    seats_max: String(table?.seats_max ?? 2),
    is_reservable: table?.is_reservable ?? true,
    shape: table?.shape ?? 'square',
  }));
  const change = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const saving = useSave(
    (body: TableCreateBody | TablePatchBody) =>
      table ? updateTable(table.id, body as TablePatchBody) : createTable(body as TableCreateBody),
    {
      onSaved: (saved) => {
        showToast(t('hallSettings.tables.saved', { number: saved.number }));
        onSaved();
      },
    },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = {
      number: draft.number,
      zone: draft.zone === '' ? null : Number(draft.zone),
      seats_min: count(draft.seats_min),
      seats_max: count(draft.seats_max),
      is_reservable: draft.is_reservable,
      shape: draft.shape,
    };
    const checked = table
      ? checkWith(TablePatchBody.required({ number: true, seats_min: true, seats_max: true }), value, t)
      : checkWith(TableCreateBody, { ...value, restaurant: restaurantId }, t);
    const fields: FieldMessages = checked.ok ? {} : checked.fields;
    const { seats_min: min, seats_max: max } = value;
    if (min !== undefined && max !== undefined && min > max && !fields.seats_min && !fields.seats_max)
      fields.seats_min = t('errors.hall.seatsOrder');
    if (!checked.ok || Object.keys(fields).length > 0) return saving.refuse(fields);
    if (!table) return saving.save(checked.data);
    // Only what changed: a PATCH must not touch what this form did not.
    const changed = Object.fromEntries(
      Object.entries(checked.data).filter(([key, v]) => table[key as keyof Table] !== v),
    ) as TablePatchBody;
    if (Object.keys(changed).length === 0) return onSaved();
    saving.save(changed);
  };

  const errors = saving.fields;
  return (
    <form className="form hall-form" onSubmit={submit} noValidate>
      <Field
        label={t('hallSettings.tables.number')}
        hint={t('hallSettings.tables.numberHint')}
        value={draft.number}
        error={errors.number}
        maxLength={HALL_LIMITS.tableNumber}
        autoComplete="off"
        onChange={(event) => change({ number: event.target.value })}
      />
      <SelectField
        label={t('hallSettings.tables.zone')}
        value={draft.zone}
        error={errors.zone}
        onChange={(event) => change({ zone: event.target.value })}
      >
        {zones.map((zone) => (
          <option key={zone.id} value={zone.id}>
            {zone.name}
          </option>
        ))}
        <option value="">{t('hallSettings.noZone')}</option>
      </SelectField>
      <div className="hall-form__pair">
        <Field
          label={t('hallSettings.seatsMin')}
          type="number"
          inputMode="numeric"
          min={1}
          max={HALL_LIMITS.seats}
          value={draft.seats_min}
          error={errors.seats_min}
          onChange={(event) => change({ seats_min: event.target.value })}
        />
        <Field
          label={t('hallSettings.seatsMax')}
          type="number"
          inputMode="numeric"
          min={1}
          max={HALL_LIMITS.seats}
          value={draft.seats_max}
          error={errors.seats_max}
          onChange={(event) => change({ seats_max: event.target.value })}
        />
      </div>
      <fieldset className="choice hall-form__choice" aria-labelledby={shapeLegend}>
        <legend id={shapeLegend} className="field__label">
          {t('hallSettings.tables.shape')}
        </legend>
        {SHAPES.map((shape) => (
          <label key={shape} className="choice__option">
            <input
              type="radio"
              name="shape"
              value={shape}
              checked={draft.shape === shape}
              onChange={() => change({ shape })}
            />
            {t(`hallSettings.shapes.${shape}`)}
          </label>
        ))}
      </fieldset>
      {errors.shape ? <p className="field__error">{errors.shape}</p> : null}
      <CheckField
        label={t('hallSettings.tables.reservable')}
        hint={t('hallSettings.tables.reservableHint')}
        checked={draft.is_reservable}
        onChange={(is_reservable) => change({ is_reservable })}
      />
      <SaveBar pending={saving.pending} outcome={saving.outcome} />
    </form>
  );
}
