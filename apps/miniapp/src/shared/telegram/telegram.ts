import type { PopupParams } from '@stolik/domain';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { followStartParam } from './start-route';

/**
 * The app's view of Telegram. This module is light: the SDK (sdk-setup.ts, the only code that
 * imports it) is loaded only when the page was opened by Telegram, before React renders. Launch
 * parameters come from the URL fragment, or from session storage after a reload (the SDK keeps them
 * under 'tapps/launchParams'). Outside Telegram nothing is loaded and the app is a normal web app.
 */
export interface TelegramEnvironment {
  inTelegram: boolean;
  platform: string | null;
}

/** What the rest of the app may use of the SDK, once it is set up. */
export interface TelegramAdapter {
  platform: string;
  /** The signed init data exactly as Telegram gave it: the API checks its signature at sign-in. */
  rawInitData: string | null;
  /** The start parameter inside the signed init data (never the unsigned copy in the URL). */
  startParam: string | null;
  /** The Telegram user who opened the app (the guest form prefills the name). */
  user: { firstName: string; lastName: string } | null;
  /** Asks Telegram to share the person's phone number; null when refused or not supported. */
  requestContact: () => Promise<{ phone: string } | null>;
  isDark: () => boolean;
  onThemeChange: (listener: () => void) => () => void;
  backButton: {
    available: () => boolean;
    show: () => void;
    hide: () => void;
    onClick: (listener: () => void) => () => void;
  };
  /**
   * The rest of the bridge. Callers go through bridge.tsx, which fits every text to the limits of
   * spec §9 first; these only pass it on, and never throw (an old client just does nothing).
   */
  popup: {
    available: () => boolean;
    /** The id of the button pressed; null when the popup was closed without one. */
    show: (params: Required<PopupParams>) => Promise<string | null>;
  };
  mainButton: BottomButton;
  /** Telegram's second bottom button, beside the MainButton (Bot API 7.10). */
  secondaryButton: BottomButton;
  /** Whether a vertical swipe may close or minimise the Mini App (Bot API 7.7). */
  verticalSwipes: {
    available: () => boolean;
    set: (enabled: boolean) => void;
  };
  haptic: {
    impact: (style: 'light' | 'medium' | 'heavy') => void;
    notification: (type: 'success' | 'error' | 'warning') => void;
  };
  setClosingConfirmation: (enabled: boolean) => void;
  /** Telegram's own share sheet (chats to send a link to); false where the client cannot. */
  shareUrl: (url: string, text: string) => boolean;
}

/** The MainButton or the SecondaryButton: a text, enabled or not, a loader, shown or hidden. */
export interface BottomButton {
  available: () => boolean;
  setParams: (state: Partial<MainButtonState>) => void;
  onClick: (listener: () => void) => () => void;
}

export interface MainButtonState {
  text: string;
  isVisible: boolean;
  isEnabled: boolean;
  isLoaderVisible: boolean;
}

let adapter: TelegramAdapter | null = null;

/** Sets what the app knows of Telegram: once at start, or a stand-in in a test. */
export function installTelegramAdapter(next: TelegramAdapter | null): void {
  adapter = next;
}

/** For the bridge (bridge.tsx) only: the rest of the app asks the functions below. */
export const telegramAdapter = (): TelegramAdapter | null => adapter;

/** Cheap signs that Telegram opened this page, without loading the SDK. */
export function openedByTelegram(): boolean {
  if (/[#&]tgWebApp(Data|Platform|Version)=/.test(window.location.hash)) return true;
  try {
    return window.sessionStorage.getItem('tapps/launchParams') !== null;
  } catch {
    return false;
  }
}

export async function initTelegram(): Promise<TelegramEnvironment> {
  if (!openedByTelegram()) return telegramEnvironment();
  try {
    const { setUpTelegram } = await import('./sdk-setup');
    installTelegramAdapter(setUpTelegram());
  } catch (error) {
    console.warn('telegram: the SDK did not load; running as a web app', error);
    installTelegramAdapter(null);
  }
  if (adapter) {
    // Styles tell Telegram's palette from the browser's by this mark.
    document.documentElement.dataset.telegram = adapter.platform;
    // Before the first render: the session must see the guest page a guest's link opens.
    followStartParam(adapter.startParam, adapter.rawInitData);
  }
  return telegramEnvironment();
}

/** The raw init data for /api/signin/telegram/, or null outside Telegram. */
export function telegramInitData(): string | null {
  return adapter?.rawInitData ?? null;
}

export function telegramEnvironment(): TelegramEnvironment {
  return adapter ? { inTelegram: true, platform: adapter.platform } : { inTelegram: false, platform: null };
}

const noSubscription = () => () => {};

/** Telegram's dark or light theme, live; null outside Telegram. */
export function useTelegramIsDark(): boolean | null {
  return useSyncExternalStore(
    adapter ? adapter.onThemeChange : noSubscription,
    () => (adapter ? adapter.isDark() : null),
    () => null,
  );
}

/**
 * One BackButton for the app, several claimants (the shell away from a tab's root, a sheet over
 * it): a press goes to the latest claim, and when it lets go the one below has it again. Hidden
 * when no claim is left.
 */
const backClaims: { onBack: () => void }[] = [];
let backWired: TelegramAdapter['backButton'] | null = null;

function applyBackButton(): void {
  const button = adapter?.backButton;
  if (!button?.available()) return;
  if (backWired !== button) {
    button.onClick(() => backClaims.at(-1)?.onBack());
    backWired = button;
  }
  if (backClaims.length > 0) button.show();
  else button.hide();
}

/** Whether Telegram's BackButton is there to stand in for an in-page back or close button. */
export const telegramBackButtonAvailable = (): boolean => adapter?.backButton.available() ?? false;

/** Telegram's own BackButton instead of an in-page arrow (UX.md); no-op outside Telegram. */
export function useTelegramBackButton(visible: boolean, onBack: () => void): void {
  const latest = useRef(onBack);
  useEffect(() => {
    latest.current = onBack;
  });
  useEffect(() => {
    if (!adapter?.backButton.available()) return;
    if (!visible) {
      applyBackButton();
      return;
    }
    const claim = { onBack: () => latest.current() };
    backClaims.push(claim);
    applyBackButton();
    return () => {
      backClaims.splice(backClaims.indexOf(claim), 1);
      applyBackButton();
    };
  }, [visible]);
}

let swipeHolders = 0;

/**
 * While the calling screen is mounted, a vertical swipe does not pull the Mini App down: screens
 * whose content is dragged (the hall map, the timeline, the scheme editor) call it once. Several
 * may hold it; swipes come back when the last lets go. No-op outside Telegram.
 */
export function useTelegramVerticalSwipesOff(): void {
  useEffect(() => {
    const swipes = adapter?.verticalSwipes;
    if (!swipes?.available()) return;
    swipeHolders += 1;
    if (swipeHolders === 1) swipes.set(false);
    return () => {
      swipeHolders -= 1;
      if (swipeHolders === 0) swipes.set(true);
    };
  }, []);
}

/** The Telegram user who opened the app, or null outside Telegram. */
export function telegramUser(): { firstName: string; lastName: string } | null {
  return adapter?.user ?? null;
}

/** Telegram's own 'share my number' dialog; null outside Telegram. */
export const telegramContactRequest = (): (() => Promise<{ phone: string } | null>) | null =>
  adapter ? adapter.requestContact : null;

/** Shares a link through Telegram's chat picker; false outside Telegram or where it is not available. */
export function telegramShareUrl(url: string, text: string): boolean {
  return adapter?.shareUrl(url, text) ?? false;
}
