import type { Restaurant } from '@stolik/contracts';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { restaurantIdFromPath } from '../routing/paths';
import { readSetting, StorageKey, writeSetting } from '../storage/local-settings';
import { useRestaurants } from './get-restaurants';

/**
 * The restaurant the person works in now: the one in the URL, else the last one opened, else the
 * first they have. Remembered so that the next visit opens where they left off.
 */
export function useCurrentRestaurant() {
  const { pathname } = useLocation();
  const restaurants = useRestaurants();
  const fromPath = restaurantIdFromPath(pathname);
  const remembered = Number(readSetting(StorageKey.lastRestaurant) ?? Number.NaN);
  const list = restaurants.data ?? [];
  const current: Restaurant | undefined =
    list.find((r) => r.id === fromPath) ?? list.find((r) => r.id === remembered) ?? list[0];

  useEffect(() => {
    if (fromPath !== null) writeSetting(StorageKey.lastRestaurant, String(fromPath));
  }, [fromPath]);

  return { restaurants, current, list };
}
