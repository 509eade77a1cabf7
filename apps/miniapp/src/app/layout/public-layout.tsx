import { useCallback } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { GuestFrame } from '../../shared/guest-style/guest-frame';
import { useTranslation } from '../../shared/i18n/i18n';
import { isGuestPath, paths, publicParentPath } from '../../shared/routing/paths';
import { telegramEnvironment, useTelegramBackButton } from '../../shared/telegram/telegram';
import { ThemeToggle } from '../../shared/theme/theme-toggle';
import { Toaster } from '../../shared/ui/toast';

/** Whether this tab has an entry of the app behind the current one (react-router numbers them). */
const hasHistoryBehind = () =>
  typeof window !== 'undefined' && ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0; // none in the build's pre-rendering

/**
 * The frame of the screens outside the staff shell (sign-in, invitation, Telegram settings, guest
 * forms). Inside Telegram its BackButton leads back where there is somewhere to go: through the
 * app's own history, or, on a screen a bot's button opened, to the screen above it; a guest's pages
 * have none (each is where the guest's link leads). A guest's screen dresses the frame in its
 * restaurant's palette and font (features/style).
 */
export function PublicLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { inTelegram } = telegramEnvironment();
  const behind = hasHistoryBehind();
  const parent = publicParentPath(pathname);
  const goBack = useCallback(() => {
    if (behind) void navigate(-1);
    else if (parent) void navigate(parent, { replace: true });
  }, [behind, parent, navigate]);
  useTelegramBackButton(!isGuestPath(pathname) && (behind || parent !== null), goBack);

  return (
    <GuestFrame className="public-frame">
      {/* Inside Telegram its own header is enough (UX.md): no second one under it. */}
      {inTelegram ? null : (
        <header className="public-frame__header">
          <Link to={paths.home()} className="brand">
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <span className="brand__name">{t('app.name')}</span>
          </Link>
          <ThemeToggle />
        </header>
      )}
      <main className="public-frame__content">
        <Outlet />
      </main>
      <Toaster />
    </GuestFrame>
  );
}
