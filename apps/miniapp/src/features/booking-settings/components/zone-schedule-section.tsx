import type { ZoneClosure, ZoneSchedule } from '@stolik/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { saveZoneClosures, setZoneActive, zoneSchedulesQuery } from '../api/booking-settings-api';
import { todayIso } from '../calendar';
import { rowErrorsOf } from '../row-errors';
import { DateField, WindowFields } from './rule-fields';
import { Feedback, Loaded, SaveBar, SettingsPanel, useSave } from './settings-panel';

interface DraftClosure {
  key: number;
  date: string;
  from: string;
  to: string;
}

const toDraft = (closures: ZoneClosure[]): DraftClosure[] =>
  closures.map((c, key) => ({ key, date: c.date, from: c.from ?? '', to: c.to ?? '' }));

/** Zones on or off, and the dates (or hours of them) a zone is closed. */
export function ZoneScheduleSection({ restaurantId }: { restaurantId: number }) {
  const { t } = useTranslation();
  const query = useQuery(zoneSchedulesQuery(restaurantId));
  return (
    <SettingsPanel title={t('bookingSettings.zones.title')} hint={t('bookingSettings.zones.hint')}>
      <Loaded query={query}>
        {(zones) =>
          zones.length === 0 ? (
            <p className="booking-settings__empty">{t('bookingSettings.zones.empty')}</p>
          ) : (
            <ul className="zone-list">
              {zones.map((schedule) => (
                <ZoneCard key={schedule.zone} restaurantId={restaurantId} schedule={schedule} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </SettingsPanel>
  );
}

function ZoneCard({ restaurantId, schedule }: { restaurantId: number; schedule: ZoneSchedule }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const put = (saved: ZoneSchedule) =>
    queryClient.setQueryData(zoneSchedulesQuery(restaurantId).queryKey, (list) =>
      list?.map((z) => (z.zone === saved.zone ? saved : z)),
    );
  // Switched at once, and back if the server refuses.
  const [active, setActive] = useState(schedule.active);
  const switching = useSave(
    (next: boolean) => setZoneActive(restaurantId, schedule.zone, next),
    put,
    () => setActive(schedule.active),
  );
  const [today] = useState(todayIso);
  const [closures, setClosures] = useState(() => toDraft(schedule.closures));
  const [nextKey, setNextKey] = useState(schedule.closures.length);
  const saving = useSave(
    (list: ZoneClosure[]) => saveZoneClosures(restaurantId, schedule.zone, list),
    (saved) => {
      put(saved);
      setClosures(toDraft(saved.closures));
    },
  );
  const rowErrors = rowErrorsOf(
    Object.fromEntries(
      Object.entries(saving.errors.fields).map(([key, message]) => [key.replace(/^closures\./, ''), message]),
    ),
  );
  const change = (key: number, patch: Partial<DraftClosure>) =>
    setClosures((all) => all.map((c) => (c.key === key ? { ...c, ...patch } : c)));

  const save = () => {
    const fields: Record<string, string> = {};
    closures.forEach((c, i) => {
      if (!c.date) fields[`${i}.date`] = t('validation.required');
      if (Boolean(c.from) !== Boolean(c.to)) fields[`${i}.to`] = t('bookingSettings.windowBoth');
    });
    if (Object.keys(fields).length > 0) saving.refuse(fields);
    else saving.save(closures.map((c) => ({ date: c.date, from: c.from || null, to: c.to || null })));
  };

  return (
    <li className="zone-card">
      <div className="zone-card__head">
        <span className="zone-card__name">{schedule.name}</span>
        <label className="booking-settings__check">
          <input
            type="checkbox"
            checked={active}
            disabled={switching.pending}
            aria-label={`${schedule.name}: ${t('bookingSettings.zones.active')}`}
            onChange={(event) => {
              setActive(event.target.checked);
              switching.save(event.target.checked);
            }}
          />
          <span aria-hidden="true">{t('bookingSettings.zones.active')}</span>
        </label>
      </div>
      <Feedback outcome={switching.outcome} />
      <p className="zone-card__subtitle">{t('bookingSettings.zones.closures')}</p>
      {closures.length === 0 ? (
        <p className="booking-settings__empty">{t('bookingSettings.zones.noClosures')}</p>
      ) : null}
      <ul className="closure-list">
        {closures.map((closure, i) => {
          const errors = rowErrors[i] ?? {};
          return (
            <li key={closure.key} className="closure-row">
              <DateField
                label={t('bookingSettings.zones.date')}
                value={closure.date}
                error={errors.date}
                min={today}
                onChange={(date) => change(closure.key, { date })}
              />
              <WindowFields
                from={closure.from}
                to={closure.to}
                onChange={(hours) => change(closure.key, hours)}
                errors={{ from: errors.from, to: errors.to }}
              />
              <button
                type="button"
                className="button button--plain rule-row__delete"
                onClick={() => setClosures(closures.filter((c) => c.key !== closure.key))}
              >
                {t('bookingSettings.zones.removeClosure')}
              </button>
            </li>
          );
        })}
      </ul>
      {closures.length > 0 ? <p className="field__hint">{t('bookingSettings.windowHint')}</p> : null}
      <div className="booking-settings__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setClosures([...closures, { key: nextKey, date: '', from: '', to: '' }]);
            setNextKey(nextKey + 1);
          }}
        >
          {t('bookingSettings.zones.addClosure')}
        </button>
      </div>
      <SaveBar
        pending={saving.pending}
        outcome={saving.outcome}
        label={t('bookingSettings.zones.saveClosures')}
        onSave={save}
      />
    </li>
  );
}
