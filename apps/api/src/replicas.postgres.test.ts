import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RestaurantChange } from '@stolik/contracts';
import { createEmptyPostgresDatabase } from '@stolik/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from './test/event-stream';
import { request, type ServerProcess, startServer } from './test/server-process';

/**
 * Production's shape: two API processes (`server.ts`'s bundle) on different ports in front of
 * one PostgreSQL database, started at the same moment (migrations and the seed take turns). What
 * one process commits reaches the other's event streams through LISTEN/NOTIFY.
 *
 * The bot's dispatcher running twice is proven by `modules/telegram/dispatcher.postgres.test.ts`
 * (two dispatchers, each with its own pool, 150 messages: each sent once, limits kept together).
 */
const ADMIN = { email: 'root@replicas.test', password: 'replicas-password-1' };
/** The figure: a change made through one process is heard by the other within a second. */
const WITHIN_MS = 1000;

let drop: () => Promise<void>;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  const database = await createEmptyPostgresDatabase();
  drop = database.drop;
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'stolik-replica-')),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await drop?.();
});

async function signIn(server: ServerProcess): Promise<string> {
  const res = await request(server.url, 'POST', '/api/auth/jwt/create/', { body: ADMIN });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { access: string }).access;
}

describe('two API processes on one PostgreSQL database', () => {
  it('share one signing key: a token issued by either is accepted by the other', async () => {
    const [fromA, fromB] = await Promise.all([signIn(a), signIn(b)]);
    for (const [server, token] of [
      [b, fromA],
      [a, fromB],
    ] as const) {
      const me = await request(server.url, 'GET', '/api/user/me/', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email: ADMIN.email, is_superuser: true });
    }
  });

  it("announces a guest joining and a staff booking made through A on B's event stream within a second", async () => {
    const token = await signIn(a);
    const auth = { authorization: `Bearer ${token}` };
    const restaurants = await request(a.url, 'GET', '/api/restaurant/', { headers: auth });
    const restaurant = (restaurants.body as { id: number }[])[0]?.id;
    expect(restaurant).toBeDefined();

    // B's stream, opened with A's token, is open and has said `ready` before anything is measured.
    const stream = await openEventStream(`${b.url}/api/restaurant/${restaurant}/events/`, auth);
    expect(stream.response.status).toBe(200);
    expect((await stream.next(5000)).event).toBe('ready');
    const heard = async (kind: string, id: number, withinMs: number) => {
      for (;;) {
        const message = await stream.next(withinMs);
        if (message.event !== 'change') continue;
        const change = RestaurantChange.parse(JSON.parse(message.data));
        if (change.kind === kind && change.id === id) return change;
      }
    };

    // Warm-up (not measured): the first change of a fresh process compiles code paths in both.
    const warm = await request(a.url, 'POST', '/api/reservation/', {
      headers: auth,
      body: { restaurant, group_size: 2, name: 'Разогрев' },
    });
    expect(warm.status, JSON.stringify(warm.body)).toBe(201);
    await heard('queue', (warm.body as { id: number }).id, 10_000);

    // A guest joins the queue through A.
    let started = Date.now();
    const joined = await request(a.url, 'POST', `/api/public/restaurant/${restaurant}/queue/`, {
      body: { group_size: 2, name: 'Гость через A', phone: '+79161110001' },
      headers: { 'idempotency-key': 'replicas-join-0001' },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    const list = await request(a.url, 'GET', `/api/reservation/?restaurant_id=${restaurant}`, {
      headers: auth,
    });
    const entry = (list.body as { id: number; name: string }[]).find((e) => e.name === 'Гость через A');
    expect(entry).toBeDefined();
    const queueChange = await heard('queue', entry?.id ?? 0, WITHIN_MS);
    const queueMs = Date.now() - started;
    expect(queueChange).toMatchObject({ restaurant, status: 'live' });
    expect(queueMs).toBeLessThan(WITHIN_MS);

    // Staff books a table through A: tomorrow at 19:00 Moscow time (the demo restaurant's zone).
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
    started = Date.now();
    const booked = await request(a.url, 'POST', '/api/booking/', {
      headers: auth,
      body: { restaurant, group_size: 2, seating_time: `${tomorrow}T16:00:00Z`, name: 'Бронь через A' },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const bookingChange = await heard('booking', (booked.body as { id: number }).id, WITHIN_MS);
    const bookingMs = Date.now() - started;
    expect(bookingChange.restaurant).toBe(restaurant);
    expect(bookingMs).toBeLessThan(WITHIN_MS);
    stream.close();
    console.info(`replicas: A -> B stream: guest join ${queueMs} ms, staff booking ${bookingMs} ms`);
  });
});
