/**
 * What the app keeps in local storage (spec §9): tokens, theme, font size, favourite restaurants,
 * sidebar state and the hide-install-prompt flag. One place, so keys never drift apart.
 */
export const StorageKey = {
  accessToken: 'access',
  refreshToken: 'refresh',
  theme: 'theme',
  fontSize: 'fontSize',
  favouriteRestaurants: 'favouriteRestaurants',
  sidebarCollapsed: 'sidebarCollapsed',
  hideInstallPrompt: 'hideInstallPrompt',
  lastRestaurant: 'lastRestaurant',
  /** The global alert a person closed (a hash of its text): it stays closed until the text changes. */
  closedGlobalAlert: 'closedGlobalAlert',
  /** The guest pages' device key (guest-device.ts): proves a repeated queue join comes from this device. */
  guestDevice: 'guestDevice',
  /** The guest pages this browser gets Web Push for ('queue:<token>' → the endpoint posted). */
  guestPush: 'guestPush',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

/** Storage can be missing or throw (private mode, a locked-down WebView): never let that break the app. */
export function readSetting(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSetting(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the setting simply is not remembered.
  }
}
