import { type ComponentType, Suspense } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { type LazyScreen, lazyScreen } from '../shared/routing/lazy-screen';
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
// The live queue, the staff's everyday screen, apart from the other staff screens (issue #21: what
// its first render evaluates is what blocks the page).
const queue = () => import('../features/queue/components/queue-screen');
const settings = () => import('./routes/settings-screens');
const publicScreens = () => import('./routes/public-screens');
const guest = () => import('./routes/guest-screens');
const telegram = () => import('./routes/telegram-screens');
// The rarer ways in, each apart from /login's chunk (issue #21: its first screen carries only itself).
const invite = () => import('../features/auth/components/invite-screen');
const signUp = () => import('../features/auth/components/sign-up-screen');
const appInstall = () => import('../features/app-install/components/app-install-screen');

type Module<T extends () => Promise<unknown>> = Awaited<ReturnType<T>>;
/** A staff or settings screen, with its group's texts (most routes are one of these). */
const staffScreen = (pick: (m: Module<typeof staff>) => ComponentType) =>
  lazyScreen(staff, pick, texts.staff);
const settingsScreen = (pick: (m: Module<typeof settings>) => ComponentType) =>
  lazyScreen(settings, pick, texts.settings);

/** /login's screen: pre-rendered into the page the server sends for /login (prerender/), so exported. */
export const LoginScreen = lazyScreen(publicScreens, (m) => m.LoginScreen, texts.login);

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
          { path: 'login', Component: LoginScreen },
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
                      { index: true, Component: lazyScreen(queue, (m) => m.QueueScreen, texts.staff) },
                      { path: 'orders', Component: staffScreen((m) => m.OrdersScreen) },
                      { path: 'zone', Component: staffScreen((m) => m.ZoneScreen) },
                      {
                        path: 'guest-links',
                        Component: staffScreen((m) => m.GuestLinksScreen),
                      },
                      {
                        path: 'scheme',
                        children: [{ index: true, Component: staffScreen((m) => m.SchemeScreen) }],
                      },
                      {
                        element: <RequireRole level="admin" />,
                        children: [
                          {
                            path: 'analytics',
                            Component: staffScreen((m) => m.AnalyticsScreen),
                          },
                        ],
                      },
                      {
                        path: 'booking',
                        children: [
                          { index: true, Component: staffScreen((m) => m.BookingScreen) },
                          {
                            path: 'list',
                            Component: staffScreen((m) => m.BookingListScreen),
                          },
                          {
                            path: 'waiting',
                            Component: staffScreen((m) => m.BookingWaitingScreen),
                          },
                        ],
                      },
                      {
                        path: 'settings',
                        element: <RequireRole level="admin" />,
                        children: [
                          {
                            Component: settingsScreen((m) => m.SettingsLayout),
                            children: [
                              {
                                index: true,
                                Component: settingsScreen((m) => m.SettingsIndex),
                              },
                              {
                                path: 'users',
                                Component: settingsScreen((m) => m.SettingsUsersScreen),
                              },
                              {
                                path: 'zones',
                                Component: settingsScreen((m) => m.SettingsZonesScreen),
                              },
                              {
                                path: 'tables',
                                Component: settingsScreen((m) => m.SettingsTablesScreen),
                              },
                              {
                                path: 'groups',
                                Component: settingsScreen((m) => m.SettingsGroupsScreen),
                              },
                              {
                                path: 'booking',
                                Component: settingsScreen((m) => m.SettingsBookingScreen),
                              },
                              {
                                path: 'restaurant',
                                children: [
                                  {
                                    index: true,
                                    Component: settingsScreen((m) => m.SettingsRestaurantScreen),
                                  },
                                  {
                                    path: 'tags',
                                    Component: settingsScreen((m) => m.SettingsRestaurantTagsScreen),
                                  },
                                ],
                              },
                              {
                                path: 'current',
                                Component: settingsScreen((m) => m.SettingsCurrentScreen),
                              },
                              {
                                path: 'static',
                                Component: settingsScreen((m) => m.SettingsStaticScreen),
                              },
                              {
                                path: 'privacy',
                                Component: settingsScreen((m) => m.SettingsPrivacyScreen),
                              },
                              {
                                path: 'audit',
                                Component: settingsScreen((m) => m.SettingsAuditScreen),
                              },
                              {
                                element: <RequireRole level="superuser" />,
                                children: [
                                  {
                                    path: 'scheme',
                                    Component: settingsScreen((m) => m.SettingsSchemeScreen),
                                  },
                                  {
                                    path: 'style',
                                    Component: settingsScreen((m) => m.SettingsStyleScreen),
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

const preloadable = (component: unknown): component is LazyScreen =>
  typeof component === 'function' && 'preload' in component;
const isElementOf = (element: unknown, type: unknown) =>
  typeof element === 'object' && element !== null && (element as { type?: unknown }).type === type;

/**
 * Starts loading every screen the address will draw, the layouts around it included, all at once:
 * otherwise each nested lazy screen asks for its code only once the one around it has rendered, a
 * chain of round trips before the screen (issue #21). A signed-in screen's code only with a stored
 * session (`signedIn`): without one the visitor goes to /login.
 */
export function preloadScreens(pathname: string, signedIn: boolean): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (!signedIn && isElementOf(route.element, RequireSession)) return;
    if (preloadable(route.Component)) void route.Component.preload();
  }
}

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
