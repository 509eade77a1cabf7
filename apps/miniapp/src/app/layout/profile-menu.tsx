import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../shared/routing/paths';
import { telegramEnvironment } from '../../shared/telegram/telegram';
import { DownloadIcon, TelegramIcon, UserIcon } from '../../shared/ui/icons';

/**
 * The profile menu of spec §2: Telegram notifications, installing the app (never inside Telegram),
 * and the account. Until sign-in exists the account item is "Войти".
 */
export function ProfileMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const { inTelegram } = telegramEnvironment();

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className="profile-menu" ref={root}>
      {open ? (
        <ul className="profile-menu__list" id={menuId}>
          <li>
            <Link
              to={paths.telegramNotifications()}
              className="side-menu__link"
              onClick={() => setOpen(false)}
            >
              <TelegramIcon size={20} />
              <span>{t('nav.telegramNotifications')}</span>
            </Link>
          </li>
          {inTelegram ? null : (
            <li>
              <Link to={paths.appInstall()} className="side-menu__link" onClick={() => setOpen(false)}>
                <DownloadIcon size={20} />
                <span>{t('nav.installApp')}</span>
              </Link>
            </li>
          )}
          <li>
            <Link to={paths.login()} className="side-menu__link" onClick={() => setOpen(false)}>
              <UserIcon size={20} />
              <span>{t('nav.login')}</span>
            </Link>
          </li>
        </ul>
      ) : null}
      <button
        type="button"
        className="side-menu__link"
        aria-expanded={open}
        aria-controls={menuId}
        title={t('nav.profile')}
        onClick={() => setOpen((value) => !value)}
      >
        <UserIcon size={22} />
        <span className={collapsed ? 'visually-hidden' : undefined}>{t('nav.profile')}</span>
      </button>
    </div>
  );
}
