import type { WorkTime } from '@stolik/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { saveWorkTime, workTimeQuery } from '../api/booking-settings-api';
import { runsPastMidnight, WEEKDAYS, weekdayKey } from '../calendar';
import { rowErrorsOf } from '../row-errors';
import { TimeField } from './rule-fields';
import { Loaded, SaveBar, SettingsPanel, useSave } from './settings-panel';

/** A day the API has no hours for is closed (the availability engine reads it so). */
const closedDay = (weekday: number): WorkTime => ({
  weekday,
  opens: '12:00',
  closes: '23:00',
  is_closed: true,
});

/** Opening hours per weekday; closing at or before opening means the evening runs past midnight. */
export function WorkTimeSection({ restaurantId }: { restaurantId: number }) {
  const { t } = useTranslation();
  const query = useQuery(workTimeQuery(restaurantId));
  return (
    <SettingsPanel title={t('bookingSettings.workTime.title')} hint={t('bookingSettings.workTime.hint')}>
      <Loaded query={query}>{(week) => <WorkTimeEditor restaurantId={restaurantId} initial={week} />}</Loaded>
    </SettingsPanel>
  );
}

function WorkTimeEditor({ restaurantId, initial }: { restaurantId: number; initial: WorkTime[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [days, setDays] = useState<WorkTime[]>(() =>
    WEEKDAYS.map((weekday) => initial.find((d) => d.weekday === weekday) ?? closedDay(weekday)),
  );
  const saving = useSave(
    (week: WorkTime[]) => saveWorkTime(restaurantId, week),
    (week) => queryClient.setQueryData(workTimeQuery(restaurantId).queryKey, week),
  );
  const rowErrors = rowErrorsOf(saving.errors.fields);
  const change = (weekday: number, patch: Partial<WorkTime>) =>
    setDays((all) => all.map((d) => (d.weekday === weekday ? { ...d, ...patch } : d)));

  return (
    <>
      <ul className="work-week">
        {days.map((day, i) => {
          const name = t(`bookingSettings.weekdayLong.${weekdayKey(day.weekday)}`);
          const errors = rowErrors[i] ?? {};
          return (
            <li key={day.weekday} className={`work-day ${day.is_closed ? 'work-day--closed' : ''}`}>
              <div className="work-day__head">
                <span className="work-day__name">{name}</span>
                <label className="booking-settings__check">
                  <input
                    type="checkbox"
                    checked={day.is_closed}
                    aria-label={`${name}: ${t('bookingSettings.workTime.closed')}`}
                    onChange={(event) => change(day.weekday, { is_closed: event.target.checked })}
                  />
                  <span aria-hidden="true">{t('bookingSettings.workTime.closed')}</span>
                </label>
              </div>
              {day.is_closed ? null : (
                <div className="work-day__hours">
                  <TimeField
                    label={t('bookingSettings.workTime.opens')}
                    value={day.opens}
                    error={errors.opens}
                    onChange={(opens) => change(day.weekday, { opens })}
                  />
                  <TimeField
                    label={t('bookingSettings.workTime.closes')}
                    value={day.closes}
                    error={errors.closes}
                    onChange={(closes) => change(day.weekday, { closes })}
                  />
                  {day.opens && day.closes && runsPastMidnight(day.opens, day.closes) ? (
                    <p className="work-day__night">
                      {t('bookingSettings.workTime.pastMidnight', { time: day.closes })}
                    </p>
                  ) : null}
                </div>
              )}
              {errors.row ? <p className="field__error">{errors.row}</p> : null}
            </li>
          );
        })}
      </ul>
      <SaveBar pending={saving.pending} outcome={saving.outcome} onSave={() => saving.save(days)} />
    </>
  );
}
