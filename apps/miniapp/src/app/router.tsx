import { Suspense } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { lazyScreen } from '../shared/routing/lazy-screen';
import { ListSkeleton } from '../shared/ui/states';
import { RequireRole, RequireSession } from './guards';
import { PublicLayout } from './layout/public-layout';
import { RouteErrorBoundary } from './route-error';

// Each group of screens brings its texts with it (shared/i18n/texts/).
const texts = {
  login: () => import('../shared/i18n/texts/login'),
  public: () => import('../shared/i18n/texts/public'),
  guest: () => import('../shared/i18n/texts/guest'),
  telegram: () => import('../shared/i18n/texts/telegram'),
  staff: () => import('../shared/i18n/texts/staff'),
  settings: () => import('../shared/i18n/texts/settings'),
  home: () => import('../shared/i18n/texts/home'),
  shell: () => import('../shared/i18n/texts/shell'),
};
const staff = () => import('./routes/staff-screens');
const settings = () => import('./routes/settings-screens');
const publicScreens = () => import('./routes/public-screens');
const guest = () => import('./routes/guest-screens');
const telegram = () => import('./routes/telegram-screens');
// The rarer ways in, each apart from /login's chunk (issue #21: its first screen carries only itself).
const invite = () => import('../features/auth/components/invite-screen');
const signUp = () => import('../features/auth/components/sign-up-screen');
const appInstall = () => import('../features/app-install/components/app-install-screen');

/** The query cache, around the screens that read data: /login and its like draw without it. */
const WithData = lazyScreen(
  () => import('./layout/data-layer'),
  (m) => m.DataLayer,
);

