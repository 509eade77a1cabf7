import type { QueueEntry } from '@stolik/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installTelegramAdapter } from '../../../shared/telegram/telegram';
import { Toaster } from '../../../shared/ui/toast';
import { fakeTelegram } from '../../../test/fake-telegram';
import { renderAt } from '../../../test/render';
import { openDialogsInJsdom } from '../../booking/test/booking-fixtures';
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
  ...over,
});

const server = setupServer();
const encoder = new TextEncoder();

function restaurantApi(entries: QueueEntry[]) {
  server.use(
    http.get('*/api/reservation/', () => HttpResponse.json(entries)),
    http.get('*/api/reservation/zones/1/', () => HttpResponse.json([])),
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
    expect(within(anna).getByText('12 мин')).toBeTruthy();
    // Past the promised wait: marked, in words too, not by colour alone.
    const vera = screen.getByText('Вера').closest('li') as HTMLElement;
    expect(within(vera).getByText('1 ч 15 мин')).toBeTruthy();
    expect(within(vera).getByText('дольше обещанного')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Ожидают/ }).textContent).toContain('2');
    expect(screen.getByRole('tab', { name: /Вызваны/ }).textContent).toContain('1');
    expect(screen.queryByText('Борис')).toBeNull();
    await screen.findByText('Онлайн');
  });

  it("says 'Ничего не найдено' for an empty tab and for a search that finds nobody", async () => {
    restaurantApi([entry({ id: 1, name: 'Анна', phone: '+79165550101' })]);
    renderQueue();
    await screen.findByText('Анна');
    await userEvent.type(screen.getByPlaceholderText('Поиск по имени, телефону или номеру'), '0101');
    expect(screen.getByText('Анна')).toBeTruthy();
    await userEvent.clear(screen.getByPlaceholderText('Поиск по имени, телефону или номеру'));
    await userEvent.type(screen.getByPlaceholderText('Поиск по имени, телефону или номеру'), 'Олег');
    expect(screen.getByText('Ничего не найдено')).toBeTruthy();
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
    // Optimistic: she has left the waiting tab before the server answers.
    await waitFor(() => expect(screen.getByRole('tab', { name: /Вызваны/ }).textContent).toContain('1'));
    expect(screen.queryByText('Анна')).toBeNull();
    expect(await screen.findByText('Гостя уже изменили на другом устройстве. Обновите список')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Ожидают/ }).textContent).toContain('1');
    expect(screen.getByText('Анна')).toBeTruthy();
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
    // In the sheet the MainButton sends the form; the sheet keeps 'Посадить сразу' only.
    expect(telegram.mainButton()).toMatchObject({ text: 'В очередь', isVisible: true });
    expect(within(sheet).queryByRole('button', { name: 'В очередь' })).toBeNull();
    expect(within(sheet).getByRole('button', { name: 'Посадить сразу' })).toBeTruthy();
    expect(telegram.closingConfirmation()).toBe(false);

    await userEvent.type(within(sheet).getByLabelText('Как вас зовут'), 'Олег');
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
    await userEvent.type(within(sheet).getByLabelText('Как вас зовут'), 'Олег');
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
