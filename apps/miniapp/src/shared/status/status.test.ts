import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BOOKING_STATUSES, QUEUE_STATUSES } from '@stolik/domain';
import { describe, expect, it } from 'vitest';
import { TABLE_STATES } from '../hall/table-state';
import { BOOKING_TONE, QUEUE_TONE, STATUS_TONES, TABLE_TONE, TONE_COLOUR } from './status';

const css = readFileSync(path.join(import.meta.dirname, 'status.css'), 'utf8');

/** The `--status-*: #hex` of one theme's block in status.css. */
function palette(theme: 'light' | 'dark'): Record<string, string> {
  const block = css.match(new RegExp(`html\\[data-theme="${theme}"\\] \\{([^}]*)\\}`))?.[1] ?? '';
  return Object.fromEntries(
    [...block.matchAll(/(--status-[a-z]+):\s*(#[0-9a-f]{6});/g)].map((m) => [m[1], m[2]]),
  );
}

type Rgb = [number, number, number];
const rgb = (hex: string): Rgb => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
/** color-mix(in srgb, a p, b): a straight mix of the encoded channels. */
const mix = (a: Rgb, b: Rgb, p: number): Rgb => a.map((v, i) => v * p + (b[i] ?? 0) * (1 - p)) as Rgb;
const luminance = (c: Rgb) => {
  const [r = 0, g = 0, b = 0] = c.map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
};

/** The text colour and the surfaces text lies on: telegram-ui's own themes and Telegram's defaults. */
const THEMES = {
  light: { text: '#000000', grounds: ['#ffffff', '#efeff4', '#efeff3'] },
  dark: { text: '#ffffff', grounds: ['#212121', '#0f0f0f', '#212d3b', '#151e27', '#1d2733'] },
} as const;

/** The share of the tone in its ink, and the strongest wash words are drawn on (status.css's rule). */
const INK = Number(css.match(/--status-ink: color-mix\(in srgb, var\(--c\) (\d+)%/)?.[1]) / 100;
const WASH = Number(css.match(/--status-wash: color-mix\(in srgb, var\(--c\) (\d+)%/)?.[1]) / 100;

describe('the status palette', () => {
  it('gives every booking label, queue status and table state a tone', () => {
    expect(Object.keys(BOOKING_TONE).sort()).toEqual([...BOOKING_STATUSES, 'late', 'overstaying'].sort());
    expect(Object.keys(QUEUE_TONE).sort()).toEqual([...QUEUE_STATUSES, 'overdue'].sort());
    expect(Object.keys(TABLE_TONE).sort()).toEqual([...TABLE_STATES].sort());
  });

  it('reads a late booking the same on the timeline, in the list, on the map and on Зоны', () => {
    expect(BOOKING_TONE.late).toBe('late');
    expect(TABLE_TONE.late).toBe('late');
    expect(BOOKING_TONE.overstaying).toBe(TABLE_TONE.overdue);
    expect(BOOKING_TONE.open).toBe(TABLE_TONE.seated);
    expect(BOOKING_TONE.application).toBe(TABLE_TONE.soon);
  });

  it('has a colour for every tone in both themes, and a [data-tone] rule that uses it', () => {
    for (const theme of ['light', 'dark'] as const) {
      const colours = palette(theme);
      for (const tone of STATUS_TONES) expect(colours[TONE_COLOUR[tone]], `${theme} ${tone}`).toMatch(/^#/);
    }
    for (const tone of STATUS_TONES.filter((t) => t !== 'free'))
      expect(css).toMatch(
        new RegExp(`\\[data-tone="${tone}"\\][^{]*\\{\\s*--c: var\\(${TONE_COLOUR[tone]}\\)`),
      );
  });

  it('draws status words at 4.5:1 or more on every surface, with or without the wash, light and dark', () => {
    expect(INK).toBeGreaterThan(0);
    expect(WASH).toBeGreaterThan(0);
    for (const theme of ['light', 'dark'] as const) {
      const { text, grounds } = THEMES[theme];
      for (const [name, hex] of Object.entries(palette(theme))) {
        const ink = mix(rgb(hex), rgb(text), INK);
        for (const ground of grounds)
          for (const wash of [0, WASH, 0.2]) {
            const under = mix(rgb(hex), rgb(ground), wash);
            expect(
              contrast(ink, under),
              `${theme} ${name} on ${ground} washed ${wash}`,
            ).toBeGreaterThanOrEqual(4.5);
          }
      }
    }
  });
});
