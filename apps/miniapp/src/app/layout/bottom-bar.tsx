import { NavLink } from 'react-router';
import { useTranslation } from '../../shared/i18n/i18n';
import type { NavItem } from './navigation';

/** The phone's tab bar (under 768 px): big targets within the thumb's reach. */
export function BottomBar({ items }: { items: NavItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <nav className="bottom-bar" aria-label={t('nav.mainNavigation')}>
      {items.map((item) => (
        <NavLink key={item.id} to={item.to} end={item.end ?? false} className="bottom-bar__item">
          <item.icon size={24} />
          <span className="bottom-bar__label">{t(item.labelKey)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
