import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { paths } from '../../shared/routing/paths';
import { ThemeToggle } from '../../shared/theme/theme-toggle';

/** The frame of the screens outside the staff shell (sign-in, invitation, Telegram settings). */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="public-frame">
      <header className="public-frame__header">
        <Link to={paths.home()} className="brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span className="brand__name">{t('app.name')}</span>
        </Link>
        <ThemeToggle />
      </header>
      <main className="public-frame__content">
        <Outlet />
      </main>
    </div>
  );
}
