import path from 'node:path';
import { type DatabaseHandle, openDatabase, schema, seed } from '@stolik/db';
import { addDays, localIsoDate, serviceDayBounds } from '@stolik/domain';
import { buildApp } from '../apps/api/src/app';
import type { BenchDatabase } from './http';
import { onEachDatabase } from './scratch-database';

export interface AnalyticsBenchResult {
  database: BenchDatabase;
  days: number;
  queueEntries: number;
  bookings: number;
  orders: number;
  /** Seconds the bulk insert (and ANALYZE) took. */
  fillS: number;
  runs: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  /** What the report counted, so that a run that read nothing cannot pass for a fast one. */
  joins: number;
  covers: number;
}

const DAYS = 90;
const QUEUE_ENTRIES = 50_000;
const BOOKINGS = 50_000;
const ORDERS = 30_000;
const WARM_UP = 2;
const RUNS = 20;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

/**
 * GET /api/restaurant/{id}/analytics/ over 90 days for one restaurant with 50,000 queue entries,
 * 50,000 bookings and 30,000 orders (every row with its history), in-process through the real
 * app (`inject`), on PGlite and on PostgreSQL (a scratch database, dropped after; skipped when the
 * server is not reachable). Rows are made by generate_series in a few statements (plain SQL text:
 * every value in it is the benchmark's own).
 */
export async function measureAnalytics(postgresUrl: string): Promise<AnalyticsBenchResult[]> {
  return onEachDatabase(postgresUrl, { name: 'analytics', tag: 'an' }, run);
}

async function fill(handle: DatabaseHandle, restaurantId: number, from: Date, to: Date): Promise<void> {
  const db = handle.db;
  const tz = 'Europe/Moscow';
  const span = (to.getTime() - from.getTime()) / 1000;
  const start = from.toISOString();
  // Queue: i % 10 = 0 left after 20 min, 1 a walk-in seated at once, 2 still seated, else closed;
  // waits 0–69 min, quotes 0–59, turns 45–104 min.
  await db.execute(`
    insert into queue_entries (restaurant_id, service_date, number, group_size, source, status,
      guest_token, quoted_wait_minutes, created_at, seated_at, finished_at)
    select ${restaurantId}, (c.at at time zone '${tz}')::date, i, 1 + i % 8, 'staff',
      (case i % 10 when 0 then 'cancelled' when 2 then 'sat' else 'closed' end)::queue_status,
      'bench-q-' || i,
      case when i % 10 = 1 then 0 else (i * 7) % 60 end,
      c.at,
      case when i % 10 = 0 then null when i % 10 = 1 then c.at else c.at + ((i * 13) % 70) * interval '1 minute' end,
      case when i % 10 = 0 then c.at + interval '20 minutes'
           when i % 10 = 2 then null
           else c.at + ((case when i % 10 = 1 then 0 else (i * 13) % 70 end) + 45 + i % 60) * interval '1 minute' end
    from generate_series(1, ${QUEUE_ENTRIES}) i,
      lateral (select '${start}'::timestamptz + (i - 1) * (${span}::float8 / ${QUEUE_ENTRIES}) * interval '1 second' as at) c`);
  await db.execute(`
    insert into queue_history (entry_id, from_status, to_status, at)
    select id, null::queue_status, case when number % 10 = 1 then 'sat' else 'live' end::queue_status, created_at
      from queue_entries where restaurant_id = ${restaurantId}
    union all
    select id, 'live'::queue_status, 'sat'::queue_status, seated_at from queue_entries
      where restaurant_id = ${restaurantId} and seated_at is not null and number % 10 <> 1
    union all
    select id, case when status = 'cancelled' then 'live' else 'sat' end::queue_status, status, finished_at
      from queue_entries where restaurant_id = ${restaurantId} and finished_at is not null`);
  // Bookings: every status; guests arrive from 10 min early to 19 min late.
  await db.execute(`
    insert into bookings (restaurant_id, group_size, seating_time, end_time, status, source, guest_token)
    select ${restaurantId}, 1 + i % 8, c.at, c.at + interval '2 hours',
      (array['closed','closed','open','waiting','application','cancelled','new','declined'])[1 + i % 8]::booking_status,
      (array['staff','guest_form','telegram'])[1 + i % 3]::entry_source,
      'bench-b-' || i
    from generate_series(1, ${BOOKINGS}) i,
      lateral (select '${start}'::timestamptz + (i - 1) * (${span}::float8 / ${BOOKINGS}) * interval '1 second' as at) c`);
  await db.execute(`
    insert into booking_history (booking_id, from_status, to_status, at)
    select id, null::booking_status, case when status = 'new' then 'new' else 'application' end::booking_status,
        seating_time - interval '1 day'
      from bookings where restaurant_id = ${restaurantId}
    union all
    select id, 'application'::booking_status, case when status = 'waiting' then 'waiting' else 'open' end::booking_status,
        seating_time + ((id % 30) - 10) * interval '1 minute'
      from bookings where restaurant_id = ${restaurantId} and status in ('waiting', 'open', 'closed')
    union all
    select id, 'open'::booking_status, 'closed'::booking_status, end_time
      from bookings where restaurant_id = ${restaurantId} and status = 'closed'`);
  await db.execute(`
    insert into orders (restaurant_id, external_id, service_date, opened_at, closed_at, status, guests, total_kopecks)
    select ${restaurantId}, 'bench-o-' || i, (c.at at time zone '${tz}')::date, c.at,
      case when i % 20 = 0 then null else c.at + (60 + i % 60) * interval '1 minute' end,
      (case when i % 20 = 0 then 'open' when i % 50 = 1 then 'cancelled' else 'closed' end)::order_status,
      case when i % 7 = 0 then null else 1 + i % 6 end,
      100000 + (i * 7919) % 900000
    from generate_series(1, ${ORDERS}) i,
      lateral (select '${start}'::timestamptz + (i - 1) * (${span}::float8 / ${ORDERS}) * interval '1 second' as at) c`);
  // Fresh tables have no planner statistics yet; a production database has them.
  await db.execute('analyze');
}

