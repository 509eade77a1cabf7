import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyCounts } from '../shared/compressed-copies';
import { openEventStream } from '../test/event-stream';
import { createIdentities, type Identities } from '../test/identities';
import { createTestApp, type TestApp } from '../test/test-app';
import { COMPRESS_THRESHOLD_BYTES } from './compression';

describe('compressed replies of the API', () => {
  let t: TestApp;
  let who: Identities;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // A queue long enough that its list is well over the threshold.
    for (let n = 1; n <= 12; n += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reservation/',
        headers: who.bearer(who.hostessA),
        payload: { restaurant: who.restaurantA, group_size: 2, name: `Гость номер ${n}` },
      });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());

  const list = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/reservation/?restaurant_id=${who.restaurantA}`,
      headers: {
        ...who.bearer(who.hostessA),
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      },
    });

  it('sends a large JSON reply in brotli when the client takes it, the same data as plain', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const br = await list('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends a list the read cache hands out again in the copy compressed on its first use, until a change', async () => {
    const join = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reservation/',
        headers: who.bearer(who.hostessA),
        payload: { restaurant: who.restaurantA, group_size: 2, name },
      });
    // A change first, so that the list is read anew and kept by this test's first read.
    expect((await join('Гость до кеша')).statusCode).toBe(201);
    const plain = (await list()).json() as { name: string }[];
    const { made, sent } = copyCounts;
    const first = await list('br');
    const again = await list('br');
    const third = await list('br');
    // Compressed once (the second time the kept list is written), then sent as it is.
    expect(copyCounts.made - made).toBe(1);
    expect(copyCounts.sent - sent).toBe(3);
    for (const res of [first, again, third]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(plain);
    }
    // gzip has a copy of its own; a client that takes neither gets the text.
    const gz = await list('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain);
    expect((await list('identity')).headers['content-encoding']).toBeUndefined();

    // A change drops the kept list: the next one is compressed from the new text.
    expect((await join('Гость после кеша')).statusCode).toBe(201);
    const after = await list('br');
    const names = (
      JSON.parse(brotliDecompressSync(after.rawPayload).toString('utf8')) as { name: string }[]
    ).map((e) => e.name);
    expect(names).toContain('Гость после кеша');
    expect(names).toHaveLength(plain.length + 1);
  });

  it('sends a list the read cache hands out again uncompressed in its kept bytes, the same as the text', async () => {
    const join = await t.app.inject({
      method: 'POST',
      url: '/api/reservation/',
      headers: who.bearer(who.hostessA),
      payload: { restaurant: who.restaurantA, group_size: 3, name: 'Гость без сжатия' },
    });
    expect(join.statusCode).toBe(201);
    const { plainSent } = copyCounts;
    // The first read writes the text; from the second on, it is the kept reply written again.
    const first = await list();
    const replies = [await list(), await list('identity'), await list()];
    expect(copyCounts.plainSent - plainSent).toBe(3);
    for (const res of [first, ...replies]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    expect((first.json() as { name: string }[]).map((e) => e.name)).toContain('Гость без сжатия');
    // Over a socket as well (inject does not write to one): the same bytes, and the length they have.
    const res = await fetch(`${base}/api/reservation/?restaurant_id=${who.restaurantA}`, {
      headers: { ...who.bearer(who.hostessA), 'accept-encoding': 'identity' },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(bytes.equals(first.rawPayload)).toBe(true);
  });

  it('says Vary: Accept-Encoding and Cache-Control: no-store on every API reply, compressed or not', async () => {
    const kept = [await list(), await list(), await list('identity'), await list('br'), await list('br')];
    const small = await t.app.inject({ method: 'GET', url: '/api/health/' });
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/reservation/?restaurant_id=${who.restaurantA}`,
    });
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing/' });
    for (const res of [...kept, small, refused, missing]) {
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(refused.statusCode).toBe(401);
    expect(missing.statusCode).toBe(404);
  });

  it('falls back to gzip, and to nothing when the client takes neither', async () => {
    const gz = await list('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual((await list()).json());
    const identity = await list('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('leaves a reply under the threshold as it is', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the API description as well', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toHaveProperty('openapi');
  });

  it('never buffers an event stream: each change arrives as it happens, uncompressed', async () => {
    const stream = await openEventStream(`${base}/api/restaurant/${who.restaurantA}/events/`, {
      ...who.bearer(who.hostessA),
      'accept-encoding': 'br, gzip',
    });
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    expect((await stream.next()).event).toBe('ready');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/reservation/',
      headers: who.bearer(who.hostessA),
      payload: { restaurant: who.restaurantA, group_size: 3, name: 'Гость потока' },
    });
    expect(created.statusCode).toBe(201);
    expect(JSON.parse((await stream.next(1000)).data)).toMatchObject({ id: created.json().id });
    stream.close();
  });
});
