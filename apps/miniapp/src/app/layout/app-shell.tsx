import './shell.css';
import './shell-tools.css';
import { BREAKPOINT_MOBILE } from '@stolik/domain';
import { useCallback, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { GlobalAlertBanner } from '../../features/global-alert/components/global-alert-banner';
import { RestaurantSwitcher } from '../../features/restaurants/components/restaurant-switcher';
import { useCurrentRestaurant } from '../../shared/restaurants/use-current-restaurant';
import { useSession } from '../../shared/session/session';
import { viewerIn } from '../../shared/session/viewer';
import { readSetting, StorageKey, writeSetting } from '../../shared/storage/local-settings';
import { telegramEnvironment, useTelegramBackButton } from '../../shared/telegram/telegram';
import { Toaster } from '../../shared/ui/toast';
import { useMediaQuery } from '../../shared/ui/use-media-query';
import { BottomBar } from './bottom-bar';
import { useRootFontSize } from './font-size';
import { FontSizeMenu } from './font-size-menu';
import { LogOutDialog } from './log-out-dialog';
import { bottomBarNavigation, moreNavigation, restaurantNavigation } from './navigation';
import { SideMenu } from './side-menu';
import { GuestLinksButton, TopBar } from './top-bar';
import { useLogOut } from './use-log-out';

/**
 * The staff layout of spec §2: side menu on a tablet or desktop, bottom bar on a phone, a top bar
 * in a browser only (inside Telegram its own header is enough). Above the screen, the global alert
 * while there is one; the whole shell is drawn at the person's chosen font size.
 */
export function AppShell() {
  const mobile = useMediaQuery(`(max-width: ${BREAKPOINT_MOBILE - 0.02}px)`);
  const { inTelegram } = telegramEnvironment();
  const { current, list } = useCurrentRestaurant();
  const [collapsed, setCollapsed] = useState(() => readSetting(StorageKey.sidebarCollapsed) === 'true');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useRootFontSize();

  const { me } = useSession();
  const viewer = viewerIn(me, current?.id);
  const logOut = useLogOut();
  const items = current ? restaurantNavigation(current, viewer) : [];
  const tabs = current ? bottomBarNavigation(current, viewer) : [];
  const more = current ? moreNavigation(current, viewer) : [];
  const atTabRoot = pathname === '/' || tabs.some((tab) => tab.to === pathname);
  const goBack = useCallback(() => navigate(-1), [navigate]);
  useTelegramBackButton(!atTabRoot, goBack);

  const toggleCollapsed = () => {
    setCollapsed((value) => {
      writeSetting(StorageKey.sidebarCollapsed, String(!value));
      return !value;
    });
  };

  return (
    <div
      className={`shell ${mobile ? 'shell--mobile' : 'shell--wide'} ${inTelegram ? 'shell--telegram' : ''}`}
    >
      {mobile ? null : (
        <SideMenu
          restaurants={list}
          current={current}
          items={items}
          collapsed={collapsed}
          onToggleCollapsed={toggleCollapsed}
          showMainTable={!current?.ui_content.app.hide_main_table}
          me={me as NonNullable<typeof me>}
          onLogOut={logOut.ask}
        />
      )}
      <div className="shell__main">
        {inTelegram ? (
          mobile ? (
            <div className="context-bar shell-tools__context">
              <RestaurantSwitcher restaurants={list} current={current} compact />
              {current ? <GuestLinksButton restaurantId={current.id} /> : null}
              <FontSizeMenu variant="icon" />
            </div>
          ) : null
        ) : (
          <TopBar mobile={mobile} restaurants={list} current={current} onLogOut={logOut.ask} />
        )}
        <GlobalAlertBanner />
        <main className="shell__content" id="content">
          <Outlet />
        </main>
        {mobile ? <BottomBar items={tabs} more={more} /> : null}
      </div>
      <LogOutDialog logOut={logOut} />
      <Toaster />
    </div>
  );
}
