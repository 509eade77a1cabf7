import {
  backButton,
  init,
  isTMA,
  miniApp,
  retrieveLaunchParams,
  themeParams,
  useSignal,
  viewport,
} from '@tma.js/sdk-react';
import { useEffect } from 'react';

/**
 * The only module that talks to the Telegram Mini Apps SDK. It runs once, before React renders:
 * launch parameters come from the URL fragment, or from session storage after a reload (the SDK
 * keeps them there). Outside Telegram it does nothing, and the app runs as a normal web app.
 */
export interface TelegramEnvironment {
  inTelegram: boolean;
  platform: string | null;
}

let environment: TelegramEnvironment = { inTelegram: false, platform: null };

function tryStep(step: () => void): void {
  try {
    step();
  } catch (error) {
    // An older Telegram client lacks some features; the app works without them.
    console.warn('telegram: a step of the set-up failed', error);
  }
}

export function initTelegram(): TelegramEnvironment {
  let inside = false;
  try {
    inside = isTMA();
  } catch {
    inside = false;
  }
  if (!inside) return environment;

  try {
    init();
  } catch (error) {
    console.warn('telegram: the SDK could not start; running as a web app', error);
    return environment;
  }
  const launch = retrieveLaunchParams();
  tryStep(() => {
    themeParams.mount();
    // --tg-theme-* variables: telegram-ui's tokens read them, so the app wears Telegram's colours.
    themeParams.bindCssVars();
  });
  tryStep(() => {
    miniApp.mount();
    miniApp.bindCssVars();
  });
  tryStep(() => backButton.mount());
  tryStep(() => {
    viewport
      .mount()
      .then(() => {
        viewport.bindCssVars();
        if (!viewport.isExpanded()) viewport.expand();
      })
      .catch((error: unknown) => console.warn('telegram: the viewport did not answer', error));
  });
  tryStep(() => miniApp.ready());
  environment = { inTelegram: true, platform: launch.tgWebAppPlatform };
  return environment;
}

export function telegramEnvironment(): TelegramEnvironment {
  return environment;
}

/** Telegram's dark or light theme, live; null outside Telegram. */
export function useTelegramIsDark(): boolean | null {
  const isDark = useSignal(themeParams.isDark);
  return environment.inTelegram ? isDark : null;
}

/** Telegram's own BackButton instead of an in-page arrow (UX.md); no-op outside Telegram. */
export function useTelegramBackButton(visible: boolean, onBack: () => void): void {
  useEffect(() => {
    if (!environment.inTelegram || !backButton.isMounted()) return;
    if (!visible) {
      backButton.hide();
      return;
    }
    backButton.show();
    const off = backButton.onClick(onBack);
    return () => {
      off();
    };
  }, [visible, onBack]);
}
