import type { Me } from '@stolik/contracts';
import { Cell, Section } from '@telegram-apps/telegram-ui';
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useInstall } from '../../features/app-install/use-install';
import { TelegramLinkStatus } from '../../features/telegram/components/telegram-link-status';
import { useTranslation } from '../../shared/i18n/i18n';
import { paths } from '../../shared/routing/paths';
import { displayedRole, displayName } from '../../shared/session/viewer';
import { DownloadIcon, LogOutIcon, TelegramIcon, UserIcon } from '../../shared/ui/icons';
import { useDismiss } from '../../shared/ui/use-dismiss';

/**
 * The profile of spec §2: the name with the role under it, and a menu with whether Telegram is
 * linked (and the way to link it), Telegram notifications, installing the app (never inside
 * Telegram) and logging out.
 */
export function ProfileMenu({
  me,
  restaurantId,
  collapsed,
  onLogOut,
}: {
  me: Me;
  restaurantId: number | undefined;
  collapsed: boolean;
  onLogOut: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  // Spec §9: installing is offered on the main host only; never inside Telegram, nor once installed.
  const install = useInstall();
  const role = displayedRole(me, restaurantId);
  const name = displayName(me);

  useDismiss(root, open, close);

  return (
    <div className="profile-menu" ref={root}>
      {open ? (
        // Telegram's own way of listing things: one section of rows, each with its icon.
        <div className="profile-menu__list" id={menuId}>
          <div className="profile-menu__telegram">
            <TelegramLinkStatus me={me} compact />
          </div>
          <Section>
            <Link to={paths.telegramNotifications()} className="plain-link" onClick={close}>
              <Cell Component="div" before={<TelegramIcon size={20} />}>
                {t('nav.telegramNotifications')}
              </Cell>
            </Link>
            {install.availability !== 'offer' && install.availability !== 'manual' ? null : (
              <Link to={paths.appInstall()} className="plain-link" onClick={close}>
                <Cell Component="div" before={<DownloadIcon size={20} />}>
                  {t('nav.installApp')}
                </Cell>
              </Link>
            )}
            <Cell
              Component="button"
              type="button"
              className="profile-menu__logout"
              before={<LogOutIcon size={20} />}
              onClick={() => {
                close();
                onLogOut();
              }}
            >
              {t('nav.logout')}
            </Cell>
          </Section>
        </div>
      ) : null}
      <button
        type="button"
        className="side-menu__link profile-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        title={name}
        onClick={() => setOpen((value) => !value)}
      >
        <UserIcon size={22} />
        <span className={collapsed ? 'visually-hidden' : 'profile-menu__who'}>
          <span className="profile-menu__name">{name}</span>
          {role ? <span className="profile-menu__role">{t(`roles.${role}`)}</span> : null}
        </span>
      </button>
    </div>
  );
}
