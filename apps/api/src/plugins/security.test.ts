import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, type SecurityOptions, securityPlugin } from './security';

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
  it('carry the security headers, and CORS only for CORS_ORIGINS', async () => {
    const { createTestApp } = await import('../test/test-app');
    const t = await createTestApp({ config: { corsOrigins: [ALLOWED] } });
    try {
      const health = await t.app.inject({ method: 'GET', url: '/api/health/', headers: { origin: ALLOWED } });
      expect(health.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
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
  });
});
