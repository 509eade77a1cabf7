import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv_-';

describe('the short links of guests’ SMS', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A built mini-app: its fallback answers any other page with index.html.
    const dist = mkdtempSync(path.join(tmpdir(), 'stolik-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Stolik</title><div id="root"></div>');
    t = await createTestApp({ miniappDist: dist, config: { publicUrl: 'https://stolik.test/' } });
  });
  afterAll(() => t.close());

  const get = (url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') => t.app.inject({ method, url });

  it('/q/<token> sends to the queue place’s page, /b/<token> to the booking’s', async () => {
    const queue = await get(`/q/${TOKEN}`);
    expect(queue.statusCode).toBe(302);
    expect(queue.headers.location).toBe(`https://stolik.test/guest/queue/${TOKEN}`);
    expect(queue.headers['cache-control']).toBe('no-store');
    const booking = await get(`/b/${TOKEN}`);
    expect(booking.statusCode).toBe(302);
    expect(booking.headers.location).toBe(`https://stolik.test/guest/booking/${TOKEN}`);
    // With a trailing slash, a query a messenger added, or HEAD (a link preview): the same.
    expect((await get(`/q/${TOKEN}/`)).headers.location).toBe(`https://stolik.test/guest/queue/${TOKEN}`);
    expect((await get(`/q/${TOKEN}?utm=sms`)).headers.location).toBe(
      `https://stolik.test/guest/queue/${TOKEN}`,
    );
    expect((await get(`/b/${TOKEN}`, 'HEAD')).statusCode).toBe(302);
  });

  it('an unknown token of the right shape is sent on too: the page says it is not found', async () => {
    const res = await get('/q/zzzzzzzzzzzzzzzzzzzzzzzz');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://stolik.test/guest/queue/zzzzzzzzzzzzzzzzzzzzzzzz');
  });

  it('anything not shaped as a token is the API’s 404, never the app’s page nor a redirect', async () => {
    for (const url of [
      '/q/short',
      `/q/${'a'.repeat(65)}`,
      '/q/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      `/b/${TOKEN.slice(0, 20)}..%2F`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location, url).toBeUndefined();
      expect(res.json(), url).toEqual({ detail: 'Не найдено', code: 'not_found' });
    }
    expect((await get(`/q/${TOKEN}`, 'POST')).statusCode).toBe(404);
  });

  it('the mini-app still answers its own pages (the guest page the link leads to)', async () => {
    const page = await get(`/guest/queue/${TOKEN}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
