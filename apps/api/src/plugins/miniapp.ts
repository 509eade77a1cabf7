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
 * Returns what answers a client route with index.html, or null when the app is not built; /login
 * gets the build's pre-rendered login.html when there is one, the live queue its queue.html.
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

  const sendIndex = preparedPage(await readFile(indexFile));
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

  // /login comes with its screen drawn (the mini-app's build pre-renders it into login.html, which
  // the client hydrates): the heading is on screen before any script has run (issue #21). Only as
  // the build drew it: with a query (`?t=1` adds a notice) the page is index.html, drawn by the client.
  const loginFile = path.join(root, LOGIN_PAGE);
  if (existsSync(loginFile)) {
    const sendLogin = preparedPage(await readFile(loginFile));
    app.get('/login', { schema: { hide: true } }, (request, reply) =>
      request.url === '/login' ? sendLogin(reply) : sendIndex(reply),
    );
  }

  // The live queue comes with its frame drawn (queue.html: the staff shell and the screen without
  // data, the same for every restaurant), which the app replaces once it has drawn the screen: its
  // heading is on screen before any script has run (issue #21). Only the live queue's own address.
  const queueFile = path.join(root, QUEUE_PAGE);
  if (existsSync(queueFile)) {
    const sendQueue = preparedPage(await readFile(queueFile));
    app.get('/restaurant/:id', { schema: { hide: true } }, (request, reply) =>
      LIVE_QUEUE.test(request.url) ? sendQueue(reply) : sendIndex(reply),
    );
  }
  return sendIndex;
}

/** The live queue's address, as the app's links write it, without a query. */
const LIVE_QUEUE = /^\/restaurant\/\d+$/;
/** The page built for the live queue, beside index.html (apps/miniapp/vite/prerender-login-plugin.ts). */
export const QUEUE_PAGE = 'queue.html';

/** The page built for /login, beside index.html (apps/miniapp/vite/prerender-login-plugin.ts). */
export const LOGIN_PAGE = 'login.html';

/**
 * What sends a page of the app: small and sent on every visit, so compressed once here, in both
 * encodings, and revalidated on every visit (a new build changes it under the same address).
 */
function preparedPage(html: Buffer): SendIndex {
  const encoded = {
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
  return (reply) => {
    reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    reply.header('vary', 'accept-encoding');
    const encoding = pickEncoding(reply.request.headers['accept-encoding']);
    if (encoding === null) return reply.send(html);
    return reply.header('content-encoding', encoding).send(encoded[encoding]);
  };
}

/** A GET for a page of the app (not the API, not a missing file such as an old hashed chunk). */
export function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  return path.extname(pathname) === '';
}
