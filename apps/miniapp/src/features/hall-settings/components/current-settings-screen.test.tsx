import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../shared/ui/toast';
import { renderAt } from '../../../test/render';
import { DAY, hallApi, msk } from '../test/hall-fixtures';
import { CurrentSettingsScreen } from './current-settings-screen';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(msk(DAY, '19:30')));
});
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
});
afterAll(() => server.close());

const renderCurrent = () =>
  renderAt(
    <>
      <CurrentSettingsScreen />
      <Toaster />
    </>,
    { path: '/restaurant/:id/settings/current', route: '/restaurant/1/settings/current' },
  );

const lockRows = () => screen.queryAllByTestId('lock-row').map((row) => row.textContent);

describe('Settings → current', () => {
  it('switches a zone off for now, and back if the server refuses', async () => {
    const api = hallApi(server);
    renderCurrent();
    const veranda = await screen.findByRole('switch', { name: 'Веранда: зона работает' });
    expect((veranda as HTMLInputElement).checked).toBe(true);
    await userEvent.click(veranda);
    expect(await screen.findByText('Зона «Веранда» выключена')).toBeTruthy();
    expect(api.sent('PATCH')).toEqual([
      expect.objectContaining({ path: '/api/restaurant/1/update_zone_schedule/2/', body: { active: 0 } }),
    ]);
    await waitFor(() =>
      expect(
        screen.getAllByText('Зона выключена: ее не предлагают при рассадке и в онлайн-брони'),
      ).toHaveLength(1),
    );

    server.use(
      http.patch('*/api/restaurant/1/update_zone_schedule/:zone/', () =>
        HttpResponse.json({ detail: 'Недостаточно прав' }, { status: 403 }),
      ),
    );
    const hall = screen.getByRole('switch', { name: 'Зал: зона работает' }) as HTMLInputElement;
    await userEvent.click(hall);
    expect(await screen.findByText('Недостаточно прав')).toBeTruthy();
    await waitFor(() => expect(hall.checked).toBe(true));
  });

  it('lists the tables closed today, opens one, and closes another for hours with a reason', async () => {
    const api = hallApi(server);
    renderCurrent();
    await waitFor(() => expect(lockRows()).toEqual(['Стол В1весь день · РемонтОткрыть']));
    expect((screen.getByLabelText('Дата') as HTMLInputElement).value).toBe(DAY);

    await userEvent.click(screen.getByRole('button', { name: 'Открыть стол В1' }));
    expect(await screen.findByText('На 14.03.2026 все столы открыты')).toBeTruthy();
    expect(api.sent('DELETE')[0]?.path).toBe('/api/restaurant/1/table_lock/7/');

    await userEvent.selectOptions(screen.getByLabelText('Стол'), 'Стол В2');
    await userEvent.selectOptions(screen.getByLabelText('С'), '12:00');
    await userEvent.selectOptions(screen.getByLabelText('До'), '15:00');
    await userEvent.type(screen.getByLabelText('Причина (необязательно)'), 'Банкет');
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть стол' }));
    await waitFor(() => expect(lockRows()).toEqual(['Стол В212:00–15:00 · БанкетОткрыть']));
    expect(api.sent('POST')[0]?.body).toEqual({
      table: 5,
      date: DAY,
      from: '12:00',
      to: '15:00',
      reason: 'Банкет',
    });
  });

  it('asks for a table, and for both times or neither, before sending', async () => {
    const api = hallApi(server);
    renderCurrent();
    await screen.findAllByTestId('lock-row');
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть стол' }));
    const form = screen.getByRole('button', { name: 'Закрыть стол' }).closest('form') as HTMLElement;
    expect(within(form).getByText('Заполните поле')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Стол'), 'Стол 1');
    await userEvent.selectOptions(screen.getByLabelText('С'), '12:00');
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть стол' }));
    expect(within(form).getByText('Укажите оба времени или ни одного')).toBeTruthy();
    expect(api.sent('POST')).toEqual([]);
  });

  it('shows the locks of another date', async () => {
    const api = hallApi(server);
    api.hall.locks.push({ id: 8, table: 1, date: '2026-03-20', from: null, to: null, reason: '' });
    renderCurrent();
    await screen.findAllByTestId('lock-row');
    fireEvent.change(screen.getByLabelText('Дата'), { target: { value: '2026-03-20' } });
    await waitFor(() => expect(lockRows()).toEqual(['Стол 1весь деньОткрыть']));
  });
});
