import { AppRoot } from '@telegram-apps/telegram-ui';
import { useEffect } from 'react';
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

function Themed() {
  const { appearance } = useTheme();
  const platform = telegramEnvironment().platform;
  return (
    <AppRoot
      appearance={appearance}
      platform={platform === 'ios' || platform === 'macos' ? 'ios' : 'base'}
      className="app-root"
    >
      <BrowserRouter>
        <SessionExpiry />
        <AppRoutes />
      </BrowserRouter>
      <TelegramAutoLink />
      <TestStandPopup />
    </AppRoot>
  );
}

/**
 * Providers in one place: theme, session, router. The texts need none (shared/i18n); the query
 * cache comes with the screens that read data (layout/data-layer.tsx).
 */
export function App() {
  return (
    <ThemeProvider>
      <SessionProvider>
        <Themed />
      </SessionProvider>
    </ThemeProvider>
  );
}
