import type { TableLock } from '@stolik/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installTelegramAdapter } from '../../../shared/telegram/telegram';
import { Toaster } from '../../../shared/ui/toast';
import { booking, bookingApi, DAY, fit, msk, openDialogsInJsdom } from '../../../test/booking-fixtures';
import { fakeTelegram } from '../../../test/fake-telegram';
import { renderAt } from '../../../test/render';
import { lock, mapApi, queueEntry } from '../test/map-fixtures';
import { MapScreen } from './map-screen';

/**
 * Haptic feedback on the hostess's moves from the hall map's table sheet (UX.md), as Telegram's
 * bridge records it: a light tap as a move starts, then a success or an error as the server answers.
 */
const server = setupServer();
beforeAll(() => {
  openDialogsInJsdom();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(msk(DAY, '19:30')));
});
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
  installTelegramAdapter(null);
});
afterAll(() => server.close());

const OLGA = queueEntry({ id: 12, number: 5, name: 'Ольга', group_size: 4, created: msk(DAY, '19:00') });

function evening() {
  const hall = {
    bookings: [
      booking({
        id: 2,
        name: 'Анна',
        tables: [2],
        table: 2,
        group_size: 2,
        seating_time: msk(DAY, '20:00'),
        end_time: msk(DAY, '21:30'),
      }),
    ],
    queue: [OLGA],
    locks: [] as TableLock[],
  };
  bookingApi(server, { bookings: hall.bookings, fits: [fit(6, 'В2', [1, 4])] });
  mapApi(server, { queue: () => hall.queue, locks: () => hall.locks });
  return hall;
}

const renderMap = () =>
  renderAt(
    <>
      <MapScreen />
      <Toaster />
    </>,
    { path: '/restaurant/:id/scheme', route: '/restaurant/1/scheme' },
  );
const table = (name: string | RegExp) => screen.findByRole('button', { name });

describe("the hall map's table sheet inside Telegram", () => {
  it('is felt when a queue guest is seated, a booking seated, a table closed, and when one fails', async () => {
    const telegram = fakeTelegram();
    const hall = evening();
    let lockRefused = false;
    server.use(
      http.put('*/api/reservation/:id/', () => HttpResponse.json({ ...OLGA, status: 'sat', tables: [3] })),
      http.patch('*/api/booking/:id/', () => HttpResponse.json({ ...hall.bookings[0], status: 'open' })),
      http.post('*/api/restaurant/1/table_lock/', () =>
        lockRefused
          ? HttpResponse.json({ detail: 'Ошибка' }, { status: 500 })
          : HttpResponse.json(lock({ id: 9, table: 6 }), { status: 201 }),
      ),
    );
    const user = userEvent.setup();
    renderMap();
    const felt = async (expected: string[]) => {
      await waitFor(() => expect(telegram.calls.haptics).toEqual(expected));
      telegram.calls.haptics.splice(0);
    };

    await user.click(await table(/^Стол 3: Свободен/));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Стол 3' })).getByRole('button', {
        name: 'Посадить №5, Ольга, 4 гостя',
      }),
    );
    await felt(['impact:light', 'notification:success']);

    await user.click(await table(/^Стол 2: Скоро бронь/));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Стол 2' })).getByRole('button', { name: 'Посадить' }),
    );
    await felt(['impact:light', 'notification:success']);

    await user.click(await table(/^Стол В2: Свободен/));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Стол В2' })).getByRole('button', {
        name: 'Закрыть стол до конца дня',
      }),
    );
    await felt(['impact:light', 'notification:success']);

    lockRefused = true;
    await user.click(await table(/^Стол В2/));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Стол В2' })).getByRole('button', {
        name: 'Закрыть стол до конца дня',
      }),
    );
    await felt(['impact:light', 'notification:error']);
    expect(await screen.findByText('Не удалось изменить стол. Попробуйте еще раз')).toBeTruthy();
  });
});
