import '../hall-settings.css';
import {
  type Restaurant,
  type Table,
  type TableLock,
  TableLockBody,
  type ZoneSchedule,
} from '@stolik/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { hallLoadFailureKey } from '../../../shared/api/hall-loading';
import {
  hallKeys,
  locksQuery,
  lockTable,
  tablesQuery,
  unlockTable,
  zoneSchedulesQuery,
} from '../../../shared/hall/hall-api';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useNow } from '../../../shared/live/use-now';
import { useRestaurant } from '../../../shared/restaurants/get-restaurant';
import { todayIn } from '../../../shared/time/restaurant-clock';
import { Field } from '../../../shared/ui/field';
import { formErrorsOf } from '../../../shared/ui/form-errors';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { checkWith, type FieldMessages, problemOf } from '../form-check';
import { byNumber, QUARTER_HOURS, shownDate } from '../hall-settings-format';
import { DayField, Panel, SaveBar, SectionHeader, SelectField, useSave } from './settings-form';
import { ZoneSwitch } from './zone-switch';

/**
 * Settings → 'Текущие настройки': the hall as it runs today (see README): which zones work, and
 * which tables are closed on a date (spec §3 tableBlocks), closed and opened here.
 */
export function CurrentSettingsScreen() {
  const { t } = useTranslation();
  const restaurantId = Number(useParams().id);
  const restaurant = useRestaurant(restaurantId);
  return (
    <div className="hall-settings">
      <SectionHeader titleKey="pages.settingsCurrent" hint={t('hallSettings.current.hint')} />
      {restaurant.isPending ? (
        <ListSkeleton rows={4} />
      ) : restaurant.isError ? (
        <ErrorState messageKey="errors.restaurantInfo" onRetry={() => void restaurant.refetch()} />
      ) : (
        <>
          <TodayZones restaurant={restaurant.data} />
          <TableLocks restaurant={restaurant.data} />
        </>
      )}
    </div>
  );
}

/** Today's closures of a zone, in words: 'весь день' or '12:00–15:00'. */
function closuresToday(schedule: ZoneSchedule, today: string, wholeDay: string) {
  return schedule.closures
    .filter((closure) => closure.date === today)
    .map((closure) => (closure.from && closure.to ? `${closure.from}–${closure.to}` : wholeDay));
}

