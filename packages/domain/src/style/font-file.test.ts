import { describe, expect, it } from 'vitest';
import { fontFormatOf } from './font-file';

/** A header as the format writes it, padded to `length` bytes. */
function fontBytes(
  signature: string | number,
  options: { length?: number; flavour?: string; tables?: number } = {},
) {
  const length = options.length ?? 256;
  const bytes = new Uint8Array(length);
  const view = new DataView(bytes.buffer);
  if (typeof signature === 'number') view.setUint32(0, signature);
  else for (let i = 0; i < 4; i += 1) bytes[i] = signature.charCodeAt(i);
  const tables = options.tables ?? 10;
  if (typeof signature === 'string' && signature.startsWith('wOF')) {
    const flavour = options.flavour ?? 'true';
    for (let i = 0; i < 4; i += 1) bytes[4 + i] = flavour.charCodeAt(i);
    view.setUint32(8, length);
    view.setUint16(12, tables);
  } else {
    view.setUint16(4, tables);
  }
  return bytes;
}

describe('telling a font file by its bytes', () => {
  it('knows WOFF2, WOFF, TrueType and OpenType (CFF)', () => {
    expect(fontFormatOf(fontBytes('wOF2'))).toBe('woff2');
    expect(fontFormatOf(fontBytes('wOFF', { flavour: 'OTTO' }))).toBe('woff');
    expect(fontFormatOf(fontBytes(0x00010000))).toBe('ttf');
    expect(fontFormatOf(fontBytes('true'))).toBe('ttf');
    expect(fontFormatOf(fontBytes('OTTO'))).toBe('otf');
  });

  it('refuses what is not a font: text, images, an empty file', () => {
    expect(fontFormatOf(new TextEncoder().encode('body { font-family: serif } /* not a font */'))).toBeNull();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]);
    expect(fontFormatOf(png)).toBeNull();
    expect(fontFormatOf(new Uint8Array())).toBeNull();
  });

  it('refuses a file that only starts like a font', () => {
    // The WOFF header states the file's length: a truncated or padded file does not match it.
    const woff2 = fontBytes('wOF2', { length: 400 });
    expect(fontFormatOf(woff2.subarray(0, 300))).toBeNull();
    expect(fontFormatOf(fontBytes('wOF2', { flavour: 'abcd' }))).toBeNull();
    expect(fontFormatOf(fontBytes('wOFF', { tables: 0 }))).toBeNull();
    // A table directory longer than the file, or with no tables at all.
    expect(fontFormatOf(fontBytes('OTTO', { tables: 40, length: 100 }))).toBeNull();
    expect(fontFormatOf(fontBytes(0x00010000, { tables: 0 }))).toBeNull();
    expect(fontFormatOf(new Uint8Array([0x77, 0x4f, 0x46, 0x32]))).toBeNull();
  });
});
