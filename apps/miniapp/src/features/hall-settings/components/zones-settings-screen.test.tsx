import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render';
import { hallApi, openDialogsInJsdom } from '../test/hall-fixtures';
import { ZonesSettingsScreen } from './zones-settings-screen';

const server = setupServer();
beforeAll(() => {
  openDialogsInJsdom();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const renderZones = () =>
  renderAt(<ZonesSettingsScreen />, {
    path: '/restaurant/:id/settings/zones',
    route: '/restaurant/1/settings/zones',
  });

const rowOf = async (name: string) =>
  (await screen.findAllByTestId('zone-row')).find((row) => within(row).queryByText(name)) as HTMLElement;
const names = () =>
  screen.getAllByTestId('zone-row').map((row) => row.querySelector('.hall-row__name')?.textContent);

describe('Settings → zones', () => {
  it('lists the zones in their order with their tables, and adds one at the end', async () => {
    const api = hallApi(server);
    renderZones();
    expect(within(await rowOf('Зал')).getByText('3 стола')).toBeTruthy();
    expect(within(await rowOf('Терраса')).getByText('0 столов')).toBeTruthy();
    expect(names()).toEqual(['Зал', 'Веранда', 'Терраса']);

    await userEvent.type(screen.getByLabelText('Название новой зоны'), 'Летник');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить зону' }));
    await waitFor(() => expect(names()).toEqual(['Зал', 'Веранда', 'Терраса', 'Летник']));
    expect(api.sent('POST')).toEqual([expect.objectContaining({ body: { name: 'Летник' } })]);
    expect(screen.getByRole('status').textContent).toBe('Сохранено');
    expect((screen.getByLabelText('Название новой зоны') as HTMLInputElement).value).toBe('');
  });

  it('says what is wrong with a name before sending, and shows the server refusing a taken one beside it', async () => {
    const api = hallApi(server);
    renderZones();
    await rowOf('Зал');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить зону' }));
    expect(await screen.findByText('Заполните поле')).toBeTruthy();
    expect(api.sent('POST')).toEqual([]);

    await userEvent.type(screen.getByLabelText('Название новой зоны'), 'Веранда');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить зону' }));
    expect(await screen.findByText('Зона с таким названием уже есть')).toBeTruthy();
    expect(screen.getByLabelText('Название новой зоны').getAttribute('aria-invalid')).toBe('true');
  });

  it('renames a zone and moves it down, sending only the places that changed', async () => {
    const api = hallApi(server);
    renderZones();
    await userEvent.click(await screen.findByRole('button', { name: 'Переименовать зону «Веранда»' }));
    const field = screen.getByLabelText('Название зоны');
    await userEvent.clear(field);
    await userEvent.type(field, 'Летняя веранда');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await rowOf('Летняя веранда');
    expect(api.sent('PATCH')[0]?.body).toEqual({ name: 'Летняя веранда' });

    await userEvent.click(screen.getByRole('button', { name: 'Опустить зону «Зал»' }));
    await waitFor(() => expect(names()).toEqual(['Летняя веранда', 'Зал', 'Терраса']));
    const moves = api.sent('PATCH').slice(1);
    expect(moves.map((c) => [c.path, c.body])).toEqual([
      ['/api/restaurant/1/zones/2/', { sort_order: 0 }],
      ['/api/restaurant/1/zones/1/', { sort_order: 1 }],
    ]);
    expect(
      (screen.getByRole('button', { name: 'Поднять зону «Летняя веранда»' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('shows why a zone with tables is not deleted, and deletes an empty one', async () => {
    hallApi(server);
    renderZones();
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить зону «Веранда»' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    const reason = await within(await rowOf('Веранда')).findByRole('alert');
    expect(reason.textContent).toBe(
      'В зоне «Веранда» есть столы: В1, В2. Сначала перенесите их в другую зону или удалите',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Удалить зону «Терраса»' }));
    expect(screen.getByRole('dialog').textContent).toContain('Удалить зону «Терраса»?');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(names()).toEqual(['Зал', 'Веранда']));
  });

  it('says when the zones cannot be loaded, and loads them again on retry', async () => {
    hallApi(server);
    let fail = true;
    server.use(
      http.get('*/api/restaurant/1/zones/', () =>
        fail ? HttpResponse.json({ detail: 'Ошибка' }, { status: 500 }) : undefined,
      ),
    );
    renderZones();
    expect(await screen.findByText('Не удалось загрузить информацию')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await rowOf('Зал')).toBeTruthy();
  });
});
