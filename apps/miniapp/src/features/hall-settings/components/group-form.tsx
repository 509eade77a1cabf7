import {
  CreateGroupsBody,
  GroupPatchBody,
  HALL_LIMITS,
  type Table,
  type TableGroup,
  type Zone,
} from '@stolik/contracts';
import { type FormEvent, useId, useState } from 'react';
import { createGroups, updateGroup } from '../../../shared/hall/hall-api';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Field } from '../../../shared/ui/field';
import { showToast } from '../../../shared/ui/toast';
import { checkWith, type FieldMessages, fieldsUnder } from '../form-check';
import { tablesByZone } from '../hall-settings-format';
import { SaveBar, useSave } from './settings-form';

/** Seats of tables pushed together: at most the sum of theirs, within the contract's bound. */
const seatsOf = (tables: Table[]) =>
  Math.min(
    HALL_LIMITS.seats,
    tables.reduce((sum, table) => sum + table.seats_max, 0),
  );

const count = (value: string) => (value.trim() === '' ? undefined : Number(value));

/**
 * A group's name, its tables (two or more, chosen zone by zone) and the party it seats. Until the
 * seats are typed, 'до' follows the tables chosen (the sum of their seats).
 */
export function GroupForm({
  restaurantId,
  tables,
  zones,
  group,
  onSaved,
}: {
  restaurantId: number;
  tables: Table[];
  zones: Zone[];
  group: TableGroup | null;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const legendId = useId();
  const [name, setName] = useState(group?.name ?? '');
  const [chosen, setChosen] = useState<number[]>(group?.tables ?? []);
  const [seatsMin, setSeatsMin] = useState(String(group?.seats_min ?? 1));
  const [seatsMax, setSeatsMax] = useState(group ? String(group.seats_max) : '');
  const [maxTyped, setMaxTyped] = useState(group !== null);
  const saving = useSave(
    (body: CreateGroupsBody | GroupPatchBody): Promise<unknown> =>
      group ? updateGroup(group.id, body as GroupPatchBody) : createGroups(body as CreateGroupsBody),
    {
      onSaved: () => {
        showToast(t('hallSettings.groups.saved', { name: name.trim() }));
        onSaved();
      },
    },
  );
  // A create answers by 'groups.0.…', a change by the field itself; tables by item ('tables.1').
  const errors = fieldsUnder(saving.fields, group ? '' : 'groups.0');

  const toggle = (id: number, on: boolean) => {
    const next = on ? [...chosen, id] : chosen.filter((other) => other !== id);
    setChosen(next);
    if (!maxTyped) {
      const picked = tables.filter((table) => next.includes(table.id));
      setSeatsMax(picked.length > 0 ? String(seatsOf(picked)) : '');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = { name, tables: chosen, seats_min: count(seatsMin), seats_max: count(seatsMax) };
    const checked = group
      ? checkWith(GroupPatchBody.required(), value, t)
      : checkWith(CreateGroupsBody, { restaurant: restaurantId, groups: [value] }, t);
    const fields: FieldMessages = checked.ok ? {} : fieldsUnder(checked.fields, group ? '' : 'groups.0');
    if (chosen.length < 2) fields.tables = t('hallSettings.groups.pickTwo');
    const { seats_min: min, seats_max: max } = value;
    if (min !== undefined && max !== undefined && min > max && !fields.seats_min && !fields.seats_max)
      fields.seats_min = t('errors.hall.seatsOrder');
    if (!checked.ok || Object.keys(fields).length > 0)
      // Kept in the server's shape, so that one reading shows both.
      return saving.refuse(
        group ? fields : Object.fromEntries(Object.entries(fields).map(([key, m]) => [`groups.0.${key}`, m])),
      );
    if (!group) return saving.save(checked.data);
    const data = checked.data as GroupPatchBody;
    const sameTables =
      data.tables?.length === group.tables.length && data.tables.every((id) => group.tables.includes(id));
    const changed: GroupPatchBody = {
      ...(data.name !== group.name ? { name: data.name } : {}),
      ...(data.seats_min !== group.seats_min ? { seats_min: data.seats_min } : {}),
      ...(data.seats_max !== group.seats_max ? { seats_max: data.seats_max } : {}),
      ...(sameTables ? {} : { tables: data.tables }),
    };
    if (Object.keys(changed).length === 0) return onSaved();
    saving.save(changed);
  };

  return (
    <form className="form hall-form" onSubmit={submit} noValidate>
      <Field
        label={t('hallSettings.groups.name')}
        value={name}
        error={errors.name}
        maxLength={HALL_LIMITS.groupName}
        autoComplete="off"
        onChange={(event) => setName(event.target.value)}
      />
      <fieldset
        className="hall-form__tables"
        aria-labelledby={legendId}
        aria-invalid={errors.tables ? true : undefined}
      >
        <legend id={legendId} className="field__label">
          {t('hallSettings.groups.tables')}
        </legend>
        {tablesByZone(zones, (zone) => zone.id, tables).map(({ zone, tables: list }) =>
          list.length === 0 ? null : (
            <div key={zone?.id ?? 'none'} className="hall-form__zone">
              <p className="hall-form__zone-name">{zone?.name ?? t('hallSettings.noZone')}</p>
              <div className="hall-form__table-choices">
                {list.map((table) => (
                  <label key={table.id} className="choice__option">
                    <input
                      type="checkbox"
                      checked={chosen.includes(table.id)}
                      onChange={(event) => toggle(table.id, event.target.checked)}
                    />
                    {t('hallSettings.groups.tableChoice', {
                      number: table.number,
                      seats: table.seats_max,
                    })}
                  </label>
                ))}
              </div>
            </div>
          ),
        )}
        {errors.tables ? <p className="field__error">{errors.tables}</p> : null}
      </fieldset>
      <div className="hall-form__pair">
        <Field
          label={t('hallSettings.seatsMin')}
          type="number"
          inputMode="numeric"
          min={1}
          max={HALL_LIMITS.seats}
          value={seatsMin}
          error={errors.seats_min}
          onChange={(event) => setSeatsMin(event.target.value)}
        />
        <Field
          label={t('hallSettings.seatsMax')}
          type="number"
          inputMode="numeric"
          min={1}
          max={HALL_LIMITS.seats}
          value={seatsMax}
          error={errors.seats_max}
          onChange={(event) => {
            setMaxTyped(true);
            setSeatsMax(event.target.value);
          }}
        />
      </div>
      <SaveBar pending={saving.pending} outcome={saving.outcome} />
    </form>
  );
}
