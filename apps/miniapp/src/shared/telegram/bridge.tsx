import { fitBottomButtonText, fitPopup, type PopupParams } from '@stolik/domain';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { type BottomButton, type MainButtonState, type TelegramAdapter, telegramAdapter } from './telegram';

/**
 * The Telegram bridge as screens use it: popups, the MainButton, haptic feedback and the closing
 * confirmation. Every text is fitted to the limits of spec §9 first (packages/domain
 * bridge-limits.ts), so Telegram never refuses a call; nothing here throws at the user, and outside
 * Telegram (or on a client too old for a feature) each falls back to the page or does nothing.
 */

export type PopupAnswer =
  /** Telegram showed it: the id of the button pressed, null when closed without one. */
  | { shown: true; button: string | null }
  /** No popup here (a browser, an old client, nothing to show): the page must ask itself. */
  | { shown: false };

export async function showPopup(params: PopupParams): Promise<PopupAnswer> {
  const popup = telegramAdapter()?.popup;
  const fitted = fitPopup(params);
  if (!popup?.available() || !fitted) return { shown: false };
  return { shown: true, button: await popup.show(fitted) };
}

export interface ConfirmQuestion {
  /** Telegram's popup covers the page: the title says what the question is about. */
  title?: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  destructive?: boolean;
}

/**
 * A yes-or-no question: Telegram's own popup inside Telegram, the page's dialog elsewhere (render
 * `dialog`; it shows the message, the page around it being in view).
 */
export function useConfirm(): {
  confirm: (question: ConfirmQuestion) => Promise<boolean>;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<{ question: ConfirmQuestion; answer: (yes: boolean) => void } | null>(
    null,
  );
  const confirm = useCallback(async (question: ConfirmQuestion) => {
    const answer = await showPopup({
      title: question.title ?? '',
      message: question.message,
      buttons: [
        { id: 'cancel', type: 'default', text: question.cancelLabel },
        {
          id: 'confirm',
          type: question.destructive ? 'destructive' : 'default',
          text: question.confirmLabel,
        },
      ],
    });
    if (answer.shown) return answer.button === 'confirm';
    return new Promise<boolean>((resolve) => setAsking({ question, answer: resolve }));
  }, []);
  const settle = (yes: boolean) => {
    asking?.answer(yes);
    setAsking(null);
  };
  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      question={asking?.question.message ?? ''}
      confirmLabel={asking?.question.confirmLabel ?? ''}
      cancelLabel={asking?.question.cancelLabel ?? ''}
      destructive={asking?.question.destructive ?? false}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  );
  return { confirm, dialog };
}

/** Haptic feedback (UX.md): a tap on a primary action, and how it ended. Silent outside Telegram. */
export const haptic = {
  tap: () => telegramAdapter()?.haptic.impact('light'),
  success: () => telegramAdapter()?.haptic.notification('success'),
  error: () => telegramAdapter()?.haptic.notification('error'),
};

/**
 * The MainButton (and the SecondaryButton) is one for the whole app, while screens and sheets above
 * them each want it: the latest to ask has it, and when it lets go the one below gets it back.
 */
interface BottomButtonClaim {
  state: Omit<MainButtonState, 'isVisible'>;
  onClick: () => void;
}

interface BottomButtonSlot {
  button: (telegram: TelegramAdapter) => BottomButton;
  claims: BottomButtonClaim[];
  /** The button listened to, and the state it was last given (no call when nothing changed). */
  wired: { button: BottomButton; state: string } | null;
}

const mainSlot: BottomButtonSlot = { button: (telegram) => telegram.mainButton, claims: [], wired: null };
const secondarySlot: BottomButtonSlot = {
  button: (telegram) => telegram.secondaryButton,
  claims: [],
  wired: null,
};

