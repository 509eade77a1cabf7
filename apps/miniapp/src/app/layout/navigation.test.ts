import type { Restaurant } from '@stolik/contracts';
import { ROLE_ADMIN, ROLE_MANAGER } from '@stolik/domain';
import { describe, expect, it } from 'vitest';
import { bottomBarNavigation, moreNavigation, restaurantNavigation } from './navigation';

const restaurant: Restaurant = {
  id: 7,
  name: 'Демо',
  timezone: 'Europe/Moscow',
  has_bookings: true,
  ui_content: { app: { hide_orders: false, hide_main_table: false } },
};
const hostess = { is_superuser: false, role: ROLE_MANAGER } as const;
const admin = { is_superuser: false, role: ROLE_ADMIN } as const;
const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('staff navigation', () => {
  it('gives a hostess the floor screens and no admin screens', () => {
    expect(ids(restaurantNavigation(restaurant, hostess))).toEqual([
      'queue',
      'bookings',
      'list',
      'map',
      'zones',
      'orders',
      'guest-links',
    ]);
  });

  it('adds analytics and settings for an admin', () => {
    expect(ids(restaurantNavigation(restaurant, admin))).toEqual([
      'queue',
      'bookings',
      'list',
      'map',
      'zones',
      'orders',
      'analytics',
      'guest-links',
      'settings',
    ]);
  });

  it('hides orders when the restaurant hides them, and the list without bookings', () => {
    const quiet = {
      ...restaurant,
      has_bookings: false,
      ui_content: { app: { hide_orders: true, hide_main_table: false } },
    };
    expect(ids(restaurantNavigation(quiet, admin))).not.toContain('orders');
    expect(ids(restaurantNavigation(quiet, admin))).not.toContain('list');
  });

  it('builds the bottom bar from Queue, Bookings, List and Map, and puts every other screen under Ещё', () => {
    expect(ids(bottomBarNavigation(restaurant, hostess))).toEqual(['queue', 'bookings', 'list', 'map']);
    expect(ids(bottomBarNavigation(restaurant, admin))).toEqual(['queue', 'bookings', 'list', 'map']);
    expect(bottomBarNavigation(restaurant, admin).find((i) => i.id === 'list')?.to).toBe(
      '/restaurant/7/booking/list',
    );
    expect(ids(moreNavigation(restaurant, hostess))).toEqual(['zones', 'orders', 'guest-links', 'telegram']);
    // Settings first for an admin, the most used of them.
    expect(ids(moreNavigation(restaurant, admin))).toEqual([
      'settings',
      'zones',
      'orders',
      'analytics',
      'guest-links',
      'telegram',
    ]);
    expect(moreNavigation(restaurant, hostess).find((i) => i.id === 'telegram')?.to).toBe('/telegram');
  });

  it('leaves no screen a member may open out of reach of the phone: the bar and Ещё hold them all', () => {
    for (const viewer of [hostess, admin]) {
      for (const where of [
        restaurant,
        {
          ...restaurant,
          has_bookings: false,
          ui_content: { app: { hide_orders: true, hide_main_table: false } },
        },
      ]) {
        const onPhone = [...bottomBarNavigation(where, viewer), ...moreNavigation(where, viewer)].map(
          (i) => i.to,
        );
        for (const item of restaurantNavigation(where, viewer)) expect(onPhone).toContain(item.to);
        expect(onPhone).toContain('/telegram');
        expect(new Set(onPhone).size).toBe(onPhone.length);
      }
    }
  });
});
