import type { Me, UserListItem } from '@stolik/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localTokenStore } from '../../../shared/api/token-store';
import { SessionProvider } from '../../../shared/session/session';
import { openDialogsInJsdom } from '../../../test/booking-fixtures';
import { renderAt } from '../../../test/render';
import { UsersScreen } from './users-screen';

const server = setupServer();
let sent: string[] = [];
beforeAll(() => {
  openDialogsInJsdom();
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => {
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
  });
});
beforeEach(() => {
  localTokenStore.set({ access: 'access-token', refresh: 'refresh-token' });
  sent = [];
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const person = (id: number, first_name: string, restaurants: Me['restaurants']): UserListItem => ({
  id,
  first_name,
  last_name: '',
  email: `${id}@stolik.test`,
  telegram_username: null,
  telegram_id: null,
  role: restaurants.some((r) => r.role === 'Админ') ? 'Админ' : 'Менеджер',
  is_superuser: false,
  is_active: true,
  restaurants,
});
const ME = person(1, 'Анна', [{ id: 1, name: 'Демо', role: 'Админ' }]);
const ONLY_HERE = person(2, 'Вера', [{ id: 1, name: 'Демо', role: 'Менеджер' }]);
const ALSO_ELSEWHERE = person(3, 'Ольга', [
  { id: 1, name: 'Демо', role: 'Менеджер' },
  { id: 2, name: 'Второй', role: 'Админ' },
]);

function usersApi() {
  server.use(
    http.post('*/api/auth/jwt/verify/', () => HttpResponse.json({})),
    http.get('*/api/user/me/', () => HttpResponse.json(ME)),
    http.get('*/api/user/', () =>
      HttpResponse.json({ count: 3, next: null, previous: null, results: [ME, ONLY_HERE, ALSO_ELSEWHERE] }),
    ),
    http.delete('*/api/user/3/restaurants/1/', () =>
      HttpResponse.json({ ...ALSO_ELSEWHERE, restaurants: [ALSO_ELSEWHERE.restaurants[1]] }),
    ),
  );
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('li') as HTMLElement;

describe('the users of a restaurant', () => {
  it('offers to switch off only accounts the admin manages whole; others are taken out of this restaurant', async () => {
    usersApi();
    renderAt(
      <SessionProvider>
        <UsersScreen />
      </SessionProvider>,
      { path: '/restaurant/:id/settings/users', route: '/restaurant/1/settings/users' },
    );
    // Once the session knows who is looking.
    await screen.findByText(/это вы/);
    const vera = await rowOf('Вера');
    expect(within(vera).getByRole('button', { name: 'Отключить' })).toBeTruthy();
    const olga = await rowOf('Ольга');
    expect(within(olga).queryByRole('button', { name: 'Отключить' })).toBeNull();
    await userEvent.click(within(olga).getByRole('button', { name: 'Убрать из ресторана' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Убрать Ольга из этого ресторана?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Убрать из ресторана' }));
    await screen.findByText('Ольга');
    expect(sent).toContain('DELETE /api/user/3/restaurants/1/');
    expect(sent.some((call) => call.endsWith('/deactivate'))).toBe(false);
  });
});
