import { deflateSync } from 'node:zlib';

/**
 * Real font files for the upload tests, built here rather than checked in: a one-glyph TrueType
 * font ('A' is a box) with the tables every TrueType font has, and the same font wrapped as WOFF.
 */

const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const i16 = (n: number) => u16(n < 0 ? n + 0x10000 : n);
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const padded = (bytes: number[]) => [...bytes, ...new Array((4 - (bytes.length % 4)) % 4).fill(0)];

function checksum(bytes: number[]): number {
  const data = padded(bytes);
  let sum = 0;
  for (let i = 0; i < data.length; i += 4)
    sum =
      (sum +
        (((data[i] ?? 0) << 24) |
          ((data[i + 1] ?? 0) << 16) |
          ((data[i + 2] ?? 0) << 8) |
          (data[i + 3] ?? 0))) >>>
      0;
  return sum;
}

function nameTable(family: string): number[] {
  const names: [number, string][] = [
    [1, family],
    [2, 'Regular'],
    [4, `${family} Regular`],
    [6, family.replace(/\s/g, '')],
  ];
  const strings = names.map(([, text]) => [...text].flatMap((c) => u16(c.charCodeAt(0))));
  let offset = 0;
  const records = names.flatMap(([id], i) => {
    const length = strings[i]?.length ?? 0;
    const record = [...u16(3), ...u16(1), ...u16(0x409), ...u16(id), ...u16(length), ...u16(offset)];
    offset += length;
    return record;
  });
  return [...u16(0), ...u16(names.length), ...u16(6 + records.length), ...records, ...strings.flat()];
}

function tables(family: string): Record<string, number[]> {
  // Glyph 1, a 500 x 700 box: one contour of four on-curve points, coordinates as deltas.
  const box = [
    ...i16(1),
    ...i16(0),
    ...i16(0),
    ...i16(500),
    ...i16(700),
    ...u16(3),
    ...u16(0),
    1,
    1,
    1,
    1,
    ...[0, 500, 0, -500].flatMap(i16),
    ...[0, 0, 700, 0].flatMap(i16),
  ];
  const cmap4 = [
    ...[4, 32, 0, 4, 4, 1, 0].flatMap(u16),
    ...[0x41, 0xffff].flatMap(u16),
    ...u16(0),
    ...[0x41, 0xffff].flatMap(u16),
    ...[1 - 0x41, 1].flatMap(i16),
    ...[0, 0].flatMap(u16),
  ];
  return {
    'OS/2': [
      ...[1, 500, 400, 5, 0].flatMap(u16),
      ...[650, 700, 0, 140, 650, 700, 0, 480, 50, 250].flatMap(i16),
      ...i16(0),
      ...new Array(10).fill(0),
      ...[1, 0, 0, 0].flatMap(u32),
      ...ascii('NONE'),
      ...[0x40, 0x41, 0x41].flatMap(u16),
      ...[800, -200, 0].flatMap(i16),
      ...[800, 200].flatMap(u16),
      ...[1, 0].flatMap(u32),
    ],
    cmap: [...u16(0), ...u16(1), ...u16(3), ...u16(1), ...u32(12), ...cmap4],
    glyf: box,
    head: [
      ...u32(0x00010000),
      ...u32(0x00010000),
      ...u32(0),
      ...u32(0x5f0f3cf5),
      ...u16(0x000b),
      ...u16(1000),
      ...new Array(16).fill(0),
      ...[0, 0, 500, 700].flatMap(i16),
      ...u16(0),
      ...u16(8),
      ...i16(2),
      ...i16(0),
      ...i16(0),
    ],
    hhea: [
      ...u32(0x00010000),
      ...[800, -200, 0].flatMap(i16),
      ...u16(600),
      ...[0, 0, 500, 1, 0, 0, 0, 0, 0, 0, 0].flatMap(i16),
      ...u16(2),
    ],
    hmtx: [...u16(500), ...i16(0), ...u16(600), ...i16(0)],
    loca: [0, 0, box.length / 2].flatMap(u16),
    maxp: [...u32(0x00010000), ...[2, 4, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0].flatMap(u16)],
    name: nameTable(family),
    post: [...u32(0x00030000), ...u32(0), ...i16(-100), ...i16(50), ...new Array(20).fill(0)],
  };
}

/** A one-glyph TrueType font. */
export function trueTypeFont(family = 'Stolik Test'): Buffer {
  const entries = Object.entries(tables(family)).sort(([a], [b]) => (a < b ? -1 : 1));
  const count = entries.length;
  const power = 2 ** Math.floor(Math.log2(count));
  const header = [
    ...u32(0x00010000),
    ...u16(count),
    ...u16(power * 16),
    ...u16(Math.log2(power)),
    ...u16(count * 16 - power * 16),
  ];
  let offset = 12 + 16 * count;
  const records: number[] = [];
  const data: number[] = [];
  for (const [tag, bytes] of entries) {
    records.push(...ascii(tag.padEnd(4)), ...u32(checksum(bytes)), ...u32(offset), ...u32(bytes.length));
    const body = padded(bytes);
    data.push(...body);
    offset += body.length;
  }
  const font = [...header, ...records, ...data];
  // head.checkSumAdjustment makes the whole file sum to 0xB1B0AFBA.
  const headAt =
    12 +
    16 * count +
    entries
      .slice(
        0,
        entries.findIndex(([tag]) => tag === 'head'),
      )
      .reduce((n, [, b]) => n + padded(b).length, 0);
  font.splice(headAt + 8, 4, ...u32((0xb1b0afba - checksum(font)) >>> 0));
  return Buffer.from(font);
}

/** The same font as WOFF 1.0: each table deflated when that makes it smaller. */
export function woffFont(family = 'Stolik Test'): Buffer {
  const sfnt = trueTypeFont(family);
  const count = sfnt.readUInt16BE(4);
  const directory: Buffer[] = [];
  const data: Buffer[] = [];
  let offset = 44 + 20 * count;
  for (let i = 0; i < count; i += 1) {
    const record = 12 + 16 * i;
    const tag = sfnt.subarray(record, record + 4);
    const sum = sfnt.readUInt32BE(record + 4);
    const at = sfnt.readUInt32BE(record + 8);
    const length = sfnt.readUInt32BE(record + 12);
    const original = sfnt.subarray(at, at + length);
    const deflated = deflateSync(original);
    const stored = deflated.length < original.length ? deflated : original;
    const entry = Buffer.alloc(20);
    tag.copy(entry, 0);
    entry.writeUInt32BE(offset, 4);
    entry.writeUInt32BE(stored.length, 8);
    entry.writeUInt32BE(length, 12);
    entry.writeUInt32BE(sum, 16);
    directory.push(entry);
    const body = Buffer.concat([stored, Buffer.alloc((4 - (stored.length % 4)) % 4)]);
    data.push(body);
    offset += body.length;
  }
  const header = Buffer.alloc(44);
  header.write('wOFF', 0, 'latin1');
  header.writeUInt32BE(0x00010000, 4);
  header.writeUInt32BE(offset, 8);
  header.writeUInt16BE(count, 12);
  header.writeUInt32BE(sfnt.length, 16);
  header.writeUInt16BE(1, 20);
  return Buffer.concat([header, ...directory, ...data]);
}
