import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { lazyScreen } from '../shared/routing/lazy-screen';
import { ListSkeleton } from '../shared/ui/states';
import { RequireRole, RequireSession } from './guards';
import { PublicLayout } from './layout/public-layout';
import { RouteError } from './route-error';

// Each group of screens brings its texts with it (shared/i18n/texts/).
const texts = {
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

/** The route table of spec §2. Screens load on demand; /not-found and unknown paths go to /. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <ListSkeleton rows={3} />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: 'login', lazy: lazyScreen(publicScreens, (m) => m.LoginScreen, texts.public) },
          { path: 'sign-up', lazy: lazyScreen(publicScreens, (m) => m.SignUpScreen, texts.public) },
          { path: 'invite', lazy: lazyScreen(publicScreens, (m) => m.InviteScreen, texts.public) },
          { path: 'redirect', lazy: lazyScreen(publicScreens, (m) => m.RedirectScreen, texts.public) },
          { path: 'app-install', lazy: lazyScreen(publicScreens, (m) => m.AppInstallScreen, texts.public) },
          { path: 'guest/:id/queue', lazy: lazyScreen(guest, (m) => m.GuestQueueScreen, texts.guest) },
          {
            path: 'guest/queue/:token',
            lazy: lazyScreen(guest, (m) => m.GuestQueueStatusScreen, texts.guest),
          },
          { path: 'guest/:id/booking', lazy: lazyScreen(guest, (m) => m.GuestBookingScreen, texts.guest) },
          {
            path: 'guest/booking/:token',
            lazy: lazyScreen(guest, (m) => m.GuestBookingStatusScreen, texts.guest),
          },
          {
            // Open without the staff shell (spec §2), but about the person's own account: signed in.
            path: 'telegram',
            element: <RequireSession />,
            children: [
              { index: true, lazy: lazyScreen(telegram, (m) => m.TelegramScreen, texts.telegram) },
              {
                path: 'notifications',
                lazy: lazyScreen(telegram, (m) => m.TelegramNotificationsScreen, texts.telegram),
              },
              {
                path: 'restaurant/:id/booking/:bookingId',
                lazy: lazyScreen(telegram, (m) => m.TelegramBookingScreen, texts.telegram),
              },
            ],
          },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            // The staff shell loads with the first staff screen: /login and the guest pages never need it.
            lazy: lazyScreen(
              () => import('./layout/app-shell'),
              (m) => m.AppShell,
              texts.shell,
            ),
            children: [
              {
                index: true,
                lazy: lazyScreen(
                  () => import('./routes/home'),
                  (m) => m.HomeScreen,
                  texts.home,
                ),
              },
              {
                path: 'restaurant/:id',
                lazy: lazyScreen(
                  () => import('./routes/restaurant-layout'),
                  (m) => m.RestaurantLayout,
                ),
                children: [
                  { index: true, lazy: lazyScreen(staff, (m) => m.QueueScreen, texts.staff) },
                  { path: 'orders', lazy: lazyScreen(staff, (m) => m.OrdersScreen, texts.staff) },
                  { path: 'zone', lazy: lazyScreen(staff, (m) => m.ZoneScreen, texts.staff) },
                  { path: 'guest-links', lazy: lazyScreen(staff, (m) => m.GuestLinksScreen, texts.staff) },
                  {
                    path: 'scheme',
                    children: [{ index: true, lazy: lazyScreen(staff, (m) => m.SchemeScreen, texts.staff) }],
                  },
                  {
                    element: <RequireRole level="admin" />,
                    children: [
                      { path: 'analytics', lazy: lazyScreen(staff, (m) => m.AnalyticsScreen, texts.staff) },
                    ],
                  },
                  {
                    path: 'booking',
                    children: [
                      { index: true, lazy: lazyScreen(staff, (m) => m.BookingScreen, texts.staff) },
                      { path: 'list', lazy: lazyScreen(staff, (m) => m.BookingListScreen, texts.staff) },
                      {
                        path: 'waiting',
                        lazy: lazyScreen(staff, (m) => m.BookingWaitingScreen, texts.staff),
                      },
                    ],
                  },
                  {
                    path: 'settings',
                    element: <RequireRole level="admin" />,
                    children: [
                      {
                        lazy: lazyScreen(settings, (m) => m.SettingsLayout, texts.settings),
                        children: [
                          { index: true, lazy: lazyScreen(settings, (m) => m.SettingsIndex, texts.settings) },
                          {
                            path: 'users',
                            lazy: lazyScreen(settings, (m) => m.SettingsUsersScreen, texts.settings),
                          },
                          {
                            path: 'zones',
                            lazy: lazyScreen(settings, (m) => m.SettingsZonesScreen, texts.settings),
                          },
                          {
                            path: 'tables',
                            lazy: lazyScreen(settings, (m) => m.SettingsTablesScreen, texts.settings),
                          },
                          {
                            path: 'groups',
                            lazy: lazyScreen(settings, (m) => m.SettingsGroupsScreen, texts.settings),
                          },
                          {
                            path: 'booking',
                            lazy: lazyScreen(settings, (m) => m.SettingsBookingScreen, texts.settings),
                          },
                          {
                            path: 'restaurant',
                            children: [
                              {
                                index: true,
                                lazy: lazyScreen(settings, (m) => m.SettingsRestaurantScreen, texts.settings),
                              },
                              {
                                path: 'tags',
                                lazy: lazyScreen(
                                  settings,
                                  (m) => m.SettingsRestaurantTagsScreen,
                                  texts.settings,
                                ),
                              },
                            ],
                          },
                          {
                            path: 'current',
                            lazy: lazyScreen(settings, (m) => m.SettingsCurrentScreen, texts.settings),
                          },
                          {
                            path: 'static',
                            lazy: lazyScreen(settings, (m) => m.SettingsStaticScreen, texts.settings),
                          },
                          {
                            path: 'privacy',
                            lazy: lazyScreen(settings, (m) => m.SettingsPrivacyScreen, texts.settings),
                          },
                          {
                            path: 'audit',
                            lazy: lazyScreen(settings, (m) => m.SettingsAuditScreen, texts.settings),
                          },
                          {
                            element: <RequireRole level="superuser" />,
                            children: [
                              {
                                path: 'scheme',
                                lazy: lazyScreen(settings, (m) => m.SettingsSchemeScreen, texts.settings),
                              },
                              {
                                path: 'style',
                                lazy: lazyScreen(settings, (m) => m.SettingsStyleScreen, texts.settings),
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

export const createRouter = () => createBrowserRouter(routes);