/** The route table of spec §2. Screens load on demand; /not-found and unknown paths go to /. */
export const routes: RouteObject[] = [
  {
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: 'login', Component: lazyScreen(publicScreens, (m) => m.LoginScreen, texts.login) },
          { path: 'sign-up', Component: lazyScreen(signUp, (m) => m.SignUpScreen, texts.public) },
          { path: 'redirect', Component: lazyScreen(publicScreens, (m) => m.RedirectScreen, texts.login) },
          {
            path: 'app-install',
            Component: lazyScreen(appInstall, (m) => m.AppInstallScreen, texts.public),
          },
          {
            Component: WithData,
            children: [
              { path: 'invite', Component: lazyScreen(invite, (m) => m.InviteScreen, texts.public) },
              {
                path: 'guest/:id/queue',
                Component: lazyScreen(guest, (m) => m.GuestQueueScreen, texts.guest),
              },
              {
                path: 'guest/queue/:token',
                Component: lazyScreen(guest, (m) => m.GuestQueueStatusScreen, texts.guest),
              },
              {
                path: 'guest/:id/booking',
                Component: lazyScreen(guest, (m) => m.GuestBookingScreen, texts.guest),
              },
              {
                path: 'guest/booking/:token',
                Component: lazyScreen(guest, (m) => m.GuestBookingStatusScreen, texts.guest),
              },
              {
                // Open without the staff shell (spec §2), but about the person's own account: signed in.
                path: 'telegram',
                element: <RequireSession />,
                children: [
                  { index: true, Component: lazyScreen(telegram, (m) => m.TelegramScreen, texts.telegram) },
                  {
                    path: 'notifications',
                    Component: lazyScreen(telegram, (m) => m.TelegramNotificationsScreen, texts.telegram),
                  },
                  {
                    path: 'restaurant/:id/booking/:bookingId',
                    Component: lazyScreen(telegram, (m) => m.TelegramBookingScreen, texts.telegram),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            Component: WithData,
            children: [
              {
                // The staff shell loads with the first staff screen: /login and the guest pages never need it.
                Component: lazyScreen(
                  () => import('./layout/app-shell'),
                  (m) => m.AppShell,
                  texts.shell,
                ),
                children: [
                  {
                    index: true,
                    Component: lazyScreen(
                      () => import('./routes/home'),
                      (m) => m.HomeScreen,
                      texts.home,
                    ),
                  },
                  {
                    path: 'restaurant/:id',
                    Component: lazyScreen(
                      () => import('./routes/restaurant-layout'),
                      (m) => m.RestaurantLayout,
                    ),
                    children: [
                      { index: true, Component: lazyScreen(staff, (m) => m.QueueScreen, texts.staff) },
                      { path: 'orders', Component: lazyScreen(staff, (m) => m.OrdersScreen, texts.staff) },
                      { path: 'zone', Component: lazyScreen(staff, (m) => m.ZoneScreen, texts.staff) },
                      {
                        path: 'guest-links',
                        Component: lazyScreen(staff, (m) => m.GuestLinksScreen, texts.staff),
                      },
                      {
                        path: 'scheme',
                        children: [
                          { index: true, Component: lazyScreen(staff, (m) => m.SchemeScreen, texts.staff) },
                        ],
                      },
                      {
                        element: <RequireRole level="admin" />,
                        children: [
                          {
                            path: 'analytics',
                            Component: lazyScreen(staff, (m) => m.AnalyticsScreen, texts.staff),
                          },
                        ],
                      },
                      {
                        path: 'booking',
                        children: [
                          { index: true, Component: lazyScreen(staff, (m) => m.BookingScreen, texts.staff) },
                          {
                            path: 'list',
                            Component: lazyScreen(staff, (m) => m.BookingListScreen, texts.staff),
                          },
                          {
                            path: 'waiting',
                            Component: lazyScreen(staff, (m) => m.BookingWaitingScreen, texts.staff),
                          },
                        ],
                      },
                      {
                        path: 'settings',
                        element: <RequireRole level="admin" />,
                        children: [
                          {
                            Component: lazyScreen(settings, (m) => m.SettingsLayout, texts.settings),
                            children: [
                              {
                                index: true,
                                Component: lazyScreen(settings, (m) => m.SettingsIndex, texts.settings),
                              },
                              {
                                path: 'users',
                                Component: lazyScreen(settings, (m) => m.SettingsUsersScreen, texts.settings),
                              },
                              {
                                path: 'zones',
                                Component: lazyScreen(settings, (m) => m.SettingsZonesScreen, texts.settings),
                              },
                              {
                                path: 'tables',
                                Component: lazyScreen(
                                  settings,
                                  (m) => m.SettingsTablesScreen,
                                  texts.settings,
                                ),
                              },
                              {
                                path: 'groups',
                                Component: lazyScreen(
                                  settings,
                                  (m) => m.SettingsGroupsScreen,
                                  texts.settings,
                                ),
                              },
                              {
                                path: 'booking',
                                Component: lazyScreen(
                                  settings,
                                  (m) => m.SettingsBookingScreen,
                                  texts.settings,
                                ),
                              },
                              {
                                path: 'restaurant',
                                children: [
                                  {
                                    index: true,
                                    Component: lazyScreen(
                                      settings,
                                      (m) => m.SettingsRestaurantScreen,
                                      texts.settings,
                                    ),
                                  },
                                  {
                                    path: 'tags',
                                    Component: lazyScreen(
                                      settings,
                                      (m) => m.SettingsRestaurantTagsScreen,
                                      texts.settings,
                                    ),
                                  },
                                ],
                              },
                              {
                                path: 'current',
                                Component: lazyScreen(
                                  settings,
                                  (m) => m.SettingsCurrentScreen,
                                  texts.settings,
                                ),
                              },
                              {
                                path: 'static',
                                Component: lazyScreen(
                                  settings,
                                  (m) => m.SettingsStaticScreen,
                                  texts.settings,
                                ),
                              },
                              {
                                path: 'privacy',
                                Component: lazyScreen(
                                  settings,
                                  (m) => m.SettingsPrivacyScreen,
                                  texts.settings,
                                ),
                              },
                              {
                                path: 'audit',
                                Component: lazyScreen(settings, (m) => m.SettingsAuditScreen, texts.settings),
                              },
                              {
                                element: <RequireRole level="superuser" />,
                                children: [
                                  {
                                    path: 'scheme',
                                    Component: lazyScreen(
                                      settings,
                                      (m) => m.SettingsSchemeScreen,
                                      texts.settings,
                                    ),
                                  },
                                  {
                                    path: 'style',
                                    Component: lazyScreen(
                                      settings,
                                      (m) => m.SettingsStyleScreen,
                                      texts.settings,
                                    ),
                                  },
                                ],
                              },
                            ],
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: 'not-found', element: <Navigate to="/" replace /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/**
 * The screens of the address. React Router's declarative mode (BrowserRouter in app.tsx): the data
 * router's loaders and actions are not used here, and it weighed twice as much on the first screen
 * (issue #21). A screen whose code is still loading keeps the one before it on screen (React
 * Router's navigations are transitions); on the first screen the fallback shows meanwhile. A
 * screen that throws gives RouteError in place of the screens.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const screens = useRoutes(routes);
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={<ListSkeleton rows={3} />}>{screens}</Suspense>
    </RouteErrorBoundary>
  );
}
