import type { Restaurant } from '@stolik/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RestaurantSwitcher } from '../../features/restaurants/components/restaurant-switcher';
import { paths } from '../../shared/routing/paths';
import { useTheme } from '../../shared/theme/theme';
import { MoonIcon, SunIcon } from '../../shared/ui/icons';

/**
 * The browser's top bar (never inside Telegram, which has its own header). Signed out it offers
 * sign-in and sign-up; on a phone it also carries the restaurant switcher and the theme toggle.
 */
export function TopBar({
  mobile,
  restaurants,
  current,
}: {
  mobile: boolean;
  restaurants: Restaurant[];
  current: Restaurant | undefined;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <header className="top-bar">
      {mobile ? (
        <>
          <Link to={paths.home()} className="brand" aria-label={t('app.name')}>
            <img src="/favicon.svg" alt="" width={28} height={28} />
          </Link>
          <RestaurantSwitcher restaurants={restaurants} current={current} compact />
        </>
      ) : (
        <span className="top-bar__spacer" />
      )}
      <div className="top-bar__actions">
        {mobile && theme.canToggle ? (
          <button
            type="button"
            className="icon-button"
            onClick={theme.toggle}
            aria-label={theme.appearance === 'dark' ? t('nav.themeLight') : t('nav.themeDark')}
          >
            {theme.appearance === 'dark' ? <SunIcon size={20} /> : <MoonIcon size={20} />}
          </button>
        ) : null}
        <Link to={paths.login()} className="button button--plain">
          {t('nav.login')}
        </Link>
        {mobile ? null : (
          <Link to={paths.signUp()} className="button button--secondary">
            {t('nav.signUp')}
          </Link>
        )}
      </div>
    </header>
  );
}
