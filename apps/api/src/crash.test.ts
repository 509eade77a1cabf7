import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, openDatabase, schema } from '@stolik/db';
import { createEmptyPostgresDatabase } from '@stolik/db/testing';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Answer, guestAddress, request, type ServerProcess, startServer } from './test/server-process';

/**
 * kill -9 of the API during a burst of guest joins and booking requests, then a restart on the
 * same data: every request that got a 2xx is in the database exactly once, and a request whose
 * answer was lost (the connection was cut), sent again with its Idempotency-Key, makes at most one
 * row. On PGlite (DATA_DIR on disk, the product's default) in the api:pglite run, on PostgreSQL in
 * the api:postgres run.
 */
const ON_POSTGRES = process.env.STOLIK_TEST_DB === 'postgres';
const ADMIN = { email: 'root@crash.test', password: 'crash-password-1' };
/** Guest requests in the burst: half join the queue, half ask for a table. */
const REQUESTS = 300;
/** Requests in flight at once (a busy evening from many phones, on a 2-core CI machine). */
const CONCURRENCY = 8;
/** The process is killed once this many requests have been answered with a 2xx. */
const KILL_AFTER_2XX = 100;
/** Booking requests per service day: they fit the demo hall's twelve tables with room to spare. */
const BOOKINGS_PER_DAY = 8;

interface GuestRequest {
  n: number;
  kind: 'queue' | 'booking';
  key: string;
  route: string;
  body: Record<string, unknown>;
}
type Outcome =
  | { kind: 'answered'; answer: Answer }
  /** Sent, and the connection died before the answer: it may or may not have happened. */
  | { kind: 'lost'; error: string }
  /** Never sent: the process was already dead. */
  | { kind: 'unsent' };

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** Where the product keeps its data here, and how to look at it directly once the API is stopped. */
async function dataStore(): Promise<{ env: Record<string, string>; open: () => Promise<DatabaseHandle> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stolik-crash-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  if (!ON_POSTGRES) {
    return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) };
  }
  const database = await createEmptyPostgresDatabase();
  cleanups.push(database.drop);
  return {
    env: { DATABASE_URL: database.url, DATA_DIR: dataDir },
    open: () => openDatabase({ databaseUrl: database.url }),
  };
}

async function started(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServer({ ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) await server.kill();
  });
  return server;
}

