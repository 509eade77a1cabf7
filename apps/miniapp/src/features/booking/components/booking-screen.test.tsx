import type { BookingUpdateBody } from '@stolik/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../shared/ui/toast';
import {
  booking,
  bookingApi,
  DAY,
  dayTable,
  fit,
  msk,
  openDialogsInJsdom,
  TABLES,
} from '../../../test/booking-fixtures';
import { renderAt } from '../../../test/render';
import { BookingScreen } from './booking-screen';

const server = setupServer();
beforeAll(() => {
  openDialogsInJsdom();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  // Only the clock is fixed (21:00 in Moscow on the day shown); timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(msk(DAY, '21:00')));
});
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
});
afterAll(() => server.close());

const renderDay = () =>
  renderAt(
    <>
      <BookingScreen />
      <Toaster />
    </>,
    { path: '/restaurant/:id/booking', route: `/restaurant/1/booking?date=${DAY}` },
  );

const EVENING = [
  booking({ id: 1, name: 'Анна', table: 3, tables: [3] }),
  booking({
    id: 2,
    name: 'Борис',
    table: 4,
    tables: [4],
    status: 'open',
    group_size: 3,
    seating_time: msk(DAY, '17:00'),
    end_time: msk(DAY, '18:30'),
  }),
  booking({
    id: 3,
    name: 'Юбилей',
    table: null,
    group: 9,
    tables: [1, 2],
    status: 'new',
    group_size: 4,
    seating_time: msk(DAY, '21:30'),
    end_time: msk(DAY, '23:30'),
  }),
  booking({ id: 4, name: 'Вера', table: 5, tables: [5], status: 'cancelled' }),
];

/** Table 4 is held by Борис until 18:45 (cleaning included). */
const DAY_TABLES = TABLES.map((t) =>
  t.id === 4
    ? dayTable(4, { busy: [{ booking: 2, from: msk(DAY, '17:00'), to: msk(DAY, '18:45') }] })
    : dayTable(t.id),
);

/** A tap on a row's free stretch at a time: 10:00 is the axis start, an hour 96 px. */
const tapRow = (table: string, hours: number) => {
  const row = screen.getAllByTestId('timeline-row').find((r) => r.dataset.table === table) as HTMLElement;
  fireEvent.click(within(row).getByRole('button', { name: `Забронировать стол ${table}` }), {
    clientX: (hours - 10) * 96 + 1,
    detail: 1,
  });
};

