/**
 * WCAG 2.x contrast of text on a colour. AA asks 4.5:1 for ordinary text (the guest forms' text
 * is 13–17 px; only the title is large), so every pair is held to 4.5.
 */
export const AA_CONTRAST = 4.5;

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0–1 */
  a: number;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/i;

/** '#rgb', '#rrggbb', '#rrggbbaa', or the 'rgb(…)' a browser computes; null for anything else. */
export function parseColour(value: string | null | undefined): Rgba | null {
  const text = value?.trim() ?? '';
  const hex = HEX.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    const byte = (i: number) => Number.parseInt(full.slice(i, i + 2), 16);
    return { r: byte(0), g: byte(2), b: byte(4), a: full.length === 8 ? byte(6) / 255 : 1 };
  }
  const rgb = RGB.exec(text);
  if (rgb) {
    const alpha = rgb[4];
    const a = alpha === undefined ? 1 : alpha.endsWith('%') ? Number.parseFloat(alpha) / 100 : Number(alpha);
    return { r: Number(rgb[1]), g: Number(rgb[2]), b: Number(rgb[3]), a };
  }
  return null;
}

/** A see-through colour as it shows over another. */
export function over(top: Rgba, under: Rgba): Rgba {
  const mix = (a: number, b: number) => a * top.a + b * (1 - top.a);
  return { r: mix(top.r, under.r), g: mix(top.g, under.g), b: mix(top.b, under.b), a: 1 };
}

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

function luminance({ r, g, b }: Rgba): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The contrast ratio of text on a background (1–21); a see-through background is taken over white. */
export function contrastRatio(text: Rgba, background: Rgba): number {
  const ground = background.a < 1 ? over(background, WHITE) : background;
  const ink = text.a < 1 ? over(text, ground) : text;
  const [light, dark] = [luminance(ink), luminance(ground)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The pairs of the guest forms where text sits on a colour. */
export const CONTRAST_PAIRS = [
  { text: 'text', on: 'background' },
  { text: 'text', on: 'surface' },
  { text: 'muted_text', on: 'surface' },
  { text: 'accent', on: 'surface' },
  { text: 'danger', on: 'surface' },
  { text: 'primary_text', on: 'primary' },
] as const;

export type ContrastPair = (typeof CONTRAST_PAIRS)[number];

/**
 * The pairs below AA, from the colours in effect (the palette's, else the product's as drawn);
 * a pair with a colour that cannot be read is not judged.
 */
export function contrastProblems(
  colours: Partial<Record<ContrastPair['text'] | ContrastPair['on'], string | null>>,
): { pair: ContrastPair; ratio: number }[] {
  return CONTRAST_PAIRS.flatMap((pair) => {
    const text = parseColour(colours[pair.text]);
    const on = parseColour(colours[pair.on]);
    if (!text || !on) return [];
    const ratio = contrastRatio(text, on);
    return ratio < AA_CONTRAST ? [{ pair, ratio }] : [];
  });
}