function TodayZones({ restaurant }: { restaurant: Restaurant }) {
  const { t } = useTranslation();
  const schedules = useQuery(zoneSchedulesQuery(restaurant.id));
  const today = todayIn(restaurant.timezone, useNow(60_000));
  return (
    <Panel title={t('hallSettings.current.zonesTitle')} hint={t('hallSettings.current.zonesHint')}>
      {schedules.isPending ? (
        <ListSkeleton rows={2} />
      ) : schedules.isError ? (
        <ErrorState messageKey="errors.loadInfo" onRetry={() => void schedules.refetch()} />
      ) : schedules.data.length === 0 ? (
        <p className="hall-settings__empty">{t('hallSettings.current.noZones')}</p>
      ) : (
        <ul className="hall-list">
          {schedules.data.map((schedule) => {
            const closed = closuresToday(schedule, today, t('hallSettings.wholeDay'));
            return (
              <li key={schedule.zone} className="hall-row hall-row--compact">
                <div className="hall-row__main">
                  <div className="hall-row__what">
                    <span className="hall-row__name">{schedule.name}</span>
                    <span className="hall-row__meta">
                      {!schedule.active
                        ? t('hallSettings.zoneSwitch.offNote')
                        : closed.length > 0
                          ? t('hallSettings.current.closedToday', { hours: closed.join(', ') })
                          : t('hallSettings.current.openToday')}
                    </span>
                  </div>
                  <ZoneSwitch restaurantId={restaurant.id} schedule={schedule} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}

function TableLocks({ restaurant }: { restaurant: Restaurant }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const today = todayIn(restaurant.timezone, useNow(60_000));
  const [date, setDate] = useState(today);
  const tables = useQuery(tablesQuery(restaurant.id));
  const locks = useQuery(locksQuery(restaurant.id, date));
  const [problem, setProblem] = useState<string | null>(null);
  const unlock = useMutation({
    mutationFn: (lock: TableLock) => unlockTable(restaurant.id, lock.id),
    onMutate: () => setProblem(null),
    onError: (error) => setProblem(problemOf(formErrorsOf(error, t('hallSettings.saveFailed')))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: hallKeys.all(restaurant.id) }),
  });
  const tableById = new Map((tables.data ?? []).map((table) => [table.id, table]));

  const list = () => {
    if (tables.isPending || locks.isPending) return <ListSkeleton rows={2} />;
    if (tables.isError)
      return (
        <ErrorState
          messageKey={hallLoadFailureKey('tables', tables.error)}
          onRetry={() => void tables.refetch()}
        />
      );
    if (locks.isError)
      return <ErrorState messageKey="errors.loadInfo" onRetry={() => void locks.refetch()} />;
    if (locks.data.length === 0)
      return (
        <p className="hall-settings__empty">{t('hallSettings.current.noLocks', { date: shownDate(date) })}</p>
      );
    return (
      <ul className="hall-list" aria-label={t('hallSettings.current.locksOn', { date: shownDate(date) })}>
        {locks.data.map((lock) => {
          const number = tableById.get(lock.table)?.number ?? String(lock.table);
          return (
            <li key={lock.id} className="hall-row hall-row--compact" data-testid="lock-row">
              <div className="hall-row__main">
                <div className="hall-row__what">
                  <span className="hall-row__name">{t('hallSettings.tables.table', { number })}</span>
                  <span className="hall-row__meta">
                    {lock.from && lock.to ? `${lock.from}–${lock.to}` : t('hallSettings.wholeDay')}
                    {lock.reason ? ` · ${lock.reason}` : ''}
                  </span>
                </div>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t('hallSettings.current.unlockTable', { number })}
                  disabled={unlock.isPending}
                  onClick={() => unlock.mutate(lock)}
                >
                  {t('hallSettings.current.unlock')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    );
  };

  return (
    <Panel title={t('hallSettings.current.locksTitle')} hint={t('hallSettings.current.locksHint')}>
      <div className="hall-settings__inline">
        <DayField label={t('hallSettings.current.date')} value={date} min={today} onChange={setDate} />
      </div>
      {list()}
      {problem ? (
        <p className="form__error" role="alert">
          {problem}
        </p>
      ) : null}
      {tables.data && tables.data.length > 0 ? (
        <LockForm restaurantId={restaurant.id} date={date} tables={tables.data} />
      ) : null}
    </Panel>
  );
}

function LockForm({ restaurantId, date, tables }: { restaurantId: number; date: string; tables: Table[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sorted = [...tables].sort(byNumber);
  const [table, setTable] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const saving = useSave((body: TableLockBody) => lockTable(restaurantId, body), {
    onSaved: () => {
      setTable('');
      setFrom('');
      setTo('');
      setReason('');
      void queryClient.invalidateQueries({ queryKey: hallKeys.all(restaurantId) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWith(
      TableLockBody,
      { table: table === '' ? undefined : Number(table), date, from: from || null, to: to || null, reason },
      t,
    );
    const fields: FieldMessages = checked.ok ? {} : checked.fields;
    // The contract reads a table id leniently ('12'), so 'none chosen' is said here.
    if (table === '') fields.table = t('validation.required');
    if (Boolean(from) !== Boolean(to) && !fields.to) fields.to = t('hallSettings.current.windowBoth');
    if (!checked.ok || Object.keys(fields).length > 0) return saving.refuse(fields);
    saving.save(checked.data);
  };
  const errors = saving.fields;
  return (
    <form className="hall-settings__subform form" onSubmit={submit} noValidate>
      <h4 className="hall-settings__subtitle">
        {t('hallSettings.current.lockTitle', { date: shownDate(date) })}
      </h4>
      <SelectField
        label={t('hallSettings.current.table')}
        value={table}
        error={errors.table}
        onChange={(event) => setTable(event.target.value)}
      >
        <option value="">{t('hallSettings.current.chooseTable')}</option>
        {sorted.map((option) => (
          <option key={option.id} value={option.id}>
            {t('hallSettings.tables.table', { number: option.number })}
          </option>
        ))}
      </SelectField>
      <div className="hall-form__pair">
        <SelectField
          label={t('hallSettings.current.from')}
          value={from}
          error={errors.from}
          onChange={(event) => setFrom(event.target.value)}
        >
          <option value="">{t('hallSettings.wholeDay')}</option>
          {QUARTER_HOURS.map((time) => (
            <option key={time} value={time}>
              {time}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('hallSettings.current.to')}
          value={to}
          error={errors.to}
          onChange={(event) => setTo(event.target.value)}
        >
          <option value="">{t('hallSettings.wholeDay')}</option>
          {QUARTER_HOURS.map((time) => (
            <option key={time} value={time}>
              {time}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="field__hint">{t('hallSettings.current.windowHint')}</p>
      <Field
        label={t('hallSettings.current.reason')}
        value={reason}
        error={errors.reason}
        maxLength={200}
        autoComplete="off"
        onChange={(event) => setReason(event.target.value)}
      />
      {errors.date ? <p className="field__error">{errors.date}</p> : null}
      <SaveBar pending={saving.pending} outcome={saving.outcome} label={t('hallSettings.current.lock')} />
    </form>
  );
}
