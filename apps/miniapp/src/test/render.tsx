import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ThemeProvider } from '../shared/theme/theme';

/** Renders a screen with the app's providers, at a route, with a fresh query cache (no retries). */
export function renderAt(element: ReactElement, { path = '/', route = '/' } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path, element }], { initialEntries: [route] });
  return render(
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <AppRoot>
          <RouterProvider router={router} />
        </AppRoot>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}
