import type { Order } from '@stolik/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/i18n';
import { timeOf } from '../../../shared/time/restaurant-clock';
import { Sheet } from '../../../shared/ui/sheet';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { orderItemsQuery } from '../api/orders-api';
import { formatQuantity, formatRubles } from '../orders-view';
import { OrderStatusBadge, useTableLabel } from './table-card';

/** An order's bill: its lines, its total, and closing it by hand while it is open. */
export function OrderSheet({
  order,
  restaurantId,
  timeZone,
  closing,
  onClose,
  onCloseOrder,
}: {
  order: Order | null;
  restaurantId: number;
  timeZone: string;
  closing: boolean;
  onClose: () => void;
  onCloseOrder: (order: Order) => void;
}) {
  const { t } = useTranslation();
  const tableLabel = useTableLabel();
  const title = order
    ? `${t('orders.order', { id: order.external_id })} · ${tableLabel(order.table_number)}`
    : '';
  return (
    <Sheet
      open={order !== null}
      title={title}
      onClose={onClose}
      footer={
        order?.status === 'open' ? (
          <div className="sheet__buttons">
            <button
              type="button"
              className="button button--secondary"
              disabled={closing}
              onClick={() => onCloseOrder(order)}
            >
              {t('orders.closeOne')}
            </button>
          </div>
        ) : null
      }
    >
      {order ? <OrderBill order={order} restaurantId={restaurantId} timeZone={timeZone} /> : null}
    </Sheet>
  );
}

function OrderBill({
  order,
  restaurantId,
  timeZone,
}: {
  order: Order;
  restaurantId: number;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const items = useQuery(orderItemsQuery(restaurantId, order.id));
  const opened = timeOf(timeZone, order.opened_at);
  return (
    <div className="order-bill">
      <dl className="entry-facts">
        <div>
          <dt>
            <OrderStatusBadge status={order.status} />
          </dt>
          <dd>
            {order.closed_at
              ? t('orders.span', { from: opened, to: timeOf(timeZone, order.closed_at) })
              : t('orders.since', { time: opened })}
          </dd>
        </div>
        {order.guests !== null ? (
          <div>
            <dt>{t('orders.dayCovers')}</dt>
            <dd>{order.guests}</dd>
          </div>
        ) : null}
        {order.closed_by !== null ? (
          <div>
            <dt>{t('orders.closedByHand')}</dt>
            <dd>{order.closed_by_name}</dd>
          </div>
        ) : null}
      </dl>
      <h3 className="order-bill__title">{t('orders.items')}</h3>
      {items.isPending ? (
        <ListSkeleton rows={3} />
      ) : items.isError ? (
        <ErrorState messageKey="orders.itemsFailed" onRetry={() => void items.refetch()} />
      ) : items.data.length === 0 ? (
        <p className="state-message state-message--empty">{t('orders.noItems')}</p>
      ) : (
        <ul className="order-bill__items">
          {items.data.map((item) => (
            <li key={item.id} className="order-bill__item">
              <span className="order-bill__name">{item.name}</span>
              <span className="order-bill__sum">{formatRubles(item.sum)}</span>
              <span className="order-bill__line">
                {t('orders.itemLine', {
                  quantity: formatQuantity(item.quantity),
                  price: formatRubles(item.price),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="order-bill__total">
        <span>{t('orders.total')}</span>
        <strong>{formatRubles(order.total)}</strong>
      </p>
    </div>
  );
}
