import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCompress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD_BYTES,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compression' },
);