describe('the day of bookings on a timeline', () => {
  it('draws the tables by zone and the bookings as bars with their status, a group on each of its tables', async () => {
    bookingApi(server, { bookings: EVENING, dayTables: DAY_TABLES });
    renderDay();
    const hall = await screen.findByRole('region', { name: 'Зал' });
    expect(
      within(hall)
        .getAllByTestId('timeline-row')
        .map((r) => r.dataset.table),
    ).toEqual(['1', '2', '3', '4']);
    expect(screen.getByRole('region', { name: 'Веранда' })).toBeTruthy();
    // The clock decides the derived labels: Анна is late, Борис has stayed past his end.
    expect(screen.getByRole('button', { name: 'Анна, 2 гостя, 19:00–20:30, Опаздывают' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Борис, 3 гостя, 17:00–18:30, Пересиживает' })).toBeTruthy();
    expect(
      screen.getAllByRole('button', { name: /^Юбилей, 4 гостя, 21:30–23:30, Ожидает подтверждения/ }),
    ).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Вера/ })).toBeNull();
    expect(screen.getByTestId('now-line')).toBeTruthy();
    expect((await screen.findByTestId('guest-count')).textContent).toBe('Броней: 4 · Гостей: 11');
  });

  it('colours each bar by its status from the shared palette, with the status icon', async () => {
    bookingApi(server, { bookings: EVENING, dayTables: DAY_TABLES });
    renderDay();
    const bar = async (name: RegExp) => screen.findByRole('button', { name });
    // Late 'Опаздывают' is the palette's 'late' tone here as on the map and on Зоны.
    expect((await bar(/^Анна, /)).dataset.tone).toBe('late');
    expect((await bar(/^Борис, /)).dataset.tone).toBe('overdue');
    expect(screen.getAllByRole('button', { name: /^Юбилей, / })[0]?.dataset.tone).toBe('request');
    expect((await bar(/^Анна, /)).querySelector('.status-icon')?.getAttribute('data-tone')).toBe('late');
  });

  it('opens a booking on a tablet in a panel beside the timeline, not over it', async () => {
    bookingApi(server, { bookings: EVENING, dayTables: DAY_TABLES });
    renderDay();
    await userEvent.click(await screen.findByRole('button', { name: /^Анна, / }));
    const panel = await screen.findByRole('dialog', { name: 'Анна · 19:00' });
    expect(panel.tagName).toBe('ASIDE');
    expect(panel.getAttribute('aria-modal')).toBe('false');
    expect(document.querySelector('dialog[open]')).toBeNull();
    // Beside the timeline, in the same row of the day's layout; the timeline stays usable.
    expect(panel.parentElement).toBe(screen.getByTestId('timeline').parentElement);
    expect(panel.parentElement?.className).toContain('booking-day__main--panel');
    expect(document.activeElement).toBe(panel);
    await userEvent.click(screen.getByRole('button', { name: /^Борис, / }));
    expect(await screen.findByRole('dialog', { name: 'Борис · 17:00' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Анна · 19:00' })).toBeNull();
    // Esc closes it, as it closes the sheet; the timeline takes the whole width again.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Борис · 17:00' })).toBeNull();
    expect(screen.getByTestId('timeline').parentElement?.className).not.toContain('--panel');
  });

  it('opens a booking on a phone in a sheet over the day', async () => {
    const wide = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...wide(query), matches: query.includes('max-width') });
    try {
      bookingApi(server, { bookings: EVENING, dayTables: DAY_TABLES });
      renderDay();
      await userEvent.click(await screen.findByRole('button', { name: /^Анна, / }));
      const sheet = await screen.findByRole('dialog', { name: 'Анна · 19:00' });
      expect(sheet.tagName).toBe('DIALOG');
      expect(screen.queryByTestId('booking-panel')).toBeNull();
    } finally {
      window.matchMedia = wide;
    }
  });

  it('asks for a reload at once when the tables are refused (spec §8), without retrying', async () => {
    bookingApi(server, { bookings: EVENING, dayTables: DAY_TABLES });
    let calls = 0;
    server.use(
      http.get('/api/available_tables/', () => {
        calls += 1;
        return HttpResponse.json({ detail: 'Недостаточно прав', code: 'permission_denied' }, { status: 403 });
      }),
    );
    renderDay();
    expect(await screen.findByText('Перезагрузи страницу')).toBeTruthy();
    expect(calls).toBe(1);
  });

  it('retries tables that failed to load, and shows them once the network is back', async () => {
    bookingApi(server, { bookings: EVENING, dayTables: DAY_TABLES });
    let calls = 0;
    server.use(
      http.get('/api/available_tables/', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : undefined;
      }),
    );
    renderDay();
    // The second try comes a second after the first failure (1 s + 0 s): no error shown meanwhile.
    expect(await screen.findByRole('region', { name: 'Зал' }, { timeout: 4000 })).toBeTruthy();
    expect(calls).toBe(2);
    expect(screen.queryByText('Не удалось загрузить столы')).toBeNull();
  });

  it('books a free quarter of a table from a tap, with that table and time already chosen', async () => {
    const fitQueries: URLSearchParams[] = [];
    bookingApi(server, { bookings: EVENING, dayTables: DAY_TABLES, fits: [fit(6, 'В2', [1, 4])] });
    server.use(
      http.get('*/api/booking/find-available-tables/', ({ request }) => {
        fitQueries.push(new URL(request.url).searchParams);
        return HttpResponse.json([fit(6, 'В2', [1, 4])]);
      }),
    );
    renderDay();
    await screen.findAllByTestId('timeline-bar');
    tapRow('В2', 19.25);
    const sheet = await screen.findByRole('dialog', { name: 'Новая бронь' });
    expect(
      (within(sheet).getByLabelText('Другое время') as HTMLSelectElement).selectedOptions[0]?.textContent,
    ).toBe('19:15');
    await waitFor(() =>
      expect(within(sheet).getByRole('radio', { name: /Стол В2/ })).toHaveProperty('checked', true),
    );
    expect(fitQueries.at(-1)?.get('start_time')).toBe(msk(DAY, '19:15'));
  });

  it('says a table is taken when the tap falls on its cleaning time, and opens nothing', async () => {
    bookingApi(server, { bookings: EVENING, dayTables: DAY_TABLES });
    renderDay();
    await screen.findAllByTestId('timeline-bar');
    tapRow('4', 18.5);
    expect(await screen.findByText('Стол 4 занят в это время')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Новая бронь' })).toBeNull();
  });

  it('seats a guest at once from the card, and puts the bar back with the server’s reason when it refuses', async () => {
    const sent: BookingUpdateBody[] = [];
    bookingApi(server, { bookings: EVENING, dayTables: DAY_TABLES });
    server.use(
      http.patch('*/api/booking/1/', async ({ request }) => {
        sent.push((await request.json()) as BookingUpdateBody);
        await delay(150);
        return HttpResponse.json(
          { detail: 'Бронь уже изменили на другом устройстве. Обновите страницу', code: 'conflict' },
          { status: 409 },
        );
      }),
    );
    renderDay();
    await userEvent.click(await screen.findByRole('button', { name: /^Анна, / }));
    const card = await screen.findByRole('dialog', { name: 'Анна · 19:00' });
    await userEvent.click(within(card).getByRole('button', { name: 'Посадить' }));
    // Optimistic: the bar is seated before the server answers (and, at 21:00, already past its end).
    expect(
      await screen.findByRole('button', { name: 'Анна, 2 гостя, 19:00–20:30, Пересиживает' }),
    ).toBeTruthy();
    expect(
      await screen.findByText('Бронь уже изменили на другом устройстве. Обновите страницу'),
    ).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: 'Анна, 2 гостя, 19:00–20:30, Опаздывают' }),
    ).toBeTruthy();
    expect(sent).toEqual([{ status: 'open' }]);
  });

  it('checks a new end time against what is free before saving, and shows the server’s refusal', async () => {
    const fitQueries: URLSearchParams[] = [];
    const sent: BookingUpdateBody[] = [];
    const versions: (string | null)[] = [];
    bookingApi(server, { bookings: EVENING, dayTables: DAY_TABLES });
    server.use(
      http.get('*/api/booking/find-available-tables/', ({ request }) => {
        const query = new URL(request.url).searchParams;
        fitQueries.push(query);
        // Table 3 is free for Анна until 22:00, not longer.
        return HttpResponse.json(query.get('end_time') === msk(DAY, '23:00') ? [] : [fit(3, '3', [2, 4])]);
      }),
      http.patch('*/api/booking/1/', async ({ request }) => {
        sent.push((await request.json()) as BookingUpdateBody);
        versions.push(request.headers.get('if-match'));
        return HttpResponse.json(
          { detail: 'Этот стол уже забронирован на это время', code: 'booking_conflict' },
          { status: 409 },
        );
      }),
    );
    renderDay();
    await userEvent.click(await screen.findByRole('button', { name: /^Анна, / }));
    const card = await screen.findByRole('dialog', { name: 'Анна · 19:00' });
    await userEvent.click(within(card).getByRole('button', { name: 'Изменить' }));
    await waitFor(() =>
      expect(within(card).getByRole('radio', { name: /Стол 3/ })).toHaveProperty('checked', true),
    );
    expect(fitQueries.at(-1)?.get('booking')).toBe('1');

    await userEvent.selectOptions(within(card).getByLabelText('До'), '23:00');
    expect(
      await within(card).findByText('Этот стол занят на это время или не подходит. Выберите другой'),
    ).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Сохранить' }));
    expect(sent).toEqual([]);

    await userEvent.selectOptions(within(card).getByLabelText('До'), '22:00');
    await waitFor(() =>
      expect(within(card).getByRole('radio', { name: /Стол 3/ })).toHaveProperty('checked', true),
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Сохранить' }));
    expect(await within(card).findByText('Этот стол уже забронирован на это время')).toBeTruthy();
    expect(sent).toEqual([{ end_time: msk(DAY, '22:00') }]);
    // The save names the version the form opened, so a change from another device is not overwritten.
    expect(versions).toEqual([`"${EVENING.find((b) => b.id === 1)?.updated}"`]);
  });
});
