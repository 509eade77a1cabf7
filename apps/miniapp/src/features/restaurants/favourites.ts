import { useCallback, useState } from 'react';
import { readSetting, StorageKey, writeSetting } from '../../shared/storage/local-settings';

function read(): number[] {
  try {
    const value: unknown = JSON.parse(readSetting(StorageKey.favouriteRestaurants) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** Starred restaurants (spec §2), kept in local storage; they come first in the switcher. */
export function useFavouriteRestaurants() {
  const [ids, setIds] = useState<number[]>(read);
  const toggle = useCallback((id: number) => {
    setIds((current) => {
      const next = current.includes(id) ? current.filter((x) => x !== id) : [...current, id];
      writeSetting(StorageKey.favouriteRestaurants, JSON.stringify(next));
      return next;
    });
  }, []);
  return { ids, isFavourite: (id: number) => ids.includes(id), toggle };
}
