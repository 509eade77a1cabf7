import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ELLIPSIS,
  fitBottomButtonText,
  fitPopup,
  fitToLimit,
  TELEGRAM_BRIDGE_LIMITS as LIMITS,
  measureText,
} from './bridge-limits';

const letters = (n: number) => 'а'.repeat(n);

describe('the bridge limits of spec §9', () => {
  it('are the numbers the spec gives', () => {
    expect(LIMITS).toMatchObject({
      popupTitle: 64,
      popupMessage: 256,
      popupButtons: 3,
      dataBytes: 4096,
      bottomButtonTextMin: 1,
      bottomButtonTextMax: 64,
      biometricReason: 128,
    });
  });
});

describe('shortening a text to a limit', () => {
  it('leaves a text at the limit as it is, and shortens one a character past it', () => {
    for (const max of [
      LIMITS.popupTitle,
      LIMITS.popupMessage,
      LIMITS.bottomButtonTextMax,
      LIMITS.biometricReason,
    ]) {
      expect(fitToLimit(letters(max), max)).toBe(letters(max));
      const cut = fitToLimit(letters(max + 1), max);
      expect(cut).toHaveLength(max);
      expect(cut.endsWith(ELLIPSIS)).toBe(true);
    }
  });

  it('cuts on a word boundary when one is near the end', () => {
    const text = 'Константин Константинопольский отмечает день рождения с друзьями в субботу';
    const cut = fitToLimit(text, 64);
    // 'друзьями' would end at 65: the cut goes back to the space before it.
    expect(cut).toBe('Константин Константинопольский отмечает день рождения с…');
    expect(cut.length).toBeLessThanOrEqual(64);
  });

  it('cuts inside a word that is too long to lose, rather than leaving almost nothing', () => {
    const text = `Аня ${'о'.repeat(100)}`;
    const cut = fitToLimit(text, 20);
    expect(cut).toBe(`Аня ${'о'.repeat(15)}${ELLIPSIS}`);
  });

  it('drops the punctuation and spaces before the ellipsis', () => {
    expect(fitToLimit('Готово, спасибо, до встречи', 16)).toBe('Готово, спасибо…');
  });

  it('trims the text first: spaces around do not count', () => {
    expect(fitToLimit(`  ${letters(64)}  `, 64)).toBe(letters(64));
  });

  it('counts as Telegram does: an emoji outside the basic plane is two, and is never split', () => {
    const smiles = '😀'.repeat(40); // 80 code units
    const cut = fitToLimit(smiles, 64);
    expect(cut.length).toBeLessThanOrEqual(64);
    expect(cut).toBe(`${'😀'.repeat(31)}${ELLIPSIS}`);
    // A family is one character on screen: it stays whole or goes whole.
    const family = '👨‍👩‍👧‍👦';
    expect(fitToLimit(`${letters(60)}${family}`, 64)).toBe(`${letters(60)}${ELLIPSIS}`);
  });

  it('counts data for the bot in UTF-8 bytes: at 4096 kept, past it shortened within the bound', () => {
    const atBound = 'ж'.repeat(LIMITS.dataBytes / 2); // two bytes each
    expect(fitToLimit(atBound, LIMITS.dataBytes, 'utf8')).toBe(atBound);
    const past = `${atBound}x`;
    const cut = fitToLimit(past, LIMITS.dataBytes, 'utf8');
    expect(measureText(cut, 'utf8')).toBeLessThanOrEqual(LIMITS.dataBytes);
    expect(cut.endsWith(ELLIPSIS)).toBe(true);
  });

  it('never goes past the limit and never leaves half a character, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 400 }),
        fc.integer({ min: 0, max: 300 }),
        (text, max) => {
          for (const unit of ['utf16', 'utf8'] as const) {
            const cut = fitToLimit(text, max, unit);
            expect(measureText(cut, unit)).toBeLessThanOrEqual(max);
            expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
          }
        },
      ),
    );
  });
});

describe('popup parameters', () => {
  it('shortens a long title and message to 64 and 256', () => {
    const popup = fitPopup({ title: letters(100), message: letters(300) });
    expect(popup?.title).toHaveLength(64);
    expect(popup?.message).toHaveLength(256);
  });

  it('keeps three buttons at most, the first three', () => {
    const buttons = ['a', 'b', 'c', 'd'].map((id) => ({ id, text: id.toUpperCase() }));
    expect(fitPopup({ message: 'Да?', buttons: buttons.slice(0, 3) })?.buttons).toHaveLength(3);
    expect(fitPopup({ message: 'Да?', buttons })?.buttons.map((b) => b.id)).toEqual(['a', 'b', 'c']);
  });

  it('shortens button texts and leaves out a button with no text', () => {
    const popup = fitPopup({
      message: 'Отклонить?',
      buttons: [
        { id: 'empty', text: '   ' },
        { id: 'long', type: 'destructive', text: letters(70) },
        { id: 'close', type: 'close' },
      ],
    });
    expect(popup?.buttons).toEqual([
      { id: 'long', type: 'destructive', text: `${letters(63)}${ELLIPSIS}` },
      { id: 'close', type: 'close' },
    ]);
  });

  it('shows a title alone as the message, and nothing at all when both are empty', () => {
    expect(fitPopup({ title: 'Сохранено', message: ' ' })).toEqual({
      title: '',
      message: 'Сохранено',
      buttons: [],
    });
    expect(fitPopup({ title: '', message: '' })).toBeNull();
  });
});

describe('the bottom button text', () => {
  it('is 1 to 64 long: empty means no button, past 64 is shortened', () => {
    expect(fitBottomButtonText('')).toBeNull();
    expect(fitBottomButtonText('  ')).toBeNull();
    expect(fitBottomButtonText('Ж')).toBe('Ж');
    expect(fitBottomButtonText(letters(64))).toBe(letters(64));
    expect(fitBottomButtonText(letters(65))).toHaveLength(64);
  });
});

describe('the biometric reason', () => {
  it('is kept at 128 and shortened past it', () => {
    expect(fitToLimit(letters(128), LIMITS.biometricReason)).toBe(letters(128));
    expect(fitToLimit(letters(129), LIMITS.biometricReason)).toHaveLength(128);
  });
});
