import { Health } from '@stolik/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('GET /api/health/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says the API is up and its database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    const body = Health.parse(res.json());
    expect(body).toMatchObject({ status: 'ok', database: 'ok', database_kind: t.database.kind });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers 503, draining, once the process is stopping, and closes each connection after its reply', async () => {
    const other = await createTestApp();
    try {
      other.app.drain.begin();
      const res = await other.app.inject({ method: 'GET', url: '/api/health/' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'draining', database: 'ok' });
      expect(res.headers.connection).toBe('close');
    } finally {
      await other.close();
    }
  });

  // Last in the file: it takes the database away.
  it('answers 503 and says so when the database is gone', async () => {
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: 'down' });
  });
});
