import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  contentSecurityPolicy,
  type SecurityOptions,
  securityPlugin,
} from './security';

const ALLOWED = 'https://partner.example';

async function appWith(options: Partial<SecurityOptions> = {}): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(securityPlugin, { corsOrigins: [ALLOWED], https: false, ...options });
  app.get('/api/thing/', async () => ({ ok: true }));
  app.post('/api/thing/', async () => ({ ok: true }));
  app.get('/api/docs/', async (_request, reply) => reply.type('text/html').send('<html></html>'));
  await app.ready();
  return app;
}

describe('security headers and CORS', () => {
  let app: FastifyInstance;
  afterEach(async () => {
    await app?.close();
  });

  it('sends the page policy: own scripts only, framed only by the app itself and Telegram Web', async () => {
    app = await appWith();
    const res = await app.inject({ method: 'GET', url: '/api/thing/' });
    expect(res.statusCode).toBe(200);
    const csp = res.headers['content-security-policy'];
    expect(csp).toBe(CONTENT_SECURITY_POLICY);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'self' https://web.telegram.org");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('frames nothing but the app itself, unless Metabase is configured: then its origin only', async () => {
    expect(contentSecurityPolicy()).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).not.toContain('frame-src');
    app = await appWith({ frameSources: ['https://metabase.example'] });
    const csp = (await app.inject({ method: 'GET', url: '/api/thing/' })).headers['content-security-policy'];
    const directives = String(csp).split('; ');
    expect(directives.filter((d) => d.startsWith('frame-src'))).toEqual([
      "frame-src 'self' https://metabase.example",
    ]);
    // Nothing else opens up: scripts, connections and who may frame the app stay as they were.
    expect(directives).toEqual(expect.arrayContaining(CONTENT_SECURITY_POLICY.split('; ')));
    expect(directives).toHaveLength(CONTENT_SECURITY_POLICY.split('; ').length + 1);
  });

  it('asks for https only when the product is served over https', async () => {
    app = await appWith({ https: true });
    const res = await app.inject({ method: 'GET', url: '/api/thing/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('gives the documentation page a policy of its own, never framed', async () => {
    app = await appWith();
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('lets a configured origin call the API, preflight included', async () => {
    app = await appWith();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/thing/',
      headers: { origin: ALLOWED, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
    // A booking's correction names its version; an offline action its key.
    expect(preflight.headers['access-control-allow-headers']).toContain('if-match');
    expect(preflight.headers['access-control-allow-headers']).toContain('idempotency-key');

    const call = await app.inject({ method: 'POST', url: '/api/thing/', headers: { origin: ALLOWED } });
    expect(call.statusCode).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(call.headers.vary).toContain('Origin');
  });

  it('gives any other origin no CORS headers, so the browser refuses it', async () => {
    app = await appWith();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/thing/',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();

    const call = await app.inject({
      method: 'GET',
      url: '/api/thing/',
      headers: { origin: 'https://evil.example' },
    });
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('with no origins configured, answers no cross-origin call at all', async () => {
    app = await appWith({ corsOrigins: [] });
    const call = await app.inject({ method: 'GET', url: '/api/thing/', headers: { origin: ALLOWED } });
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the product’s own answers', () => {
  it('carry the security headers, CORS only for CORS_ORIGINS, frames only the configured Metabase', async () => {
    const { createTestApp } = await import('../test/test-app');
    const metabase = {
      siteUrl: 'https://metabase.example:8443',
      secretKey: 'a-metabase-embedding-secret-key-0123456789',
      dashboards: [{ id: 12, name: 'Выручка' }],
    };
    const t = await createTestApp({ config: { corsOrigins: [ALLOWED], metabase } });
    try {
      const health = await t.app.inject({ method: 'GET', url: '/api/health/', headers: { origin: ALLOWED } });
      expect(health.headers['content-security-policy']).toBe(
        `${CONTENT_SECURITY_POLICY}; frame-src 'self' https://metabase.example:8443`,
      );
      expect(health.headers['access-control-allow-origin']).toBe(ALLOWED);
      // The test product is reached at https://stolik.test.
      expect(health.headers['strict-transport-security']).toBe('max-age=31536000');
      const other = await t.app.inject({
        method: 'GET',
        url: '/api/health/',
        headers: { origin: 'https://evil.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  }, 60_000); // a whole product on a fresh database: slow on a busy machine
});

/** Every file under a folder whose name ends with one of the extensions. */
function filesIn(folder: string, extensions: string[]): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : filesIn(full, extensions);
    return extensions.some((extension) => name.endsWith(extension)) ? [full] : [];
  });
}

describe('what the page loads, against its policy', () => {
  const miniapp = path.resolve(import.meta.dirname, '../../../miniapp');

  it('loads scripts, styles, fonts and pictures from its own origin only (so the policy can say self)', () => {
    const html = readFileSync(path.join(miniapp, 'index.html'), 'utf8');
    // No script or stylesheet from a CDN (the Telegram SDK is bundled), and no inline script.
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="(https?:)?\/\//);
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
    const styles = filesIn(path.join(miniapp, 'src'), ['.css']);
    expect(styles.length).toBeGreaterThan(5);
    for (const file of styles) {
      const css = readFileSync(file, 'utf8');
      expect(css, file).not.toMatch(/url\(\s*['"]?(https?:)?\/\//);
      expect(css, file).not.toMatch(/@import\s+(url\()?['"]?(https?:)?\/\//);
    }
  });

  it('calls no other origin and frames nothing from code (fetch, EventSource, iframes)', () => {
    // The app's code and its service worker (apps/miniapp/pwa), tests aside.
    const code = [
      ...filesIn(path.join(miniapp, 'src'), ['.ts', '.tsx']),
      ...(existsSync(path.join(miniapp, 'pwa')) ? filesIn(path.join(miniapp, 'pwa'), ['.ts', '.js']) : []),
    ].filter((f) => !/\.test\.tsx?$/.test(f));
    for (const file of code) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/\bfetch\(\s*['"`]https?:/);
      expect(text, file).not.toMatch(/new (EventSource|WebSocket|Worker)\(\s*['"`]https?:/);
      expect(text, file).not.toMatch(/\beval\(|new Function\(|importScripts\(\s*['"`]https?:/);
    }
  });
});
