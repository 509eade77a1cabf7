import type { Me } from '@stolik/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { localTokenStore } from '../../../shared/api/token-store';
import { SessionProvider } from '../../../shared/session/session';
import { booking, bookingApi, DAY, msk, openDialogsInJsdom } from '../../../test/booking-fixtures';
import { renderAt } from '../../../test/render';
import { BookingListScreen } from './booking-list-screen';

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

const renderList = () =>
  renderAt(
    <SessionProvider>
      <BookingListScreen />
    </SessionProvider>,
    { path: '/restaurant/:id/booking/list', route: '/restaurant/1/booking/list' },
  );

const manager = (role: 'Админ' | 'Менеджер'): Me => ({
  id: 2,
  first_name: 'Ирина',
  last_name: 'Петрова',
  email: 'irina@example.com',
  telegram_username: null,
  telegram_id: null,
  role,
  is_superuser: false,
  is_active: true,
  restaurants: [{ id: 1, name: 'Демо', role }],
});

/** A signed-in staff member of restaurant 1 with the given role. */
function signedIn(role: 'Админ' | 'Менеджер') {
  const profile = { served: false };
  localTokenStore.set({ access: 'access-token', refresh: 'refresh-token' });
  server.use(
    http.post('*/api/auth/jwt/verify/', () => HttpResponse.json({})),
    http.get('*/api/user/me/', () => {
      profile.served = true;
      return HttpResponse.json(manager(role));
    }),
  );
  return profile;
}

describe('the list of bookings', () => {
  it("says 'Ничего не найдено' when the range has no bookings", async () => {
    bookingApi(server);
    renderList();
    expect(await screen.findByText('Ничего не найдено')).toBeTruthy();
  });

  it('colours each row and badge by the shared palette: a late booking is late here as on the map', async () => {
    vi.setSystemTime(new Date(msk(DAY, '19:20')));
    bookingApi(server, {
      bookings: [booking({ id: 1, name: 'Анна' }), booking({ id: 2, name: 'Борис', status: 'new' })],
    });
    renderList();
    const rows = await screen.findAllByTestId('booking-row');
    const row = (name: string) => rows.find((r) => r.textContent?.includes(name)) as HTMLElement;
    expect(row('Анна').dataset.tone).toBe('late');
    const badge = row('Анна').querySelector('.status-pill');
    expect([badge?.getAttribute('data-tone'), badge?.textContent]).toEqual(['late', 'Опаздывают']);
    expect(badge?.querySelector('.status-icon')?.getAttribute('data-tone')).toBe('late');
    expect(row('Борис').dataset.tone).toBe('request');
  });

  it('asks for the coming week by default, then for the statuses ticked and the search typed', async () => {
    const listQueries: URLSearchParams[] = [];
    bookingApi(server, {
      listQueries,
      bookings: [
        booking({ id: 1, name: 'Анна' }),
        booking({
          id: 2,
          name: 'Борис',
          seating_time: msk('2026-03-15', '13:00'),
          end_time: msk('2026-03-15', '15:00'),
        }),
      ],
    });
    renderList();
    // Grouped by day, each day under its date.
    const day = await screen.findByRole('region', { name: '14.03.2026' });
    expect(within(day).getByText('Анна')).toBeTruthy();
    expect(screen.getByRole('region', { name: '15.03.2026' })).toBeTruthy();
    expect(screen.getByText('Найдено: 2')).toBeTruthy();
    const first = listQueries[0];
    expect([first?.get('start_date'), first?.get('end_date'), first?.get('in_waiting_queue')]).toEqual([
      '2026-03-14',
      '2026-03-20',
      'false',
    ]);

    await userEvent.click(screen.getByRole('checkbox', { name: 'В зале' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ожидает подтверждения' }));
    await userEvent.type(screen.getByPlaceholderText('Поиск по имени или телефону'), '916');
    await waitFor(() => expect(listQueries.at(-1)?.get('search')).toBe('916'));
    expect(listQueries.at(-1)?.get('status')).toBe('new,open');
  });

  it('opens a booking’s card from its row', async () => {
    bookingApi(server, { bookings: [booking({ id: 1, name: 'Анна' })] });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: /Анна/ }));
    expect(await screen.findByRole('dialog', { name: 'Анна · 19:00' })).toBeTruthy();
  });

  it('lets a manager download the guests’ contacts of the range, with the session’s token', async () => {
    signedIn('Админ');
    const exports: Request[] = [];
    bookingApi(server);
    server.use(
      http.get('*/api/booking/guests-contacts-export/', ({ request }) => {
        exports.push(request);
        return new HttpResponse(new TextEncoder().encode('PK xlsx'), {
          headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:contacts');
    // jsdom has no object URLs; the file itself is the browser's business.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Выгрузить контакты' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const url = new URL(exports[0]?.url ?? '');
    expect([url.searchParams.get('start_date'), url.searchParams.get('end_date')]).toEqual([
      '2026-03-14',
      '2026-03-20',
    ]);
    expect(exports[0]?.headers.get('authorization')).toBe('Bearer access-token');
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });

  it('shows no export to a hostess (the API gives it to managers only)', async () => {
    const profile = signedIn('Менеджер');
    bookingApi(server);
    renderList();
    await screen.findByText('Ничего не найдено');
    await waitFor(() => expect(profile.served).toBe(true));
    // The profile is in: the screen has decided.
    await screen.findByText('Найдено: 0');
    expect(screen.queryByRole('button', { name: 'Выгрузить контакты' })).toBeNull();
  });
});
