import '../hall-settings.css';
import type { Restaurant, Table, ZoneSchedule } from '@stolik/contracts';
import { isAdmin } from '@stolik/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { hallLoadFailureKey } from '../../../shared/api/hall-loading';
import { tablesQuery, zoneSchedulesQuery } from '../../../shared/hall/hall-api';
import { HallStatesNotice } from '../../../shared/hall/hall-states-notice';
import type { TableState } from '../../../shared/hall/table-state';
import { useHallNow } from '../../../shared/hall/use-hall-now';
import { useTranslation } from '../../../shared/i18n/i18n';
import { LiveBadge } from '../../../shared/live/live-badge';
import { useRestaurantChanges } from '../../../shared/live/use-restaurant-changes';
import { queueKeys } from '../../../shared/queue/queue-api';
import { useRestaurant } from '../../../shared/restaurants/get-restaurant';
import { paths } from '../../../shared/routing/paths';
import { useSession } from '../../../shared/session/session';
import { viewerIn } from '../../../shared/session/viewer';
import { TABLE_STATE_LABEL, TABLE_TONE } from '../../../shared/status/status';
import { StatusIcon } from '../../../shared/status/status-icon';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { clockOf, tablesByZone } from '../hall-settings-format';
import { ZoneSwitch } from './zone-switch';

/**
 * /restaurant/{id}/zone ('Зоны'): the hostess's hall as lists, one per zone (side by side on a
 * tablet), each table in its live state, the same states, colours and icons as the map's (shared/status):
 * free, booked soon, late, seated (who, how many, since when), overstaying, closed. Admins switch a zone on or off here.
 */
export function ZoneScreen() {
  const restaurantId = Number(useParams().id);
  const restaurant = useRestaurant(restaurantId);
  // Seats, bookings, locks, zone switches and the hall itself all change what is shown; a booking
  // seated or leaving changes who sits where (the seat picker's read, in the queue's keys).
  const live = useRestaurantChanges(restaurantId, ['queue', 'booking', 'table'], {
    booking: queueKeys.seating(restaurantId),
    table: queueKeys.seating(restaurantId),
  });
  return (
    <Page titleKey="pages.zone" actions={<LiveBadge state={live} />}>
      {restaurant.data ? <ZoneBoard restaurant={restaurant.data} /> : <ListSkeleton rows={4} />}
    </Page>
  );
}

function ZoneBoard({ restaurant }: { restaurant: Restaurant }) {
  const { t } = useTranslation();
  const { me } = useSession();
  const viewer = viewerIn(me, restaurant.id);
  const admin = viewer !== null && isAdmin(viewer);
  const timeZone = restaurant.timezone;

  const schedules = useQuery(zoneSchedulesQuery(restaurant.id));
  const tables = useQuery(tablesQuery(restaurant.id));
  const tableIds = useMemo(() => tables.data?.map((table) => table.id) ?? [], [tables.data]);
  const hall = useHallNow(restaurant.id, timeZone, tableIds);
  const { states } = hall;

  if (schedules.isPending || tables.isPending || hall.pending) return <ListSkeleton rows={6} />;
  if (!tables.data)
    return (
      <ErrorState
        messageKey={hallLoadFailureKey('tables', tables.error)}
        onRetry={() => void tables.refetch()}
      />
    );
  if (!schedules.data)
    return <ErrorState messageKey="errors.loadInfo" onRetry={() => void schedules.refetch()} />;

  const zones = tablesByZone(schedules.data, (schedule) => schedule.zone, tables.data);
  if (zones.length === 0)
    return (
      <div className="zone-board__empty">
        <EmptyState />
        {admin ? (
          <Link className="button button--secondary" to={paths.settingsSection(restaurant.id, 'zones')}>
            {t('hallSettings.zoneScreen.setUp')}
          </Link>
        ) : null}
      </div>
    );

  return (
    <div className="zone-screen">
      {hall.failed ? (
        <HallStatesNotice message={t('hallSettings.zoneScreen.statesFailed')} onRetry={hall.retry} />
      ) : null}
      <div className="zone-board">
        {zones.map(({ zone, tables: list }) => (
          <ZoneCard
            key={zone?.zone ?? 'none'}
            restaurantId={restaurant.id}
            schedule={zone}
            tables={list}
            states={states}
            timeZone={timeZone}
            admin={admin}
          />
        ))}
      </div>
    </div>
  );
}

