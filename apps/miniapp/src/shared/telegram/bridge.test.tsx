import { TELEGRAM_BRIDGE_LIMITS } from '@stolik/domain';
import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTelegram } from '../../test/fake-telegram';
import {
  haptic,
  showPopup,
  useClosingConfirmation,
  useConfirm,
  useTelegramMainButton,
  useTelegramSecondaryButton,
} from './bridge';
import { installTelegramAdapter, useTelegramBackButton, useTelegramVerticalSwipesOff } from './telegram';

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

/** A text exactly `length` UTF-16 units long, of words (Cyrillic, with an emoji of two units in it). */
function textOf(length: number): string {
  const text = `Гость 👋 ${'столик у окна '.repeat(30)}`.slice(0, length);
  // Never end on a space: Telegram's count and ours start from the trimmed text.
  return text.endsWith(' ') ? `${text.slice(0, -1)}ы` : text;
}

describe('the limits of spec §9, through the bridge itself', () => {
  const { popupTitle, popupMessage, bottomButtonTextMax } = TELEGRAM_BRIDGE_LIMITS;

  it('sends a popup of exactly 64 and 256, with three buttons of 64, as it is', async () => {
    const telegram = fakeTelegram();
    const title = textOf(popupTitle);
    const message = textOf(popupMessage);
    const buttons = ['a', 'b', 'c'].map((id) => ({ id, type: 'default' as const, text: textOf(64) }));
    expect([title.length, message.length, buttons[0]?.text.length]).toEqual([64, 256, 64]);
    await showPopup({ title, message, buttons });
    expect(telegram.calls.popups).toEqual([{ title, message, buttons }]);
  });

  it('shortens a popup of 65 and 257, and a fourth button, to what Telegram takes', async () => {
    const telegram = fakeTelegram();
    const title = textOf(popupTitle + 1);
    const message = textOf(popupMessage + 1);
    const buttons = ['a', 'b', 'c', 'd'].map((id) => ({ id, type: 'default' as const, text: textOf(65) }));
    await showPopup({ title, message, buttons });
    const [sent] = telegram.calls.popups;
    expect(sent?.title.length).toBeLessThanOrEqual(popupTitle);
    expect(sent?.title.endsWith('…')).toBe(true);
    expect(title.startsWith(sent?.title.slice(0, -1) ?? '-')).toBe(true);
    expect(sent?.message.length).toBeLessThanOrEqual(popupMessage);
    expect(sent?.message.endsWith('…')).toBe(true);
    expect(sent?.buttons.map((b) => b.id)).toEqual(['a', 'b', 'c']);
    for (const button of sent?.buttons ?? []) {
      expect('text' in button && button.text.length <= 64 && button.text.endsWith('…')).toBe(true);
    }
  });

  it('shows a MainButton text of exactly 64 as it is, and shortens one of 65', () => {
    const telegram = fakeTelegram();
    const exact = textOf(bottomButtonTextMax);
    const hook = renderHook(({ text }) => useTelegramMainButton(text, () => {}), {
      initialProps: { text: exact },
    });
    expect(exact.length).toBe(64);
    expect(telegram.mainButton().text).toBe(exact);

    const over = textOf(bottomButtonTextMax + 1);
    hook.rerender({ text: over });
    const shown = telegram.mainButton().text ?? '';
    expect(over.length).toBe(65);
    expect(shown.length).toBeLessThanOrEqual(64);
    expect(shown.endsWith('…')).toBe(true);
    expect(over.startsWith(shown.slice(0, -1))).toBe(true);
    // Every text Telegram was given fitted: none longer than 64, none empty.
    for (const state of telegram.calls.mainButton) {
      if (state.text !== undefined) expect(state.text.length).toBeGreaterThanOrEqual(1);
      if (state.text !== undefined) expect(state.text.length).toBeLessThanOrEqual(64);
    }
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

describe('the SecondaryButton', () => {
  it("shows a form's second action beside the MainButton; a press taps and calls it, not the MainButton's", () => {
    const telegram = fakeTelegram();
    const queue = vi.fn();
    const seat = vi.fn();
    renderHook(() => useTelegramMainButton('В очередь', queue));
    const { result, unmount } = renderHook(() => useTelegramSecondaryButton('Посадить сразу', seat));
    expect(result.current).toBe(true);
    expect(telegram.secondaryButton()).toEqual({
      text: 'Посадить сразу',
      isVisible: true,
      isEnabled: true,
      isLoaderVisible: false,
    });
    expect(telegram.mainButton().text).toBe('В очередь');
    telegram.pressSecondaryButton();
    expect(seat).toHaveBeenCalledOnce();
    expect(queue).not.toHaveBeenCalled();
    expect(telegram.calls.haptics).toEqual(['impact:light']);
    unmount();
    expect(telegram.secondaryButton().isVisible).toBe(false);
    expect(telegram.mainButton().isVisible).toBe(true);
  });

  it('ignores presses while disabled, and is not there outside Telegram or on an old client', () => {
    const telegram = fakeTelegram();
    const seat = vi.fn();
    renderHook(() => useTelegramSecondaryButton('Посадить сразу', seat, { enabled: false }));
    expect(telegram.secondaryButton()).toMatchObject({ isEnabled: false, isVisible: true });
    telegram.pressSecondaryButton();
    expect(seat).not.toHaveBeenCalled();
    installTelegramAdapter(null);
    expect(renderHook(() => useTelegramSecondaryButton('Посадить сразу', seat)).result.current).toBe(false);
    fakeTelegram({ features: false });
    expect(renderHook(() => useTelegramSecondaryButton('Посадить сразу', seat)).result.current).toBe(false);
  });
});

describe('the BackButton', () => {
  it('goes to the latest claim (a sheet over a screen), then back to the one below, hidden with the last', () => {
    const telegram = fakeTelegram();
    const screenBack = vi.fn();
    const sheetClose = vi.fn();
    const screenClaim = renderHook(() => useTelegramBackButton(true, screenBack));
    const sheet = renderHook(({ open }) => useTelegramBackButton(open, sheetClose), {
      initialProps: { open: true },
    });
    expect(telegram.backButtonShown()).toBe(true);
    telegram.pressBackButton();
    expect(sheetClose).toHaveBeenCalledOnce();
    expect(screenBack).not.toHaveBeenCalled();
    sheet.rerender({ open: false });
    expect(telegram.backButtonShown()).toBe(true);
    telegram.pressBackButton();
    expect(screenBack).toHaveBeenCalledOnce();
    expect(sheetClose).toHaveBeenCalledOnce();
    screenClaim.unmount();
    sheet.unmount();
    expect(telegram.backButtonShown()).toBe(false);
  });
});

describe('vertical swipes', () => {
  it('are off while any dragging screen is mounted, and back on when the last one goes', () => {
    const telegram = fakeTelegram();
    expect(telegram.verticalSwipesEnabled()).toBe(true);
    const map = renderHook(() => useTelegramVerticalSwipesOff());
    const timeline = renderHook(() => useTelegramVerticalSwipesOff());
    expect(telegram.verticalSwipesEnabled()).toBe(false);
    map.unmount();
    expect(telegram.verticalSwipesEnabled()).toBe(false);
    timeline.unmount();
    expect(telegram.verticalSwipesEnabled()).toBe(true);
    expect(telegram.calls.verticalSwipes).toEqual([false, true]);
  });

  it('are left alone outside Telegram and on a client without the setting', () => {
    const telegram = fakeTelegram({ features: false });
    renderHook(() => useTelegramVerticalSwipesOff()).unmount();
    expect(telegram.calls.verticalSwipes).toEqual([]);
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
