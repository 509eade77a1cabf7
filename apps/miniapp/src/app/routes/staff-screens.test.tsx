import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { order, ordersApi, RESTAURANT } from '../../features/orders/test/orders-fixtures';
import { localTokenStore } from '../../shared/api/token-store';
import { SessionProvider } from '../../shared/session/session';
import { renderAt } from '../../test/render';
import { OrdersScreen } from './staff-screens';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => localTokenStore.set({ access: 'access-token', refresh: 'refresh-token' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Stands for the queue screen: says where the app landed. */
function QueueProbe() {
  return <p data-testid="queue">{`queue at ${useLocation().pathname}`}</p>;
}

const renderRoutes = () =>
  renderAt(
    <SessionProvider>
      <Routes>
        <Route path="/restaurant/:id" element={<QueueProbe />} />
        <Route path="/restaurant/:id/orders" element={<OrdersScreen />} />
      </Routes>
    </SessionProvider>,
    { path: '*', route: '/restaurant/1/orders' },
  );

describe('/restaurant/{id}/orders and hide_orders (spec §2)', () => {
  it('sends a restaurant that hides its orders to the queue, without asking for the orders', async () => {
    const queries: URLSearchParams[] = [];
    ordersApi(server, { orders: () => [order()], queries });
    server.use(
      http.get('*/api/restaurant/1/', () =>
        HttpResponse.json({
          ...RESTAURANT,
          ui_content: { app: { hide_orders: true, hide_main_table: false } },
        }),
      ),
    );
    renderRoutes();
    expect((await screen.findByTestId('queue')).textContent).toBe('queue at /restaurant/1');
    expect(screen.queryByRole('region', { name: 'Стол 5' })).toBeNull();
    expect(queries).toHaveLength(0);
  });

  it('shows the orders when hide_orders is off', async () => {
    ordersApi(server, { orders: () => [order()] });
    renderRoutes();
    expect(await screen.findByRole('region', { name: 'Стол 5' })).toBeTruthy();
    expect(screen.queryByTestId('queue')).toBeNull();
  });
});
