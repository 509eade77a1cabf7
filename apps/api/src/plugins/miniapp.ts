import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const YEAR_S = 31_536_000;

export type SendIndex = (reply: FastifyReply) => FastifyReply;

/** The encoding to send a prepared page in: brotli if the client takes it, else gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * Serves the built mini-app's files: hashed assets cached for a year, the rest revalidated; each
 * in the .br or .gz the build made beside it when the client takes one (the build compresses once,
 * at its highest level, so no request pays for it).
 * Returns what answers a client route with index.html, or null when the app is not built.
 * Source maps and dot files are never served (the build keeps maps, without a reference in the code, for whoever
 * reads a stack from an error report on the server); a file that is not there, or a path that may
 * not be served (a folder, `..`), gets the API's 404 or 403 (`errors.ts`), not Fastify's codes.
 */
export async function serveMiniapp(app: FastifyInstance, root: string): Promise<SendIndex | null> {
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ root }, 'the mini-app is not built: only /api is served (run the build first)');
    return null;
  }

  await app.register(fastifyStatic, {
    root,
    index: false,
    decorateReply: false,
    // Neither source maps nor dot files (the build's .vite/manifest.json, anything hidden) are for clients.
    allowedPath: (pathname) =>
      !pathname.toLowerCase().endsWith('.map') && !pathname.split('/').some((part) => part.startsWith('.')),
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? `public, max-age=${YEAR_S}, immutable` : 'no-cache');
    },
  });

  const html = await readFile(indexFile);
  // The page is small and sent on every visit: compressed once here, in both encodings.
  const encoded = {
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
  const sendIndex: SendIndex = (reply) => {
    reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    reply.header('vary', 'accept-encoding');
    const encoding = pickEncoding(reply.request.headers['accept-encoding']);
    if (encoding === null) return reply.send(html);
    return reply.header('content-encoding', encoding).send(encoded[encoding]);
  };
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  return sendIndex;
}

/** A GET for a page of the app (not the API, not a missing file such as an old hashed chunk). */
export function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  return path.extname(pathname) === '';
}
