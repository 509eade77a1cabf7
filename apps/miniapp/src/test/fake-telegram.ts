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
  const calls = {
    popups: [] as Parameters<TelegramAdapter['popup']['show']>[0][],
    mainButton: [] as Partial<MainButtonState>[],
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
    backButton: { available: () => true, show: () => {}, hide: () => {}, onClick: () => () => {} },
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
    /** The MainButton as Telegram shows it now: every state sent, merged. */
    mainButton: () => Object.assign({}, ...calls.mainButton) as Partial<MainButtonState>,
    /** Whether closing the Mini App asks first now. */
    closingConfirmation: () => calls.closingConfirmation.at(-1) ?? false,
  };
}
export type FakeTelegram = ReturnType<typeof fakeTelegram>;
