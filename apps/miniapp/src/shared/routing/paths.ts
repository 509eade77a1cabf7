/** Every route path of spec §2, in one place: screens and links build URLs only from here. */
export const paths = {
  home: () => '/',
  login: () => '/login',
  invite: () => '/invite',
  redirect: () => '/redirect',
  appInstall: () => '/app-install',
  signUp: () => '/sign-up',
  telegram: () => '/telegram',
  telegramNotifications: () => '/telegram/notifications',
  telegramBooking: (id: number, bookingId: number) => `/telegram/restaurant/${id}/booking/${bookingId}`,
  queue: (id: number) => `/restaurant/${id}`,
  orders: (id: number) => `/restaurant/${id}/orders`,
  zone: (id: number) => `/restaurant/${id}/zone`,
  scheme: (id: number) => `/restaurant/${id}/scheme`,
  analytics: (id: number) => `/restaurant/${id}/analytics`,
  booking: (id: number) => `/restaurant/${id}/booking`,
  bookingList: (id: number) => `/restaurant/${id}/booking/list`,
  bookingWaiting: (id: number) => `/restaurant/${id}/booking/waiting`,
  settings: (id: number) => `/restaurant/${id}/settings`,
  settingsSection: (id: number, section: SettingsSection) => `/restaurant/${id}/settings/${section}`,
  settingsRestaurantTags: (id: number) => `/restaurant/${id}/settings/restaurant/tags`,
  guestLinks: (id: number) => `/restaurant/${id}/guest-links`,
  guestQueue: (id: number) => `/guest/${id}/queue`,
  guestQueueStatus: (token: string) => `/guest/queue/${encodeURIComponent(token)}`,
  guestBooking: (id: number) => `/guest/${id}/booking`,
  guestBookingStatus: (token: string) => `/guest/booking/${encodeURIComponent(token)}`,
} as const;

export const SETTINGS_SECTIONS = [
  'users',
  'zones',
  'tables',
  'groups',
  'booking',
  'restaurant',
  'current',
  'static',
  'privacy',
  'audit',
  'scheme',
  'style',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/**
 * The same screen in another restaurant: /restaurant/1/booking/list -> /restaurant/2/booking/list
 * (spec §2: the switcher keeps the sub-path).
 */
export function switchRestaurantPath(pathname: string, restaurantId: number): string {
  const match = /^\/restaurant\/[^/]+(\/.*)?$/.exec(pathname);
  if (!match) return paths.queue(restaurantId);
  return `${paths.queue(restaurantId)}${match[1] ?? ''}`;
}

/** The restaurant id in a staff path, or null. */
export function restaurantIdFromPath(pathname: string): number | null {
  const match = /^\/restaurant\/(\d+)(?:\/|$)/.exec(pathname);
  return match ? Number(match[1]) : null;
}

/** The guest-facing pages (queue form and status): public, never a staff session. */
export const isGuestPath = (pathname: string): boolean => pathname.startsWith('/guest/');

/**
 * Where the BackButton leads from a screen outside the staff shell that was opened without in-app
 * history before it (a bot's button opened it): the screen above it, or null where there is none.
 */
export function publicParentPath(pathname: string): string | null {
  if (pathname === paths.telegram()) return paths.home();
  if (pathname === paths.telegramNotifications()) return paths.telegram();
  const booking = /^\/telegram\/restaurant\/(\d+)\/booking\/\d+$/.exec(pathname);
  return booking ? paths.booking(Number(booking[1])) : null;
}
