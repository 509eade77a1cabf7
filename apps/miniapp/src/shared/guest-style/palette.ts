import {
  Colour,
  PALETTE_COLOURS,
  type Palette,
  type PaletteColour,
  RestaurantStyle,
} from '@stolik/contracts';
import type { CSSProperties } from 'react';

/**
 * How a restaurant's palette dresses the guest forms: each colour of the contract sets the
 * telegram-ui tokens the forms are painted with, on the guest frame only (custom properties are
 * inherited, so the staff app and the frame's outside never see them). A colour not set stays the
 * product's own, which follows the light or dark theme.
 */
export const PALETTE_TOKENS: Record<PaletteColour, readonly string[]> = {
  background: ['--tgui--secondary_bg_color'],
  surface: ['--tgui--bg_color'],
  text: ['--tgui--text_color'],
  muted_text: ['--tgui--hint_color'],
  primary: ['--tgui--button_color'],
  primary_text: ['--tgui--button_text_color'],
  accent: ['--tgui--link_color', '--tgui--accent_text_color'],
  border: ['--tgui--divider'],
  danger: ['--tgui--destructive_text_color'],
};

/** The generic families after the restaurant's font: the product's own look if it fails to draw. */
const FALLBACK_FAMILIES = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif';

/** The custom properties (and font) of a palette, for a style attribute. */
export function paletteStyle(palette: Palette, fontFamily: string | null = null): CSSProperties {
  const style: Record<string, string> = {};
  for (const name of PALETTE_COLOURS) {
    const colour = palette[name];
    // Checked again here: nothing but a colour ever reaches a style attribute.
    if (!colour || !Colour.safeParse(colour).success) continue;
    for (const token of PALETTE_TOKENS[name]) style[token] = colour;
  }
  if (fontFamily) style.fontFamily = `"${fontFamily}", ${FALLBACK_FAMILIES}`;
  return style as CSSProperties;
}

/** The reply of the style endpoint, only if it is exactly what the contract allows (else: none). */
export function readStyle(data: unknown): RestaurantStyle | null {
  const parsed = RestaurantStyle.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** The font's family name in the page: one per restaurant and file, so a new file is a new face. */
export const fontFamilyOf = (restaurant: number, sha256: string) =>
  `stolik-guest-${restaurant}-${sha256.slice(0, 12)}`;

/** Only the API's own public font address is loaded into a guest's page. */
export const isOwnFontUrl = (url: string) =>
  /^\/api\/public\/restaurant\/\d+\/font\/(\?v=[0-9a-f]+)?$/.test(url);
