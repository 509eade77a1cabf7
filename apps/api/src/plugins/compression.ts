import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { BROTLI_QUALITY, compressedCopy, encodingFor, plainCopy } from '../shared/compressed-copies';

/** Replies smaller than this go out as they are: a compressed frame would save next to nothing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * JSON replies (and any other compressible reply made on a request) go out compressed with brotli
 * or gzip, whichever the client takes. Brotli at quality 4: nearly gzip -9's size at a fraction of
 * quality 11's time, which is paid on every request. The app's own files are compressed once, at
 * build time (`miniapp.ts` serves the .br and .gz beside them), and event streams are never
 * touched: they write to the raw response, which no onSend hook sees, and text/event-stream is
 * not a compressible type here either, so every change still reaches the screen at once.
 */
/** Adds Accept-Encoding to the reply's Vary, keeping what others put there (Origin). */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('Vary');
  if (!vary) reply.header('Vary', 'accept-encoding');
  else if (!/accept-encoding/iu.test(String(vary))) reply.header('Vary', `${String(vary)}, accept-encoding`);
}

export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    // A reply the read cache hands out again goes out in the copy compressed on its first use
    // (shared/compressed-copies.ts), or in its kept UTF-8 bytes when not compressed. This hook
    // runs before @fastify/compress's, which leaves a reply that already has its encoding as it
    // is, and one it does not compress as it is too.
    app.addHook('onSend', async (request, reply, payload) => {
      // Whether a text reply goes out compressed depends on Accept-Encoding, so every one says so,
      // compressed or not: a cache must not hand the plain copy to a client that asked for br, nor
      // the br copy to one that cannot read it (@fastify/compress says so only when it compresses).
      if (typeof payload === 'string') varyOnEncoding(reply);
      // Only a text long enough to compress can be a kept copy's: the lookup hashes the text.
      if (
        typeof payload !== 'string' ||
        payload.length < COMPRESS_THRESHOLD_BYTES ||
        reply.statusCode !== 200
      )
        return payload;
      const accepted = request.headers['accept-encoding'];
      const encoding =
        accepted && request.headers['x-no-compression'] === undefined ? encodingFor(accepted) : null;
      // Not compressed: a kept reply goes out in its UTF-8 bytes, encoded once (a read's only).
      if (!encoding) return (request.method === 'GET' && plainCopy(payload)) || payload;
      const bytes = compressedCopy(payload, encoding);
      if (!bytes) return payload;
      reply.header('Content-Encoding', encoding);
      reply.header('Content-Length', bytes.length);
      return bytes;
    });
    await app.register(fastifyCompress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD_BYTES,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    });
  },
  { name: 'compression' },
);