function applyBottomButton(slot: BottomButtonSlot): void {
  const telegram = telegramAdapter();
  if (!telegram) return;
  const button = slot.button(telegram);
  if (slot.wired?.button !== button) {
    button.onClick(() => {
      const current = slot.claims.at(-1);
      if (!current?.state.isEnabled) return;
      haptic.tap();
      current.onClick();
    });
    slot.wired = { button, state: '' };
  }
  const top = slot.claims.at(-1);
  // Hidden, it keeps its last text: Telegram checks the text of a button it hides too.
  const state: Partial<MainButtonState> = top
    ? { ...top.state, isVisible: true }
    : { isVisible: false, isLoaderVisible: false };
  const next = JSON.stringify(state);
  if (next === slot.wired.state) return;
  slot.wired.state = next;
  button.setParams(state);
}

/** Whether Telegram's MainButton can stand in for the page's own primary button here. */
export const telegramMainButtonAvailable = (): boolean => telegramAdapter()?.mainButton.available() ?? false;

interface BottomButtonOptions {
  enabled?: boolean;
  loading?: boolean;
  /** false while the form is not on screen (its data still loading): the button hides. */
  visible?: boolean;
}

function useBottomButton(
  slot: BottomButtonSlot,
  text: string,
  onClick: () => void,
  { enabled = true, loading = false, visible = true }: BottomButtonOptions,
): boolean {
  const fitted = fitBottomButtonText(text);
  const telegram = telegramAdapter();
  const active = visible && fitted !== null && telegram !== null && slot.button(telegram).available();
  const latest = useRef(onClick);
  useEffect(() => {
    latest.current = onClick;
  });
  // One claim for the component's life: changing the text does not hide and show the button again.
  const [claim] = useState<BottomButtonClaim>(() => ({
    state: { text: '', isEnabled: false, isLoaderVisible: false },
    onClick: () => latest.current(),
  }));
  // The state first, then the claim: Telegram must never be shown the claim's empty first text.
  useEffect(() => {
    claim.state = { text: fitted ?? '', isEnabled: enabled && !loading, isLoaderVisible: loading };
    if (slot.claims.includes(claim)) applyBottomButton(slot);
  }, [slot, claim, fitted, enabled, loading]);
  useEffect(() => {
    if (!active) return;
    slot.claims.push(claim);
    applyBottomButton(slot);
    return () => {
      slot.claims.splice(slot.claims.indexOf(claim), 1);
      applyBottomButton(slot);
    };
  }, [slot, active, claim]);
  return active;
}

/**
 * Telegram's MainButton as the primary action of a form (UX.md): while the calling component is
 * mounted (and `visible`) it shows `text` (fitted to 1–64), greyed while `enabled` is false, with a loader while
 * `loading`; a press gives a haptic tap and calls `onClick`. Returns true when the MainButton is
 * in use: the page may then hide its own button. Outside Telegram it returns false and does nothing.
 */
export function useTelegramMainButton(
  text: string,
  onClick: () => void,
  options: BottomButtonOptions = {},
): boolean {
  return useBottomButton(mainSlot, text, onClick, options);
}

/**
 * Telegram's SecondaryButton, beside the MainButton, for a form's second action (the walk-in
 * sheet's 'Посадить сразу' beside 'В очередь'): the same contract as useTelegramMainButton. Returns
 * true when it is in use (the page then leaves out its own button); false outside Telegram or on a
 * client before Bot API 7.10.
 */
export function useTelegramSecondaryButton(
  text: string,
  onClick: () => void,
  options: BottomButtonOptions = {},
): boolean {
  return useBottomButton(secondarySlot, text, onClick, options);
}

let confirmHolders = 0;

/**
 * While `unsaved` is true, closing the Mini App asks first (Telegram's closing confirmation): a form
 * with input not yet sent. Several forms may hold it; it goes off when the last lets go.
 */
export function useClosingConfirmation(unsaved: boolean): void {
  useEffect(() => {
    const telegram = telegramAdapter();
    if (!unsaved || !telegram) return;
    confirmHolders += 1;
    if (confirmHolders === 1) telegram.setClosingConfirmation(true);
    return () => {
      confirmHolders -= 1;
      if (confirmHolders === 0) telegram.setClosingConfirmation(false);
    };
  }, [unsaved]);
}
