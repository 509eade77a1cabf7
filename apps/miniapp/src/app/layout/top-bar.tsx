import type { Restaurant } from '@stolik/contracts';
import { Link } from 'react-router';
import { RestaurantSwitcher } from '../../features/restaurants/components/restaurant-switcher';
import { useTranslation } from '../../shared/i18n/i18n';
import { paths } from '../../shared/routing/paths';
import { ThemeToggle } from '../../shared/theme/theme-toggle';
import { LogOutIcon, QrIcon } from '../../shared/ui/icons';
import { FontSizeMenu } from './font-size-menu';

/**
 * The browser's top bar (never inside Telegram, which has its own header): the log out button of
 * spec §2; on a phone also the restaurant switcher and the theme toggle.
 */
export function TopBar({
  mobile,
  restaurants,
  current,
  onLogOut,
}: {
  mobile: boolean;
  restaurants: Restaurant[];
  current: Restaurant | undefined;
  onLogOut: () => void;
}) {
  const { t } = useTranslation();
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
        {mobile ? <ThemeToggle /> : null}
        {mobile ? <FontSizeMenu variant="icon" /> : null}
        {mobile && current ? <GuestLinksButton restaurantId={current.id} /> : null}
        {/* Telegram's settings are under the bottom bar's 'more' sheet on a phone, which leaves the
            restaurant's name room here (issue #34). */}
        <button
          type="button"
          className={mobile ? 'icon-button' : 'button button--plain'}
          onClick={onLogOut}
          aria-label={t('nav.logout')}
        >
          <LogOutIcon size={20} />
          {mobile ? null : <span>{t('nav.logout')}</span>}
        </button>
      </div>
    </header>
  );
}

/** The phone has no side menu: the guests' QR codes and links are one tap from the top. */
export function GuestLinksButton({ restaurantId }: { restaurantId: number }) {
  const { t } = useTranslation();
  return (
    <Link to={paths.guestLinks(restaurantId)} className="icon-button" aria-label={t('nav.guestLinks')}>
      <QrIcon size={20} />
    </Link>
  );
}
