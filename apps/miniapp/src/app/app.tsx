import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { TestStandPopup } from '../features/app-install/components/test-stand-popup';
import { TelegramAutoLink } from '../features/telegram/hooks/use-telegram-auto-link';
import { retryQuery } from '../shared/api/query-retry';
import { SESSION_EXPIRED_PATH, setSessionExpiredHandler } from '../shared/api/transport';
import {
  cachedSessionOwner,
  forgetLastData,
  keepLastData,
  restoreLastData,
  storedSessionOwner,
} from '../shared/offline/persisted-cache';
import { SessionProvider } from '../shared/session/session';
import { telegramEnvironment } from '../shared/telegram/telegram';
import { ThemeProvider, useTheme } from '../shared/theme/theme';
import { createRouter } from './router';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // A 4xx is the server's final word (a wrong link shows its error at once); the rest is retried.
      queries: { staleTime: 30_000, retry: retryQuery, refetchOnWindowFocus: true },
    },
  });
}

function Themed() {
  const { appearance } = useTheme();
  const [router] = useState(createRouter);
  const queryClient = useQueryClient();
  const platform = telegramEnvironment().platform;
  // Spec §8: a session that cannot be renewed ends at /login?t=1, without reloading the app.
  useEffect(
    () =>
      setSessionExpiredHandler(() => {
        queryClient.clear();
        forgetLastData();
        void router.navigate(SESSION_EXPIRED_PATH, { replace: true });
      }),
    [router, queryClient],
  );
  return (
    <AppRoot
      appearance={appearance}
      platform={platform === 'ios' || platform === 'macos' ? 'ios' : 'base'}
      className="app-root"
    >
      <RouterProvider router={router} />
      <TelegramAutoLink />
      <TestStandPopup />
    </AppRoot>
  );
}

/** Providers in one place: data, theme, session, router (the texts need none: shared/i18n). */
export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // The last data of this person, so that a tablet opened offline shows it (marked as old).
    const owner = storedSessionOwner();
    if (owner) restoreLastData(client, owner);
    return client;
  });
  useEffect(() => keepLastData(queryClient, () => cachedSessionOwner(queryClient)), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <SessionProvider>
          <Themed />
        </SessionProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
