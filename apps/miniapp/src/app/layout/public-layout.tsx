import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { paths } from '../../shared/routing/paths';
import { useTheme } from '../../shared/theme/theme';
import { MoonIcon, SunIcon } from '../../shared/ui/icons';

/** The frame of the screens outside the staff shell (sign-in, invitation, Telegram settings). */
export function PublicLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <div className="public-frame">
      <header className="public-frame__header">
        <Link to={paths.home()} className="brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span className="brand__name">{t('app.name')}</span>
        </Link>
        {theme.canToggle ? (
          <button
            type="button"
            className="icon-button"
            onClick={theme.toggle}
            aria-label={theme.appearance === 'dark' ? t('nav.themeLight') : t('nav.themeDark')}
          >
            {theme.appearance === 'dark' ? <SunIcon size={20} /> : <MoonIcon size={20} />}
          </button>
        ) : null}
      </header>
      <main className="public-frame__content">
        <Outlet />
      </main>
    </div>
  );
}
