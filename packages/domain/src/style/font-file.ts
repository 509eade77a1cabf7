/**
 * The guest forms' own font (spec §3 palette/font style): only real font files are kept, told by
 * their bytes, never by the name or the MIME type the browser sends.
 */
export const FONT_FORMATS = ['woff2', 'woff', 'ttf', 'otf'] as const;
export type FontFormat = (typeof FONT_FORMATS)[number];

/** A Cyrillic web font is 20-300 KB; a whole TTF family member rarely passes 1 MB. */
export const FONT_MAX_BYTES = 2 * 1024 * 1024;

export const FONT_CONTENT_TYPES: Record<FontFormat, string> = {
  woff2: 'font/woff2',
  woff: 'font/woff',
  ttf: 'font/ttf',
  otf: 'font/otf',
};

const SFNT_TRUETYPE = 0x00010000;
const tag = (text: string) =>
  ((text.charCodeAt(0) << 24) |
    (text.charCodeAt(1) << 16) |
    (text.charCodeAt(2) << 8) |
    text.charCodeAt(3)) >>>
  0;
const OTTO = tag('OTTO');
const TRUE = tag('true');
const WOFF = tag('wOFF');
const WOF2 = tag('wOF2');

/** A font's outline flavour: TrueType or CFF (also what a WOFF wrapper says it wraps). */
const isSfntFlavour = (value: number) => value === SFNT_TRUETYPE || value === TRUE || value === OTTO;

/**
 * The format of a font file, or null when the bytes are not one. Beyond the signature it checks
 * what every such file has, so that a file merely starting with 'wOF2' is still refused: a WOFF
 * header states the file's own length and a known flavour; a TrueType/OpenType table directory
 * has 1-64 tables and fits in the file.
 */
export function fontFormatOf(bytes: Uint8Array): FontFormat | null {
  if (bytes.length < 12) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const signature = view.getUint32(0);
  if (signature === WOFF || signature === WOF2) {
    // WOFF (44-byte header) and WOFF2 (48): signature, flavour, total length (bytes 8-11), table count (12-13).
    if (bytes.length < (signature === WOFF ? 44 : 48)) return null;
    if (!isSfntFlavour(view.getUint32(4)) || view.getUint32(8) !== bytes.length) return null;
    const tables = view.getUint16(12);
    if (tables < 1 || tables > 64) return null;
    return signature === WOFF ? 'woff' : 'woff2';
  }
  if (isSfntFlavour(signature)) {
    const tables = view.getUint16(4);
    // The offset table (12 bytes) and one 16-byte record per table come first.
    if (tables < 1 || tables > 64 || bytes.length < 12 + tables * 16) return null;
    return signature === OTTO ? 'otf' : 'ttf';
  }
  return null;
}
