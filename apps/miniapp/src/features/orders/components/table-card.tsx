import type { Order } from '@stolik/contracts';
import type { OrderStatus } from '@stolik/domain';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { timeOf } from '../../../shared/time/restaurant-clock';
import { formatRubles, type TableOrders } from '../orders-view';

/** One colour per status (UX.md): an open bill has guests at the table ('sat'), with its label. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span className="status-badge order-status" data-order-status={status}>
      {t(`orders.statuses.${status}`)}
    </span>
  );
}

/** 'Стол 5', or 'Без стола' for an order at no table (take-away, the bar's own till). */
export function useTableLabel() {
  const { t } = useTranslation();
  return (tableNumber: string) =>
    tableNumber ? t('orders.table', { number: tableNumber }) : t('orders.noTable');
}

/** A table's orders of the day with its total; each open order can be picked for closing. */
export function TableCard({
  group,
  timeZone,
  selected,
  onToggle,
  onOpen,
}: {
  group: TableOrders;
  timeZone: string;
  selected: ReadonlySet<number>;
  onToggle: (order: Order) => void;
  onOpen: (order: Order) => void;
}) {
  const headingId = useId();
  const label = useTableLabel()(group.tableNumber);
  return (
    <section className="order-table" aria-labelledby={headingId} data-testid="order-table">
      <header className="order-table__head">
        <h2 id={headingId} className="order-table__title">
          {label}
        </h2>
        <span className="order-table__total">{formatRubles(group.total)}</span>
      </header>
      <ul className="order-table__list">
        {group.orders.map((order) => (
          <OrderRow
            key={order.id}
            order={order}
            tableLabel={label}
            timeZone={timeZone}
            selected={selected.has(order.id)}
            onToggle={onToggle}
            onOpen={onOpen}
          />
        ))}
      </ul>
    </section>
  );
}

function OrderRow({
  order,
  tableLabel,
  timeZone,
  selected,
  onToggle,
  onOpen,
}: {
  order: Order;
  tableLabel: string;
  timeZone: string;
  selected: boolean;
  onToggle: (order: Order) => void;
  onOpen: (order: Order) => void;
}) {
  const { t } = useTranslation();
  const name = t('orders.order', { id: order.external_id });
  const opened = timeOf(timeZone, order.opened_at);
  const when = order.closed_at
    ? t('orders.span', { from: opened, to: timeOf(timeZone, order.closed_at) })
    : t('orders.since', { time: opened });
  return (
    <li className="order-row" data-status={order.status} data-testid="order-row">
      {order.status === 'open' ? (
        <label className="order-row__pick">
          <input
            type="checkbox"
            checked={selected}
            onChange={() => onToggle(order)}
            aria-label={t('orders.select', { order: name, table: tableLabel })}
          />
        </label>
      ) : (
        <span className="order-row__pick" aria-hidden="true" />
      )}
      <button type="button" className="order-row__main" onClick={() => onOpen(order)}>
        <span className="order-row__text">
          <span className="order-row__top">
            <span className="order-row__name">{name}</span>
            <OrderStatusBadge status={order.status} />
          </span>
          <span className="order-row__meta">
            {when}
            {order.guests !== null ? ` · ${t('orders.guests', { count: order.guests })}` : ''}
            {order.closed_by !== null ? ` · ${t('orders.closedByHand')}` : ''}
          </span>
        </span>
        <span className="order-row__total">{formatRubles(order.total)}</span>
      </button>
    </li>
  );
}