async function run(database: BenchDatabase, databaseUrl: string | undefined): Promise<AnalyticsBenchResult> {
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { inMemory: true });
  try {
    await handle.migrate();
    const db = handle.db;
    await seed(db, { adminEmail: 'bench@stolik.test', adminPasswordHash: 'x' });
    const [restaurant] = await db.select().from(schema.restaurants);
    const [root] = await db.select().from(schema.users);
    if (!restaurant || !root) throw new Error('the seed made no restaurant or superuser');
    const end = addDays(localIsoDate(restaurant.timezone, new Date()), -1);
    const start = addDays(end, -(DAYS - 1));
    const filled = performance.now();
    await fill(
      handle,
      restaurant.id,
      serviceDayBounds(restaurant.timezone, start).from,
      serviceDayBounds(restaurant.timezone, end).to,
    );
    const fillS = Number(((performance.now() - filled) / 1000).toFixed(1));

    const app = await buildApp({
      config: {
        miniappDist: path.join(import.meta.dirname, 'no-miniapp'),
        logLevel: 'silent',
        jwtSecret: undefined,
        botToken: undefined,
        telegramAuthMaxAgeS: 3600,
        publicUrl: undefined,
        telegramApiRoot: undefined,
        botWebhookUrl: undefined,
        botWebhookSecret: undefined,
      },
      database: handle,
      logger: false,
    });
    try {
      const headers = { authorization: `Bearer ${await app.tokens.signAccess(root.id)}` };
      const url = `/api/restaurant/${restaurant.id}/analytics/?start_date=${start}&end_date=${end}`;
      const times: number[] = [];
      let report: { totals: { joins: number; covers: number } } | undefined;
      for (let i = 0; i < WARM_UP + RUNS; i++) {
        const began = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        const ms = performance.now() - began;
        if (res.statusCode !== 200)
          throw new Error(`analytics answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        report = res.json();
        if (i >= WARM_UP) times.push(ms);
      }
      const sorted = [...times].sort((a, b) => a - b);
      const round = (ms: number) => Math.round(ms);
      return {
        database,
        days: DAYS,
        queueEntries: QUEUE_ENTRIES,
        bookings: BOOKINGS,
        orders: ORDERS,
        fillS,
        runs: RUNS,
        medianMs: round(quantile(sorted, 0.5)),
        p95Ms: round(quantile(sorted, 0.95)),
        maxMs: round(sorted.at(-1) ?? Number.NaN),
        joins: report?.totals.joins ?? 0,
        covers: report?.totals.covers ?? 0,
      };
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
  }
}
