import type { QueueEntry } from '@stolik/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installTelegramAdapter } from '../../../shared/telegram/telegram';
import { Toaster } from '../../../shared/ui/toast';
import { openDialogsInJsdom } from '../../../test/booking-fixtures';
import { fakeTelegram } from '../../../test/fake-telegram';
import { renderAt } from '../../../test/render';
import { QueueScreen } from './queue-screen';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const entry = (over: Partial<QueueEntry>): QueueEntry => ({
  id: 1,
  restaurant: 1,
  number: 1,
  group_size: 2,
  event: null,
  comment: '',
  name: '',
  phone: '',
  source: 'guest_form',
  status: 'live',
  fake: false,
  legacy_source: 'Live',
  created: minutesAgo(12),
  invite_time: null,
  seated_time: null,
  finished_time: null,
  tables: [],
  quoted_wait: 30,
  waiting_time: 10,
  waiting_range: null,
  visits: 0,
  reach: null,
  ...over,
});

const server = setupServer();
const encoder = new TextEncoder();

const HALL = [
  {
    id: 1,
    name: 'Зал',
    tables: [
      {
        id: 11,
        number: '4',
        seats_min: 2,
        seats_max: 4,
        occupied_by: null,
        booked_by: null,
        next_booking: null,
      },
    ],
  },
];

