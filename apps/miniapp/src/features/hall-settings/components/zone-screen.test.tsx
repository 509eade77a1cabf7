import type { Me } from '@stolik/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../shared/ui/toast';
import { renderAt } from '../../../test/render';
import { DAY, evening, hallApi, msk, PEOPLE } from '../test/hall-fixtures';
import { ZoneScreen } from './zone-screen';

let me: Me = PEOPLE.hostess;
vi.mock(import('../../../shared/session/session'), async (importOriginal) => ({
  ...(await importOriginal()),
  useSession: () => ({
    status: 'signed-in',
    me,
    telegramProblem: null,
    expired: false,
    start: () => {},
    signOut: async () => {},
    retry: () => {},
    updateMe: () => {},
    reloadMe: () => {},
  }),
}));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  me = PEOPLE.hostess;
  // Only the clock is fixed (19:30 in Moscow on DAY); timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(msk(DAY, '19:30')));
});
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
});
afterAll(() => server.close());

const renderZone = () =>
  renderAt(
    <>
      <ZoneScreen />
      <Toaster />
    </>,
    { path: '/restaurant/:id/zone', route: '/restaurant/1/zone' },
  );

const card = (name: string) => screen.findByRole('region', { name });
const tableRow = (number: string) =>
  screen.getAllByTestId('zone-table').find((row) => row.dataset.table === number) as HTMLElement;
const said = (number: string) => {
  const row = tableRow(number);
  return [
    row.dataset.state,
    row.querySelector('.zone-table__state')?.textContent,
    row.querySelector('.zone-table__detail')?.textContent ?? null,
  ];
};

describe('the Зоны screen', () => {
  it('says late guests as the timeline does: Опаздывают, in the late tone with its icon', async () => {
    vi.setSystemTime(new Date(msk(DAY, '20:10')));
    hallApi(server);
    renderZone();
    await card('Зал');
    expect(said('1')).toEqual(['late', 'Опаздывают', 'Бронь: Анна · 2 гостя · в 20:00']);
    expect(tableRow('1').dataset.tone).toBe('late');
    expect(tableRow('1').querySelector('.zone-table__state .status-icon')?.getAttribute('data-tone')).toBe(
      'late',
    );
    expect(tableRow('1').querySelector('.zone-table__badge [data-tone]')?.getAttribute('data-tone')).toBe(
      'late',
    );
  });

  it('lists each zone’s tables in their live state: who sits where since when, booked soon, closed, free', async () => {
    hallApi(server);
    renderZone();
    const hall = await card('Зал');
    expect(within(hall).getByText('Свободно 1 из 3')).toBeTruthy();
    expect(
      within(hall)
        .getAllByTestId('zone-table')
        .map((row) => row.dataset.table),
    ).toEqual(['1', '2', '10']);
    expect(said('1')).toEqual(['soon', 'Скоро бронь', 'Бронь: Анна · 2 гостя · в 20:00']);
    expect(said('2')).toEqual(['seated', 'Занят', '№3 Игорь · 3 гостя · с 19:05']);
    expect(said('10')).toEqual(['free', 'Свободен', null]);
    expect(tableRow('10').textContent).toContain('Стол 10');
    expect(tableRow('10').textContent).toContain('2–6 мест');
    expect(said('В1')).toEqual(['locked', 'Закрыт', 'Ремонт']);
    expect(within(await card('Терраса')).getByText('В зоне нет столов')).toBeTruthy();
    expect(within(await card('Без зоны')).getAllByTestId('zone-table')).toHaveLength(1);
    expect(await screen.findByText('Онлайн')).toBeTruthy();
    // The palette's tones and icons, the same as the map's and the booking's.
    expect(tableRow('1').dataset.tone).toBe('waiting');
    expect(tableRow('2').dataset.tone).toBe('seated');
    expect(tableRow('В1').querySelector('.zone-table__badge [data-tone]')?.getAttribute('data-tone')).toBe(
      'locked',
    );
    // A hostess sees whether a zone works; switching it is for managers.
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('turns a table taken when a guest is seated at it on another device, without a reload', async () => {
    const api = hallApi(server);
    renderZone();
    await card('Зал');
    await screen.findByText('Онлайн');
    expect(said('10')[0]).toBe('free');
    api.hall.queue = api.hall.queue.map((entry) =>
      entry.id === 11 ? { ...entry, status: 'sat', tables: [3], seated_time: msk(DAY, '19:29') } : entry,
    );
    api.emit('queue', 11);
    await waitFor(() => expect(said('10')).toEqual(['seated', 'Занят', '№4 Ольга · 2 гостя · с 19:29']));
    expect(within(await card('Зал')).getByText('Свободно 0 из 3')).toBeTruthy();
  });

  it('lets a manager switch a zone off, and marks it so', async () => {
    me = PEOPLE.admin;
    const api = hallApi(server);
    renderZone();
    const veranda = await card('Веранда');
    await userEvent.click(within(veranda).getByRole('switch', { name: 'Веранда: зона работает' }));
    expect(
      await within(veranda).findByText('Зона выключена: ее не предлагают при рассадке и в онлайн-брони'),
    ).toBeTruthy();
    expect(api.sent('PATCH')[0]?.body).toEqual({ active: 0 });
    expect(await screen.findByText('Зона «Веранда» выключена')).toBeTruthy();
  });

  it('still lists the tables when the queue cannot be loaded, and says their states may be wrong', async () => {
    hallApi(server);
    server.use(
      http.get('*/api/reservation/', () => HttpResponse.json({ detail: 'Ошибка' }, { status: 500 })),
    );
    renderZone();
    expect((await screen.findByRole('alert')).textContent).toContain('состояния столов могут быть неточны');
    expect(screen.getAllByTestId('zone-table')).toHaveLength(6);
  });

  it('asks for a reload when the tables are refused, and offers a manager to set up an empty hall', async () => {
    hallApi(server);
    server.use(
      http.get('*/api/tables/', () =>
        HttpResponse.json({ detail: 'Недостаточно прав', code: 'permission_denied' }, { status: 403 }),
      ),
    );
    const { unmount } = renderZone();
    expect(await screen.findByText('Перезагрузи страницу')).toBeTruthy();
    unmount();

    me = PEOPLE.admin;
    const empty = evening();
    empty.zones = [];
    empty.tables = [];
    hallApi(server, empty);
    renderZone();
    expect(await screen.findByText('Ничего не найдено')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Добавить зоны и столы' }).getAttribute('href')).toBe(
      '/restaurant/1/settings/zones',
    );
  });
});
