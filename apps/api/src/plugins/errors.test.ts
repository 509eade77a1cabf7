import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { access } from '../shared/access';
import { conflict } from '../shared/http-errors';
import { createIdentities, type Identities } from '../test/identities';
import { createTestApp, type TestApp } from '../test/test-app';

const probeLimit = { max: 1000, windowS: 60 };

// Routes that exist only in this test, to drive each branch of the one error handler.
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test-probe/form/',
    {
      config: { access: access.public, rateLimit: probeLimit },
      schema: {
        body: z.object({
          name: z.string().trim().min(1).max(20),
          email: z.email(),
          seats: z.number().int().min(1).max(12),
          tags: z.array(z.string()).min(1),
        }),
      },
    },
    async () => ({ ok: true }),
  );
  app.get('/api/test-probe/boom/', { config: { access: access.public, rateLimit: probeLimit } }, async () => {
    throw new Error('connection to 10.0.0.5 refused: select * from secrets');
  });
  app.get(
    '/api/test-probe/conflict/',
    { config: { access: access.public, rateLimit: probeLimit } },
    async () => {
      throw conflict('errors.alreadyQueued', { number: 7 });
    },
  );
};

describe('the error handler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.register(probeRoutes);
  });
  afterAll(() => t.close());

  it('answers invalid input with every field error in Russian (spec §5)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-probe/form/',
      payload: { name: '  ', email: 'not-an-email', seats: 40, tags: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: ['Заполните поле'],
      email: ['Введите корректный адрес электронной почты'],
      seats: ['Значение должно быть не больше 12'],
      tags: ['Заполните поле'],
    });
  });

  it('says "Заполните поле" for missing fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test-probe/form/', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: ['Заполните поле'],
      email: ['Заполните поле'],
      seats: ['Заполните поле'],
      tags: ['Заполните поле'],
    });
  });

  it('answers malformed JSON with a 400, not a crash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-probe/form/',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: ['Не удалось прочитать запрос: тело должно быть корректным JSON'],
    });
  });

  it('answers a body it cannot read with a 400 in the field-errors shape on real routes too', async () => {
    // A real route's 400 is field errors: any other shape would fail its serializer (a 500).
    const url = '/api/auth/jwt/create/';
    const json = { 'content-type': 'application/json' };
    for (const payload of [
      '{"email": ',
      '{"__proto__": {"admin": true}}',
      '{"constructor": {"prototype": {}}}',
    ]) {
      const res = await t.app.inject({ method: 'POST', url, headers: json, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({
        non_field_errors: ['Не удалось прочитать запрос: тело должно быть корректным JSON'],
      });
    }
    const empty = await t.app.inject({ method: 'POST', url, headers: json, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ non_field_errors: ['Пустое тело запроса'] });
  });

  it('refuses NUL and half an emoji in any text with the field that holds them, before anything is stored', async () => {
    const join = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/restaurant/1/queue/',
        payload,
        remoteAddress: '192.0.2.77',
      });
    const nul = await join({ group_size: 2, name: 'Ан\u0000на', phone: '+79160000077' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ name: ['Недопустимый символ в тексте'] });
    const surrogate = await t.app.inject({
      method: 'POST',
      url: '/api/public/restaurant/1/queue/',
      headers: { 'content-type': 'application/json' },
      payload: '{"group_size": 2, "name": "Ира", "comment": "\\ud83d", "phone": "+79160000078"}',
      remoteAddress: '192.0.2.78',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json()).toEqual({ comment: ['Недопустимый символ в тексте'] });
    const path = await t.app.inject({ method: 'GET', url: `/api/public/queue/${'%00'.repeat(20)}/` });
    expect(path.statusCode).toBe(400);
    expect(path.json()).toEqual({ token: ['Недопустимый символ в тексте'] });
    // An emoji whole is text like any other: it passes, and only the missing restaurant stops it.
    expect((await join({ group_size: 2, name: 'Ира 👩‍👩‍👧', phone: '+79160000079' })).statusCode).toBe(404);
  });

  it('answers a broken address in its shapes: a bad %-escape 400, an over-long path parameter 414', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/public/queue/%E0%A4%A/' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ non_field_errors: ['Некорректный адрес запроса'] });
    const long = await t.app.inject({ method: 'GET', url: `/api/public/queue/${'x'.repeat(101)}/` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ detail: 'Слишком длинный адрес запроса', code: 'uri_too_long' });
  });

  it('hides internals of an unexpected failure and gives a request id to find it in the log', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-probe/boom/' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({
      detail: 'Внутренняя ошибка сервера',
      code: 'internal',
      request_id: res.headers['x-request-id'],
    });
    expect(res.body).not.toContain('secrets');
    expect(res.body).not.toContain('10.0.0.5');
  });

  it('answers a conflict with 409, its message and what the client needs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-probe/conflict/' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Ты уже в очереди', code: 'conflict', number: 7 });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Не найдено', code: 'not_found' });
  });

  it('keeps a request id given by a proxy', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'x-request-id': 'proxy-req-12345' },
    });
    expect(res.headers['x-request-id']).toBe('proxy-req-12345');
  });
});

describe('a body whose bytes are not UTF-8', () => {
  let t: TestApp;
  let who: Identities;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
  });
  afterAll(() => t.close());

  const NOT_UTF8 = {
    non_field_errors: ['Не удалось прочитать запрос: текст должен быть в кодировке UTF-8'],
  };
  /** A JSON body whose name holds `bad` between two valid letters. */
  const withBytes = (bad: number[], phone: string) =>
    Buffer.concat([
      Buffer.from(`{"group_size": 2, "phone": "${phone}", "name": "А`),
      Buffer.from(bad),
      Buffer.from('я"}'),
    ]);

  it('is refused with 400 naming the problem, and nothing is stored with U+FFFD', async () => {
    const broken: number[][] = [
      [0xff], // never in UTF-8
      [0xc3, 0x28], // a lead byte without its continuation
      [0xc0, 0xaf], // an overlong '/'
      [0xed, 0xa0, 0x80], // a surrogate, encoded
      [0xe2, 0x82], // cut short
    ];
    for (const [i, bad] of broken.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/public/restaurant/${who.restaurantA}/queue/`,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        payload: withBytes(bad, `+7916000010${i}`),
        remoteAddress: `192.0.2.${100 + i}`,
      });
      expect(res.statusCode, bad.join(' ')).toBe(400);
      expect(res.json()).toEqual(NOT_UTF8);
    }
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/create/',
      headers: { 'content-type': 'application/json' },
      payload: Buffer.concat([
        Buffer.from('{"email": "a'),
        Buffer.from([0xfe]),
        Buffer.from('@x.test", "password": "p"}'),
      ]),
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json()).toEqual(NOT_UTF8);
    const entries = await t.app.inject({
      method: 'GET',
      url: `/api/reservation/?restaurant_id=${who.restaurantA}`,
      headers: who.bearer(who.hostessA),
    });
    expect(entries.body).not.toContain('\ufffd');
    expect(entries.json()).toEqual([]);
    // The same body in UTF-8 goes through.
    const fine = await t.app.inject({
      method: 'POST',
      url: `/api/public/restaurant/${who.restaurantA}/queue/`,
      headers: { 'content-type': 'application/json' },
      payload: withBytes([...Buffer.from('н')], '+79160000199'),
      remoteAddress: '192.0.2.199',
    });
    expect(fine.statusCode, fine.body).toBe(201);
  });
});