function ZoneCard({
  restaurantId,
  schedule,
  tables,
  states,
  timeZone,
  admin,
}: {
  restaurantId: number;
  schedule: ZoneSchedule | null;
  tables: Table[];
  states: ReadonlyMap<number, TableState>;
  timeZone: string;
  admin: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const off = schedule !== null && !schedule.active;
  const free = tables.filter((table) => states.get(table.id)?.state === 'free').length;
  return (
    <section
      className={`zone-card ${off ? 'zone-card--off' : ''}`}
      aria-labelledby={titleId}
      data-testid="zone-card"
    >
      <header className="zone-card__header">
        <div className="zone-card__heading">
          <h2 id={titleId} className="zone-card__title">
            {schedule?.name ?? t('hallSettings.noZone')}
          </h2>
          <span className="zone-card__count">
            {t('hallSettings.zoneScreen.free', { free, total: tables.length })}
          </span>
        </div>
        {schedule && admin ? <ZoneSwitch restaurantId={restaurantId} schedule={schedule} /> : null}
      </header>
      {off ? <p className="zone-card__note">{t('hallSettings.zoneSwitch.offNote')}</p> : null}
      {tables.length === 0 ? (
        <p className="hall-settings__empty">{t('hallSettings.zoneScreen.noTables')}</p>
      ) : (
        <ul className="zone-tables">
          {tables.map((table) => {
            const state = states.get(table.id);
            return state ? (
              <ZoneTable key={table.id} table={table} state={state} timeZone={timeZone} />
            ) : null;
          })}
        </ul>
      )}
    </section>
  );
}

/** One table: its number, its state as a colour, a mark and a word, and who or what is on it. */
function ZoneTable({ table, state, timeZone }: { table: Table; state: TableState; timeZone: string }) {
  const { t } = useTranslation();
  const time = state.time
    ? t(`hallMap.${state.time.kind}`, { time: clockOf(timeZone, state.time.at) })
    : null;
  const guests = state.party === null ? null : t('guest.guests', { count: state.party });
  const { seated, next } = state;
  const who =
    seated?.source === 'queue'
      ? t('hallSettings.zoneScreen.queueParty', {
          number: seated.occupant.number ?? '',
          name: seated.occupant.name || t('hallSettings.tables.walkIn'),
        })
      : seated?.source === 'booking'
        ? seated.occupant.name || t('booking.guest')
        : (state.state === 'soon' || state.state === 'late') && next
          ? t('hallSettings.zoneScreen.booking', { name: next.name })
          : null;
  const locked = state.state === 'locked' ? state.locks.find((lock) => lock.reason)?.reason : null;
  const later =
    state.state === 'free' && next
      ? t('hallSettings.zoneScreen.bookedAt', { time: clockOf(timeZone, next.seating_time) })
      : null;
  const detail = [who, guests, time, locked, later].filter(Boolean).join(' · ');
  const tone = TABLE_TONE[state.state];

  return (
    <li
      className="zone-table"
      data-state={state.state}
      data-tone={tone}
      data-table={table.number}
      data-testid="zone-table"
    >
      {/* The badge sits on the number's corner, beside it rather than inside it: inside, it would
          stick out of the number's box (what the layout check reads as clipped text). */}
      <span className="zone-table__mark">
        <span className="zone-table__number">
          <span className="visually-hidden">{t('hallSettings.zoneScreen.table')} </span>
          {table.number}
        </span>
        {tone === 'late' || tone === 'overdue' || tone === 'locked' ? (
          <span className="zone-table__badge">
            <StatusIcon tone={tone} size={12} />
          </span>
        ) : null}
      </span>
      <span className="zone-table__body">
        <span className="zone-table__state">
          <StatusIcon tone={tone} size={14} />
          <span className="zone-table__state-text">{t(TABLE_STATE_LABEL[state.state])}</span>
        </span>
        {detail ? <span className="zone-table__detail">{detail}</span> : null}
      </span>
      <span className="zone-table__seats">
        {t('booking.seats', { min: table.seats_min, count: table.seats_max })}
      </span>
    </li>
  );
}
