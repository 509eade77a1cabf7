import https from 'node:https';
import { privateMessage, type TelegramPerson } from '@stolik/bot/testing';
import { type DatabaseHandle, openDatabase, schema } from '@stolik/db';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  type HttpsOptions,
  type HttpsStream,
  httpsCall,
  json,
  openHttpsStream,
  type Stack,
  startStack,
  WEBHOOK_SECRET,
} from '../test/production-stack';
import { settled } from '../test/telegram';

/**
 * A deploy in the middle of service: production's shape (Caddy with deploy/Caddyfile in front of
 * two API processes and the bot process, stack.ts) under a steady mixed load, while each API
 * process is restarted in turn (SIGTERM, as `systemctl restart` sends it, then started again on
 * its port), then the bot process. What the clients see: no failed request, every staff stream
 * back and caught up within 3 s; what the database keeps: every answered join once; what the
 * staff's Telegram gets: every notification once.
 *
 * The load runs RESTART_LOAD_S seconds (60 in `pnpm test`, to keep the suite near its 7 minutes;
 * `RESTART_LOAD_S=300 npx vitest run --project api-paced:postgres src/production/restart-under-load`
 * for several minutes). The restarts come after a sixth of it, one after the other.
 */
const LOAD_S = Number(process.env.RESTART_LOAD_S ?? 60);
/** Staff screens holding the restaurant's event stream (the issue: 20 and more). */
const STREAMS = 22;
const RECONNECT_WITHIN_MS = 3000;
/** Per second: guest joins, guest status page reads, staff list reads; a staff move every 2 s. */
const JOINS_PER_S = 1;
const STATUS_PAGES_PER_S = 3;
const STAFF_READS_PER_S = 4;
const MOVES_PER_S = 0.5;
const RESTAURANT = 1;
const OWNER: TelegramPerson = { id: 3701, first_name: 'Вера', username: 'vera_owner' };
/** The access token's life (tokens.ts): a stream opened with a token ends at its expiry. */
const TOKEN_LIFE_MS = 5 * 60 * 1000;

let stack: Stack;
let database: DatabaseHandle;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  stack = await startStack({ apis: 2 });
  cleanups.push(() => stack.stop());
  database = await openDatabase({ databaseUrl: stack.databaseUrl });
  cleanups.push(() => database.close());
}, 240_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();

interface Reconnect {
  stream: number;
  /** From the end of the old stream to the refetch after the new one's `ready`. */
  ms: number;
}

