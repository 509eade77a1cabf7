import '../hall-settings.css';
import { type Zone, ZoneCreateBody, ZonePatchBody } from '@stolik/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import {
  createZone,
  deleteZone,
  hallKeys,
  tablesQuery,
  updateZone,
  zonesQuery,
} from '../../../shared/hall/hall-api';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Field } from '../../../shared/ui/field';
import { formErrorsOf } from '../../../shared/ui/form-errors';
import { ChevronDownIcon } from '../../../shared/ui/icons';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { checkWith, problemOf } from '../form-check';
import { ConfirmDelete } from './confirm-delete';
import { SaveBar, SaveStatus, SectionHeader, useSave } from './settings-form';

/**
 * Settings → 'Зоны': the restaurant's zones in their order. Add, rename, move up and down, delete;
 * a zone that still has tables is not deleted, and the API's reason (which tables) is shown.
 */
export function ZonesSettingsScreen() {
  const { t } = useTranslation();
  const restaurantId = Number(useParams().id);
  const queryClient = useQueryClient();
  const zones = useQuery(zonesQuery(restaurantId));
  const tables = useQuery(tablesQuery(restaurantId));
  const refresh = () => queryClient.invalidateQueries({ queryKey: hallKeys.all(restaurantId) });

  // Moving renumbers the whole list 0, 1, 2… and sends only the zones whose place changed.
  const reorder = useMutation({
    mutationFn: async (ordered: Zone[]) => {
      for (const [index, zone] of ordered.entries())
        if (zone.sort_order !== index) await updateZone(restaurantId, zone.id, { sort_order: index });
    },
    onMutate: (ordered) => queryClient.setQueryData(hallKeys.zones(restaurantId), ordered),
    onSettled: refresh,
  });
  const move = (list: Zone[], index: number, by: -1 | 1) => {
    const ordered = [...list];
    const [zone] = ordered.splice(index, 1);
    if (!zone) return;
    ordered.splice(index + by, 0, zone);
    reorder.mutate(ordered);
  };

  const tableCount = (zoneId: number) => tables.data?.filter((table) => table.zone === zoneId).length;

  return (
    <div className="hall-settings">
      <SectionHeader titleKey="pages.settingsZones" hint={t('hallSettings.zones.hint')} />
      <AddZoneForm restaurantId={restaurantId} onAdded={refresh} />
      {zones.isPending ? (
        <ListSkeleton rows={3} />
      ) : zones.isError ? (
        <ErrorState messageKey="errors.loadInfo" onRetry={() => void zones.refetch()} />
      ) : zones.data.length === 0 ? (
        <p className="hall-settings__empty">{t('hallSettings.zones.empty')}</p>
      ) : (
        <>
          {reorder.isError ? (
            <p className="form__error" role="alert">
              {problemOf(formErrorsOf(reorder.error, t('hallSettings.zones.moveFailed')))}
            </p>
          ) : null}
          <ol className="hall-list" aria-label={t('pages.settingsZones')}>
            {zones.data.map((zone, index, list) => (
              <ZoneRow
                key={zone.id}
                restaurantId={restaurantId}
                zone={zone}
                tables={tableCount(zone.id)}
                first={index === 0}
                last={index === list.length - 1}
                moving={reorder.isPending}
                onMove={(by) => move(list, index, by)}
                onChanged={refresh}
              />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

function AddZoneForm({ restaurantId, onAdded }: { restaurantId: number; onAdded: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const adding = useSave((body: ZoneCreateBody) => createZone(restaurantId, body), {
    onSaved: () => {
      setName('');
      onAdded();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWith(ZoneCreateBody, { name }, t);
    if (checked.ok) adding.save(checked.data);
    else adding.refuse(checked.fields);
  };
  return (
    <form className="panel hall-settings__add" onSubmit={submit} noValidate>
      <Field
        label={t('hallSettings.zones.newName')}
        value={name}
        error={adding.fields.name}
        maxLength={64}
        autoComplete="off"
        onChange={(event) => setName(event.target.value)}
      />
      <SaveBar pending={adding.pending} outcome={adding.outcome} label={t('hallSettings.zones.add')} />
    </form>
  );
}

function ZoneRow({
  restaurantId,
  zone,
  tables,
  first,
  last,
  moving,
  onMove,
  onChanged,
}: {
  restaurantId: number;
  zone: Zone;
  tables: number | undefined;
  first: boolean;
  last: boolean;
  moving: boolean;
  onMove: (by: -1 | 1) => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const renaming = useSave((body: ZonePatchBody) => updateZone(restaurantId, zone.id, body), {
    onSaved: () => {
      setName(null);
      onChanged();
    },
  });
  const rename = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWith(ZonePatchBody.required({ name: true }), { name }, t);
    if (checked.ok) renaming.save(checked.data);
    else renaming.refuse(checked.fields);
  };

  return (
    <li className="hall-row" data-testid="zone-row">
      {name === null ? (
        <div className="hall-row__main">
          <div className="hall-row__what">
            <span className="hall-row__name">{zone.name}</span>
            {tables !== undefined ? (
              <span className="hall-row__meta">{t('hallSettings.zones.tables', { count: tables })}</span>
            ) : null}
          </div>
          <div className="hall-row__order">
            <button
              type="button"
              className="icon-button hall-icon-button hall-icon-button--up"
              aria-label={t('hallSettings.zones.moveUp', { name: zone.name })}
              disabled={first || moving}
              onClick={() => onMove(-1)}
            >
              <ChevronDownIcon size={20} />
            </button>
            <button
              type="button"
              className="icon-button hall-icon-button"
              aria-label={t('hallSettings.zones.moveDown', { name: zone.name })}
              disabled={last || moving}
              onClick={() => onMove(1)}
            >
              <ChevronDownIcon size={20} />
            </button>
          </div>
          <div className="hall-row__actions">
            <button
              type="button"
              className="button button--secondary"
              aria-label={t('hallSettings.zones.renameZone', { name: zone.name })}
              onClick={() => {
                renaming.clear();
                setName(zone.name);
              }}
            >
              {t('hallSettings.rename')}
            </button>
            <ConfirmDelete
              label={t('hallSettings.delete')}
              accessibleLabel={t('hallSettings.zones.deleteZone', { name: zone.name })}
              question={t('hallSettings.zones.deleteConfirm', { name: zone.name })}
              run={() => {
                setProblem(null);
                return deleteZone(restaurantId, zone.id);
              }}
              onDeleted={onChanged}
              onFailed={(error) => setProblem(problemOf(formErrorsOf(error, t('hallSettings.deleteFailed'))))}
            />
          </div>
          {renaming.outcome?.kind === 'saved' ? <SaveStatus outcome={renaming.outcome} /> : null}
          {problem ? (
            <p className="form__error hall-row__problem" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      ) : (
        <form className="hall-row__edit" onSubmit={rename} noValidate>
          <Field
            label={t('hallSettings.zones.name')}
            value={name}
            error={renaming.fields.name}
            maxLength={64}
            autoComplete="off"
            autoFocus
            onChange={(event) => setName(event.target.value)}
          />
          <div className="hall-row__actions">
            <SaveBar pending={renaming.pending} outcome={renaming.outcome} />
            <button type="button" className="button button--plain" onClick={() => setName(null)}>
              {t('hallSettings.cancel')}
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
