import '../hall-settings.css';
import type { Table, TableGroup } from '@stolik/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { hallLoadFailureKey } from '../../../shared/api/hall-loading';
import {
  groupsQuery,
  hallKeys,
  removeFromGroup,
  tablesQuery,
  zonesQuery,
} from '../../../shared/hall/hall-api';
import { useTranslation } from '../../../shared/i18n/i18n';
import { formErrorsOf } from '../../../shared/ui/form-errors';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { problemOf } from '../form-check';
import { byNumber } from '../hall-settings-format';
import { GroupForm } from './group-form';
import { HallListSection, HallRowHead } from './hall-list';

type Editing = { kind: 'new' } | { kind: 'edit'; group: TableGroup } | null;

/**
 * Settings → 'Группы столов': tables pushed together for a bigger party, with the capacity of the
 * combination. Make one from tables, change it, take a table out, delete it; the API's refusals (a
 * booking holds the group, a group of fewer than two tables) are shown on the group.
 */
export function GroupsSettingsScreen() {
  const { t } = useTranslation();
  const restaurantId = Number(useParams().id);
  const queryClient = useQueryClient();
  const groups = useQuery(groupsQuery(restaurantId));
  const tables = useQuery(tablesQuery(restaurantId));
  const zones = useQuery(zonesQuery(restaurantId));
  const [editing, setEditing] = useState<Editing>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: hallKeys.all(restaurantId) });
  const tableById = new Map((tables.data ?? []).map((table) => [table.id, table]));

  const body = () => {
    if (groups.isPending || tables.isPending) return <ListSkeleton rows={3} />;
    if (tables.isError || groups.isError) {
      const what = tables.isError ? 'tables' : 'groups';
      return (
        <ErrorState
          messageKey={hallLoadFailureKey(what, tables.error ?? groups.error)}
          onRetry={() => {
            void tables.refetch();
            void groups.refetch();
          }}
        />
      );
    }
    if (groups.data.length === 0)
      return <p className="hall-settings__empty">{t('hallSettings.groups.empty')}</p>;
    return (
      <ul className="hall-list" aria-label={t('pages.settingsGroups')}>
        {groups.data.map((group) => (
          <GroupRow
            key={group.id}
            group={group}
            tableById={tableById}
            onEdit={() => setEditing({ kind: 'edit', group })}
            onChanged={refresh}
          />
        ))}
      </ul>
    );
  };

  return (
    <HallListSection
      titleKey="pages.settingsGroups"
      hint={t('hallSettings.groups.hint')}
      add={{
        label: t('hallSettings.groups.add'),
        disabled: !tables.data || tables.data.length < 2,
        onAdd: () => setEditing({ kind: 'new' }),
        note: tables.data && tables.data.length < 2 ? t('hallSettings.groups.needTables') : null,
      }}
      list={body()}
      sheet={{
        title:
          editing?.kind === 'edit'
            ? t('hallSettings.groups.editTitle', { name: editing.group.name })
            : t('hallSettings.groups.newTitle'),
        onClose: () => setEditing(null),
        form:
          editing && tables.data ? (
            <GroupForm
              restaurantId={restaurantId}
              tables={tables.data}
              zones={zones.data ?? []}
              group={editing.kind === 'edit' ? editing.group : null}
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

function GroupRow({
  group,
  tableById,
  onEdit,
  onChanged,
}: {
  group: TableGroup;
  tableById: ReadonlyMap<number, Table>;
  onEdit: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const failed = (error: unknown) => setProblem(problemOf(formErrorsOf(error, t('hallSettings.saveFailed'))));
  const takeOut = useMutation({
    mutationFn: (tableId: number) => removeFromGroup(group.id, tableId),
    onMutate: () => setProblem(null),
    onSuccess: onChanged,
    onError: failed,
  });
  const members = group.tables
    .map((id) => tableById.get(id))
    .filter((table): table is Table => table !== undefined)
    .sort(byNumber);

  return (
    <li className="hall-row" data-testid="group-row">
      <HallRowHead
        name={group.name}
        meta={t('hallSettings.groups.capacity', { min: group.seats_min, max: group.seats_max })}
        editLabel={t('hallSettings.groups.editGroup', { name: group.name })}
        onEdit={onEdit}
        remove={{
          accessibleLabel: t('hallSettings.groups.deleteGroup', { name: group.name }),
          question: t('hallSettings.groups.deleteConfirm', { name: group.name }),
          run: () => {
            setProblem(null);
            return removeFromGroup(group.id);
          },
          onDeleted: onChanged,
          onFailed: failed,
        }}
      />
      <ul className="hall-chips" aria-label={t('hallSettings.groups.tables')}>
        {members.map((table) => (
          <li key={table.id} className="hall-chip">
            <span>{t('hallSettings.tables.table', { number: table.number })}</span>
            <button
              type="button"
              className="hall-chip__remove"
              aria-label={t('hallSettings.groups.takeOut', { number: table.number, name: group.name })}
              disabled={takeOut.isPending}
              onClick={() => takeOut.mutate(table.id)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {problem ? (
        <p className="form__error hall-row__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
