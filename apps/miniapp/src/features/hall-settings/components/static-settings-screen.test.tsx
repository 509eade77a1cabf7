import type { Me } from '@stolik/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { hallApi, PEOPLE } from '../test/hall-fixtures';
import { StaticSettingsScreen } from './static-settings-screen';

let me: Me = PEOPLE.admin;
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
  me = PEOPLE.admin;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const renderStatic = () =>
  renderAt(<StaticSettingsScreen />, {
    path: '/restaurant/:id/settings/static',
    route: '/restaurant/1/settings/static',
  });

const panel = (name: string) => screen.findByRole('region', { name });

describe('Settings → static', () => {
  it('edits the preset comments and saves the whole list in its order', async () => {
    const api = hallApi(server);
    renderStatic();
    const comments = await panel('Готовые комментарии');
    expect(((await within(comments).findByLabelText('Комментарий 1')) as HTMLInputElement).value).toBe(
      'у окна',
    );
    await userEvent.click(within(comments).getByRole('button', { name: 'Удалить комментарий 1' }));
    await userEvent.click(within(comments).getByRole('button', { name: 'Добавить комментарий' }));
    await userEvent.type(within(comments).getByLabelText('Комментарий 2'), 'нужна розетка');
    await userEvent.click(within(comments).getByRole('button', { name: 'Сохранить комментарии' }));
    expect(await within(comments).findByText('Сохранено')).toBeTruthy();
    expect(api.sent('POST')[0]).toEqual(
      expect.objectContaining({
        path: '/api/restaurant/1/comments/',
        body: { comments: ['детский стул', 'нужна розетка'] },
      }),
    );
  });

  it('refuses an empty comment beside it, without sending', async () => {
    const api = hallApi(server);
    renderStatic();
    const comments = await panel('Готовые комментарии');
    await within(comments).findByLabelText('Комментарий 1');
    await userEvent.click(within(comments).getByRole('button', { name: 'Добавить комментарий' }));
    await userEvent.click(within(comments).getByRole('button', { name: 'Сохранить комментарии' }));
    const third = within(comments).getByLabelText('Комментарий 3');
    expect(third.getAttribute('aria-invalid')).toBe('true');
    expect(within(comments).getByText('Заполните поле')).toBeTruthy();
    expect(api.sent('POST')).toEqual([]);
  });

  it('shows an admin only the restaurant’s part', async () => {
    hallApi(server);
    renderStatic();
    await panel('Готовые комментарии');
    expect(screen.queryByRole('region', { name: 'Настройки установки' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Рестораны' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Открыть объявление' })).toBeNull();
  });

  it('lets a superuser set up the installation and open a restaurant', async () => {
    me = PEOPLE.superuser;
    const api = hallApi(server);
    renderStatic();
    const setup = await panel('Настройки установки');
    expect(screen.getByRole('link', { name: 'Открыть объявление' }).getAttribute('href')).toBe(
      '/restaurant/1/settings/style',
    );
    const host = await within(setup).findByLabelText('Основной адрес');
    await userEvent.type(host, 'не адрес');
    await userEvent.click(within(setup).getByRole('button', { name: 'Сохранить' }));
    expect(within(setup).getByText('Некорректное значение')).toBeTruthy();
    await userEvent.clear(host);
    await userEvent.type(host, 'Stolik.Example.com');
    await userEvent.click(within(setup).getByLabelText('Тестовый стенд'));
    await userEvent.click(within(setup).getByRole('button', { name: 'Сохранить' }));
    expect(await within(setup).findByText('Сохранено')).toBeTruthy();
    expect(api.sent('POST')[0]?.body).toEqual({ test_stand: true, main_host: 'stolik.example.com' });

    const orgs = await panel('Рестораны');
    await userEvent.click(within(orgs).getByRole('button', { name: 'Открыть ресторан' }));
    expect(within(orgs).getByText('Заполните поле')).toBeTruthy();
    await userEvent.type(within(orgs).getByLabelText('Название ресторана'), 'Второй');
    await userEvent.click(within(orgs).getByRole('button', { name: 'Открыть ресторан' }));
    await waitFor(() => expect(within(orgs).getAllByTestId('org-row')).toHaveLength(1));
    expect(within(orgs).getByTestId('org-row').textContent).toContain('Второй');
    expect(api.sent('POST')[1]?.body).toEqual({
      name: 'Второй',
      timezone: 'Europe/Moscow',
      has_bookings: true,
    });
  });
});
