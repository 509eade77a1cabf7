import type { Restaurant } from '@stolik/contracts';
import { canSeeAnalytics, canSeeSettings, type RoleHolder } from '@stolik/domain';
import type { ComponentType } from 'react';
import type { TextKey } from '../../shared/i18n/i18n';
import { paths } from '../../shared/routing/paths';
import {
  CalendarIcon,
  ChartIcon,
  ListIcon,
  MapIcon,
  OrdersIcon,
  QrIcon,
  QueueIcon,
  SettingsIcon,
  TelegramIcon,
  ZonesIcon,
} from '../../shared/ui/icons';

export interface NavItem {
  id: string;
  labelKey: Extract<TextKey, `nav.${string}`>;
  to: string;
  icon: ComponentType<{ size?: number }>;
  /** Active only on this exact path (the queue is the restaurant's index). */
  end?: boolean;
}

/**
 * What a person may open in a restaurant (spec §2, §6): orders unless hidden, the booking list
 * only where bookings are on, analytics and settings for admins.
 */
export function restaurantNavigation(restaurant: Restaurant, viewer: RoleHolder | null): NavItem[] {
  const id = restaurant.id;
  const isAdminViewer = viewer !== null && canSeeSettings(viewer);
  const items: (NavItem | false)[] = [
    { id: 'queue', labelKey: 'nav.queue', to: paths.queue(id), icon: QueueIcon, end: true },
    { id: 'bookings', labelKey: 'nav.bookings', to: paths.booking(id), icon: CalendarIcon, end: true },
    restaurant.has_bookings && {
      id: 'list',
      labelKey: 'nav.list',
      to: paths.bookingList(id),
      icon: ListIcon,
    },
    { id: 'map', labelKey: 'nav.map', to: paths.scheme(id), icon: MapIcon },
    { id: 'zones', labelKey: 'nav.zones', to: paths.zone(id), icon: ZonesIcon },
    !restaurant.ui_content.app.hide_orders && {
      id: 'orders',
      labelKey: 'nav.orders',
      to: paths.orders(id),
      icon: OrdersIcon,
    },
    viewer !== null &&
      canSeeAnalytics(viewer) && {
        id: 'analytics',
        labelKey: 'nav.analytics',
        to: paths.analytics(id),
        icon: ChartIcon,
      },
    // Every member: the hostess shows the QR code at the door (spec §1: the guest forms' links).
    { id: 'guest-links', labelKey: 'nav.guestLinks', to: paths.guestLinks(id), icon: QrIcon },
    isAdminViewer && { id: 'settings', labelKey: 'nav.settings', to: paths.settings(id), icon: SettingsIcon },
  ];
  return items.filter((item): item is NavItem => item !== false);
}

/** What the phone's bottom bar holds itself; the rest of a member's screens are under 'Ещё'. */
const BOTTOM_BAR = new Set(['queue', 'bookings', 'list', 'map']);

/**
 * The mobile bottom bar: Queue, Bookings, List, Map (spec §2), then 'Ещё' (`moreNavigation`).
 * The spec put Settings (admins only) fifth; a phone, inside Telegram above all, then had no way to
 * Зоны, Заказы, Аналитика or Telegram's notifications (issue #34), so the fifth place is 'Ещё',
 * with Settings first in it for admins.
 */
export function bottomBarNavigation(restaurant: Restaurant, viewer: RoleHolder | null): NavItem[] {
  return restaurantNavigation(restaurant, viewer).filter((item) => BOTTOM_BAR.has(item.id));
}

/**
 * Behind the phone's 'Ещё': every other screen the member may open in the restaurant (settings
 * first for an admin, as the most used of them), then Telegram's settings and notifications.
 */
export function moreNavigation(restaurant: Restaurant, viewer: RoleHolder | null): NavItem[] {
  const rest = restaurantNavigation(restaurant, viewer).filter((item) => !BOTTOM_BAR.has(item.id));
  const settings = rest.filter((item) => item.id === 'settings');
  return [
    ...settings,
    ...rest.filter((item) => item.id !== 'settings'),
    { id: 'telegram', labelKey: 'nav.telegramNotifications', to: paths.telegram(), icon: TelegramIcon },
  ];
}
