import { describe, expect, it } from 'vitest';
import { clampFontSize, FONT_SIZE_DEFAULT } from './font-size';

describe('global font size (spec §9)', () => {
  it('defaults to 16', () => {
    expect(FONT_SIZE_DEFAULT).toBe(16);
    expect(clampFontSize(undefined)).toBe(16);
    expect(clampFontSize('abc')).toBe(16);
    expect(clampFontSize(Number.NaN)).toBe(16);
  });

  it('keeps sizes inside 10-24', () => {
    expect(clampFontSize(9)).toBe(10);
    expect(clampFontSize(10)).toBe(10);
    expect(clampFontSize(18)).toBe(18);
    expect(clampFontSize(24)).toBe(24);
    expect(clampFontSize(25)).toBe(24);
    expect(clampFontSize('20')).toBe(20);
  });
});