/** The guest requests of the burst, each with its own phone, Idempotency-Key and address. */
async function planBurst(server: ServerProcess, restaurant: number): Promise<GuestRequest[]> {
  // Start times offered over the next days, a few per day, spread over the day.
  const times: { date: string; time: string }[] = [];
  for (let day = 1; times.length < REQUESTS / 2 && day <= 60; day += 1) {
    const date = new Date(Date.now() + day * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const res = await request(
      server.url,
      'GET',
      `/api/public/restaurant/${restaurant}/slots/?date=${date}&group_size=2`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const slots = (res.body as { slots: string[] }).slots;
    const step = Math.max(1, Math.floor(slots.length / BOOKINGS_PER_DAY));
    for (let i = 0; i < slots.length && i / step < BOOKINGS_PER_DAY; i += step) {
      times.push({ date, time: slots[i] as string });
    }
  }
  expect(times.length).toBeGreaterThanOrEqual(REQUESTS / 2);
  return Array.from({ length: REQUESTS }, (_, n) => {
    const phone = `+7916${String(2_000_000 + n).padStart(7, '0')}`;
    const key = `crash-${n.toString().padStart(4, '0')}-${Math.random().toString(36).slice(2, 10)}`;
    if (n % 2 === 0) {
      return {
        n,
        kind: 'queue' as const,
        key,
        route: `/api/public/restaurant/${restaurant}/queue/`,
        body: { group_size: 1 + (n % 4), name: `Гость ${n}`, phone },
      };
    }
    const slot = times[(n - 1) / 2] as { date: string; time: string };
    return {
      n,
      kind: 'booking' as const,
      key,
      route: `/api/public/restaurant/${restaurant}/booking/`,
      body: { ...slot, group_size: 2, name: `Бронь ${n}`, phone },
    };
  });
}

const send = (server: ServerProcess, guest: GuestRequest) =>
  request(server.url, 'POST', guest.route, {
    body: guest.body,
    headers: { 'idempotency-key': guest.key },
    from: guestAddress(guest.n),
  });

/**
 * Sends the burst with a bounded number in flight and SIGKILLs the process once `KILL_AFTER_2XX`
 * requests have a 2xx: those in flight then lose their answers, the rest are never sent.
 */
async function burstAndCrash(server: ServerProcess, guests: GuestRequest[]): Promise<Map<number, Outcome>> {
  const outcomes = new Map<number, Outcome>();
  let succeeded = 0;
  let killing: Promise<void> | null = null;
  let next = 0;
  const worker = async () => {
    while (next < guests.length) {
      const guest = guests[next] as GuestRequest;
      next += 1;
      if (killing !== null) {
        outcomes.set(guest.n, { kind: 'unsent' });
        continue;
      }
      try {
        const answer = await send(server, guest);
        outcomes.set(guest.n, { kind: 'answered', answer });
        if (answer.status >= 200 && answer.status < 300) succeeded += 1;
        if (succeeded >= KILL_AFTER_2XX && killing === null) killing = server.kill();
      } catch (error) {
        outcomes.set(guest.n, { kind: 'lost', error: (error as Error).message });
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await (killing ?? server.kill());
  return outcomes;
}

/** The stored rows of the burst, by Idempotency-Key. */
async function storedRows(database: DatabaseHandle, keys: string[]) {
  const { queueEntries, bookings } = schema;
  const entries = await database.db
    .select({
      key: queueEntries.idempotencyKey,
      token: queueEntries.guestToken,
      name: queueEntries.name,
      phone: queueEntries.phone,
    })
    .from(queueEntries)
    .where(inArray(queueEntries.idempotencyKey, keys));
  const booked = await database.db
    .select({
      key: bookings.idempotencyKey,
      token: bookings.guestToken,
      name: bookings.name,
      phone: bookings.phone,
    })
    .from(bookings)
    .where(inArray(bookings.idempotencyKey, keys));
  return [...entries, ...booked];
}

const is2xx = (outcome: Outcome | undefined): outcome is { kind: 'answered'; answer: Answer } =>
  outcome?.kind === 'answered' && outcome.answer.status >= 200 && outcome.answer.status < 300;

describe(`kill -9 during a burst of guest requests (${ON_POSTGRES ? 'PostgreSQL' : 'PGlite on disk'})`, () => {
  it('keeps every answered request exactly once, and a lost one at most once when sent again', async () => {
    const startedAt = Date.now();
    const store = await dataStore();
    const first = await started(store.env);
    const signIn = await request(first.url, 'POST', '/api/auth/jwt/create/', { body: ADMIN });
    expect(signIn.status).toBe(200);
    const auth = { authorization: `Bearer ${(signIn.body as { access: string }).access}` };
    const restaurant = (
      (await request(first.url, 'GET', '/api/restaurant/', { headers: auth })).body as { id: number }[]
    )[0]?.id as number;
    expect(restaurant).toBeGreaterThan(0);
    const guests = await planBurst(first, restaurant);

    const outcomes = await burstAndCrash(first, guests);
    expect(await first.exited).toBeNull(); // killed by the signal, not exited
    const answered = guests.filter((g) => outcomes.get(g.n)?.kind === 'answered');
    const ok = guests.filter((g) => is2xx(outcomes.get(g.n)));
    const lost = guests.filter((g) => outcomes.get(g.n)?.kind === 'lost');
    const unsent = guests.filter((g) => outcomes.get(g.n)?.kind === 'unsent');
    const refusals = answered.filter((g) => !is2xx(outcomes.get(g.n)));
    // Every request was told something real: created, or a clear refusal, never a server error.
    expect(
      refusals.map(
        (g) => `${g.kind} ${g.n}: ${JSON.stringify((outcomes.get(g.n) as { answer: Answer }).answer)}`,
      ),
    ).toEqual([]);
    expect(ok.length).toBeGreaterThanOrEqual(KILL_AFTER_2XX);
    expect(answered.length + lost.length + unsent.length).toBe(REQUESTS);

    // The restart on the same data: the crashed database opens and answers.
    const second = await started(store.env);
    const resent = new Map<number, Answer>();
    for (const guest of lost) resent.set(guest.n, await send(second, guest));
    for (const [n, answer] of resent) expect(answer.status, `lost request ${n} sent again`).toBeLessThan(300);
    // A lost request that had been stored is given back (200, the same token), not made again.
    const replayed = [...resent.values()].filter((answer) => answer.status === 200).length;
    expect(await second.stop()).toBe(0);

    // Straight from the database, the API stopped (PGlite is one process's).
    const database = await store.open();
    cleanups.push(() => database.close());
    const rows = await storedRows(
      database,
      guests.map((g) => g.key),
    );
    const byKey = new Map<string, typeof rows>();
    for (const row of rows) byKey.set(row.key ?? '', [...(byKey.get(row.key ?? '') ?? []), row]);
    const problems: string[] = [];
    for (const guest of guests) {
      const stored = byKey.get(guest.key) ?? [];
      const outcome = outcomes.get(guest.n);
      const answer = is2xx(outcome) ? outcome.answer : resent.get(guest.n);
      if (stored.length > 1) problems.push(`${guest.kind} ${guest.n}: ${stored.length} rows`);
      if (answer && answer.status < 300) {
        const token = (answer.body as { token: string }).token;
        if (stored.length !== 1)
          problems.push(`${guest.kind} ${guest.n}: answered ${answer.status}, ${stored.length} rows`);
        else if (stored[0]?.token !== token) problems.push(`${guest.kind} ${guest.n}: another token stored`);
        else if (stored[0]?.name !== guest.body.name) problems.push(`${guest.kind} ${guest.n}: name changed`);
      }
      if (outcome?.kind === 'unsent' && stored.length > 0)
        problems.push(`${guest.kind} ${guest.n}: unsent, yet stored`);
    }
    expect(problems).toEqual([]);
    expect(rows.length).toBe(ok.length + resent.size);

    console.info(
      `crash (${ON_POSTGRES ? 'PostgreSQL' : 'PGlite'}): ${REQUESTS} requests, ${ok.length} 2xx before the kill, ` +
        `${lost.length} lost in flight (${replayed} of them had been stored: 200 on resending, ` +
        `${lost.length - replayed} were not: 201), ${unsent.length} never sent; ${rows.length} rows after, ` +
        `none twice; ${Math.round((Date.now() - startedAt) / 1000)} s`,
    );
  }, 240_000);
});
