import '../queue.css';
import type { QueueEntry } from '@stolik/contracts';
import {
  BREAKPOINT_LANDSCAPE,
  BREAKPOINT_MOBILE,
  LEGACY_SOURCES,
  type LegacySource,
  QUOTE_SETTINGS,
  type QueueAction,
} from '@stolik/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { LiveBadge } from '../../../shared/live/live-badge';
import { useNow } from '../../../shared/live/use-now';
import { useRestaurantChanges } from '../../../shared/live/use-restaurant-changes';
import { usePendingActions } from '../../../shared/offline/offline-actions';
import { PendingActionsNotice } from '../../../shared/offline/pending-actions-notice';
import { forecastQuery, queueKeys, queueListQuery, seatingQuery } from '../../../shared/queue/queue-api';
import { useQueueMove } from '../../../shared/queue/use-queue-actions';
import { useRestaurants } from '../../../shared/restaurants/get-restaurants';
import { telegramMainButtonAvailable, useTelegramMainButton } from '../../../shared/telegram/bridge';
import { Page } from '../../../shared/ui/page';
import { Sheet } from '../../../shared/ui/sheet';
import { EmptyState, ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { showToast } from '../../../shared/ui/toast';
import { useMediaQuery } from '../../../shared/ui/use-media-query';
import {
  countByGroup,
  groupOf,
  matchesSearch,
  QUEUE_GROUPS,
  type QueueGroup,
  rowsOf,
  statusShownIn,
} from '../queue-view';
import { ForecastStrip } from './forecast-strip';
import { QueueRow } from './queue-row';
import { SeatingPanel } from './seating-panel';

// The walk-in and entry sheets, with the phone number's library and the forms' checks, load when
// first opened: the live queue's first render does not evaluate them (issue #21, its blocking time).
const WalkInSheet = lazy(() => import('./walk-in-sheet').then((m) => ({ default: m.WalkInSheet })));
const EntrySheet = lazy(() => import('./entry-sheet').then((m) => ({ default: m.EntrySheet })));

/** True from the first time `open` is: a sheet is drawn once wanted, then kept (its closing, its state). */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * /restaurant/{id}: the live queue (spec §2 'Живая Очередь'). A phone gets tabs by status and sheets;
 * a landscape tablet gets two panes: the queue, and the hall to seat the selected guest with a tap.
 */
export function QueueScreen() {
  const { t } = useTranslation();
  const restaurantId = Number(useParams().id);
  const twoPanes = useMediaQuery(`(min-width: ${BREAKPOINT_LANDSCAPE}px)`);
  const phone = useMediaQuery(`(max-width: ${BREAKPOINT_MOBILE - 0.02}px)`);
  // The waits, the forecast and the seat picker read the hall's tables and bookings too.
  const live = useRestaurantChanges(restaurantId, ['queue', 'table', 'booking'], {
    table: queueKeys.all(restaurantId),
    booking: queueKeys.all(restaurantId),
  });
  const list = useQuery(queueListQuery(restaurantId));
  const seating = useQuery(seatingQuery(restaurantId));
  const forecast = useQuery(forecastQuery(restaurantId));
  const restaurants = useRestaurants();
  const now = useNow();
  const move = useQueueMove(restaurantId);
  const offline = usePendingActions(restaurantId);

  const [group, setGroup] = useState<QueueGroup>('waiting');
  const [search, setSearch] = useState('');
  // The spec's source words (§3) as a filter: '' is all of them.
  const [source, setSource] = useState<LegacySource | ''>('');
  const [details, setDetails] = useState<number | null>(null);
  const [seatingFor, setSeatingFor] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [addingGuest, setAddingGuest] = useState(false);
  const [justAdded, setJustAdded] = useState<number | null>(null);
  const walkInWanted = useOpenedOnce(addingGuest);
  const entryWanted = useOpenedOnce(details !== null);

  const restaurant = restaurants.data?.find((r) => r.id === restaurantId);
  const graceMinutes = restaurant?.quote_grace_minutes ?? QUOTE_SETTINGS.grace.default;
  const timeZone = restaurant?.timezone ?? 'Europe/Moscow';
  const loaded = list.data !== undefined;
  const entries = list.data ?? [];
  const shown = (entry: QueueEntry) =>
    matchesSearch(entry, search) && (source === '' || entry.legacy_source === source);
  const visible = entries.filter(shown);
  const counts = countByGroup(visible);
  const rows = rowsOf(visible, group);
  const byId = (id: number | null) => entries.find((e) => e.id === id) ?? null;
  const selectedEntry = byId(selected);
  const seatingEntry = byId(seatingFor);
  // Inside Telegram the screen's primary action is Telegram's MainButton (UX.md), in place of our
  // own button; not while a sheet is over the screen (the walk-in sheet's own action has it then).
  const telegramAdds = telegramMainButtonAvailable();
  const fab = phone && !telegramAdds;
  useTelegramMainButton(t('liveQueue.addGuestTitle'), () => setAddingGuest(true), {
    visible: !addingGuest && details === null && seatingFor === null,
  });

  const act = (entry: QueueEntry, action: QueueAction) => {
    setDetails(null);
    if (action === 'seat') {
      // On a tablet the hall is already beside the queue: the guest is picked, a table tap seats.
      if (twoPanes) setSelected(entry.id);
      else setSeatingFor(entry.id);
      return;
    }
    move.mutate({ entry, action });
  };
  // A walk-in added from any tab: the screen turns to the guest's tab, marks the row, and says the number.
  const added = (entry: QueueEntry) => {
    if (!matchesSearch(entry, search)) setSearch('');
    if (source !== '' && entry.legacy_source !== source) setSource('');
    setGroup(groupOf(entry.status));
    setJustAdded(entry.id);
    showToast(
      t(entry.status === 'sat' ? 'liveQueue.addedSeated' : 'liveQueue.added', { number: entry.number }),
    );
  };
  const seat = (entry: QueueEntry, tables: number[]) => {
    setSeatingFor(null);
    setSelected(null);
    move.mutate({ entry, action: 'seat', tables });
  };

  const queuePane = (
    <div className="queue">
      <div className="queue__tools">
        <div className="queue__find">
          <label className="queue__search">
            <span className="visually-hidden">{t('liveQueue.searchLabel')}</span>
            <input
              type="search"
              className="field__input"
              placeholder={t('liveQueue.search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </label>
          <label className="queue__source">
            <span className="visually-hidden">{t('queueSources.title')}</span>
            <select
              className="field__input"
              value={source}
              onChange={(e) => setSource(e.target.value as LegacySource | '')}
            >
              <option value="">{t('queueSources.all')}</option>
              {LEGACY_SOURCES.map((word) => (
                <option key={word} value={word}>
                  {t(`queueSources.${word}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {forecast.data || forecast.isPending ? <ForecastStrip forecast={forecast.data} /> : null}
      </div>
      <PendingActionsNotice actions={offline.actions} conflicts={offline.conflicts} />
      <div className="segments queue__tabs" role="tablist" aria-label={t('liveQueue.groupsLabel')}>
        {QUEUE_GROUPS.filter((g) => g !== 'reserve' || counts.reserve > 0).map((g) => (
          <button
            key={g}
            type="button"
            role="tab"
            aria-selected={group === g}
            className={`segment segment--${g}`}
            onClick={() => {
              setGroup(g);
              setJustAdded(null);
            }}
          >
            {t(`liveQueue.groups.${g}`)}
            {/* No '0' before the list is there: a count is only said when it is known. */}
            {loaded ? <span className="segment__count">{counts[g]}</span> : null}
          </button>
        ))}
      </div>
      {/* On the first load the rows wait for the forecast too, which comes above them and may take
          a second line: drawn after it, they do not move (a layout shift, issue #21). Not offline,
          where the forecast is not being asked. */}
      {list.isPending || (forecast.isPending && forecast.fetchStatus === 'fetching') ? (
        <ListSkeleton rows={4} />
      ) : list.isError && !list.data ? (
        <ErrorState messageKey="liveQueue.actionFailed" onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState />
      ) : (
        <div role="tabpanel" aria-label={t(`liveQueue.groups.${group}`)}>
          <ul className={`queue__list ${fab ? 'queue__list--under-fab' : ''}`}>
            {rows.map((entry) => (
              <QueueRow
                key={entry.id}
                entry={entry}
                now={now}
                graceMinutes={graceMinutes}
                timeZone={timeZone}
                selected={selected === entry.id}
                showStatus={statusShownIn(group, entry.status)}
                highlighted={justAdded === entry.id}
                pending={move.isPending && move.variables?.entry.id === entry.id}
                waitingForNetwork={offline.actions.some((a) => a.entryId === entry.id)}
                onAction={act}
                onMore={(e) => setDetails(e.id)}
                {...(twoPanes
                  ? { onSelect: (e: QueueEntry) => setSelected(selected === e.id ? null : e.id) }
                  : {})}
              />
            ))}
          </ul>
        </div>
      )}
    </div>
  );

  return (
    <Page
      titleKey="pages.queue"
      actions={
        <>
          {/* The connection is reported once there is data to be live about. */}
          {loaded ? <LiveBadge state={live} dataAt={list.dataUpdatedAt} /> : null}
          {phone || telegramAdds ? null : (
            <button type="button" className="button" onClick={() => setAddingGuest(true)}>
              <span aria-hidden="true">+</span> {t('liveQueue.addGuest')}
            </button>
          )}
        </>
      }
    >
      {twoPanes ? (
        <div className="queue-panes">
          {queuePane}
          {/* Scrolls on its own: focusable, so a keyboard reaches it even while every table is disabled. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe). */}
          <aside className="queue-panes__hall" aria-label={t('liveQueue.hall')} tabIndex={0}>
            {selectedEntry ? (
              <>
                <h2 className="queue-panes__title">
                  {t('liveQueue.pickTableFor', {
                    number: selectedEntry.number,
                    name: selectedEntry.name || t('liveQueue.guest'),
                  })}
                </h2>
                <SeatingPanel
                  zones={seating.data ?? []}
                  partySize={selectedEntry.group_size}
                  allowNoTable
                  busy={move.isPending}
                  timeZone={timeZone}
                  now={now}
                  onPick={(tables) => seat(selectedEntry, tables)}
                />
              </>
            ) : (
              <>
                <p className="queue-panes__hint">{t('liveQueue.selectGuest')}</p>
                <SeatingPanel
                  zones={seating.data ?? []}
                  partySize={2}
                  allowNoTable={false}
                  busy
                  timeZone={timeZone}
                  now={now}
                  onPick={() => {}}
                />
              </>
            )}
          </aside>
        </div>
      ) : (
        queuePane
      )}
      {fab ? (
        // Within the thumb's reach on a phone (UX.md); in the header elsewhere, clear of the hall.
        <button type="button" className="fab" onClick={() => setAddingGuest(true)}>
          <span aria-hidden="true">+</span> {t('liveQueue.addGuest')}
        </button>
      ) : null}
      {walkInWanted ? (
        <Suspense fallback={null}>
          <WalkInSheet
            restaurantId={restaurantId}
            open={addingGuest}
            onClose={() => setAddingGuest(false)}
            onAdded={added}
            zones={seating.data ?? []}
            timeZone={timeZone}
          />
        </Suspense>
      ) : null}
      {entryWanted ? (
        <Suspense fallback={null}>
          <EntrySheet
            entry={byId(details)}
            restaurants={restaurants.data ?? []}
            onAction={act}
            onClose={() => setDetails(null)}
          />
        </Suspense>
      ) : null}
      <Sheet
        open={seatingEntry !== null}
        title={t('liveQueue.seatTitle', { name: seatingEntry?.name || t('liveQueue.guest') })}
        onClose={() => setSeatingFor(null)}
      >
        {seatingEntry ? (
          <SeatingPanel
            zones={seating.data ?? []}
            partySize={seatingEntry.group_size}
            allowNoTable
            busy={move.isPending}
            timeZone={timeZone}
            now={now}
            onPick={(tables) => seat(seatingEntry, tables)}
          />
        ) : null}
      </Sheet>
    </Page>
  );
}
