import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { CONTENT_SECURITY_POLICY } from './security';

const SCRIPT = `console.log(${JSON.stringify('a hashed chunk of the app '.repeat(100))})`;

describe('serving the built mini-app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'stolik-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Stolik</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-3f9a2c.js'), SCRIPT);
    // What the build's precompress step leaves beside each text file.
    writeFileSync(path.join(dist, 'assets', 'index-3f9a2c.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(dist, 'assets', 'index-3f9a2c.js.gz'), gzipSync(SCRIPT));
    writeFileSync(path.join(dist, 'sw.js'), SCRIPT);
    writeFileSync(path.join(dist, 'sw.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(
      path.join(dist, 'assets', 'index-3f9a2c.js.map'),
      '{"version":3,"sources":["src/main.tsx"]}',
    );
    writeFileSync(path.join(dist, 'manifest.webmanifest'), '{}');
    // What Vite leaves with `manifest: true`, and any other hidden file.
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"index.html":{}}');
    writeFileSync(path.join(dist, '.env'), 'SECRET=1');
    writeFileSync(path.join(dist, 'assets', '.hidden.js'), 'SECRET=2');
    t = await createTestApp({ miniappDist: dist });
  });
  afterAll(() => t.close());

  // This build has no login.html (one made before pre-rendering): /login gets index.html like the rest.
  it('answers / and every client route with the app, never cached', async () => {
    for (const url of ['/', '/login', '/restaurant/1/booking/list', '/not-found', '/some/unknown/path?x=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-3f9a2c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends a hashed asset as the build's brotli or gzip copy, still cached for a year", async () => {
    const get = (acceptEncoding: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/index-3f9a2c.js',
        headers: { 'accept-encoding': acceptEncoding },
      });
    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the service worker compressed but never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the page itself compressed, on every client route', async () => {
    for (const url of ['/', '/login']) {
      const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toContain('<div id="root">');
      const gz = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip;q=1, br;q=0' },
      });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString(), url).toContain('<div id="root">');
    }
  });

  it('revalidates files that are not hashed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404 rather than the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/old-chunk-123.js' });
    expect(res.statusCode).toBe(404);
  });

  it('never serves a source map, even one left in the build', async () => {
    for (const url of ['/assets/index-3f9a2c.js.map', '/assets/INDEX-3f9a2c.js.MAP']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Не найдено', code: 'not_found' });
    }
  });

  it('never serves a dot file or folder of the build (.vite/manifest.json)', async () => {
    for (const url of ['/.vite/manifest.json', '/assets/.hidden.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toMatch(/index\.html":|SECRET/);
    }
    // A path without an extension is a client route: the app's page, never the file.
    const env = await t.app.inject({ method: 'GET', url: '/.env' });
    expect(env.body).not.toContain('SECRET');
  });

  it("answers a path it may not serve in the API's shape, never with Fastify's internal codes", async () => {
    for (const url of ['/..%5c..%5cx.js', '/assets/', '/assets/x/..']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toMatch(/FST_/);
      expect(res.json(), url).toEqual(
        res.statusCode === 404
          ? { detail: 'Не найдено', code: 'not_found' }
          : { detail: 'Недостаточно прав', code: 'permission_denied' },
      );
    }
  });

  it('keeps /api paths for the API, with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown/' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});

describe('serving the pre-rendered /login', () => {
  const INDEX = '<!doctype html><title>Stolik</title><div id="root"></div>';
  const LOGIN =
    '<!doctype html><html lang="ru" data-theme="light"><title>Авторизация</title>' +
    '<div id="root" data-prerendered="login"><h1>Авторизация</h1></div>';
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'stolik-dist-'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'login.html'), LOGIN);
    t = await createTestApp({ miniappDist: dist });
  });
  afterAll(() => t.close());

  it("sends the build's login.html for /login, never cached, under the page's security policy", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(LOGIN);
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends it compressed as the client takes it', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(LOGIN);
    const gz = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(LOGIN);
  });

  it('sends index.html for /login with a query (the drawn page has no ?t=1 notice) and for every other route', async () => {
    for (const url of ['/login?t=1', '/login/', '/', '/sign-up', '/restaurant/1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('answers HEAD /login like GET, and a POST to it with the JSON 404', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    const post = await t.app.inject({ method: 'POST', url: '/login', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 'not_found' });
  });
});

describe("serving the live queue's drawn frame", () => {
  const INDEX = '<!doctype html><title>Stolik</title><div id="root"></div>';
  const QUEUE =
    '<!doctype html><html lang="ru" data-theme="light"><title>Живая Очередь</title>' +
    '<div id="queue-frame" data-prerendered="queue" inert><h1>Живая Очередь</h1></div><div id="root" hidden></div>';
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'stolik-dist-'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'queue.html'), QUEUE);
    t = await createTestApp({ miniappDist: dist });
  });
  afterAll(() => t.close());

  it("sends the build's queue.html for /restaurant/{id}, never cached, under the page's security policy", async () => {
    for (const url of ['/restaurant/1', '/restaurant/4210']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(QUEUE);
      expect(res.headers['content-security-policy'], url).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const br = await t.app.inject({
      method: 'GET',
      url: '/restaurant/1',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(QUEUE);
  });

  it("sends index.html for the restaurant's other screens, a query, a slash or a name in place of the id", async () => {
    for (const url of [
      '/restaurant/1/orders',
      '/restaurant/1/booking/list',
      '/restaurant/1?x=1',
      '/restaurant/1/',
      '/restaurant/abc',
      '/login',
      '/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('answers a POST to it with the JSON 404', async () => {
    const post = await t.app.inject({ method: 'POST', url: '/restaurant/1', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 'not_found' });
  });
});
