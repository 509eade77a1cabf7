import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { access } from '../shared/access';
import { conflict } from '../shared/http-errors';
import { createTestApp, type TestApp } from '../test/test-app';

// Routes that exist only in this test, to drive each branch of the one error handler.
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test-probe/form/',
    {
      config: { access: access.public },
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
  app.get('/api/test-probe/boom/', { config: { access: access.public } }, async () => {
    throw new Error('connection to 10.0.0.5 refused: select * from secrets');
  });
  app.get('/api/test-probe/conflict/', { config: { access: access.public } }, async () => {
    throw conflict('errors.alreadyQueued', { number: 7 });
  });
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
    expect(res.json()).toMatchObject({ detail: 'Некорректный запрос' });
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
