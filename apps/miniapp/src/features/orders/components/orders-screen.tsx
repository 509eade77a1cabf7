import '../orders.css';
import type { Order, Restaurant } from '@stolik/contracts';
import { isAdmin } from '@stolik/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { LiveBadge } from '../../../shared/live/live-badge';
import { useNow } from '../../../shared/live/use-now';
import { useRestaurantChanges } from '../../../shared/live/use-restaurant-changes';
import { useRestaurant } from '../../../shared/restaurants/get-restaurant';
import { useDayInAddress } from '../../../shared/routing/use-day-in-address';
import { useSession } from '../../../shared/session/session';
import { viewerIn } from '../../../shared/session/viewer';
import { useTelegramMainButton } from '../../../shared/telegram/bridge';
import { DateSwitcher } from '../../../shared/ui/date-switcher';
import { Page } from '../../../shared/ui/page';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { dayOrdersQuery, daySummaryQuery } from '../api/orders-api';
import { byTable, formatRubles, matchesFilter, ORDER_FILTERS, type OrderFilter } from '../orders-view';
import { OrderSheet } from './order-sheet';
import { PosKeysPanel } from './pos-keys-panel';
import { TableCard } from './table-card';
import { useCloseOrders } from './use-close-orders';

/** /restaurant/{id}/orders ('Заказы'): the day's bills from the POS, per table. */
export function OrdersScreen() {
  const restaurantId = Number(useParams().id);
  const restaurant = useRestaurant(restaurantId);
  return (
    <Page titleKey="pages.orders">
      {restaurant.data ? <OrdersDay restaurant={restaurant.data} /> : <ListSkeleton rows={5} />}
    </Page>
  );
}

function OrdersDay({ restaurant }: { restaurant: Restaurant }) {
  const { t } = useTranslation();
  const restaurantId = restaurant.id;
  const timeZone = restaurant.timezone;
  const live = useRestaurantChanges(restaurantId, ['order']);
  const now = useNow(60_000);
  const { date, today, setDate } = useDayInAddress(timeZone, now);
  const orders = useQuery(dayOrdersQuery(restaurantId, date));
  const summary = useQuery(daySummaryQuery(restaurantId, date));
  const viewer = viewerIn(useSession().me, restaurantId);

  const [filter, setFilter] = useState<OrderFilter>('all');
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [openId, setOpenId] = useState<number | null>(null);
  const close = useCloseOrders(restaurantId, () => {
    setPicked(new Set());
    setOpenId(null);
  });

  const all = orders.data ?? [];
  // Only what is still open can be closed: a bill the POS closed meanwhile drops out of the choice.
  const selected = useMemo(
    () => new Set(all.filter((o) => o.status === 'open' && picked.has(o.id)).map((o) => o.id)),
    [all, picked],
  );
  const groups = useMemo(() => byTable(all.filter((o) => matchesFilter(o, filter))), [all, filter]);
  const shown = all.find((o) => o.id === openId) ?? null;
  const counts: Record<OrderFilter, number> = {
    all: all.length,
    open: all.filter((o) => matchesFilter(o, 'open')).length,
    closed: all.filter((o) => matchesFilter(o, 'closed')).length,
  };

  const changeDate = (next: string) => {
    setPicked(new Set());
    setDate(next);
  };
  const toggle = (order: Order) =>
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(order.id)) next.delete(order.id);
      else next.add(order.id);
      return next;
    });
  const closeSelected = () => void close.ask([...selected]);
  const telegramCloses = useTelegramMainButton(
    `${t('orders.closeSelected')} (${selected.size})`,
    closeSelected,
    {
      visible: selected.size > 0,
      loading: close.pending,
    },
  );

  return (
    <div className="orders">
      <div className="orders__bar">
        <DateSwitcher date={date} today={today} onChange={changeDate} />
        <LiveBadge state={live} />
      </div>
      {summary.data ? (
        <dl className="orders-figures" data-testid="orders-figures">
          <div>
            <dt>{t('orders.dayTotal')}</dt>
            <dd>{formatRubles(summary.data.total)}</dd>
          </div>
          <div>
            <dt>{t('orders.dayCovers')}</dt>
            <dd>{summary.data.guests}</dd>
          </div>
          <div>
            <dt>{t('orders.dayOpen')}</dt>
            <dd>{summary.data.open}</dd>
          </div>
        </dl>
      ) : null}
      {all.length === 0 ? null : (
        <div className="segments" role="tablist" aria-label={t('orders.filter')}>
          {ORDER_FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              role="tab"
              aria-selected={filter === f}
              className="segment"
              onClick={() => setFilter(f)}
            >
              {t(`orders.${f === 'all' ? 'filterAll' : f === 'open' ? 'filterOpen' : 'filterClosed'}`)}
              <span className="segment__count">{counts[f]}</span>
            </button>
          ))}
        </div>
      )}
      {orders.isPending ? (
        <ListSkeleton rows={5} />
      ) : orders.isError && !orders.data ? (
        <ErrorState messageKey="orders.loadFailed" onRetry={() => void orders.refetch()} />
      ) : all.length === 0 ? (
        <div className="state-message">
          <p>{t('orders.empty')}</p>
          <p className="state-message__hint">{t('orders.emptyHint')}</p>
        </div>
      ) : groups.length === 0 ? (
        <p className="state-message state-message--empty">{t('list.empty')}</p>
      ) : (
        <div className="orders__tables">
          {groups.map((group) => (
            <TableCard
              key={group.tableNumber}
              group={group}
              timeZone={timeZone}
              selected={selected}
              onToggle={toggle}
              onOpen={(order) => setOpenId(order.id)}
            />
          ))}
        </div>
      )}
      {selected.size > 0 ? (
        <section className="orders-select-bar" aria-label={t('orders.selected', { count: selected.size })}>
          <button
            type="button"
            className="icon-button orders-select-bar__clear"
            aria-label={t('orders.clearSelection')}
            onClick={() => setPicked(new Set())}
          >
            <span aria-hidden="true">×</span>
          </button>
          <span className="orders-select-bar__count">{t('orders.selected', { count: selected.size })}</span>
          {telegramCloses ? null : (
            <button type="button" className="button" disabled={close.pending} onClick={closeSelected}>
              {t('orders.closeSelected')}
            </button>
          )}
        </section>
      ) : null}
      {viewer !== null && isAdmin(viewer) ? (
        <details className="orders-pos">
          <summary className="orders-pos__summary">{t('orders.pos.toggle')}</summary>
          <PosKeysPanel restaurantId={restaurantId} timeZone={timeZone} />
        </details>
      ) : null}
      <OrderSheet
        order={shown}
        restaurantId={restaurantId}
        timeZone={timeZone}
        closing={close.pending}
        onClose={() => setOpenId(null)}
        onCloseOrder={(order) => void close.ask([order.id])}
      />
      {close.dialog}
    </div>
  );
}
