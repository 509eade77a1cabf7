import { clampFontSize } from '@stolik/domain';
import { useEffect, useSyncExternalStore } from 'react';
import { readSetting, StorageKey, writeSetting } from '../../shared/storage/local-settings';

/**
 * The staff app's global font size (spec §5, §9: 10–24, default 16), kept in local storage. It is
 * the root font size while the staff shell is on screen, and the app's text is sized in rem, so
 * everything written follows it; the guest forms never wear it (their frame is outside the shell).
 */

const listeners = new Set<() => void>();
let current: number | null = null;

const stored = () => clampFontSize(readSetting(StorageKey.fontSize));

function snapshot(): number {
  current ??= stored();
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the app changed it: follow.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== StorageKey.fontSize) return;
    current = stored();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Sets the staff font size (clamped to 10–24) and remembers it. */
export function setStaffFontSize(size: number): void {
  current = clampFontSize(size);
  writeSetting(StorageKey.fontSize, String(current));
  for (const listener of listeners) listener();
}

export function useStaffFontSize(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Makes the chosen size the root font size for as long as the caller (the staff shell) is mounted. */
export function useRootFontSize(): void {
  const size = useStaffFontSize();
  useEffect(() => {
    const root = document.documentElement;
    root.style.fontSize = `${size}px`;
    return () => {
      root.style.removeProperty('font-size');
    };
  }, [size]);
}
