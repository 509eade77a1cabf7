import { describe, expect, it } from 'vitest';
import { normalizeMobilePhone } from './phone';

describe('guest phone numbers', () => {
  it('reads the ways Russians write a mobile number', () => {
    for (const written of [
      '+7 916 123-45-67',
      '8 (916) 123-45-67',
      '89161234567',
      '9161234567',
      '+79161234567',
    ]) {
      expect(normalizeMobilePhone(written), written).toBe('+79161234567');
    }
  });

  it('refuses landlines, short numbers and words', () => {
    expect(normalizeMobilePhone('+7 495 123-45-67')).toBeNull();
    expect(normalizeMobilePhone('12345')).toBeNull();
    expect(normalizeMobilePhone('позвоните мне')).toBeNull();
  });

  it('keeps foreign mobile numbers given with their country code', () => {
    expect(normalizeMobilePhone('+375 29 123-45-67')).toBe('+375291234567');
  });
});
