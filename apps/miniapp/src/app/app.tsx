import { AppRoot } from '@telegram-apps/telegram-ui';
import { type ComponentType, type ReactNode, useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { TestStandPopup } from '../features/app-install/components/test-stand-popup';
import { TelegramAutoLink } from '../features/telegram/hooks/use-telegram-auto-link';
import { clearCachedData } from '../shared/api/cached-data';
import { SESSION_EXPIRED_PATH, setSessionExpiredHandler } from '../shared/api/transport';
import { forgetLastData } from '../shared/offline/last-session';
import { SessionProvider } from '../shared/session/session';
import { telegramEnvironment } from '../shared/telegram/telegram';
import { ThemeProvider, useTheme } from '../shared/theme/theme';
import { AppRoutes } from './router';

/** Spec §8: a session that cannot be renewed ends at /login?t=1, without reloading the app. */
function SessionExpiry(): null {
  const navigate = useNavigate();
  useEffect(
    () =>
      setSessionExpiredHandler(() => {
        clearCachedData();
        forgetLastData();
        void navigate(SESSION_EXPIRED_PATH, { replace: true });
      }),
    [navigate],
  );
  return null;
}

/** The router around the screens: the browser's address, or a fixed one when a page is pre-rendered. */
export type RouterFrame = ComponentType<{ children: ReactNode }>;

function Themed({ Router }: { Router: RouterFrame }) {
  const { appearance } = useTheme();
  const platform = telegramEnvironment().platform;
  return (
    <AppRoot
      appearance={appearance}
      platform={platform === 'ios' || platform === 'macos' ? 'ios' : 'base'}
      className="app-root"
    >
      <Router>
        <SessionExpiry />
        <AppRoutes />
      </Router>
      <TelegramAutoLink />
      <TestStandPopup />
    </AppRoot>
  );
}

/**
 * Providers in one place: theme, session, router. The texts need none (shared/i18n); the query
 * cache comes with the screens that read data (layout/data-layer.tsx). `Router`: the browser's,
 * but for the build's pre-rendering of /login (prerender/login-page.tsx), which gives a fixed address.
 */
export function App({ Router = BrowserRouter }: { Router?: RouterFrame }) {
  return (
    <ThemeProvider>
      <SessionProvider>
        <Themed Router={Router} />
      </SessionProvider>
    </ThemeProvider>
  );
}