describe('restarting each API process, then the bot, under a steady load through Caddy', () => {
  it(
    'fails no request, loses or doubles no write, brings every stream back within 3 s, sends every notification once',
    async () => {
      // The staff: signed in through Caddy, a token refreshed well before it expires.
      let token = { header: {} as Record<string, string>, expiresAt: 0 };
      const signIn = async () => {
        const res = await httpsCall(stack, 'POST', '/api/auth/jwt/create/', { body: ADMIN });
        expect(res.status, res.body.toString()).toBe(200);
        token = {
          header: { authorization: `Bearer ${json<{ access: string }>(res).access}` },
          expiresAt: Date.now() + TOKEN_LIFE_MS,
        };
      };
      await signIn();

      // The owner's Telegram linked through the webhook, told of every guest who joins.
      const link = await httpsCall(stack, 'POST', '/api/user/me/telegram-link/', { headers: token.header });
      const update = privateMessage(`/start ${json<{ uuid: string }>(link).uuid}`, OWNER);
      const hook = await httpsCall(stack, 'POST', '/api/telegram/webhook/', {
        headers: { 'x-telegram-bot-api-secret-token': WEBHOOK_SECRET },
        body: update,
      });
      expect(hook.status).toBe(200);
      const subscribed = await httpsCall(stack, 'POST', '/api/telegram/notifications/', {
        headers: token.header,
        body: [{ restaurant: RESTAURANT, type: 'queue', statuses: ['live'] }],
      });
      expect(subscribed.status, subscribed.body.toString()).toBe(200);

      const failures: string[] = [];
      let requests = 0;
      const staffAgent = new https.Agent({ keepAlive: true, maxSockets: 8, ca: stack.caddyRoot });
      cleanups.push(async () => staffAgent.destroy());
      /** One request as a client sees it: anything but the expected status is a failure. */
      const call = async (
        what: string,
        method: string,
        route: string,
        expected: number[],
        options: HttpsOptions,
      ) => {
        requests += 1;
        try {
          const res = await httpsCall(stack, method, route, options);
          if (!expected.includes(res.status)) {
            failures.push(`${what}: ${res.status} ${res.body.toString().slice(0, 200)}`);
            return null;
          }
          return res;
        } catch (error) {
          failures.push(`${what}: ${(error as Error).message}`);
          return null;
        }
      };

      let stopped = false;
      const inFlight = new Set<Promise<unknown>>();
      /** Runs `work` every `1000 / perSecond` ms, not waiting for the one before (an open loop). */
      const every = async (perSecond: number, work: (n: number) => Promise<unknown>) => {
        const spacing = 1000 / perSecond;
        const start = now();
        for (let n = 0; !stopped; n += 1) {
          const task = work(n).finally(() => inFlight.delete(task));
          inFlight.add(task);
          const next = start + (n + 1) * spacing;
          await sleep(Math.max(0, next - now()));
        }
      };

      // Guests: each joins from an address of its own, with an idempotency key, then reads its page.
      const joined: { name: string; token: string; answeredAt: number }[] = [];
      const joins = every(JOINS_PER_S, async (n) => {
        const name = `Нагрузка ${n}`;
        const res = await call(`join ${n}`, 'POST', `/api/public/restaurant/${RESTAURANT}/queue/`, [201], {
          from: `127.3.${Math.floor(n / 250)}.${(n % 250) + 1}`,
          headers: { 'idempotency-key': `restart-load-join-${n}` },
          body: { group_size: 2, name, phone: `+7916777${String(n).padStart(4, '0')}` },
        });
        if (res) joined.push({ name, token: json<{ token: string }>(res).token, answeredAt: now() });
      });
      const statusPages = every(STATUS_PAGES_PER_S, async (n) => {
        const guest = joined[Math.floor(Math.random() * joined.length)];
        if (!guest) return;
        await call(`status page ${n}`, 'GET', `/api/public/queue/${guest.token}/`, [200], {
          from: `127.4.0.${(n % 250) + 1}`,
        });
      });

      // Staff: the queue list read again and again; a waiting guest called every 2 s.
      let list: { id: number; name: string; status: string }[] = [];
      const staffReads = every(STAFF_READS_PER_S, async (n) => {
        const res = await call(
          `staff read ${n}`,
          'GET',
          `/api/reservation/?restaurant_id=${RESTAURANT}`,
          [200],
          {
            headers: token.header,
            agent: staffAgent,
          },
        );
        if (res) list = json<typeof list>(res);
      });
      const moved = new Map<number, string>();
      const moves = every(MOVES_PER_S, async (n) => {
        const entry = list.find(
          (e) => e.status === 'live' && e.name.startsWith('Нагрузка') && !moved.has(e.id),
        );
        if (!entry) return;
        moved.set(entry.id, 'pending');
        const res = await call(`staff move ${n}`, 'PUT', `/api/reservation/${entry.id}/`, [200], {
          headers: token.header,
          agent: staffAgent,
          body: { status: 'called' },
        });
        moved.set(entry.id, res ? 'called' : 'failed');
      });
      const refresher = (async () => {
        while (!stopped) {
          await sleep(1000);
          if (token.expiresAt - Date.now() < 90_000) await signIn();
        }
      })();

      // Staff screens: each keeps its stream as the mini-app does (restaurant-changes.ts): at the
      // end of a stream, back after its `retry:` hint, then a refetch that must hold every guest
      // answered before it.
      const reconnects: Reconnect[] = [];
      const unhinted: string[] = [];
      const open = new Set<HttpsStream>();
      const follow = async (i: number) => {
        let endedAt: number | null = null;
        while (!stopped) {
          const openedWith = token;
          let stream: HttpsStream;
          try {
            stream = await openHttpsStream(stack, `/api/restaurant/${RESTAURANT}/events/`, openedWith.header);
          } catch (error) {
            failures.push(`stream ${i}: ${(error as Error).message}`);
            await sleep(500);
            continue;
          }
          if (stream.status !== 200) {
            failures.push(`stream ${i}: ${stream.status}`);
            stream.close();
            await sleep(500);
            continue;
          }
          open.add(stream);
          const ready = await stream.next(10_000).catch((error: Error) => ({ event: error.message }));
          if (ready.event !== 'ready') failures.push(`stream ${i}: no ready (${ready.event})`);
          else if (endedAt !== null) {
            const before = joined.map((guest) => guest.name);
            const res = await call(
              `stream ${i} refetch`,
              'GET',
              `/api/reservation/?restaurant_id=${RESTAURANT}`,
              [200],
              {
                headers: token.header,
                agent: staffAgent,
              },
            );
            if (res) {
              const names = new Set(json<{ name: string }[]>(res).map((entry) => entry.name));
              const missing = before.filter((name) => !names.has(name));
              if (missing.length > 0) failures.push(`stream ${i}: refetch misses ${missing.join(', ')}`);
            }
            reconnects.push({ stream: i, ms: Math.round(now() - endedAt) });
          }
          await Promise.race([stream.ended, stopSignal]);
          open.delete(stream);
          if (stopped) break;
          endedAt = now();
          const last = stream.messages.at(-1);
          const hint = last?.event === 'closing' ? last.retry : undefined;
          if (hint === undefined && Date.now() < openedWith.expiresAt - 2000)
            unhinted.push(`stream ${i}: ended without a retry hint (${last?.event ?? 'nothing'})`);
          await sleep(hint ?? 0);
        }
      };
      let stopLoad = () => {};
      const stopSignal = new Promise<void>((resolve) => {
        stopLoad = resolve;
      });
      const followers = Array.from({ length: STREAMS }, (_, i) => follow(i));

      // The restarts: each API process in turn, the next once the proxy has the first back; then the bot.
      const loadStarted = Date.now();
      const stops: { service: string; code: number | null; ms: number; startMs: number }[] = [];
      await sleep((LOAD_S * 1000) / 6);
      for (const service of [...stack.apis, stack.bot]) {
        const stop = await service.stop();
        const started = Date.now();
        await service.start();
        stops.push({ service: service.name, ...stop, startMs: Date.now() - started });
        // Caddy checks health every second: it sends to the new process after its next check.
        await sleep(3000);
      }
      const restartsTook = Date.now() - loadStarted;
      await sleep(Math.max(0, LOAD_S * 1000 - (Date.now() - loadStarted)));

      stopped = true;
      stopLoad();
      await Promise.all([joins, statusPages, staffReads, moves, refresher, ...followers]);
      await Promise.all([...inFlight]);
      for (const stream of open) stream.close();
      const streamsLive = STREAMS - [...open].length;

      // What the clients saw.
      expect(failures, failures.slice(0, 20).join('\n')).toEqual([]);
      expect(unhinted, unhinted.join('\n')).toEqual([]);
      expect(stops.map((s) => s.code)).toEqual([0, 0, 0]);
      for (const stop of stops) expect(stop.ms, stop.service).toBeLessThan(10_000);
      // Each stream was held by a restarted process at least once (the second restart holds them all).
      const perStream = new Map<number, number>();
      for (const r of reconnects) perStream.set(r.stream, (perStream.get(r.stream) ?? 0) + 1);
      expect(perStream.size).toBe(STREAMS);
      expect(Math.max(...reconnects.map((r) => r.ms))).toBeLessThanOrEqual(RECONNECT_WITHIN_MS);
      expect(streamsLive).toBe(STREAMS);

      // What the database keeps: every answered join exactly once, every answered move done.
      const rows = await database.db
        .select({
          id: schema.queueEntries.id,
          name: schema.queueEntries.name,
          status: schema.queueEntries.status,
        })
        .from(schema.queueEntries)
        .where(
          and(eq(schema.queueEntries.restaurantId, RESTAURANT), like(schema.queueEntries.name, 'Нагрузка %')),
        );
      expect(rows.map((row) => row.name).sort()).toEqual(joined.map((guest) => guest.name).sort());
      const calledIds = [...moved].filter(([, state]) => state === 'called').map(([id]) => id);
      for (const id of calledIds) expect(rows.find((row) => row.id === id)?.status).toBe('called');

      // What the owner's Telegram got: one message for each guest, none twice, none lost.
      await settled(database.db, 90_000);
      const told = stack.fake
        .callsOf('sendMessage')
        .filter(
          (c) => c.payload.chat_id === OWNER.id && String(c.payload.text).includes('Новый гость в очереди'),
        )
        .map((c) => /Нагрузка \d+/.exec(String(c.payload.text))?.[0] ?? String(c.payload.text));
      expect(told.sort()).toEqual(joined.map((guest) => guest.name).sort());

      const ms = reconnects.map((r) => r.ms).sort((a, b) => a - b);
      console.info(
        `restart under load: ${LOAD_S} s, ${requests} requests (${joined.length} joins, ${calledIds.length} moves), ` +
          `0 failed; ${STREAMS} streams, ${reconnects.length} reconnects, median ${ms[Math.floor(ms.length / 2)]} ms, ` +
          `max ${ms.at(-1)} ms; stops ${stops.map((s) => `${s.service} ${s.ms} ms (up again in ${s.startMs} ms)`).join(', ')}; ` +
          `restarts done after ${Math.round(restartsTook / 1000)} s; ${told.length} notifications, each once`,
      );
    },
    (LOAD_S + 240) * 1000,
  );
});
