import '../hall-settings.css';
import type { Table, Zone } from '@stolik/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { hallLoadFailureKey } from '../../../shared/api/hall-loading';
import { ApiError } from '../../../shared/api/transport';
import { deleteTable, hallKeys, tablesQuery, zonesQuery } from '../../../shared/hall/hall-api';
import { useTranslation } from '../../../shared/i18n/i18n';
import { formErrorsOf } from '../../../shared/ui/form-errors';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { problemOf } from '../form-check';
import { tablesByZone } from '../hall-settings-format';
import { HallListSection, HallRowHead } from './hall-list';
import { TableForm } from './table-form';
import { type TableUse, TableUsers } from './table-users';

type Editing = { kind: 'new' } | { kind: 'edit'; table: Table } | null;

/**
 * Settings → 'Столы': the tables by zone; add one, change its number, seats, zone, online booking
 * and shape, or delete it. A table guests sit at or a booking holds is not deleted: the API's
 * reason is shown on the table, with who it is.
 */
export function TablesSettingsScreen() {
  const { t } = useTranslation();
  const restaurantId = Number(useParams().id);
  const queryClient = useQueryClient();
  const tables = useQuery(tablesQuery(restaurantId));
  const zones = useQuery(zonesQuery(restaurantId));
  const [editing, setEditing] = useState<Editing>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: hallKeys.all(restaurantId) });

  const body = () => {
    if (tables.isPending || zones.isPending) return <ListSkeleton rows={4} />;
    if (tables.isError)
      return (
        <ErrorState
          messageKey={hallLoadFailureKey('tables', tables.error)}
          onRetry={() => void tables.refetch()}
        />
      );
    if (zones.isError)
      return <ErrorState messageKey="errors.loadInfo" onRetry={() => void zones.refetch()} />;
    if (tables.data.length === 0)
      return <p className="hall-settings__empty">{t('hallSettings.tables.empty')}</p>;
    return tablesByZone(zones.data, (zone) => zone.id, tables.data).map(({ zone, tables: list }) => (
      <ZoneTables
        key={zone?.id ?? 'none'}
        restaurantId={restaurantId}
        zone={zone}
        tables={list}
        onEdit={(table) => setEditing({ kind: 'edit', table })}
        onDeleted={refresh}
      />
    ));
  };

  return (
    <HallListSection
      titleKey="pages.settingsTables"
      hint={t('hallSettings.tables.hint')}
      add={{
        label: t('hallSettings.tables.add'),
        disabled: zones.isPending,
        onAdd: () => setEditing({ kind: 'new' }),
      }}
      list={body()}
      sheet={{
        title:
          editing?.kind === 'edit'
            ? t('hallSettings.tables.editTitle', { number: editing.table.number })
            : t('hallSettings.tables.newTitle'),
        onClose: () => setEditing(null),
        form: editing ? (
          <TableForm
            restaurantId={restaurantId}
            zones={zones.data ?? []}
            table={editing.kind === 'edit' ? editing.table : null}
            onSaved={() => {
              setEditing(null);
              void refresh();
            }}
          />
        ) : null,
      }}
    />
  );
}

function ZoneTables({
  restaurantId,
  zone,
  tables,
  onEdit,
  onDeleted,
}: {
  restaurantId: number;
  zone: Zone | null;
  tables: Table[];
  onEdit: (table: Table) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const name = zone?.name ?? t('hallSettings.noZone');
  return (
    <section className="hall-group" aria-label={name}>
      <h3 className="hall-group__title">
        {name} <span className="hall-group__count">{tables.length}</span>
      </h3>
      {tables.length === 0 ? (
        <p className="hall-settings__empty">{t('hallSettings.tables.zoneEmpty')}</p>
      ) : (
        <ul className="hall-list">
          {tables.map((table) => (
            <TableRow
              key={table.id}
              restaurantId={restaurantId}
              table={table}
              onEdit={() => onEdit(table)}
              onDeleted={onDeleted}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The ids a 409 'table_in_use' names: the parties seated there and the bookings holding it. */
function tableUseOf(error: unknown): TableUse | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const reply = error.reply;
  if (reply?.code !== 'table_in_use') return null;
  const ids = (value: unknown) =>
    Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
  return { queueEntries: ids(reply.data.queue_entries), bookings: ids(reply.data.bookings) };
}

function TableRow({
  restaurantId,
  table,
  onEdit,
  onDeleted,
}: {
  restaurantId: number;
  table: Table;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<{ text: string | null; use: TableUse | null } | null>(null);
  return (
    <li className="hall-row" data-testid="table-row" data-table={table.number}>
      <HallRowHead
        name={t('hallSettings.tables.table', { number: table.number })}
        meta={
          <>
            {t('booking.seats', { min: table.seats_min, count: table.seats_max })}
            {' · '}
            {t(`hallSettings.shapes.${table.shape}`)}
            {' · '}
            {table.is_reservable ? t('hallSettings.tables.online') : t('hallSettings.tables.staffOnly')}
          </>
        }
        editLabel={t('hallSettings.tables.editTable', { number: table.number })}
        onEdit={onEdit}
        remove={{
          accessibleLabel: t('hallSettings.tables.deleteTable', { number: table.number }),
          question: t('hallSettings.tables.deleteConfirm', { number: table.number }),
          run: () => {
            setProblem(null);
            return deleteTable(table.id);
          },
          onDeleted,
          onFailed: (error) =>
            setProblem({
              text: problemOf(formErrorsOf(error, t('hallSettings.deleteFailed'))),
              use: tableUseOf(error),
            }),
        }}
      />
      {problem ? (
        <div className="hall-row__problem" role="alert">
          <p className="form__error">{problem.text}</p>
          {problem.use ? (
            <TableUsers restaurantId={restaurantId} tableId={table.id} use={problem.use} />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
