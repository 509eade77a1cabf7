/**
 * Spec §9: what Telegram's Mini App bridge accepts. Past these the Telegram client refuses the call
 * (its own web-app script throws), so the app shortens its text to fit instead of failing.
 *
 * Telegram counts text the way JavaScript does (`string.length`: UTF-16 code units, so an emoji
 * outside the basic plane counts 2) and data sent to the bot in UTF-8 bytes.
 */
export const TELEGRAM_BRIDGE_LIMITS = {
  popupTitle: 64,
  popupMessage: 256,
  popupButtons: 3,
  /** Not in the spec; Telegram's documentation of PopupButton gives it. */
  popupButtonText: 64,
  dataBytes: 4096,
  bottomButtonTextMin: 1,
  bottomButtonTextMax: 64,
  biometricReason: 128,
} as const;

/** How a limit counts: UTF-16 code units (texts on screen) or UTF-8 bytes (data for the bot). */
export type LimitUnit = 'utf16' | 'utf8';

export const ELLIPSIS = '…';

const encoder = new TextEncoder();

export function measureText(text: string, unit: LimitUnit = 'utf16'): number {
  return unit === 'utf16' ? text.length : encoder.encode(text).length;
}

/** User-perceived characters: an emoji with its modifiers, a letter with its accent, never half of one. */
function graphemes(text: string): string[] {
  if (typeof Intl.Segmenter === 'function') {
    return Array.from(
      new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text),
      (s) => s.segment,
    );
  }
  return Array.from(text); // code points: at least no lone surrogate
}

/** A cut is worth moving back to a word boundary while it keeps at least this share of the room. */
const WORD_BOUNDARY_SHARE = 0.6;
const TRAILING_JUNK = /[\s,.;:!?\-–—…]+$/u;

/**
 * The text, trimmed, within `max` units. A longer text is cut on a word boundary when one is near
 * the end (else between characters, never inside one) and ends with '…', which counts too.
 */
export function fitToLimit(text: string, max: number, unit: LimitUnit = 'utf16'): string {
  const clean = text.trim();
  if (measureText(clean, unit) <= max) return clean;
  const room = max - measureText(ELLIPSIS, unit);
  if (room <= 0) return room === 0 ? ELLIPSIS : '';

  let used = 0;
  let cut = 0;
  let lastSpace = -1;
  for (const piece of graphemes(clean)) {
    const size = measureText(piece, unit);
    if (used + size > room) break;
    if (/^\s+$/u.test(piece)) lastSpace = cut;
    used += size;
    cut += piece.length;
  }
  const midWord = !/^\s/u.test(clean.slice(cut));
  const atWord =
    midWord && lastSpace > 0 && measureText(clean.slice(0, lastSpace), unit) >= room * WORD_BOUNDARY_SHARE;
  const head = clean.slice(0, atWord ? lastSpace : cut).replace(TRAILING_JUNK, '');
  return `${head}${ELLIPSIS}`;
}

export type PopupButton =
  | { id: string; type?: 'default' | 'destructive'; text: string }
  | { id: string; type: 'ok' | 'close' | 'cancel' };

export interface PopupParams {
  title?: string;
  message: string;
  buttons?: PopupButton[];
}

const hasText = (button: PopupButton): button is Extract<PopupButton, { text: string }> =>
  button.type === undefined || button.type === 'default' || button.type === 'destructive';

/**
 * Popup parameters Telegram accepts: title and message shortened, at most three buttons (the first
 * three: put the ones that matter first), button texts shortened and empty ones left out. A popup
 * with no message shows its title as the message; with neither there is nothing to show (null).
 */
export function fitPopup(params: PopupParams): Required<PopupParams> | null {
  const limits = TELEGRAM_BRIDGE_LIMITS;
  let title = params.title?.trim() ?? '';
  let message = params.message.trim();
  if (!message) [title, message] = ['', title];
  if (!message) return null;
  const buttons: PopupButton[] = [];
  for (const button of params.buttons ?? []) {
    if (buttons.length === limits.popupButtons) break;
    if (!hasText(button)) buttons.push(button);
    else {
      const text = fitToLimit(button.text, limits.popupButtonText);
      if (text) buttons.push({ ...button, text });
    }
  }
  return {
    title: fitToLimit(title, limits.popupTitle),
    message: fitToLimit(message, limits.popupMessage),
    buttons,
  };
}

/** The MainButton's (or SecondaryButton's) text, 1 to 64 long; null when there is none to show. */
export function fitBottomButtonText(text: string): string | null {
  const fitted = fitToLimit(text, TELEGRAM_BRIDGE_LIMITS.bottomButtonTextMax);
  return fitted.length >= TELEGRAM_BRIDGE_LIMITS.bottomButtonTextMin ? fitted : null;
}
