import {
  backButton,
  closingBehavior,
  hapticFeedback,
  init,
  mainButton,
  miniApp,
  popup,
  requestContact,
  retrieveLaunchParams,
  retrieveRawInitData,
  secondaryButton,
  shareURL,
  swipeBehavior,
  themeParams,
  viewport,
} from '@tma.js/sdk-react';
import type { TelegramAdapter } from './telegram';

function tryStep(step: () => void): void {
  try {
    step();
  } catch (error) {
    // An older Telegram client lacks some features; the app works without them.
    console.warn('telegram: a step of the set-up failed', error);
  }
}

/** A bridge call that must not break the screen it was made from. */
function quietly(call: () => void): void {
  try {
    call();
  } catch (error) {
    console.warn('telegram: a bridge call failed', error);
  }
}

/**
 * The Telegram SDK itself, loaded only when the page was opened by Telegram (it weighs as much as
 * React DOM; a guest's browser or the door tablet never downloads it).
 */
export function setUpTelegram(): TelegramAdapter | null {
  try {
    init();
  } catch (error) {
    console.warn('telegram: the SDK could not start; running as a web app', error);
    return null;
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
  // Telegram's header and the area around the page wear the page's own background (the grey
  // secondary_bg_color the screens are drawn on), its bottom bar the tab bar's: no white band over
  // a grey page. Named by theme key, Telegram follows a change of theme by itself.
  tryStep(() => miniApp.setHeaderColor('secondary_bg_color'));
  tryStep(() => miniApp.setBgColor('secondary_bg_color'));
  tryStep(() => {
    if (miniApp.setBottomBarColor.isAvailable()) miniApp.setBottomBarColor('bg_color');
  });
  tryStep(() => backButton.mount());
  tryStep(() => mainButton.mount());
  tryStep(() => {
    if (secondaryButton.mount.isAvailable()) secondaryButton.mount();
  });
  tryStep(() => {
    if (swipeBehavior.mount.isAvailable()) swipeBehavior.mount();
  });
  tryStep(() => closingBehavior.mount());
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

  let rawInitData: string | null = null;
  try {
    rawInitData = retrieveRawInitData() ?? null;
  } catch {
    rawInitData = null;
  }

  const user = launch.tgWebAppData?.user;
  return {
    platform: launch.tgWebAppPlatform,
    user: user ? { firstName: user.first_name, lastName: user.last_name ?? '' } : null,
    requestContact: async () => {
      // Telegram asks the person; a refusal or an old client gives nothing, and the field stays.
      if (!requestContact.isAvailable()) return null;
      try {
        const shared = await requestContact();
        return shared.contact.phone_number ? { phone: shared.contact.phone_number } : null;
      } catch {
        return null;
      }
    },
    rawInitData,
    // The copy inside the signed init data: tgWebAppStartParam beside it in the URL is unsigned.
    startParam: launch.tgWebAppData?.start_param ?? null,
    isDark: () => themeParams.isDark(),
    onThemeChange: (listener) => themeParams.isDark.sub(listener),
    backButton: {
      available: () => backButton.isMounted(),
      show: () => backButton.show(),
      hide: () => backButton.hide(),
      onClick: (listener) => backButton.onClick(listener),
    },
    popup: {
      available: () => popup.show.isAvailable(),
      show: async (params) => {
        try {
          return (await popup.show(params)) || null;
        } catch (error) {
          console.warn('telegram: the popup failed', error);
          return null;
        }
      },
    },
    mainButton: {
      available: () => mainButton.isMounted(),
      setParams: (state) => quietly(() => mainButton.setParams(state)),
      onClick: (listener) => mainButton.onClick(listener),
    },
    secondaryButton: {
      available: () => secondaryButton.isMounted(),
      setParams: (state) => quietly(() => secondaryButton.setParams(state)),
      onClick: (listener) => secondaryButton.onClick(listener),
    },
    verticalSwipes: {
      available: () => swipeBehavior.isMounted(),
      set: (enabled) =>
        quietly(() => (enabled ? swipeBehavior.enableVertical() : swipeBehavior.disableVertical())),
    },
    haptic: {
      impact: (style) => {
        if (hapticFeedback.impactOccurred.isAvailable()) quietly(() => hapticFeedback.impactOccurred(style));
      },
      notification: (type) => {
        if (hapticFeedback.notificationOccurred.isAvailable())
          quietly(() => hapticFeedback.notificationOccurred(type));
      },
    },
    setClosingConfirmation: (enabled) => {
      if (!closingBehavior.isMounted()) return;
      quietly(() => (enabled ? closingBehavior.enableConfirmation() : closingBehavior.disableConfirmation()));
    },
    shareUrl: (url, text) => {
      if (!shareURL.isAvailable()) return false;
      try {
        shareURL(url, text);
        return true;
      } catch (error) {
        console.warn('telegram: sharing failed', error);
        return false;
      }
    },
  };
}
