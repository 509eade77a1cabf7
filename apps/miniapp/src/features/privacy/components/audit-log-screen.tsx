import type { AuditActor, AuditEntry } from '@stolik/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useRestaurant } from '../../../shared/restaurants/get-restaurant';
import { displayDate, timeOf, wallClock } from '../../../shared/time/restaurant-clock';
import { DateInput } from '../../../shared/ui/date-input';
import { usePageTitle } from '../../../shared/ui/page';
import { EmptyState, ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { type AuditFilter, auditLogQueryOptions } from '../api/privacy-api';
import { AUDIT_GROUPS, actionLabel, actorLabel, detailsLine } from '../audit-labels';
import '../privacy.css';

/** Settings → 'Журнал действий': what staff did to guests, bookings and settings, newest first. */
export function AuditLogScreen() {
  const { t, i18n } = useTranslation();
  usePageTitle('pages.settingsAudit');
  const restaurantId = Number(useParams().id);
  const timezone = useRestaurant(restaurantId).data?.timezone ?? 'Europe/Moscow';
  const [group, setGroup] = useState('');
  const [actor, setActor] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filter: AuditFilter = {
    ...(group ? { action: group } : {}),
    ...(actor ? { actor: Number(actor) } : {}),
    ...(from ? { start_date: from } : {}),
    ...(to ? { end_date: to } : {}),
  };
  const log = useInfiniteQuery(auditLogQueryOptions(restaurantId, filter));
  // The people to filter by stay offered while another filter loads.
  const actorsSeen = useRef<AuditActor[]>([]);
  const actors = log.data?.pages[0]?.actors ?? actorsSeen.current;
  actorsSeen.current = actors;
  const entries = log.data?.pages.flatMap((page) => page.results) ?? [];
  const total = log.data?.pages[0]?.count ?? 0;
  const filtered = Boolean(group || actor || from || to);

  return (
    <div className="privacy">
      <header className="privacy__header">
        <h2 className="privacy__title">{t('pages.settingsAudit')}</h2>
        <p className="privacy__hint">{t('privacy.audit.intro')}</p>
      </header>

      <fieldset className="privacy__filters">
        <legend className="visually-hidden">{t('privacy.audit.filters')}</legend>
        <div className="field">
          <label className="field__label" htmlFor="audit-action">
            {t('privacy.audit.action')}
          </label>
          <select
            id="audit-action"
            className="field__input"
            value={group}
            onChange={(event) => setGroup(event.target.value)}
          >
            <option value="">{t('privacy.audit.anyAction')}</option>
            {AUDIT_GROUPS.map((name) => (
              <option key={name} value={name}>
                {t(`privacy.audit.groups.${name}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="audit-actor">
            {t('privacy.audit.actor')}
          </label>
          <select
            id="audit-actor"
            className="field__input"
            value={actor}
            onChange={(event) => setActor(event.target.value)}
          >
            <option value="">{t('privacy.audit.anyActor')}</option>
            {actors.map((person) => (
              <option key={person.id} value={String(person.id)}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        <DateInput label={t('privacy.audit.from')} value={from} onChange={setFrom} />
        <DateInput label={t('privacy.audit.to')} value={to} onChange={setTo} />
        {filtered ? (
          <button
            type="button"
            className="button button--secondary privacy__reset"
            onClick={() => {
              setGroup('');
              setActor('');
              setFrom('');
              setTo('');
            }}
          >
            {t('privacy.audit.reset')}
          </button>
        ) : null}
      </fieldset>

      {log.isPending ? <ListSkeleton rows={5} /> : null}
      {log.isError ? (
        <ErrorState messageKey="privacy.audit.loadFailed" onRetry={() => void log.refetch()} />
      ) : null}
      {log.isSuccess && entries.length === 0 ? <EmptyState /> : null}
      {entries.length > 0 ? (
        <>
          <p className="privacy__count">{t('privacy.audit.total', { count: total })}</p>
          <ol className="audit-list">
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} timezone={timezone} describe={i18n} />
            ))}
          </ol>
          {log.hasNextPage ? (
            <button
              type="button"
              className="button button--secondary button--wide"
              disabled={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {t('privacy.audit.loadMore')}
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function AuditRow({
  entry,
  timezone,
  describe,
}: {
  entry: AuditEntry;
  timezone: string;
  describe: ReturnType<typeof useTranslation>['i18n'];
}) {
  const { t } = useTranslation();
  const details = detailsLine(describe, entry);
  const when = t('privacy.audit.at', {
    date: displayDate(wallClock(timezone, entry.at).date),
    time: timeOf(timezone, entry.at),
  });
  const entity = entry.entity_id && entry.entity_type !== 'restaurant' ? entry.entity_id : null;
  return (
    <li className="audit-row">
      <p className="audit-row__what">
        <span className="audit-row__action">{actionLabel(describe, entry.action)}</span>
        {entity ? (
          <span className="audit-row__entity">{t('privacy.audit.entity', { id: entity })}</span>
        ) : null}
      </p>
      <p className="audit-row__meta">
        <time dateTime={entry.at}>{when}</time>
        <span aria-hidden="true"> · </span>
        <span className="audit-row__actor">{actorLabel(t, entry)}</span>
      </p>
      {details ? <p className="audit-row__details">{details}</p> : null}
    </li>
  );
}
