import type { FontInfo } from '@stolik/contracts';
import { useQuery } from '@tanstack/react-query';
import { useContext, useEffect, useMemo, useState } from 'react';
import { FrameContext } from './guest-frame';
import { fontFamilyOf, isOwnFontUrl, paletteStyle } from './palette';
import { guestStyleQuery } from './style-api';

export { GuestFrame } from './guest-frame';

/**
 * Loads the restaurant's font with the FontFace API and answers its family name once it can be
 * drawn; null before that, without a font, or when it fails (the product's font stays).
 */
function useGuestFont(restaurant: number | null, font: FontInfo | null | undefined): string | null {
  const [loaded, setLoaded] = useState<string | null>(null);
  const url = font?.url;
  const sha = font?.sha256;
  useEffect(() => {
    setLoaded(null);
    if (restaurant === null || !url || !sha || !isOwnFontUrl(url)) return;
    if (typeof FontFace === 'undefined' || !document.fonts) return;
    const family = fontFamilyOf(restaurant, sha);
    const face = new FontFace(family, `url("${url}")`, { display: 'swap' });
    let wanted = true;
    face.load().then(
      () => {
        if (!wanted) return;
        document.fonts.add(face);
        setLoaded(family);
      },
      () => {},
    );
    return () => {
      wanted = false;
      document.fonts.delete(face);
    };
  }, [restaurant, url, sha]);
  return loaded;
}

/**
 * A guest screen of `restaurant` wears its palette and font on the guest frame; any failure
 * (no reply, a reply the contract does not allow, a font that will not load) leaves the product's
 * own look.
 */
export function useGuestStyle(restaurant: number | null | undefined): void {
  const apply = useContext(FrameContext);
  const id = restaurant ?? null;
  const style = useQuery({ ...guestStyleQuery(id ?? 0), enabled: id !== null && apply !== null, retry: 1 });
  const fontFamily = useGuestFont(id, style.data?.font);
  const palette = style.data?.palette;
  const css = useMemo(() => (palette ? paletteStyle(palette, fontFamily) : null), [palette, fontFamily]);
  useEffect(() => {
    if (!apply || id === null || !css) return;
    apply({ restaurant: id, style: css });
    return () => apply(null);
  }, [apply, id, css]);
}

/** The preview's own font: the same loading as a guest's page, for the style page's card. */
export const usePreviewFont = useGuestFont;