function restaurantApi(entries: QueueEntry[], { zones = [] as unknown[] } = {}) {
  server.use(
    http.get('*/api/reservation/', () => HttpResponse.json(entries)),
    http.get('*/api/reservation/zones/1/', () => HttpResponse.json(zones)),
    // A guest's details load her history (entry-sheet-source.test.tsx says what it shows).
    http.get('*/api/reservation/:id/history/', () => HttpResponse.json([])),
    http.get('*/api/reservation/forecast/1/', () =>
      HttpResponse.json({
        count: 0,
        next: null,
        previous: null,
        results: [],
        now: [{ group_size: 2, waiting_time: 15 }],
      }),
    ),
    http.get('*/api/restaurant/', () => HttpResponse.json([])),
    // An event stream that opens and stays open.
    http.get(
      '*/api/restaurant/1/events/',
      () =>
        new HttpResponse(
          new ReadableStream({
            start(controller) {
              controller.enqueue(encoder.encode('event: ready\ndata: {}\n\n'));
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    ),
  );
}

beforeAll(() => {
  openDialogsInJsdom();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  server.resetHandlers();
  installTelegramAdapter(null);
});
afterAll(() => server.close());

// The toaster lives in the app shell; here beside the screen.
const renderQueue = () =>
  renderAt(
    <>
      <QueueScreen />
      <Toaster />
    </>,
    { path: '/restaurant/:id', route: '/restaurant/1' },
  );

describe('the live queue screen', () => {
  it('on its first load keeps the rows skeleton until the forecast above them has come, its line kept meanwhile', async () => {
    restaurantApi([entry({ id: 1, number: 7, name: 'Анна' })]);
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get('*/api/reservation/forecast/1/', async () => {
        await answered;
        return HttpResponse.json({
          count: 0,
          next: null,
          previous: null,
          results: [],
          now: [{ group_size: 2, waiting_time: 15 }],
        });
      }),
    );
    const { container } = renderQueue();
    // The list has come, the forecast not: no row yet, and the forecast's blank line holds its place.
    await waitFor(() => expect(container.querySelector('.forecast[aria-busy=true]')).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Анна')).toBeNull();
    expect(screen.getByRole('status', { name: 'Загрузка…' })).toBeDefined();
    answer();
    await screen.findByText('Анна');
    expect(container.querySelector('.forecast[aria-busy=true]')).toBeNull();
    expect(screen.getByText('15 мин')).toBeDefined();
  });

  it('shows the waiting guests with party, event, returning mark and the time they have waited', async () => {
    restaurantApi([
      entry({ id: 1, number: 7, name: 'Анна', event: 'date', visits: 2, created: minutesAgo(12) }),
      entry({ id: 2, number: 8, name: 'Борис', status: 'called', invite_time: minutesAgo(3) }),
      entry({ id: 3, number: 9, name: 'Вера', created: minutesAgo(75), quoted_wait: 20 }),
    ]);
    renderQueue();
    const anna = (await screen.findByText('Анна')).closest('li') as HTMLElement;
    expect(within(anna).getByText('№7')).toBeTruthy();
    expect(within(anna).getByText('2 гостя')).toBeTruthy();
    expect(within(anna).getByText('Свидание')).toBeTruthy();
    expect(within(anna).getByText(/2 визита/)).toBeTruthy();
    // The time is drawn twice, for a tablet's first line and a phone's second (one shown by CSS).
    expect(within(anna).getAllByText('12 мин')).toHaveLength(2);
    // Past the promised wait: marked, in words too, not by colour alone.
    const vera = screen.getByText('Вера').closest('li') as HTMLElement;
    expect(within(vera).getAllByText('1 ч 15 мин')).toHaveLength(2);
    expect(within(vera).getByText('дольше обещанного')).toBeTruthy();
    // A called guest stays among the waiting, said to be called, with the seat as her one tap.
    expect(screen.getByRole('tab', { name: /Ожидают/ }).textContent).toContain('3');
    expect(screen.getByRole('tab', { name: /Вызваны/ }).textContent).toContain('1');
    const boris = screen.getByText('Борис').closest('li') as HTMLElement;
    expect(within(boris).getByText('Вызван')).toBeTruthy();
    expect(within(boris).getByRole('button', { name: 'Посадить' })).toBeTruthy();
    expect(within(anna).queryByText('Ожидает')).toBeNull();
    await screen.findByText('Онлайн');
  });

  it("says 'Ничего не найдено' for an empty tab and for a search that finds nobody", async () => {
    restaurantApi([entry({ id: 1, name: 'Анна', phone: '+79165550101' })]);
    renderQueue();
    await screen.findByText('Анна');
    await userEvent.type(screen.getByPlaceholderText('Имя, телефон или №'), '0101');
    expect(screen.getByText('Анна')).toBeTruthy();
    await userEvent.clear(screen.getByPlaceholderText('Имя, телефон или №'));
    await userEvent.type(screen.getByPlaceholderText('Имя, телефон или №'), 'Олег');
    expect(screen.getByText('Ничего не найдено')).toBeTruthy();
  });

  it('filters by the spec’s source words (issue #22): a Hostme reserve, a fake, and back to all', async () => {
    restaurantApi([
      entry({ id: 1, name: 'Анна' }),
      entry({ id: 2, name: 'Борис', status: 'reserve', source: 'hostme', legacy_source: 'Reserve_Hostme' }),
      entry({ id: 3, name: 'Вера', status: 'cancelled', fake: true, legacy_source: 'Fake' }),
    ]);
    renderQueue();
    await screen.findByText('Анна');
    const filter = screen.getByRole('combobox', { name: 'Источник' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Все источники',
      'Резерв',
      'Резерв Hostme',
      'Живая очередь',
      'Отмена',
      'Занял место',
      'Завершен',
      'Вызвана',
      'С нами',
      'Фейк',
    ]);
    await userEvent.selectOptions(filter, 'Резерв Hostme');
    // The tabs count what the filter leaves: nobody waiting, one in reserve.
    expect(screen.getByRole('tab', { name: /Ожидают/ }).textContent).toContain('0');
    await userEvent.click(screen.getByRole('tab', { name: /Резерв/ }));
    expect(screen.getByText('Борис')).toBeTruthy();
    await userEvent.selectOptions(filter, 'Фейк');
    await userEvent.click(screen.getByRole('tab', { name: /Ушли/ }));
    expect(screen.getByText('Вера')).toBeTruthy();
    expect(screen.queryByText('Борис')).toBeNull();
    await userEvent.selectOptions(filter, 'Все источники');
    await userEvent.click(screen.getByRole('tab', { name: /Ожидают/ }));
    expect(screen.getByText('Анна')).toBeTruthy();
  });

  it('moves a called guest at once, and back with the server’s reason when it refuses', async () => {
    restaurantApi([entry({ id: 1, name: 'Анна' })]);
    server.use(
      http.post('*/api/reservation/invite/', async () => {
        await delay(150);
        return HttpResponse.json(
          { detail: 'Гостя уже изменили на другом устройстве. Обновите список', code: 'conflict' },
          { status: 409 },
        );
      }),
    );
    renderQueue();
    const anna = (await screen.findByText('Анна')).closest('li') as HTMLElement;
    await userEvent.click(within(anna).getByRole('button', { name: 'Вызвать' }));
    // Optimistic: she is called before the server answers, and stays in sight, marked.
    await waitFor(() => expect(screen.getByRole('tab', { name: /Вызваны/ }).textContent).toContain('1'));
    expect(within(anna).getByText('Вызван')).toBeTruthy();
    expect(within(anna).getByRole('button', { name: 'Посадить' })).toBeTruthy();
    expect(await screen.findByText('Гостя уже изменили на другом устройстве. Обновите список')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Вызваны/ }).textContent).toContain('0');
    const again = screen.getByText('Анна').closest('li') as HTMLElement;
    expect(within(again).queryByText('Вызван')).toBeNull();
    expect(within(again).getByRole('button', { name: 'Вызвать' })).toBeTruthy();
  });
});

describe('the live queue row and the door’s steps (issue #17)', () => {
  it('draws a guest in two lines: who and how long first, what to know and the buttons below', async () => {
    restaurantApi([
      entry({
        id: 1,
        number: 7,
        name: 'Анна',
        event: 'birthday',
        visits: 2,
        comment: 'У окна',
        created: minutesAgo(12),
      }),
    ]);
    renderQueue();
    const anna = (await screen.findByText('Анна')).closest('li') as HTMLElement;
    const [first, second] = [
      anna.querySelector('.queue-row__line') as HTMLElement,
      anna.querySelector('.queue-row__facts') as HTMLElement,
    ];
    expect([...first.children].map((part) => part.textContent)).toEqual([
      '2',
      '№7',
      'Анна 2 гостя',
      '12 мин ждет',
    ]);
    // The party's size first, for a phone's badge (hidden from screen readers, which read '2 гостя').
    expect(first.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    expect(first.lastElementChild?.className).toContain('queue-row__elapsed');
    // A phone's second line starts with the same time, hidden from screen readers (said once).
    expect(second.firstElementChild?.textContent).toBe('12 мин');
    expect(second.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    expect(within(second).getByText('День рождения')).toBeTruthy();
    expect(within(second).getByText(/2 визита/)).toBeTruthy();
    expect(within(second).getByText('У окна')).toBeTruthy();
    // Both lines open the guest; the step and '⋯' are their own buttons beside the second line.
    const main = anna.querySelector('.queue-row__main') as HTMLElement;
    expect(main.contains(first) && main.contains(second)).toBe(true);
    const actions = anna.querySelector('.queue-row__actions') as HTMLElement;
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Вызвать', '⋯']);
  });

  it('calls in one tap and seats in two from the same row, without leaving the waiting tab', async () => {
    const sent: { path: string; body: unknown }[] = [];
    let anna = entry({ id: 1, number: 3, name: 'Анна', group_size: 2 });
    restaurantApi([], { zones: HALL });
    server.use(
      http.get('*/api/reservation/', () => HttpResponse.json([anna])),
      http.post('*/api/reservation/invite/', async ({ request }) => {
        sent.push({ path: 'invite', body: await request.json() });
        anna = { ...anna, status: 'called', invite_time: minutesAgo(0) };
        return HttpResponse.json(anna);
      }),
      http.put('*/api/reservation/:id/', async ({ request }) => {
        sent.push({ path: 'put', body: await request.json() });
        anna = { ...anna, status: 'sat', seated_time: minutesAgo(0), tables: [11] };
        return HttpResponse.json(anna);
      }),
    );
    renderQueue();
    const row = (await screen.findByText('Анна')).closest('li') as HTMLElement;
    let taps = 0;
    const tap = async (element: HTMLElement) => {
      taps += 1;
      await userEvent.click(element);
    };
    await tap(within(row).getByRole('button', { name: 'Вызвать' }));
    expect(taps).toBe(1);
    expect(screen.getByRole('tab', { name: /Ожидают/ }).getAttribute('aria-selected')).toBe('true');
    taps = 0;
    await tap(await within(row).findByRole('button', { name: 'Посадить' }));
    const sheet = await screen.findByRole('dialog', { name: 'Посадить: Анна' });
    await tap(within(sheet).getByText('4').closest('button') as HTMLElement);
    expect(taps).toBe(2);
    await waitFor(() =>
      expect(sent).toEqual([
        { path: 'invite', body: { id: 1 } },
        { path: 'put', body: { status: 'sat', tables: [11] } },
      ]),
    );
  });

  it('offers no table a booking holds now, says whose it is, and puts a table booked within the hour after the others', async () => {
    const fromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
    const moscow = (at: string) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Moscow',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(at));
    const booking = (name: string, start: number) => ({
      id: start + 100,
      name,
      group_size: 2,
      seating_time: fromNow(start),
      end_time: fromNow(start + 120),
    });
    const table = (id: number, number: string, over: object = {}) => ({
      id,
      number,
      seats_min: 1,
      seats_max: 4,
      occupied_by: null,
      booked_by: null,
      next_booking: null,
      ...over,
    });
    const held = booking('Петровы', 10);
    const soon = booking('Скоро', 40);
    const evening = booking('Вечер', 180);
    restaurantApi([entry({ id: 1, number: 3, name: 'Анна', group_size: 2, status: 'called' })], {
      zones: [
        {
          id: 1,
          name: 'Зал',
          tables: [
            table(11, '1', { booked_by: held }),
            table(12, '2', { next_booking: soon }),
            table(13, '3', { next_booking: evening }),
            table(14, '4'),
          ],
        },
      ],
    });
    const sent: unknown[] = [];
    server.use(
      http.put('*/api/reservation/:id/', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(entry({ id: 1, status: 'sat', tables: [13] }));
      }),
    );
    renderQueue();
    const row = (await screen.findByText('Анна')).closest('li') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Посадить' }));
    const sheet = await screen.findByRole('dialog', { name: 'Посадить: Анна' });
    const tiles = within(sheet)
      .getAllByRole('button')
      .filter((button) => button.classList.contains('table-tile'));
    expect(tiles.map((tile) => [tile.textContent, (tile as HTMLButtonElement).disabled])).toEqual([
      [`31–4 местасвободенбронь в ${moscow(evening.seating_time)}`, false],
      ['41–4 местасвободен', false],
      [`21–4 местасвободенбронь в ${moscow(soon.seating_time)}`, false],
      [`11–4 местабронь: Петровына ${moscow(held.seating_time)}`, true],
    ]);
    expect(tiles[2]?.classList.contains('table-tile--soon')).toBe(true);
    await userEvent.click(tiles[0] as HTMLElement);
    await waitFor(() => expect(sent).toEqual([{ status: 'sat', tables: [13] }]));
  });

  it('shows a walk-in added from another tab: turns to it, marks the row and says the number', async () => {
    const rows = [entry({ id: 1, name: 'Анна', status: 'sat', seated_time: minutesAgo(30) })];
    restaurantApi([]);
    const posted: unknown[] = [];
    server.use(
      http.get('*/api/reservation/', () => HttpResponse.json(rows)),
      http.post('*/api/reservation/', async ({ request }) => {
        posted.push(await request.json());
        rows.push(entry({ id: 2, number: 14, name: 'Олег', group_size: 3 }));
        return HttpResponse.json(rows[1], { status: 201 });
      }),
    );
    renderQueue();
    await userEvent.click(await screen.findByRole('tab', { name: /В зале/ }));
    await screen.findByText('Анна');
    await userEvent.click(screen.getByRole('button', { name: /Гость/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Новый гость' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Больше' }));
    await userEvent.type(within(sheet).getByLabelText('Имя гостя'), 'Олег');
    await userEvent.click(within(sheet).getByRole('button', { name: 'В очередь' }));
    expect(await screen.findByText('№14 в очереди')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Ожидают/ }).getAttribute('aria-selected')).toBe('true');
    const oleg = (await screen.findByText('Олег')).closest('li') as HTMLElement;
    expect(oleg.className).toContain('queue-row--new');
    expect(posted).toEqual([expect.objectContaining({ group_size: 3, name: 'Олег' })]);
  });

  it('asks the hostess, not the guest; takes one event as chips and the phone masked, sent compact', async () => {
    restaurantApi([]);
    const posted: unknown[] = [];
    server.use(
      http.post('*/api/reservation/', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(entry({ id: 2, number: 2, name: 'Олег' }), { status: 201 });
      }),
    );
    renderQueue();
    await userEvent.click(await screen.findByRole('button', { name: /Гость/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Новый гость' });
    expect(within(sheet).getByRole('group', { name: 'Сколько гостей' })).toBeTruthy();
    expect(within(sheet).queryByText('Сколько вас будет')).toBeNull();
    expect(within(sheet).queryByLabelText('Как вас зовут')).toBeNull();
    await userEvent.type(within(sheet).getByLabelText('Имя гостя'), 'Олег');
    const phone = within(sheet).getByLabelText('Телефон (если есть)') as HTMLInputElement;
    await userEvent.type(phone, '89161234567');
    expect(phone.value).toBe('+7 916 123-45-67');
    // One event at most: radio chips, a second choice replaces the first.
    const events = within(sheet).getByRole('group', { name: 'Особый повод' });
    expect(within(events).queryAllByRole('checkbox')).toEqual([]);
    await userEvent.click(within(events).getByText('День рождения'));
    await userEvent.click(within(events).getByText('Свидание'));
    expect(
      within(events)
        .getAllByRole('radio')
        .filter((r) => (r as HTMLInputElement).checked),
    ).toHaveLength(1);
    expect((within(events).getByRole('radio', { name: 'Свидание' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(sheet).getByRole('button', { name: 'В очередь' }));
    await waitFor(() =>
      expect(posted).toEqual([
        expect.objectContaining({ name: 'Олег', phone: '+79161234567', event: 'date' }),
      ]),
    );
  });

  it('says no counts and no connection state before the queue has loaded', async () => {
    restaurantApi([entry({ id: 1, name: 'Анна' })]);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('*/api/reservation/', async () => {
        await held;
        return HttpResponse.json([entry({ id: 1, name: 'Анна' })]);
      }),
    );
    renderQueue();
    const waiting = await screen.findByRole('tab', { name: /Ожидают/ });
    expect(waiting.textContent).toBe('Ожидают');
    expect(screen.queryByText('Онлайн')).toBeNull();
    expect(screen.queryByText('Подключаемся…')).toBeNull();
    release();
    await screen.findByText('Анна');
    expect(screen.getByRole('tab', { name: /Ожидают/ }).textContent).toBe('Ожидают1');
  });
});

describe('the live queue inside Telegram', () => {
  it("adds a walk-in with Telegram's MainButton, guarding unsaved input, and the hostess feels it", async () => {
    const telegram = fakeTelegram();
    restaurantApi([entry({ id: 1, name: 'Анна' })]);
    const posted: unknown[] = [];
    server.use(
      http.post('*/api/reservation/', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(entry({ id: 2, number: 2, name: 'Олег', group_size: 2 }), { status: 201 });
      }),
    );
    renderQueue();
    await screen.findByText('Анна');
    // The screen's primary action is Telegram's button, not ours.
    expect(telegram.mainButton()).toMatchObject({ text: 'Новый гость', isVisible: true, isEnabled: true });
    expect(screen.queryByRole('button', { name: /Гость/ })).toBeNull();

    telegram.pressMainButton();
    const sheet = await screen.findByRole('dialog', { name: 'Новый гость' });
    // In the sheet the MainButton sends the form and the SecondaryButton is 'Посадить сразу': no buttons of the page's own.
    expect(telegram.mainButton()).toMatchObject({ text: 'В очередь', isVisible: true });
    expect(telegram.secondaryButton()).toMatchObject({ text: 'Посадить сразу', isVisible: true });
    expect(within(sheet).queryByRole('button', { name: 'В очередь' })).toBeNull();
    expect(within(sheet).queryByRole('button', { name: 'Посадить сразу' })).toBeNull();
    expect(telegram.closingConfirmation()).toBe(false);

    await userEvent.type(within(sheet).getByLabelText('Имя гостя'), 'Олег');
    expect(telegram.closingConfirmation()).toBe(true);
    telegram.calls.haptics.splice(0);
    telegram.pressMainButton();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новый гость' })).toBeNull());
    expect(posted).toEqual([expect.objectContaining({ restaurant: 1, group_size: 2, name: 'Олег' })]);
    expect(telegram.calls.haptics).toEqual(['impact:light', 'notification:success']);
    // Nothing left to lose, and the screen has its MainButton back.
    expect(telegram.closingConfirmation()).toBe(false);
    expect(telegram.mainButton()).toMatchObject({ text: 'Новый гость', isVisible: true });
  });

  it('tells the hostess, in her words, that a walk-in’s phone is already in the queue', async () => {
    restaurantApi([]);
    server.use(
      // The server answers the guest's own words ('Ты…', spec §8); the sheet says it for staff.
      http.post('*/api/reservation/', () =>
        HttpResponse.json({ detail: 'Ты уже в очереди', code: 'already_queued' }, { status: 409 }),
      ),
    );
    renderQueue();
    await userEvent.click(await screen.findByRole('button', { name: /Гость/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Новый гость' });
    await userEvent.type(within(sheet).getByLabelText('Телефон (если есть)'), '89161234567');
    await userEvent.click(within(sheet).getByRole('button', { name: 'В очередь' }));
    expect((await within(sheet).findByRole('alert')).textContent).toBe(
      'Гость с этим телефоном уже в очереди',
    );
    expect(within(sheet).queryByText('Ты уже в очереди')).toBeNull();
  });

  it('keeps the sheet open with the reason, and an error felt, when the server refuses the walk-in', async () => {
    const telegram = fakeTelegram();
    restaurantApi([]);
    server.use(
      http.post('*/api/reservation/', () =>
        HttpResponse.json({ name: ['Слишком длинное имя'] }, { status: 400 }),
      ),
    );
    renderQueue();
    await screen.findByText('Ничего не найдено');
    telegram.pressMainButton();
    const sheet = await screen.findByRole('dialog', { name: 'Новый гость' });
    await userEvent.type(within(sheet).getByLabelText('Имя гостя'), 'Олег');
    telegram.calls.haptics.splice(0);
    telegram.pressMainButton();
    expect(await within(sheet).findByText('Слишком длинное имя')).toBeTruthy();
    expect(telegram.calls.haptics).toEqual(['impact:light', 'notification:error']);
    expect(telegram.closingConfirmation()).toBe(true);
  });

  it('gives a tap and then a success or an error on call, seat and cancel', async () => {
    const telegram = fakeTelegram();
    restaurantApi([entry({ id: 1, number: 1, name: 'Анна' }), entry({ id: 2, number: 2, name: 'Борис' })]);
    let refuse = false;
    server.use(
      http.post('*/api/reservation/invite/', () =>
        refuse
          ? HttpResponse.json({ detail: 'Гостя уже изменили', code: 'conflict' }, { status: 409 })
          : HttpResponse.json(entry({ id: 1, status: 'called' })),
      ),
      http.put('*/api/reservation/:id/', () => HttpResponse.json(entry({ id: 2, status: 'cancelled' }))),
    );
    renderQueue();
    const anna = (await screen.findByText('Анна')).closest('li') as HTMLElement;
    await userEvent.click(within(anna).getByRole('button', { name: 'Вызвать' }));
    await waitFor(() => expect(telegram.calls.haptics).toEqual(['impact:light', 'notification:success']));

    // Cancelled from the guest's sheet: felt the same way.
    telegram.calls.haptics.splice(0);
    const boris = screen.getByText('Борис').closest('li') as HTMLElement;
    await userEvent.click(within(boris).getByRole('button', { name: 'Действия: Борис' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Ушел' }));
    await waitFor(() => expect(telegram.calls.haptics).toEqual(['impact:light', 'notification:success']));

    // Seated (here without a table) from the seating sheet: the same.
    telegram.calls.haptics.splice(0);
    // (The list as the server has it: Анна is waiting again.)
    const waiting = (await screen.findByText('Анна')).closest('li') as HTMLElement;
    await userEvent.click(within(waiting).getByRole('button', { name: 'Действия: Анна' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Посадить' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Без стола' }));
    await waitFor(() => expect(telegram.calls.haptics).toEqual(['impact:light', 'notification:success']));

    // A refusal: the tap, then the error.
    telegram.calls.haptics.splice(0);
    refuse = true;
    server.use(http.get('*/api/reservation/', () => HttpResponse.json([entry({ id: 1, name: 'Анна' })])));
    const again = (await screen.findByText('Анна')).closest('li') as HTMLElement;
    await userEvent.click(within(again).getByRole('button', { name: 'Вызвать' }));
    await waitFor(() => expect(telegram.calls.haptics).toEqual(['impact:light', 'notification:error']));
  });
});

describe('the live queue in a browser', () => {
  it('keeps its own add button and the sheet its own submit', async () => {
    restaurantApi([]);
    renderQueue();
    await userEvent.click(await screen.findByRole('button', { name: /Гость/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Новый гость' });
    expect(within(sheet).getByRole('button', { name: 'В очередь' })).toBeTruthy();
  });
});
