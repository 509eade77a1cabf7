import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { booking, DAY, msk } from '../../../shared/hall/test/hall-fixtures';
import { Toaster } from '../../../shared/ui/toast';
import { renderAt } from '../../../test/render';
import { evening, hallApi, openDialogsInJsdom } from '../test/hall-fixtures';
import { GroupsSettingsScreen } from './groups-settings-screen';

const server = setupServer();
beforeAll(() => {
  openDialogsInJsdom();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const renderGroups = () =>
  renderAt(
    <>
      <GroupsSettingsScreen />
      <Toaster />
    </>,
    { path: '/restaurant/:id/settings/groups', route: '/restaurant/1/settings/groups' },
  );

const groupRow = async (name: string) =>
  (await screen.findAllByTestId('group-row')).find((row) => within(row).queryByText(name)) as HTMLElement;

describe('Settings → table groups', () => {
  it('shows each group with its capacity and tables, and makes a new one from tables', async () => {
    const api = hallApi(server);
    renderGroups();
    const big = await groupRow('Большой стол');
    expect(within(big).getByText('от 2 до 8 гостей')).toBeTruthy();
    expect(
      within(big)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Стол 1×', 'Стол 2×']);

    await userEvent.click(screen.getByRole('button', { name: 'Создать группу' }));
    const sheet = screen.getByRole('dialog', { name: 'Новая группа столов' });
    await userEvent.type(within(sheet).getByLabelText('Название группы'), 'Веранда целиком');
    await userEvent.click(within(sheet).getByLabelText('В1 · до 2'));
    await userEvent.click(within(sheet).getByLabelText('В2 · до 4'));
    // Until typed, 'до' follows the tables chosen.
    expect((within(sheet).getByLabelText('Мест до') as HTMLInputElement).value).toBe('6');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Сохранить' }));

    expect(await groupRow('Веранда целиком')).toBeTruthy();
    expect(api.sent('POST')[0]?.body).toEqual({
      restaurant: 1,
      groups: [{ name: 'Веранда целиком', tables: [4, 5], seats_min: 1, seats_max: 6 }],
    });
    expect(await screen.findByText('Группа «Веранда целиком» сохранена')).toBeTruthy();
  });

  it('asks for two tables and a name before sending', async () => {
    const api = hallApi(server);
    renderGroups();
    await groupRow('Большой стол');
    await userEvent.click(screen.getByRole('button', { name: 'Создать группу' }));
    const sheet = screen.getByRole('dialog', { name: 'Новая группа столов' });
    await userEvent.click(within(sheet).getByLabelText('В1 · до 2'));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    expect(within(sheet).getByText('Выберите не меньше двух столов')).toBeTruthy();
    expect(within(sheet).getAllByText('Заполните поле')).toHaveLength(1);
    expect(api.sent('POST')).toEqual([]);
  });

  it('changes a group’s name, seats and tables in one save', async () => {
    const api = hallApi(server);
    renderGroups();
    await userEvent.click(await screen.findByRole('button', { name: 'Изменить группу «Большой стол»' }));
    const sheet = screen.getByRole('dialog', { name: 'Группа «Большой стол»' });
    await userEvent.click(within(sheet).getByLabelText('10 · до 6'));
    const max = within(sheet).getByLabelText('Мест до');
    await userEvent.clear(max);
    await userEvent.type(max, '12');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    await waitFor(async () =>
      expect(within(await groupRow('Большой стол')).getByText('от 2 до 12 гостей')).toBeTruthy(),
    );
    expect(api.sent('PATCH')[0]).toEqual(
      expect.objectContaining({ query: '?group_id=1', body: { seats_max: 12, tables: [1, 2, 3] } }),
    );
  });

  it('takes a table out of a group, and shows the refusal when that would leave one table', async () => {
    const hall = evening();
    hall.groups[0] = { ...hall.groups[0], tables: [1, 2, 3] } as (typeof hall.groups)[0];
    const api = hallApi(server, hall);
    renderGroups();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Убрать стол 10 из группы «Большой стол»' }),
    );
    await waitFor(async () =>
      expect(within(await groupRow('Большой стол')).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(api.sent('DELETE')[0]?.query).toBe('?group_id=1&table_id=3');

    await userEvent.click(screen.getByRole('button', { name: 'Убрать стол 2 из группы «Большой стол»' }));
    expect((await within(await groupRow('Большой стол')).findByRole('alert')).textContent).toBe(
      'В группе должно быть не меньше двух столов. Чтобы убрать группу, удалите ее',
    );
  });

  it('shows why a group a booking holds is not deleted', async () => {
    const hall = evening();
    hall.bookings.push(
      booking({
        id: 9,
        name: 'Юбилей',
        group: 1,
        table: null,
        tables: [1, 2],
        seating_time: msk(DAY, '21:00'),
      }),
    );
    hallApi(server, hall);
    renderGroups();
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить группу «Большой стол»' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    expect((await within(await groupRow('Большой стол')).findByRole('alert')).textContent).toBe(
      'Группу «Большой стол» нельзя удалить или изменить ее столы: на нее есть бронь. Сначала перенесите или отмените ее',
    );
  });

  it('says there are no groups yet', async () => {
    const hall = evening();
    hall.groups = [];
    hallApi(server, hall);
    renderGroups();
    expect(await screen.findByText('Групп пока нет')).toBeTruthy();
  });
});
