import type { QueueEntry, SeatingZone, TableLock } from '@stolik/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../shared/ui/toast';
import { booking, bookingApi, DAY, fit, msk, openDialogsInJsdom } from '../../../test/booking-fixtures';
import { renderAt } from '../../../test/render';
import { lock, mapApi, queueEntry, seatingOf } from '../test/map-fixtures';
import { MapScreen } from './map-screen';

const server = setupServer();
beforeAll(() => {
  openDialogsInJsdom();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  // Only the clock is fixed (19:30 in Moscow on DAY); timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(msk(DAY, '19:30')));
});
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
});
afterAll(() => server.close());

/**
 * The evening: Борис's booking sits at 1 until 20:00; Анна is booked at 2 for 20:00; a walk-in sits
 * at 4; В1 is closed for the day; 3 and В2 are free. Ольга (4) and Игорь (2) wait in the queue.
 */
const EVENING = [
  booking({
    id: 1,
    name: 'Борис',
    tables: [1],
    table: 1,
    status: 'open',
    group_size: 3,
    seating_time: msk(DAY, '18:00'),
    end_time: msk(DAY, '20:00'),
  }),
  booking({
    id: 2,
    name: 'Анна',
    tables: [2],
    table: 2,
    group_size: 2,
    seating_time: msk(DAY, '20:00'),
    end_time: msk(DAY, '21:30'),
  }),
];
const WALK_IN = queueEntry({ id: 10, number: 3, status: 'sat', tables: [4], seated_time: msk(DAY, '19:05') });
const OLGA = queueEntry({ id: 12, number: 5, name: 'Ольга', group_size: 4, created: msk(DAY, '19:00') });
const IGOR = queueEntry({ id: 11, number: 6, name: 'Игорь', group_size: 2, created: msk(DAY, '19:10') });

