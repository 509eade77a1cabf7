import { describe, expect, it } from 'vitest';
import { contrastProblems, contrastRatio, parseColour } from './contrast';

describe('contrast of text on a colour', () => {
  it('reads the colours of the palette and of the page', () => {
    expect(parseColour('#fff')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColour('#0557B5')).toEqual({ r: 5, g: 87, b: 181, a: 1 });
    expect(parseColour('#00000080')?.a).toBeCloseTo(0.5, 2);
    expect(parseColour('rgb(18, 52, 86)')).toEqual({ r: 18, g: 52, b: 86, a: 1 });
    expect(parseColour('rgba(0, 0, 0, 0.25)')?.a).toBe(0.25);
    expect(parseColour('red')).toBeNull();
    expect(parseColour('')).toBeNull();
  });

  it('measures the WCAG ratio, see-through colours over what is under them', () => {
    const black = parseColour('#000') ?? { r: 0, g: 0, b: 0, a: 1 };
    const white = parseColour('#fff') ?? { r: 255, g: 255, b: 255, a: 1 };
    expect(contrastRatio(black, white)).toBeCloseTo(21, 5);
    expect(contrastRatio(white, white)).toBeCloseTo(1, 5);
    // #767676 on white is the classic 4.54:1, just above AA.
    expect(contrastRatio(parseColour('#767676') ?? black, white)).toBeCloseTo(4.54, 2);
    // Half-transparent black text on white shows as a mid grey.
    expect(contrastRatio(parseColour('#00000080') ?? black, white)).toBeCloseTo(4.0, 2);
  });

  it('names each pair of the guest forms below 4.5:1, and judges no pair it cannot read', () => {
    const problems = contrastProblems({
      background: '#ffffff',
      surface: '#ffffff',
      text: '#777777',
      muted_text: '#999999',
      accent: '#0557b5',
      danger: null,
      primary: '#0557b5',
      primary_text: '#ffffff',
    });
    expect(problems.map(({ pair, ratio }) => [pair.text, pair.on, Number(ratio.toFixed(2))])).toEqual([
      ['text', 'background', 4.48],
      ['text', 'surface', 4.48],
      ['muted_text', 'surface', 2.85],
    ]);
  });
});
