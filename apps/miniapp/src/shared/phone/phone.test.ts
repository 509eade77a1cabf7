import { describe, expect, it } from 'vitest';
import { compactPhone, digitsBefore, formatPhone, maskPhone, positionAfterDigits } from './phone';

describe('formatPhone: a stored number as people read it', () => {
  it('groups a Russian number', () => {
    expect(formatPhone('+79167001125')).toBe('+7 916 700-11-25');
  });
  it('reads a number stored with a trunk 8 or spaces the same way', () => {
    expect(formatPhone('89167001125')).toBe('+7 916 700-11-25');
    expect(formatPhone('+7 (916) 700 11 25')).toBe('+7 916 700-11-25');
  });
  it("shows another country's number in its international form", () => {
    expect(formatPhone('+375291234567')).toBe('+375 29 123 45 67');
  });
  it('leaves what is not a phone number as it was', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('+12')).toBe('+12');
  });
});

describe('compactPhone: what a phone field holds and sends', () => {
  it('keeps + and digits only', () => {
    expect(compactPhone('+7 916 700-11-25')).toBe('+79167001125');
  });
  it('turns a Russian 8, 7 or a bare 9 into +7', () => {
    expect(compactPhone('8 916 700-11-25')).toBe('+79167001125');
    expect(compactPhone('79167001125')).toBe('+79167001125');
    expect(compactPhone('916 700 11 25')).toBe('+79167001125');
  });
  it('stops a Russian number at eleven digits', () => {
    expect(compactPhone('+7 916 700-11-25 99')).toBe('+79167001125');
  });
  it('keeps an empty field empty and a lone plus as typed', () => {
    expect(compactPhone('')).toBe('');
    expect(compactPhone('  ')).toBe('');
    expect(compactPhone('+')).toBe('+');
  });
});

describe('maskPhone: the number as it is being typed', () => {
  it('groups a Russian number digit by digit, never with a trailing separator', () => {
    const typed = '+79167001125';
    const steps = Array.from({ length: typed.length }, (_, i) => maskPhone(typed.slice(0, i + 1)));
    expect(steps).toEqual([
      '+',
      '+7',
      '+7 9',
      '+7 91',
      '+7 916',
      '+7 916 7',
      '+7 916 70',
      '+7 916 700',
      '+7 916 700-1',
      '+7 916 700-11',
      '+7 916 700-11-2',
      '+7 916 700-11-25',
    ]);
  });
  it('lets a digit be erased after a separator (the dash does not come back)', () => {
    expect(maskPhone('+7 916 700-')).toBe('+7 916 700');
  });
  it('reads a number started with 8 as Russian', () => {
    expect(maskPhone('8')).toBe('+7');
    expect(maskPhone('89')).toBe('+7 9');
  });
  it('formats a foreign number with its own country code', () => {
    expect(maskPhone('+375291234567')).toBe('+375 29 123 45 67');
  });
  it('masks its own output to itself', () => {
    expect(maskPhone(maskPhone('89167001125'))).toBe('+7 916 700-11-25');
  });
});

describe('the caret among the digits', () => {
  it('counts digits before a position and finds the place after the n-th digit', () => {
    expect(digitsBefore('+7 916 700', 6)).toBe(4);
    expect(positionAfterDigits('+7 916 700', 4)).toBe(6);
    expect(positionAfterDigits('+7 916 700', 0)).toBe(1);
    expect(positionAfterDigits('+7 916', 9)).toBe(6);
  });
});
