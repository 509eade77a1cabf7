import { TableCreateBody } from '@stolik/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { todayIn } from '../../shared/time/restaurant-clock';
import { checkWith, fieldsUnder } from './form-check';
import { byNumber, shownDate, tablesByZone } from './hall-settings-format';
import { table } from './test/hall-fixtures';

describe('the hall as the settings and the Зоны screen read it', () => {
  it('orders table numbers as people count them', () => {
    const numbers = ['10', 'В10', '2', 'Бар', 'В2', '1'].map((number) => ({ number }));
    expect(numbers.sort(byNumber).map((t) => t.number)).toEqual(['1', '2', '10', 'Бар', 'В2', 'В10']);
  });

  it('puts tables under their zones in the zones’ order, tables of no zone or a gone zone last', () => {
    const zones = [{ id: 2 }, { id: 1 }];
    const tables = [
      table(1, '3', 1, [1, 2]),
      table(2, '1', 2, [1, 2]),
      table(3, 'X', 9, [1, 2]),
      table(4, 'Б', null, [1, 2]),
    ];
    const grouped = tablesByZone(zones, (z) => z.id, tables);
    expect(grouped.map((g) => [g.zone?.id ?? null, g.tables.map((t) => t.number)])).toEqual([
      [2, ['1']],
      [1, ['3']],
      [null, ['Б', 'X']],
    ]);
    expect(tablesByZone(zones, (z) => z.id, [table(1, '1', 1, [1, 2])])).toHaveLength(2);
  });

  it('counts the service day from 06:00 on the restaurant’s clock (the shared clock the screens use)', () => {
    expect(todayIn('Europe/Moscow', Date.parse('2026-03-14T05:59:00+03:00'))).toBe('2026-03-13');
    expect(todayIn('Europe/Moscow', Date.parse('2026-03-14T06:00:00+03:00'))).toBe('2026-03-14');
    expect(todayIn('Asia/Vladivostok', Date.parse('2026-03-13T22:30:00Z'))).toBe('2026-03-14');
    expect(shownDate('2026-03-04')).toBe('04.03.2026');
  });

  it('checks a form with the API’s contract, in the spec’s words, by field', () => {
    const checked = checkWith(TableCreateBody, { restaurant: 1, number: ' ', seats_max: 51 }, i18n.t);
    expect(checked).toEqual({
      ok: false,
      fields: { number: 'Заполните поле', seats_max: 'Значение должно быть не больше 50' },
    });
    expect(checkWith(TableCreateBody, { restaurant: 1, number: ' 5 ', seats_max: 4 }, i18n.t)).toEqual({
      ok: true,
      data: { restaurant: 1, number: '5', seats_max: 4 },
    });
    expect(
      fieldsUnder({ 'groups.0.tables.1': 'a', 'groups.0.name': 'b', 'groups.1.name': 'c' }, 'groups.0'),
    ).toEqual({
      tables: 'a',
      name: 'b',
    });
  });
});
