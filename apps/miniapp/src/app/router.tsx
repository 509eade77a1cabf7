import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { lazyScreen } from '../shared/routing/lazy-screen';
import { ListSkeleton } from '../shared/ui/states';
import { RequireRole, RequireSession } from './guards';
import { PublicLayout } from './layout/public-layout';
import { RouteError } from './route-error';

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
          { path: 'login', lazy: lazyScreen(publicScreens, (m) => m.LoginScreen) },
          { path: 'sign-up', lazy: lazyScreen(publicScreens, (m) => m.SignUpScreen) },
          { path: 'invite', lazy: lazyScreen(publicScreens, (m) => m.InviteScreen) },
          { path: 'redirect', lazy: lazyScreen(publicScreens, (m) => m.RedirectScreen) },
          { path: 'app-install', lazy: lazyScreen(publicScreens, (m) => m.AppInstallScreen) },
          { path: 'guest/:id/queue', lazy: lazyScreen(guest, (m) => m.GuestQueueScreen) },
          { path: 'guest/queue/:token', lazy: lazyScreen(guest, (m) => m.GuestQueueStatusScreen) },
          { path: 'guest/:id/booking', lazy: lazyScreen(guest, (m) => m.GuestBookingScreen) },
          { path: 'guest/booking/:token', lazy: lazyScreen(guest, (m) => m.GuestBookingStatusScreen) },
          {
            // Open without the staff shell (spec §2), but about the person's own account: signed in.
            path: 'telegram',
            element: <RequireSession />,
            children: [
              { index: true, lazy: lazyScreen(telegram, (m) => m.TelegramScreen) },
              {
                path: 'notifications',
                lazy: lazyScreen(telegram, (m) => m.TelegramNotificationsScreen),
              },
              {
                path: 'restaurant/:id/booking/:bookingId',
                lazy: lazyScreen(telegram, (m) => m.TelegramBookingScreen),
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
            ),
            children: [
              {
                index: true,
                lazy: lazyScreen(
                  () => import('./routes/home'),
                  (m) => m.HomeScreen,
                ),
              },
              {
                path: 'restaurant/:id',
                lazy: lazyScreen(
                  () => import('./routes/restaurant-layout'),
                  (m) => m.RestaurantLayout,
                ),
                children: [
                  { index: true, lazy: lazyScreen(staff, (m) => m.QueueScreen) },
                  { path: 'orders', lazy: lazyScreen(staff, (m) => m.OrdersScreen) },
                  { path: 'zone', lazy: lazyScreen(staff, (m) => m.ZoneScreen) },
                  { path: 'guest-links', lazy: lazyScreen(staff, (m) => m.GuestLinksScreen) },
                  {
                    path: 'scheme',
                    children: [{ index: true, lazy: lazyScreen(staff, (m) => m.SchemeScreen) }],
                  },
                  {
                    element: <RequireRole level="admin" />,
                    children: [{ path: 'analytics', lazy: lazyScreen(staff, (m) => m.AnalyticsScreen) }],
                  },
                  {
                    path: 'booking',
                    children: [
                      { index: true, lazy: lazyScreen(staff, (m) => m.BookingScreen) },
                      { path: 'list', lazy: lazyScreen(staff, (m) => m.BookingListScreen) },
                      { path: 'waiting', lazy: lazyScreen(staff, (m) => m.BookingWaitingScreen) },
                    ],
                  },
                  {
                    path: 'settings',
                    element: <RequireRole level="admin" />,
                    children: [
                      {
                        lazy: lazyScreen(settings, (m) => m.SettingsLayout),
                        children: [
                          { index: true, lazy: lazyScreen(settings, (m) => m.SettingsIndex) },
                          { path: 'users', lazy: lazyScreen(settings, (m) => m.SettingsUsersScreen) },
                          { path: 'zones', lazy: lazyScreen(settings, (m) => m.SettingsZonesScreen) },
                          { path: 'tables', lazy: lazyScreen(settings, (m) => m.SettingsTablesScreen) },
                          { path: 'groups', lazy: lazyScreen(settings, (m) => m.SettingsGroupsScreen) },
                          { path: 'booking', lazy: lazyScreen(settings, (m) => m.SettingsBookingScreen) },
                          {
                            path: 'restaurant',
                            children: [
                              { index: true, lazy: lazyScreen(settings, (m) => m.SettingsRestaurantScreen) },
                              {
                                path: 'tags',
                                lazy: lazyScreen(settings, (m) => m.SettingsRestaurantTagsScreen),
                              },
                            ],
                          },
                          { path: 'current', lazy: lazyScreen(settings, (m) => m.SettingsCurrentScreen) },
                          { path: 'static', lazy: lazyScreen(settings, (m) => m.SettingsStaticScreen) },
                          { path: 'privacy', lazy: lazyScreen(settings, (m) => m.SettingsPrivacyScreen) },
                          { path: 'audit', lazy: lazyScreen(settings, (m) => m.SettingsAuditScreen) },
                          {
                            element: <RequireRole level="superuser" />,
                            children: [
                              { path: 'scheme', lazy: lazyScreen(settings, (m) => m.SettingsSchemeScreen) },
                              { path: 'style', lazy: lazyScreen(settings, (m) => m.SettingsStyleScreen) },
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
