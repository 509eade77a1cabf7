import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { haptic, showPopup, useClosingConfirmation, useConfirm, useTelegramMainButton } from './bridge';
import { installTelegramAdapter, type MainButtonState, type TelegramAdapter } from './telegram';

/** Telegram as the bridge sees it, recording what the app asks of it. */
function fakeTelegram({ popupAnswer = 'confirm' as string | null, features = true } = {}) {
  const mainButtonClicks = new Set<() => void>();
  const calls = {
    popups: [] as Parameters<TelegramAdapter['popup']['show']>[0][],
    mainButton: [] as Partial<MainButtonState>[],
    haptics: [] as string[],
    closingConfirmation: [] as boolean[],
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
  };
  installTelegramAdapter(adapter);
  return {
    calls,
    pressMainButton: () =>
      act(() => {
        for (const listener of mainButtonClicks) listener();
      }),
    mainButton: () => Object.assign({}, ...calls.mainButton) as Partial<MainButtonState>,
  };
}

afterEach(() => installTelegramAdapter(null));

describe('popups', () => {
  it('shorten what they say to the limits of spec §9 before Telegram sees it', async () => {
    const telegram = fakeTelegram();
    const answer = await showPopup({
      title: 'Константин Константинопольский-Щедрин, юбилей на двенадцать персон у окна',
      message: 'Отклонить? '.repeat(40),
      buttons: ['a', 'b', 'c', 'd'].map((id) => ({ id, text: id })),
    });
    expect(answer).toEqual({ shown: true, button: 'confirm' });
    const [sent] = telegram.calls.popups;
    expect(sent?.title.length).toBeLessThanOrEqual(64);
    expect(sent?.title.endsWith('…')).toBe(true);
    expect(sent?.message.length).toBeLessThanOrEqual(256);
    expect(sent?.buttons).toHaveLength(3);
  });

  it('are not shown outside Telegram, nor on a client without them: the page asks instead', async () => {
    expect(await showPopup({ message: 'Да?' })).toEqual({ shown: false });
    fakeTelegram({ features: false });
    expect(await showPopup({ message: 'Да?' })).toEqual({ shown: false });
  });
});

describe('a yes-or-no question', () => {
  const question = {
    title: 'Анна · 19:00',
    message: 'Отклонить бронь?',
    confirmLabel: 'Отклонить',
    cancelLabel: 'Назад',
    destructive: true,
  };

  it("is Telegram's popup inside Telegram, answered by the button pressed", async () => {
    const telegram = fakeTelegram({ popupAnswer: 'confirm' });
    const { result } = renderHook(() => useConfirm());
    await expect(result.current.confirm(question)).resolves.toBe(true);
    expect(telegram.calls.popups[0]?.buttons).toEqual([
      { id: 'cancel', type: 'default', text: 'Назад' },
      { id: 'confirm', type: 'destructive', text: 'Отклонить' },
    ]);
    fakeTelegram({ popupAnswer: null }); // closed without a button
    await expect(result.current.confirm(question)).resolves.toBe(false);
  });

  it("is the page's own dialog in a browser", async () => {
    function Asking({ onAnswer }: { onAnswer: (yes: boolean) => void }) {
      const { confirm, dialog } = useConfirm();
      return (
        <>
          <button type="button" onClick={() => void confirm(question).then(onAnswer)}>
            ask
          </button>
          {dialog}
        </>
      );
    }
    const onAnswer = vi.fn();
    render(<Asking onAnswer={onAnswer} />);
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    await screen.findByText('Отклонить бронь?');
    await userEvent.click(screen.getByRole('button', { name: 'Отклонить', hidden: true }));
    await vi.waitFor(() => expect(onAnswer).toHaveBeenCalledWith(true));
  });
});

describe('the MainButton', () => {
  it('shows the form’s action, shortened to 64, and a press taps and calls it', () => {
    const telegram = fakeTelegram();
    const onClick = vi.fn();
    const { result } = renderHook(() => useTelegramMainButton('Встать в очередь', onClick));
    expect(result.current).toBe(true);
    expect(telegram.mainButton()).toEqual({
      text: 'Встать в очередь',
      isVisible: true,
      isEnabled: true,
      isLoaderVisible: false,
    });
    telegram.pressMainButton();
    expect(onClick).toHaveBeenCalledOnce();
    expect(telegram.calls.haptics).toEqual(['impact:light']);

    renderHook(() => useTelegramMainButton('Сохранить '.repeat(10), () => {}));
    const long = telegram.mainButton().text ?? '';
    expect(long.length).toBeLessThanOrEqual(64);
    expect(long.endsWith('Сохранить…')).toBe(true);
  });

  it('greys out while sending, with its loader, and ignores presses then', () => {
    const telegram = fakeTelegram();
    const onClick = vi.fn();
    const { rerender } = renderHook(
      ({ loading }) => useTelegramMainButton('Отправить', onClick, { loading }),
      {
        initialProps: { loading: false },
      },
    );
    rerender({ loading: true });
    expect(telegram.mainButton()).toMatchObject({ isEnabled: false, isLoaderVisible: true, isVisible: true });
    telegram.pressMainButton();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('goes back to the screen below when a sheet above lets it go, and hides with the last', () => {
    const telegram = fakeTelegram();
    const screenBelow = renderHook(() => useTelegramMainButton('Сохранить', () => {}));
    const sheet = renderHook(() => useTelegramMainButton('Забронировать', () => {}));
    expect(telegram.mainButton().text).toBe('Забронировать');
    sheet.unmount();
    expect(telegram.mainButton()).toMatchObject({ text: 'Сохранить', isVisible: true });
    screenBelow.unmount();
    expect(telegram.mainButton().isVisible).toBe(false);
  });

  it('stays hidden while the form is not on screen or the text is empty', () => {
    const telegram = fakeTelegram();
    expect(
      renderHook(() => useTelegramMainButton('Сохранить', () => {}, { visible: false })).result.current,
    ).toBe(false);
    expect(renderHook(() => useTelegramMainButton('   ', () => {})).result.current).toBe(false);
    expect(telegram.calls.mainButton.filter((state) => state.isVisible)).toEqual([]);
  });

  it('is not there outside Telegram: the page keeps its own button', () => {
    expect(renderHook(() => useTelegramMainButton('Сохранить', () => {})).result.current).toBe(false);
  });
});

describe('the closing confirmation', () => {
  it('is on while any form has unsaved input, and off when the last one has none', () => {
    const telegram = fakeTelegram();
    const first = renderHook(({ unsaved }) => useClosingConfirmation(unsaved), {
      initialProps: { unsaved: false },
    });
    expect(telegram.calls.closingConfirmation).toEqual([]);
    first.rerender({ unsaved: true });
    const second = renderHook(() => useClosingConfirmation(true));
    expect(telegram.calls.closingConfirmation).toEqual([true]);
    first.rerender({ unsaved: false });
    expect(telegram.calls.closingConfirmation).toEqual([true]);
    second.unmount();
    expect(telegram.calls.closingConfirmation).toEqual([true, false]);
  });
});

describe('haptic feedback', () => {
  it('tells a tap, a success and a failure apart, and is silent outside Telegram', () => {
    haptic.tap();
    const telegram = fakeTelegram();
    haptic.tap();
    haptic.success();
    haptic.error();
    expect(telegram.calls.haptics).toEqual(['impact:light', 'notification:success', 'notification:error']);
  });
});
