import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { PRERENDERED_APPEARANCE, useHydrated } from '../prerender/prerendered';
import { readSetting, StorageKey, writeSetting } from '../storage/local-settings';
import { telegramEnvironment, useTelegramIsDark } from '../telegram/telegram';

export type Appearance = 'light' | 'dark';

interface ThemeState {
  appearance: Appearance;
  /** Inside Telegram the theme is Telegram's; the toggle is only offered in a browser. */
  canToggle: boolean;
  toggle: () => void;
}

const ThemeContext = createContext<ThemeState | null>(null);

function systemAppearance(): Appearance {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

function storedPreference(): Appearance | null {
  const value = readSetting(StorageKey.theme);
  return value === 'light' || value === 'dark' ? value : null;
}

/** Light or dark: Telegram's theme inside Telegram; otherwise the user's choice, or the system's. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const telegramDark = useTelegramIsDark();
  const [preference, setPreference] = useState<Appearance | null>(storedPreference);
  const [system, setSystem] = useState<Appearance>(systemAppearance);
  // A pre-rendered page is hydrated in the theme it was drawn in, and takes the person's right after.
  const hydrated = useHydrated();

  useEffect(() => {
    const query = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!query) return;
    const onChange = () => setSystem(query.matches ? 'dark' : 'light');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const inTelegram = telegramEnvironment().inTelegram;
  const own: Appearance =
    inTelegram && telegramDark !== null ? (telegramDark ? 'dark' : 'light') : (preference ?? system);
  const appearance: Appearance = hydrated ? own : PRERENDERED_APPEARANCE;

  useLayoutEffect(() => {
    document.documentElement.dataset.theme = appearance;
    document.documentElement.style.colorScheme = appearance;
  }, [appearance]);

  const toggle = useCallback(() => {
    const next: Appearance = appearance === 'dark' ? 'light' : 'dark';
    writeSetting(StorageKey.theme, next);
    setPreference(next);
  }, [appearance]);

  const value = useMemo(
    () => ({ appearance, canToggle: !inTelegram, toggle }),
    [appearance, inTelegram, toggle],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useTheme outside ThemeProvider');
  return state;
}
