import type { Me, Restaurant } from '@stolik/contracts';
import { Link, NavLink } from 'react-router';
import { RestaurantSwitcher } from '../../features/restaurants/components/restaurant-switcher';
import { useTranslation } from '../../shared/i18n/i18n';
import { paths } from '../../shared/routing/paths';
import { ThemeToggle } from '../../shared/theme/theme-toggle';
import { CollapseIcon, ExpandIcon, HomeIcon } from '../../shared/ui/icons';
import { FontSizeMenu } from './font-size-menu';
import type { NavItem } from './navigation';
import { ProfileMenu } from './profile-menu';

export function SideMenu({
  restaurants,
  current,
  items,
  collapsed,
  onToggleCollapsed,
  showMainTable,
  me,
  onLogOut,
}: {
  me: Me;
  onLogOut: () => void;
  restaurants: Restaurant[];
  current: Restaurant | undefined;
  items: NavItem[];
  collapsed: boolean;
  onToggleCollapsed: () => void;
  showMainTable: boolean;
}) {
  const { t } = useTranslation();
  return (
    <aside
      className={`side-menu ${collapsed ? 'side-menu--collapsed' : ''}`}
      aria-label={t('nav.mainNavigation')}
    >
      <div className="side-menu__brand">
        <Link to={paths.home()} className="brand" aria-label={t('app.name')}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          {collapsed ? null : <span className="brand__name">{t('app.name')}</span>}
        </Link>
        <button
          type="button"
          className="icon-button"
          onClick={onToggleCollapsed}
          aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
          title={collapsed ? t('nav.expand') : t('nav.collapse')}
        >
          {collapsed ? <ExpandIcon size={20} /> : <CollapseIcon size={20} />}
        </button>
      </div>

      {collapsed ? null : <RestaurantSwitcher restaurants={restaurants} current={current} />}

      <nav className="side-menu__nav" aria-label={t('nav.sections')}>
        {showMainTable ? (
          <NavLink to={paths.home()} end className="side-menu__link" title={t('nav.mainTable')}>
            <HomeIcon size={22} />
            <span className={collapsed ? 'visually-hidden' : undefined}>{t('nav.mainTable')}</span>
          </NavLink>
        ) : null}
        {items.map((item) => (
          <NavLink
            key={item.id}
            to={item.to}
            end={item.end ?? false}
            className="side-menu__link"
            title={t(item.labelKey)}
          >
            <item.icon size={22} />
            <span className={collapsed ? 'visually-hidden' : undefined}>{t(item.labelKey)}</span>
          </NavLink>
        ))}
      </nav>

      <div className="side-menu__footer">
        <ThemeToggle withLabel hideLabel={collapsed} className="side-menu__link" />
        <FontSizeMenu variant="side-menu" hideLabel={collapsed} />
        <ProfileMenu me={me} restaurantId={current?.id} collapsed={collapsed} onLogOut={onLogOut} />
      </div>
    </aside>
  );
}
