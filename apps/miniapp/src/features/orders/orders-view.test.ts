import { describe, expect, it } from 'vitest';
import { byTable, formatQuantity, formatRubles, matchesFilter, sumRubles } from './orders-view';
import { order } from './test/orders-fixtures';

/** Intl writes (narrow) no-break spaces; people read spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the orders as the screen shows them', () => {
  it('writes rubles the Russian way', () => {
    expect(plain(formatRubles(1250.5))).toBe('1 250,50 ₽');
    expect(plain(formatRubles(0))).toBe('0,00 ₽');
    expect(plain(formatRubles(1_234_567.89))).toBe('1 234 567,89 ₽');
    expect(formatQuantity(0.5)).toBe('0,5');
    expect(formatQuantity(2)).toBe('2');
  });

  it('adds money in kopecks', () => {
    expect(sumRubles([0.1, 0.2])).toBe(0.3);
    expect(sumRubles([])).toBe(0);
  });

  it('groups by table in the natural order of numbers, orders at no table last, cancelled ones out of the total', () => {
    const groups = byTable([
      order({ id: 1, table_number: '10', total: 100 }),
      order({ id: 2, table_number: '', total: 50 }),
      order({ id: 3, table_number: '2', total: 200.1 }),
      order({ id: 4, table_number: '2', total: 300.2, status: 'closed' }),
      order({ id: 5, table_number: '2', total: 999, status: 'cancelled' }),
      order({ id: 6, table_number: 'Бар', total: 10 }),
    ]);
    expect(groups.map((g) => g.tableNumber)).toEqual(['2', '10', 'Бар', '']);
    expect(groups[0]).toMatchObject({ total: 500.3, open: 1 });
    expect(groups[0]?.orders.map((o) => o.id)).toEqual([3, 4, 5]);
  });

  it('filters open bills, and finished ones (closed or cancelled)', () => {
    const open = order({ status: 'open' });
    const cancelled = order({ status: 'cancelled' });
    expect(matchesFilter(open, 'open')).toBe(true);
    expect(matchesFilter(cancelled, 'open')).toBe(false);
    expect(matchesFilter(cancelled, 'closed')).toBe(true);
    expect(matchesFilter(cancelled, 'all')).toBe(true);
  });
});
