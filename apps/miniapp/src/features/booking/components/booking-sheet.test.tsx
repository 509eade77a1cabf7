import type { BookingStatus } from '@stolik/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { booking, bookingApi, DAY, msk, openDialogsInJsdom } from '../../../test/booking-fixtures';
import { renderAt } from '../../../test/render';
import { BookingSheet } from './booking-sheet';

const server = setupServer();
beforeAll(() => {
  openDialogsInJsdom();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
});
afterAll(() => server.close());

const TABLE_NUMBERS = new Map([[3, { number: '3' }]]);

function renderCard(status: BookingStatus, onMove = vi.fn()) {
  renderAt(
    <BookingSheet
      booking={booking({ status, comment: 'У окна', deposit: true, visits: 3 })}
      restaurantId={1}
      timeZone="Europe/Moscow"
      tables={TABLE_NUMBERS}
      onMove={onMove}
      onClose={() => {}}
    />,
  );
  return screen.getByRole('dialog', { name: 'Анна · 19:00' });
}

/** What the host stand may do from each status (the status machine), in Russian, main move first. */
const MOVES: Record<BookingStatus, string[]> = {
  new: ['Подтвердить', 'Отклонить', 'Отменить'],
  application: ['Посадить', 'Гости пришли', 'Отменить', 'Отменить (нет депозита)'],
  waiting: ['Посадить', 'Отменить'],
  open: ['Завершить'],
  cancelled: ['Вернуть'],
  cancelled_without_deposit: ['Вернуть'],
  declined: [],
  closed: [],
  waiting_list: ['Подтвердить', 'В заявки', 'Отменить'],
};

describe('the booking card', () => {
  it.each(Object.entries(MOVES))('offers from %s exactly the moves the machine allows', (status, moves) => {
    bookingApi(server);
    const card = renderCard(status as BookingStatus);
    const buttons = within(card)
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((name) => name !== 'Закрыть' && name !== 'Изменить');
    expect(buttons).toEqual(moves);
  });

  it('lets the details be corrected only while the booking holds its table', () => {
    bookingApi(server);
    expect(within(renderCard('application')).queryByRole('button', { name: 'Изменить' })).toBeTruthy();
  });

  it('has nothing to correct on a closed booking', () => {
    bookingApi(server);
    expect(within(renderCard('closed')).queryByRole('button', { name: 'Изменить' })).toBeNull();
  });

  it('shows who, when, where, the phone to call, the deposit, the visits and who changed what', async () => {
    bookingApi(server, {
      history: [
        {
          from_status: null,
          to_status: 'new',
          changed_by: null,
          changed_by_name: '',
          changes: {},
          at: msk(DAY, '10:00'),
        },
        {
          from_status: 'new',
          to_status: 'application',
          changed_by: 2,
          changed_by_name: 'Мария Соколова',
          changes: {},
          at: msk(DAY, '10:05'),
        },
        {
          from_status: 'application',
          to_status: 'application',
          changed_by: 2,
          changed_by_name: 'Мария Соколова',
          changes: { seating_time: msk(DAY, '19:00'), table: 3 },
          at: msk(DAY, '11:00'),
        },
      ],
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(msk(DAY, '12:00')));
    const onMove = vi.fn();
    const card = renderCard('application', onMove);
    expect(within(card).getByText('14.03.2026, 19:00–20:30')).toBeTruthy();
    expect(within(card).getByText('Ожидаем')).toBeTruthy();
    expect(within(card).getByRole('link', { name: '+7 916 123-45-67' }).getAttribute('href')).toBe(
      'tel:+79161234567',
    );
    expect(within(card).getByText('У окна')).toBeTruthy();
    expect(within(card).getByText('Внесен')).toBeTruthy();
    expect(within(card).getByText('3 визита')).toBeTruthy();
    const history = await within(card).findByRole('list');
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '14.03.2026 10:00Ожидает подтверждениягость или система',
      '14.03.2026 10:05Ожидает подтверждения → ОжидаемМария Соколова',
      '14.03.2026 11:00Изменено: время, столМария Соколова',
    ]);
    await userEvent.click(within(card).getByRole('button', { name: 'Гости пришли' }));
    expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), 'waiting');
  });
});
