import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';

/**
 * The compressed copies of replies the read cache hands out again (modules/events/read-cache.ts):
 * a kept queue list or page of bookings is the same text for every request until a change drops
 * it, so it is compressed once per encoding instead of on every request, which cost more than
 * the rest of answering it. Uncompressed, its UTF-8 bytes are kept too: writing a text to the
 * socket encodes it on every request (a page of 150 bookings, 54 kB with Cyrillic names, was a
 * third of the request's CPU once the rest came from memory). Keyed by the text itself, so a copy can never belong to another reply;
 * bounded in count and bytes (the oldest go first), since the read cache may drop a reply at any
 * time without saying so here.
 */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];
/** Brotli at quality 4, as for every other reply (plugins/compression.ts says why). */
export const BROTLI_QUALITY = 4;

const KEPT_TEXTS = 1000;
/**
 * Copies of texts no longer current stay until pushed out by newer ones: a busy restaurant makes a
 * new queue list with every change. At 64 MB they were most of the API's memory after a few
 * minutes of a Friday night (`pnpm bench soak`: +30 % in 3 minutes, flat with 8 MB); the current
 * replies of many restaurants fit in 16 MB.
 */
const KEPT_BYTES = 16 * 1024 * 1024;

/** A kept text's copies: compressed, and `plain`, its UTF-8 bytes as they are. */
type Copies = Partial<Record<Encoding | 'plain', Buffer>>;
const copies = new Map<string, Copies>();
let keptBytes = 0;
/** Compressed copies made and sent, and plain ones sent, since the process started (the tests read them). */
export const copyCounts = { made: 0, sent: 0, plainSent: 0 };

const sizeOf = (text: string, kept: Copies) =>
  text.length + (kept.br?.length ?? 0) + (kept.gzip?.length ?? 0) + (kept.plain?.length ?? 0);

function trim() {
  for (const [text, kept] of copies) {
    if (copies.size <= KEPT_TEXTS && keptBytes <= KEPT_BYTES) break;
    copies.delete(text);
    keptBytes -= sizeOf(text, kept);
  }
}

/** Says that `text` is a reply written again from the read cache: its copies are worth keeping. */
export function keepCompressedCopies(text: string): void {
  if (copies.has(text)) return;
  copies.set(text, {});
  keptBytes += text.length;
  trim();
}

// The same choice @fastify/compress makes for the other replies: its negotiator, its order of
// preference, and '*' or 'x-gzip' read as gzip.
const negotiator = new Negotiator<Encoding>({ supportedValues: [...ENCODINGS] });
export const encodingFor = (acceptEncoding: string): Encoding | null =>
  negotiator.negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'));

/** The compressed copy of a kept reply (made on its first use), or undefined for any other text. */
export function compressedCopy(text: string, encoding: Encoding): Buffer | undefined {
  const kept = copies.get(text);
  if (!kept) return undefined;
  let bytes = kept[encoding];
  if (!bytes) {
    bytes =
      encoding === 'br'
        ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
        : gzipSync(text);
    kept[encoding] = bytes;
    keptBytes += bytes.length;
    copyCounts.made += 1;
    trim();
  }
  copyCounts.sent += 1;
  return bytes;
}

/** The UTF-8 bytes of a kept reply (made on its first use), or undefined for any other text. */
export function plainCopy(text: string): Buffer | undefined {
  const kept = copies.get(text);
  if (!kept) return undefined;
  let bytes = kept.plain;
  if (!bytes) {
    bytes = Buffer.from(text, 'utf8');
    kept.plain = bytes;
    keptBytes += bytes.length;
    trim();
  }
  copyCounts.plainSent += 1;
  return bytes;
}
