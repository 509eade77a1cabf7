import type { BookingStatus } from '@stolik/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
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

describe('the booking card: how the guest was told', () => {
  it("shows the latest message's mark and each channel it went down", async () => {
    bookingApi(server);
    const at = '2026-11-28T16:43:00.000Z';
    server.use(
      http.get('*/api/booking/:id/messages/', () =>
        HttpResponse.json({
          results: [
            {
              id: 7,
              kind: 'booking_confirmed',
              created: at,
              reach: { channel: 'push', state: 'delivered', at },
              attempts: [
                {
                  channel: 'telegram',
                  status: 'skipped',
                  error: 'no_chat',
                  created: at,
                  sent_time: null,
                  delivered_time: null,
                  failed_time: at,
                },
                {
                  channel: 'push',
                  status: 'delivered',
                  error: null,
                  created: at,
                  sent_time: at,
                  delivered_time: at,
                  failed_time: null,
                },
              ],
            },
          ],
        }),
      ),
    );
    renderAt(
      <BookingSheet
        booking={booking({ status: 'application', reach: { channel: 'push', state: 'delivered', at } })}
        restaurantId={1}
        timeZone="Europe/Moscow"
        tables={TABLE_NUMBERS}
        onMove={vi.fn()}
        onClose={() => {}}
      />,
    );
    const card = screen.getByRole('dialog', { name: 'Анна · 19:00' });
    expect(within(card).getByText('Сообщения гостю')).toBeTruthy();
    expect(within(card).getAllByText('Push · доставлено · 19:43').length).toBeGreaterThan(0);
    expect(await within(card).findByText('Бронь подтверждена')).toBeTruthy();
    expect(within(card).getByText(/гость не из Telegram/)).toBeTruthy();
  });
});
