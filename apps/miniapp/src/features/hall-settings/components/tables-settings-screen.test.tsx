import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Toaster } from '../../../shared/ui/toast';
import { renderAt } from '../../../test/render';
import { hallApi, openDialogsInJsdom } from '../test/hall-fixtures';
import { TablesSettingsScreen } from './tables-settings-screen';

const server = setupServer();
beforeAll(() => {
  openDialogsInJsdom();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const renderTables = () =>
  renderAt(
    <>
      <TablesSettingsScreen />
      <Toaster />
    </>,
    { path: '/restaurant/:id/settings/tables', route: '/restaurant/1/settings/tables' },
  );

const zoneSection = (name: string) => screen.findByRole('region', { name });
const numbersIn = (section: HTMLElement) =>
  within(section)
    .getAllByTestId('table-row')
    .map((row) => row.dataset.table);

describe('Settings → tables', () => {
  it('lists the tables by zone in the order people count them, those of no zone last', async () => {
    hallApi(server);
    renderTables();
    expect(numbersIn(await zoneSection('Зал'))).toEqual(['1', '2', '10']);
    expect(numbersIn(await zoneSection('Веранда'))).toEqual(['В1', 'В2']);
    expect(within(await zoneSection('Терраса')).getByText('В этой зоне нет столов')).toBeTruthy();
    expect(numbersIn(await zoneSection('Без зоны'))).toEqual(['Бар']);
    const ten = screen.getAllByTestId('table-row').find((row) => row.dataset.table === '10') as HTMLElement;
    expect(ten.textContent).toContain('2–6 мест · Квадратный · онлайн-бронь');
  });

  it('adds a table in a zone with its seats, shape and online booking', async () => {
    const api = hallApi(server);
    renderTables();
    await zoneSection('Зал');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить стол' }));
    const sheet = screen.getByRole('dialog', { name: 'Новый стол' });
    await userEvent.type(within(sheet).getByLabelText('Номер стола'), 'В3');
    await userEvent.selectOptions(within(sheet).getByLabelText('Зона'), 'Веранда');
    const max = within(sheet).getByLabelText('Мест до');
    await userEvent.clear(max);
    await userEvent.type(max, '6');
    await userEvent.click(within(sheet).getByLabelText('Круглый'));
    await userEvent.click(within(sheet).getByLabelText('Можно бронировать онлайн'));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Сохранить' }));

    await waitFor(() =>
      expect(numbersIn(screen.getByRole('region', { name: 'Веранда' }))).toEqual(['В1', 'В2', 'В3']),
    );
    expect(api.sent('POST')[0]?.body).toEqual({
      restaurant: 1,
      number: 'В3',
      zone: 2,
      seats_min: 1,
      seats_max: 6,
      is_reservable: false,
      shape: 'round',
    });
    expect(await screen.findByText('Стол В3 сохранен')).toBeTruthy();
  });

  it('checks the form with the API’s own rules and shows the server’s field errors beside the fields', async () => {
    const api = hallApi(server);
    renderTables();
    await zoneSection('Зал');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить стол' }));
    const sheet = screen.getByRole('dialog', { name: 'Новый стол' });
    const min = within(sheet).getByLabelText('Мест от');
    const max = within(sheet).getByLabelText('Мест до');
    await userEvent.clear(min);
    await userEvent.type(min, '0');
    await userEvent.clear(max);
    await userEvent.type(max, '51');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    expect(within(sheet).getByText('Заполните поле')).toBeTruthy();
    expect(within(sheet).getByText('Значение должно быть не меньше 1')).toBeTruthy();
    expect(within(sheet).getByText('Значение должно быть не больше 50')).toBeTruthy();
    expect(within(sheet).getByRole('alert').textContent).toBe('Проверьте поля, отмеченные красным');

    await userEvent.type(within(sheet).getByLabelText('Номер стола'), '10');
    await userEvent.clear(min);
    await userEvent.type(min, '5');
    await userEvent.clear(max);
    await userEvent.type(max, '4');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    expect(within(sheet).getByText('Мест «от» не может быть больше, чем мест «до»')).toBeTruthy();
    expect(api.sent('POST')).toEqual([]);

    await userEvent.clear(min);
    await userEvent.type(min, '2');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    expect(await within(sheet).findByText('Стол с таким номером уже есть')).toBeTruthy();
    expect(within(sheet).getByLabelText('Номер стола').getAttribute('aria-invalid')).toBe('true');
  });

  it('changes a table sending only what changed', async () => {
    const api = hallApi(server);
    renderTables();
    await userEvent.click(await screen.findByRole('button', { name: 'Изменить стол 10' }));
    const sheet = screen.getByRole('dialog', { name: 'Стол 10' });
    expect((within(sheet).getByLabelText('Мест до') as HTMLInputElement).value).toBe('6');
    const number = within(sheet).getByLabelText('Номер стола');
    await userEvent.clear(number);
    await userEvent.type(number, '11');
    await userEvent.selectOptions(within(sheet).getByLabelText('Зона'), 'Без зоны');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(numbersIn(screen.getByRole('region', { name: 'Без зоны' }))).toEqual(['11', 'Бар']),
    );
    expect(api.sent('PATCH')).toEqual([
      expect.objectContaining({ path: '/api/tables/', query: '?pk=3', body: { number: '11', zone: null } }),
    ]);
  });

  it('shows why a table guests sit at is not deleted, and who they are; deletes a free one', async () => {
    hallApi(server);
    renderTables();
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить стол 2' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    const row = screen.getAllByTestId('table-row').find((r) => r.dataset.table === '2') as HTMLElement;
    const reason = await within(row).findByRole('alert');
    expect(reason.textContent).toContain(
      'Стол 2 нельзя удалить: за ним сидят гости. Сначала завершите их визит',
    );
    expect(await within(reason).findByText('За столом: №3 Игорь, 3 гостя, с 19:05')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Удалить стол 10' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(numbersIn(screen.getByRole('region', { name: 'Зал' }))).toEqual(['1', '2']));
  });

  it('asks for a reload at once when the tables are refused (spec §8)', async () => {
    hallApi(server);
    server.use(
      http.get('*/api/tables/', () =>
        HttpResponse.json({ detail: 'Недостаточно прав', code: 'permission_denied' }, { status: 403 }),
      ),
    );
    renderTables();
    expect(await screen.findByText('Перезагрузи страницу')).toBeTruthy();
  });
});
