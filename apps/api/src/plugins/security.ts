import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /**
   * Origins (scheme://host[:port]) whose pages may call the API from a browser. Empty: only the
   * app's own origin, which needs no CORS at all (the app and the API are served together).
   */
  corsOrigins: readonly string[];
  /** Send Strict-Transport-Security: the product is reached over https (PUBLIC_URL says so). */
  https: boolean;
  /** Other origins the app shows in a frame (configured Metabase dashboards); none by default. */
  frameSources?: readonly string[];
}

/**
 * Where Telegram shows a Mini App in a frame: its web clients (web.telegram.org/k and /a). The
 * phone and desktop apps use a web view, not a frame, so they need nothing here.
 */
export const TELEGRAM_FRAME_ANCESTORS = ['https://web.telegram.org'] as const;

/**
 * The page loads only what it ships: its own scripts, styles and fonts, pictures of its own or
 * made in the page, the API and event stream on the same origin. Telegram's SDK talks to the
 * client by postMessage and the web view's bridge, which CSP does not govern. Inline styles stay
 * allowed: the UI kit and the timeline place elements with style attributes.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  `frame-ancestors 'self' ${TELEGRAM_FRAME_ANCESTORS.join(' ')}`,
].join('; ');

/** The page's policy, letting it frame the given origins too (the analytics page's Metabase). */
export function contentSecurityPolicy(frameSources: readonly string[] = []): string {
  if (frameSources.length === 0) return CONTENT_SECURITY_POLICY;
  return `${CONTENT_SECURITY_POLICY}; frame-src 'self' ${frameSources.join(' ')}`;
}

/** Swagger UI (the API's documentation page) needs inline styles and its data: images. */
const DOCS_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

const CORS_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const CORS_HEADERS = 'authorization, content-type, x-request-id, idempotency-key, if-match';
const PREFLIGHT_CACHE_S = 600;

function isDocs(request: FastifyRequest): boolean {
  return request.url === '/api/docs' || request.url.startsWith('/api/docs/');
}

/** Adds a name to the reply's Vary header, keeping what others put there (Accept-Encoding). */
function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  const names = typeof current === 'string' ? current.split(',').map((part) => part.trim()) : [];
  if (names.some((part) => part.toLowerCase() === name.toLowerCase())) return;
  reply.header('vary', [...names.filter(Boolean), name].join(', '));
}

/**
 * Security headers for every answer, and CORS for the configured origins only. Written out here
 * rather than taken from a plugin: the set is short, and each header says why it is what it is.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: SecurityOptions) => {
    const allowed = new Set(options.corsOrigins);
    const pagePolicy = contentSecurityPolicy(options.frameSources);

    const allowOrigin = (request: FastifyRequest, reply: FastifyReply): boolean => {
      const origin = request.headers.origin;
      addVary(reply, 'Origin');
      if (typeof origin !== 'string' || !allowed.has(origin)) return false;
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      reply.header('access-control-expose-headers', 'x-request-id, retry-after, content-disposition');
      return true;
    };

    // A preflight from an allowed origin is answered here; from any other, it gets no CORS
    // headers and the browser refuses the call. Either way it never reaches a route.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'OPTIONS' || !request.headers['access-control-request-method']) return;
      if (allowOrigin(request, reply)) {
        reply.header('access-control-allow-methods', CORS_METHODS);
        reply.header('access-control-allow-headers', CORS_HEADERS);
        reply.header('access-control-max-age', String(PREFLIGHT_CACHE_S));
      }
      return reply.code(204).send();
    });

    app.addHook('onSend', async (request, reply) => {
      if (request.method !== 'OPTIONS') allowOrigin(request, reply);
      reply.header('content-security-policy', isDocs(request) ? DOCS_POLICY : pagePolicy);
      reply.header('x-content-type-options', 'nosniff');
      // Guest pages carry their token in the address: never send it to another site.
      reply.header('referrer-policy', 'no-referrer');
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
      reply.header('cross-origin-resource-policy', 'same-origin');
      if (options.https) reply.header('strict-transport-security', 'max-age=31536000');
    });
  },
  { name: 'stolik-security' },
);
