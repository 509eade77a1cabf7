import { act } from '@testing-library/react';
import {
  installTelegramAdapter,
  type MainButtonState,
  type TelegramAdapter,
} from '../shared/telegram/telegram';

/**
 * Telegram as the bridge sees it (shared/telegram), recording what the app asks of it: popups, the
 * MainButton's states, haptics, the closing confirmation. Installed at once; a test puts it away
 * with `installTelegramAdapter(null)` (afterEach).
 */
export function fakeTelegram({ popupAnswer = 'confirm' as string | null, features = true } = {}) {
  const mainButtonClicks = new Set<() => void>();
  const secondaryButtonClicks = new Set<() => void>();
  const backButtonClicks = new Set<() => void>();
  const calls = {
    popups: [] as Parameters<TelegramAdapter['popup']['show']>[0][],
    mainButton: [] as Partial<MainButtonState>[],
    secondaryButton: [] as Partial<MainButtonState>[],
    backButton: [] as ('show' | 'hide')[],
    verticalSwipes: [] as boolean[],
    haptics: [] as string[],
    closingConfirmation: [] as boolean[],
    shared: [] as { url: string; text: string }[],
  };
  const adapter: TelegramAdapter = {
    platform: 'android',
    rawInitData: 'query_id=1&hash=abc',
    startParam: null,
    user: null,
    requestContact: async () => null,
    isDark: () => false,
    onThemeChange: () => () => {},
    backButton: {
      available: () => true,
      show: () => calls.backButton.push('show'),
      hide: () => calls.backButton.push('hide'),
      onClick: (listener) => {
        backButtonClicks.add(listener);
        return () => backButtonClicks.delete(listener);
      },
    },
    popup: {
      available: () => features,
      show: async (params) => {
        calls.popups.push(params);
        return popupAnswer;
      },
    },
    mainButton: {
      available: () => features,
      setParams: (state) => calls.mainButton.push(state),
      onClick: (listener) => {
        mainButtonClicks.add(listener);
        return () => mainButtonClicks.delete(listener);
      },
    },
    secondaryButton: {
      available: () => features,
      setParams: (state) => calls.secondaryButton.push(state),
      onClick: (listener) => {
        secondaryButtonClicks.add(listener);
        return () => secondaryButtonClicks.delete(listener);
      },
    },
    verticalSwipes: {
      available: () => features,
      set: (enabled) => calls.verticalSwipes.push(enabled),
    },
    haptic: {
      impact: (style) => calls.haptics.push(`impact:${style}`),
      notification: (type) => calls.haptics.push(`notification:${type}`),
    },
    setClosingConfirmation: (enabled) => calls.closingConfirmation.push(enabled),
    shareUrl: (url, text) => {
      calls.shared.push({ url, text });
      return features;
    },
  };
  installTelegramAdapter(adapter);
  return {
    calls,
    /** The person presses Telegram's MainButton. */
    pressMainButton: () =>
      act(() => {
        for (const listener of mainButtonClicks) listener();
      }),
    /** The person presses Telegram's SecondaryButton. */
    pressSecondaryButton: () =>
      act(() => {
        for (const listener of secondaryButtonClicks) listener();
      }),
    /** The person presses Telegram's BackButton. */
    pressBackButton: () =>
      act(() => {
        for (const listener of backButtonClicks) listener();
      }),
    /** Whether Telegram shows its BackButton now. */
    backButtonShown: () => calls.backButton.at(-1) === 'show',
    /** Whether a vertical swipe may close the Mini App now. */
    verticalSwipesEnabled: () => calls.verticalSwipes.at(-1) ?? true,
    /** The SecondaryButton as Telegram shows it now: every state sent, merged. */
    secondaryButton: () => Object.assign({}, ...calls.secondaryButton) as Partial<MainButtonState>,
    /** The MainButton as Telegram shows it now: every state sent, merged. */
    mainButton: () => Object.assign({}, ...calls.mainButton) as Partial<MainButtonState>,
    /** Whether closing the Mini App asks first now. */
    closingConfirmation: () => calls.closingConfirmation.at(-1) ?? false,
  };
}
