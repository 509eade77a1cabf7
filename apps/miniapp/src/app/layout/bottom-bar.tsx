import { Cell, List, Section } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from '../../shared/i18n/i18n';
import { ChevronDownIcon, MoreIcon } from '../../shared/ui/icons';
import { Sheet } from '../../shared/ui/sheet';
import type { NavItem } from './navigation';

/**
 * The phone's tab bar (under 768 px): big targets within the thumb's reach, and 'Ещё' last, a sheet
 * with every other screen the member may open (`moreNavigation`), so that nothing is out of reach
 * on a phone, inside Telegram too, where the browser's top bar is not drawn.
 */
export function BottomBar({ items, more }: { items: NavItem[]; more: NavItem[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  if (items.length === 0) return null;
  const inMore = more.some((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
  return (
    <>
      <nav className="bottom-bar" aria-label={t('nav.mainNavigation')}>
        {items.map((item) => (
          <NavLink key={item.id} to={item.to} end={item.end ?? false} className="bottom-bar__item">
            <item.icon size={24} />
            <span className="bottom-bar__label">{t(item.labelKey)}</span>
          </NavLink>
        ))}
        {more.length > 0 ? (
          <button
            type="button"
            className={`bottom-bar__item ${inMore ? 'active' : ''}`}
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => setOpen(true)}
          >
            <MoreIcon size={24} />
            <span className="bottom-bar__label">{t('nav.more')}</span>
          </button>
        ) : null}
      </nav>
      <Sheet open={open} title={t('nav.more')} onClose={() => setOpen(false)}>
        <List className="more-menu">
          <Section>
            {more.map((item) => (
              <Link
                key={item.id}
                to={item.to}
                className="plain-link more-menu__link"
                aria-current={pathname === item.to ? 'page' : undefined}
                onClick={() => setOpen(false)}
              >
                <Cell
                  Component="div"
                  before={<item.icon size={24} />}
                  after={<ChevronDownIcon size={20} style={{ transform: 'rotate(-90deg)' }} />}
                >
                  {t(item.labelKey)}
                </Cell>
              </Link>
            ))}
          </Section>
        </List>
      </Sheet>
    </>
  );
}
