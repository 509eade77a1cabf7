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

/** The mobile bottom bar: Queue, Bookings, List, Map, Settings (admin only), spec §2. */
export function bottomBarNavigation(restaurant: Restaurant, viewer: RoleHolder | null): NavItem[] {
  const wanted = new Set(['queue', 'bookings', 'list', 'map', 'settings']);
  return restaurantNavigation(restaurant, viewer).filter((item) => wanted.has(item.id));
}