function evening(over: { queue?: QueueEntry[]; locks?: TableLock[]; zones?: SeatingZone[] } = {}) {
  const hall = {
    // The booking fixtures' API reads this very list: a change made here is what it answers next.
    bookings: EVENING.map((b) => ({ ...b })),
    queue: over.queue ?? [WALK_IN, OLGA, IGOR],
    locks: over.locks ?? [lock({ id: 7, table: 5 })],
  };
  bookingApi(server, { bookings: hall.bookings, fits: [fit(6, 'В2', [1, 4])] });
  mapApi(server, {
    queue: () => hall.queue,
    locks: () => hall.locks,
    zones: () => over.zones ?? seatingOf(hall.bookings, hall.queue),
  });
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
const legendCount = (state: string) => screen.getByTestId(`legend-${state}`).textContent;

describe('the hall map', () => {
  it('draws every table of the scheme with its live state, party and time, and counts them in the legend', async () => {
    evening();
    renderMap();
    expect(await table('Стол 1: Занят, 3 гостя, до 20:00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Стол 2: Скоро бронь, 2 гостя, в 20:00' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Стол 4: Занят, 2 гостя, с 19:05' })).toBeTruthy();
    await table('Стол В1: Закрыт');
    expect(screen.getByRole('button', { name: 'Стол В2: Свободен, 1–4 места' })).toBeTruthy();
    // The plan itself: the zone areas, the bar, the labels.
    const plan = screen.getByTestId('hall-plan');
    expect(plan.querySelectorAll('.map-zone polygon')).toHaveLength(2);
    expect(plan.querySelectorAll('.map-decoration--bar')).toHaveLength(1);
    expect(within(plan).getByText('Вход')).toBeTruthy();
    expect(plan.getAttribute('viewBox')).toMatch(/^-?\d/);
    expect(legendCount('free')).toBe('Свободен2');
    expect(legendCount('seated')).toBe('Занят2');
    expect(legendCount('soon')).toBe('Скоро бронь1');
    expect(legendCount('locked')).toBe('Закрыт1');
    expect(await screen.findByText('Онлайн')).toBeTruthy();
  });

  it('shows late guests as the timeline and the list do: red, the late icon and the word', async () => {
    vi.setSystemTime(new Date(msk(DAY, '20:10')));
    evening();
    renderMap();
    const late = await table('Стол 2: Опаздывают, 2 гостя, в 20:00');
    const drawn = late.closest('[data-testid="map-table"]') as HTMLElement;
    expect(drawn.dataset.state).toBe('late');
    // The palette's 'late' tone, as a late bar on the timeline has it, and its icon on the corner.
    expect(drawn.dataset.tone).toBe('late');
    expect(drawn.querySelector('.map-table__badge .status-mark')?.getAttribute('data-tone')).toBe('late');
    expect(drawn.querySelector('.map-table__tag')?.textContent).toBe('в 20:00');
    expect(legendCount('late')).toBe('Опаздывают1');
    expect(screen.getByTestId('legend-late').querySelector('[data-tone]')?.getAttribute('data-tone')).toBe(
      'late',
    );
    // Its sheet says it in the same pill as the booking list's badge.
    await userEvent.click(late);
    const sheet = await screen.findByRole('dialog', { name: 'Стол 2' });
    const pills = [...sheet.querySelectorAll('.status-pill')].map((p) => [
      p.getAttribute('data-tone'),
      p.textContent,
    ]);
    expect(pills).toContainEqual(['late', 'Опаздывают']);
  });

  it('offers no queue guest at a table a booking holds now (the server would refuse), and says why', async () => {
    vi.setSystemTime(new Date(msk(DAY, '20:10')));
    const anna = EVENING[1];
    // The server's seating read: Анна's booking holds table 2 (her guests are late); 3 is free.
    const held = {
      id: 2,
      name: 'Анна',
      group_size: 2,
      seating_time: anna?.seating_time ?? '',
      end_time: anna?.end_time ?? '',
    };
    const tile = (id: number, bookedBy: typeof held | null) => ({
      id,
      number: String(id),
      seats_min: 1,
      seats_max: 4,
      occupied_by: null,
      booked_by: bookedBy,
      next_booking: null,
    });
    evening({ zones: [{ id: 1, name: 'Зал', tables: [tile(2, held), tile(3, null)] }] });
    const user = userEvent.setup();
    renderMap();
    await user.click(await table(/^Стол 2: Опаздывают/));
    const sheet = await screen.findByRole('dialog', { name: 'Стол 2' });
    expect(
      await within(sheet).findByText('Стол держит бронь на 20:00: гостей из очереди посадите за другой стол'),
    ).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: /^Посадить №/ })).toBeNull();
    // A free table still offers the queue's next fitting guest.
    await user.click(within(sheet).getByRole('button', { name: 'Закрыть' }));
    await user.click(await table(/^Стол 3: Свободен/));
    const free = await screen.findByRole('dialog', { name: 'Стол 3' });
    expect(within(free).getByRole('button', { name: 'Посадить №5, Ольга, 4 гостя' })).toBeTruthy();
  });

  it('seats the next fitting guest from the queue at a tapped free table, and shows the table taken', async () => {
    const hall = evening();
    const puts: { id: string; body: unknown }[] = [];
    server.use(
      http.put('*/api/reservation/:id/', async ({ params, request }) => {
        const body = (await request.json()) as { status: 'sat'; tables: number[] };
        puts.push({ id: String(params.id), body });
        const seated = {
          ...OLGA,
          status: body.status,
          tables: body.tables,
          seated_time: new Date().toISOString(),
        };
        hall.queue = [WALK_IN, seated, IGOR];
        return HttpResponse.json(seated);
      }),
    );
    const user = userEvent.setup();
    renderMap();
    await user.click(await table(/^Стол 3: Свободен/));
    const sheet = await screen.findByRole('dialog', { name: 'Стол 3' });
    // Ольга waits longest and 3 seats her four; Игорь's two would fit too, but he came later.
    await user.click(within(sheet).getByRole('button', { name: 'Посадить №5, Ольга, 4 гостя' }));
    expect(puts).toEqual([{ id: '12', body: { status: 'sat', tables: [3] } }]);
    expect(await table('Стол 3: Занят, 4 гостя, с 19:30')).toBeTruthy();
  });

  it('says so when nobody in the queue fits, and seats the guests of the coming booking', async () => {
    const hall = evening({ queue: [] });
    const patches: unknown[] = [];
    server.use(
      http.patch('*/api/booking/:id/', async ({ request }) => {
        patches.push(await request.json());
        const anna = hall.bookings[1];
        if (anna) anna.status = 'open';
        return HttpResponse.json(anna);
      }),
    );
    const user = userEvent.setup();
    renderMap();
    await user.click(await table(/^Стол 2: Скоро бронь/));
    const sheet = await screen.findByRole('dialog', { name: 'Стол 2' });
    expect(within(sheet).getByText('Анна · 2 гостя')).toBeTruthy();
    expect(within(sheet).getByText('В очереди нет гостей, которым подходит этот стол')).toBeTruthy();
    await user.click(within(sheet).getByRole('button', { name: 'Посадить' }));
    expect(patches).toEqual([{ status: 'open' }]);
    expect(await table(/^Стол 2: Занят, 2 гостя, до 21:30/)).toBeTruthy();
  });

  it('shows who sits at a table and finishes their visit', async () => {
    evening();
    const puts: unknown[] = [];
    server.use(
      http.put('*/api/reservation/:id/', async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json({ ...WALK_IN, status: 'closed' });
      }),
    );
    const user = userEvent.setup();
    renderMap();
    await user.click(await table(/^Стол 4: Занят/));
    const sheet = await screen.findByRole('dialog', { name: 'Стол 4' });
    expect(within(sheet).getByText('№3 Гость · 2 гостя')).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: /^Посадить/ })).toBeNull();
    await user.click(within(sheet).getByRole('button', { name: 'Завершить' }));
    expect(puts).toEqual([{ status: 'closed' }]);
  });

  it('closes a table for the rest of the day and opens it again', async () => {
    const hall = evening({ locks: [] });
    const calls: string[] = [];
    server.use(
      http.post('*/api/restaurant/1/table_lock/', async ({ request }) => {
        const body = (await request.json()) as TableLock;
        calls.push(`POST ${JSON.stringify(body)}`);
        hall.locks = [lock({ id: 9, table: body.table })];
        return HttpResponse.json(hall.locks[0], { status: 201 });
      }),
      http.delete('*/api/restaurant/1/table_lock/:lockId/', ({ params }) => {
        calls.push(`DELETE ${String(params.lockId)}`);
        hall.locks = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderMap();
    await user.click(await table(/^Стол В2: Свободен/));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Стол В2' })).getByRole('button', {
        name: 'Закрыть стол до конца дня',
      }),
    );
    await user.click(await table('Стол В2: Закрыт'));
    expect(await screen.findByText('Стол В2 закрыт')).toBeTruthy();
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Стол В2' })).getByRole('button', {
        name: 'Открыть стол',
      }),
    );
    expect(await table(/^Стол В2: Свободен/)).toBeTruthy();
    expect(calls).toEqual([
      `POST ${JSON.stringify({ table: 6, date: DAY, from: null, to: null, reason: '' })}`,
      'DELETE 9',
    ]);
  });

  it('starts a booking on the tapped table at the next quarter hour', async () => {
    evening();
    const user = userEvent.setup();
    renderMap();
    await user.click(await table(/^Стол В2: Свободен/));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Стол В2' })).getByRole('button', {
        name: 'Забронировать этот стол',
      }),
    );
    const form = await screen.findByRole('dialog', { name: 'Новая бронь' });
    await waitFor(() =>
      expect(within(form).getByRole('radio', { checked: true }).closest('label')?.textContent).toMatch(/В2/),
    );
    expect((within(form).getByLabelText('Другое время') as HTMLSelectElement).value).toBe(
      String(19 * 60 + 30),
    );
  });

  it('turns a table taken when a guest is seated on another device, without a reload', async () => {
    const hall = evening();
    const encoder = new TextEncoder();
    let stream!: ReadableStreamDefaultController<Uint8Array>;
    server.use(
      http.get(
        '*/api/restaurant/1/events/',
        () =>
          new HttpResponse(
            new ReadableStream({
              start(controller) {
                stream = controller;
                controller.enqueue(encoder.encode('event: ready\ndata: {}\n\n'));
              },
            }),
            { headers: { 'content-type': 'text/event-stream' } },
          ),
      ),
    );
    renderMap();
    await table(/^Стол 3: Свободен/);
    await screen.findByText('Онлайн');
    hall.queue = [WALK_IN, { ...IGOR, status: 'sat', tables: [3], seated_time: msk(DAY, '19:29') }, OLGA];
    stream.enqueue(
      encoder.encode('event: change\ndata: {"kind":"queue","restaurant":1,"id":11,"status":"sat"}\n\n'),
    );
    expect(await table('Стол 3: Занят, 2 гостя, с 19:29')).toBeTruthy();
  });

  it('asks for a reload at once when the tables are refused (spec §8)', async () => {
    evening();
    server.use(
      http.get('*/api/restaurant/1/tables/', () =>
        HttpResponse.json({ detail: 'Недостаточно прав', code: 'permission_denied' }, { status: 403 }),
      ),
    );
    renderMap();
    expect(await screen.findByText('Перезагрузи страницу')).toBeTruthy();
  });

  it('still draws the hall when the queue cannot be loaded, and says its colours may be wrong', async () => {
    evening();
    server.use(
      http.get('*/api/reservation/', () => HttpResponse.json({ detail: 'Ошибка' }, { status: 500 })),
    );
    renderMap();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(/цвета столов могут быть неточны/)).toBeTruthy();
    expect(screen.getAllByTestId('map-table')).toHaveLength(6);
  });
});
