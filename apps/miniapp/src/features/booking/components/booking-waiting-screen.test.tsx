import type { BookingUpdateBody, WaitingListBody } from '@stolik/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { booking, bookingApi, DAY, fit, msk, openDialogsInJsdom } from '../../../test/booking-fixtures';
import { renderAt } from '../../../test/render';
import { BookingWaitingScreen } from './booking-waiting-screen';

const server = setupServer();
beforeAll(() => {
  openDialogsInJsdom();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(msk(DAY, '12:00')));
});
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
});
afterAll(() => server.close());

const WAITING = [
  booking({ id: 5, name: 'Алексей', status: 'waiting_list', table: null, tables: [], group_size: 4 }),
  booking({
    id: 6,
    name: 'Наталья',
    status: 'waiting_list',
    table: null,
    tables: [],
    seating_time: msk(DAY, '20:30'),
    end_time: msk(DAY, '22:00'),
  }),
];

const renderWaiting = () =>
  renderAt(<BookingWaitingScreen />, {
    path: '/restaurant/:id/booking/waiting',
    route: '/restaurant/1/booking/waiting',
  });

describe('the waiting list', () => {
  it('lists the requests from today on with their moves, and no card to open (spec §4)', async () => {
    const listQueries: URLSearchParams[] = [];
    bookingApi(server, { bookings: WAITING, listQueries });
    renderWaiting();
    const row = (await screen.findByText('Алексей')).closest('li') as HTMLElement;
    expect(within(row).getByText('14.03.2026')).toBeTruthy();
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Подтвердить', 'В заявки', 'Отменить']);
    expect([listQueries[0]?.get('in_waiting_queue'), listQueries[0]?.get('start_date')]).toEqual([
      'true',
      '2026-03-14',
    ]);
  });

  it('confirms a request at a table that is free for it, the best fit offered first', async () => {
    const fitQueries: URLSearchParams[] = [];
    const sent: BookingUpdateBody[] = [];
    bookingApi(server, { bookings: WAITING });
    server.use(
      http.get('*/api/booking/find-available-tables/', ({ request }) => {
        fitQueries.push(new URL(request.url).searchParams);
        return HttpResponse.json([fit(3, '3', [2, 4]), fit(8, '8', [2, 8])]);
      }),
      http.patch('*/api/booking/5/', async ({ request }) => {
        sent.push((await request.json()) as BookingUpdateBody);
        return HttpResponse.json(booking({ id: 5, status: 'application' }));
      }),
    );
    renderWaiting();
    await userEvent.click(await screen.findByRole('button', { name: 'Подтвердить: Алексей' }));
    const picker = await screen.findByRole('dialog', { name: 'Стол для: Алексей' });
    await waitFor(() =>
      expect(within(picker).getByRole('radio', { name: /Стол 3/ })).toHaveProperty('checked', true),
    );
    expect([fitQueries[0]?.get('num_people'), fitQueries[0]?.get('booking')]).toEqual(['4', '5']);
    await userEvent.click(within(picker).getByRole('radio', { name: /Стол 8/ }));
    await userEvent.click(within(picker).getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(sent).toEqual([{ status: 'application', table: 8, group: null }]));
  });

  it('cancels a request without asking for a table', async () => {
    const sent: BookingUpdateBody[] = [];
    bookingApi(server, { bookings: WAITING });
    server.use(
      http.patch('*/api/booking/6/', async ({ request }) => {
        sent.push((await request.json()) as BookingUpdateBody);
        return HttpResponse.json(booking({ id: 6, status: 'cancelled' }));
      }),
    );
    renderWaiting();
    await userEvent.click(await screen.findByRole('button', { name: 'Отменить: Наталья' }));
    await waitFor(() => expect(sent).toEqual([{ status: 'cancelled' }]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('adds a guest to the waiting list, asking first for the time, name and phone', async () => {
    let body: WaitingListBody | null = null;
    bookingApi(server);
    server.use(
      http.post('*/api/booking/waiting_queue/', async ({ request }) => {
        body = (await request.json()) as WaitingListBody;
        return HttpResponse.json(WAITING[0], { status: 201 });
      }),
    );
    renderWaiting();
    await screen.findByText('Ничего не найдено');
    await userEvent.click(screen.getByRole('button', { name: /В лист ожидания/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Лист ожидания' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'В лист ожидания' }));
    expect(within(sheet).getAllByText('Заполните поле')).toHaveLength(3);
    expect(body).toBeNull();

    await userEvent.selectOptions(within(sheet).getByLabelText('Время'), '20:00');
    await userEvent.type(within(sheet).getByLabelText('Имя гостя'), 'Алексей');
    await userEvent.type(within(sheet).getByLabelText('Телефон'), '+7 916 123-45-67');
    await userEvent.click(within(sheet).getByRole('button', { name: 'В лист ожидания' }));
    await waitFor(() =>
      expect(body).toEqual({
        restaurant: 1,
        group_size: 2,
        seating_time: msk(DAY, '20:00'),
        name: 'Алексей',
        phone: '+79161234567',
        comment: '',
      }),
    );
  });
});
