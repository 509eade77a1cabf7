import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listenForInstallOffer } from '../../features/app-install/install-offer';
import { installTelegramAdapter } from '../../shared/telegram/telegram';
import { fakeTelegram } from '../../test/fake-telegram';
import { renderAt } from '../../test/render';
import { HomeScreen } from './home';

const demo = {
  id: 3,
  name: 'Демо',
  timezone: 'Europe/Moscow',
  has_bookings: true,
  ui_content: { app: { hide_orders: false, hide_main_table: false } },
};
const terrace = { ...demo, id: 4, name: 'Терраса', has_bookings: false };
const server = setupServer(
  http.get('/api/static/super-setup/', () => HttpResponse.json({ main_host: null, test_stand: false })),
);

/** Where the app is: the queue screen says so, the home page is itself. */
function QueueProbe() {
  return <p>queue at {useLocation().pathname}</p>;
}

/** The home page in a router that also has the queue, opened at `entry` (a launch: no push). */
function renderApp(entry: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/', element: <HomeScreen /> },
      {
        path: '/restaurant/:id',
        element: (
          <>
            <QueueProbe />
            <Link to="/">Главная</Link>
          </>
        ),
      },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={client}>
      <AppRoot>
        <RouterProvider router={router} />
      </AppRoot>
    </QueryClientProvider>,
  );
  return router;
}

/** The browser's install offer, as Chromium sends it. */
function offerInstall() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
}

describe('the main page', () => {
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    listenForInstallOffer(window);
  });
  afterEach(() => {
    server.resetHandlers();
    installTelegramAdapter(null);
  });
  afterAll(() => server.close());

  it('lists the restaurants, each opening its live queue', async () => {
    server.use(http.get('*/api/restaurant/', () => HttpResponse.json([demo, terrace])));
    renderAt(<HomeScreen />);
    const link = await screen.findByRole('link', { name: /Демо/ });
    expect(link.getAttribute('href')).toBe('/restaurant/3');
    expect(screen.getByRole('link', { name: /Терраса/ }).getAttribute('href')).toBe('/restaurant/4');
    expect(document.title).toBe('Главная');
  });

  it("opens the one restaurant's queue straight away at launch, and shows the page when chosen in the app", async () => {
    server.use(http.get('*/api/restaurant/', () => HttpResponse.json([demo])));
    const router = renderApp('/');
    expect(await screen.findByText('queue at /restaurant/3')).toBeTruthy();
    // Replaced, not pushed: going back leaves the app rather than bouncing through the choice.
    expect(router.state.historyAction).toBe('REPLACE');
    await userEvent.click(screen.getByRole('link', { name: 'Главная' }));
    expect(await screen.findByRole('link', { name: /Демо/ })).toBeTruthy();
    expect(screen.queryByText(/queue at/)).toBeNull();
  });

  it('asks which restaurant at launch when there are several', async () => {
    server.use(http.get('*/api/restaurant/', () => HttpResponse.json([demo, terrace])));
    renderApp('/');
    expect(await screen.findByRole('link', { name: /Терраса/ })).toBeTruthy();
    expect(screen.queryByText(/queue at/)).toBeNull();
  });

  it('offers to install the app below the list when the browser offers it', async () => {
    server.use(http.get('*/api/restaurant/', () => HttpResponse.json([demo, terrace])));
    renderAt(<HomeScreen />);
    offerInstall();
    const card = await screen.findByRole('heading', { name: 'Установите Stolik' });
    const list = screen.getByRole('link', { name: /Терраса/ });
    // After the list in the page's order: the restaurants come first.
    expect(list.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('never offers to install the app inside Telegram', async () => {
    fakeTelegram();
    server.use(http.get('*/api/restaurant/', () => HttpResponse.json([demo, terrace])));
    renderAt(<HomeScreen />);
    offerInstall();
    await screen.findByRole('link', { name: /Терраса/ });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Установите Stolik' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Установить' })).toBeNull();
  });

  it('tells a person in no restaurant yet how to get in one', async () => {
    server.use(http.get('*/api/restaurant/', () => HttpResponse.json([])));
    renderAt(<HomeScreen />);
    expect(
      await screen.findByText(
        'Вас еще не добавили ни в один ресторан. Попросите у управляющего приглашение.',
      ),
    ).toBeTruthy();
  });

  it('says «Не удалось загрузить рестораны» on failure, and retries on request', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/restaurant/', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: 'x' }, { status: 500 })
          : HttpResponse.json([demo, terrace]);
      }),
    );
    renderAt(<HomeScreen />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить рестораны');
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(screen.getByRole('link', { name: /Демо/ })).toBeTruthy());
    expect(calls).toBe(2);
  });
});
