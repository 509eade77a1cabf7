import type { Me } from '@stolik/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localTokenStore } from '../shared/api/token-store';
import { SessionProvider } from '../shared/session/session';
import { renderAt } from '../test/render';
import { RequireRole } from './guards';

/** A hostess ('Менеджер') of restaurant 3: the floor screens, no admin ones. */
const hostess: Me = {
  id: 7,
  first_name: 'Анна',
  last_name: 'Петрова',
  email: 'anna@example.ru',
  telegram_username: null,
  telegram_id: null,
  role: 'Менеджер',
  is_superuser: false,
  is_active: true,
  restaurants: [{ id: 3, name: 'Демо', role: 'Менеджер' }],
};

const server = setupServer(
  http.post('*/api/auth/jwt/verify/', () => HttpResponse.json({})),
  http.get('*/api/user/me/', () => HttpResponse.json(hostess)),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => localTokenStore.set({ access: 'access-token', refresh: 'refresh-token' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe('an admin screen opened by a hostess (a shared link)', () => {
  it('refuses, says who may open it, and leads back to the queue rather than ending there', async () => {
    renderAt(
      <SessionProvider>
        <Routes>
          <Route path="/restaurant/:id" element={<Where />} />
          <Route path="/restaurant/:id/analytics" element={<RequireRole level="admin" />}>
            <Route index element={<p>analytics</p>} />
          </Route>
        </Routes>
      </SessionProvider>,
      { path: '*', route: '/restaurant/3/analytics' },
    );
    const refusal = await screen.findByRole('alert');
    expect(within(refusal).getByText('Недостаточно прав')).toBeTruthy();
    expect(within(refusal).getByText('Этот раздел открыт управляющему ресторана.')).toBeTruthy();
    expect(screen.queryByText('analytics')).toBeNull();
    await userEvent.click(within(refusal).getByRole('link', { name: 'Вернуться к очереди' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/restaurant/3');
  });
});
