import { openDatabase, seed } from '@stolik/db';
import { addDays, localIsoDate, serviceDayBounds, zonedInstant } from '@stolik/domain';
import { hashPassword } from '../apps/api/src/shared/passwords';
import {
  ApiError,
  api,
  BENCH_ADMIN,
  BENCH_RESTAURANT_ID,
  type BenchDatabase,
  type DatabaseLocation,
  type FixedRateResult,
  forEachDatabase,
  type HttpResult,
  load,
  loadAtRate,
  type Product,
} from './http';

/** How much past the bench restaurant has: none, or a year of it (issue #21). */
export type HistorySize = 'none' | 'year';

export interface HotRead extends Omit<HttpResult, 'database'> {
  /** req/s as a share of /api/health/'s in the same server, percent. */
  shareOfHealth: number;
}

export interface QueueListResult {
  database: BenchDatabase;
  history: HistorySize;
  /** /api/health/ req/s, the mean of a run before the hot reads and one after. */
  healthPerSecond: number;
  queue: HotRead;
  bookings: HotRead;
  /** The same two reads asked as a browser asks them (`accept-encoding: br, gzip`). */
  queueCompressed: HotRead;
  bookingsCompressed: HotRead;
  /** The queue the list showed: entries of the day, waiting, seated (and of those, at tables). */
  entries: number;
  waiting: number;
  seated: number;
  seatedAtTables: number;
  /** Waiting entries the list gave a wait estimate. */
  estimated: number;
  /** Bookings the day's page held. */
  dayBookings: number;
  /**
   * The same two reads (plain, as the rows above) at a fixed 1,000 req/s instead of as fast as
   * they go: the rate achieved and the latencies (issue #21: p99 within 25 ms).
   */
  atRate: { queue: FixedRateResult; bookings: FixedRateResult };
}

/** A Friday evening: this many parties waiting, and this many seated (at a free table while there is one). */
const WAITING = 40;
const SEATED = 20;
const PATH = `/api/reservation/?restaurant_id=${BENCH_RESTAURANT_ID}`;
/** The day's bookings, as the bookings screen asks for them (`dayBookingsQuery` of the mini-app). */
const bookingsPath = (day: string) =>
  `/api/booking/?restaurant_id=${BENCH_RESTAURANT_ID}&start_date=${day}&end_date=${day}&in_waiting_queue=false&page=1&page_size=500`;
/** The restaurant's zone: the seed's demo restaurant. */
const TIMEZONE = 'Europe/Moscow';
const DAY_BOOKINGS = 150;
/** A year of a busy restaurant's past: queue entries and bookings, from 5,000 regular phones. */
const YEAR = { days: 365, queueEntries: 100_000, bookings: 55_000, phones: 5_000 };

interface Entry {
  id: number;
  status: string;
  tables: number[];
  waiting_time: number | null;
}
interface Zone {
  tables: { id: number; seats_min: number; seats_max: number; occupied_by: unknown }[];
}

/** Distinct valid Russian mobiles: +7 916 555-NN-NN. */
const phone = (n: number) => `+7916555${String(n).padStart(4, '0')}`;

/** Free tables from the seat picker; null while GET /api/reservation/zones/{id}/ does not exist yet. */
async function freeTables({ url, auth }: Product): Promise<Zone['tables'] | null> {
  try {
    const { body } = await api<Zone[]>(url, auth, 'GET', `/api/reservation/zones/${BENCH_RESTAURANT_ID}/`);
    return body.flatMap((zone) => zone.tables).filter((table) => table.occupied_by === null);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      console.warn('GET /api/reservation/zones/1/ answers 404: seating without tables instead');
      return null;
    }
    throw error;
  }
}

/** The queue built through the API as staff would: walk-ins waiting, then parties seated. */
export async function fillQueue(product: Product): Promise<{ seatedAtTables: number }> {
  const { url, auth } = product;
  for (let i = 0; i < WAITING; i++) {
    await api(url, auth, 'POST', '/api/reservation/', {
      restaurant: BENCH_RESTAURANT_ID,
      group_size: 1 + (i % 6),
      name: `Гость ${i + 1}`,
      phone: phone(i + 1),
    });
  }
  const tables = (await freeTables(product)) ?? [];
  let seatedAtTables = 0;
  for (let i = 0; i < SEATED; i++) {
    const party = { restaurant: BENCH_RESTAURANT_ID, name: `За столом ${i + 1}`, phone: phone(1000 + i) };
    const table = tables[i];
    if (table) {
      const group_size = Math.max(table.seats_min, Math.min(table.seats_max, 2 + (i % 3)));
      await api(url, auth, 'POST', '/api/reservation/instant_seat/', {
        ...party,
        group_size,
        tables: [table.id],
      });
      seatedAtTables += 1;
    } else {
      // No free table left (or no seat picker): a walk-in moved to 'sat' without tables.
      const { body } = await api<Entry>(url, auth, 'POST', '/api/reservation/', { ...party, group_size: 2 });
      await api(url, auth, 'PUT', `/api/reservation/${body.id}/`, { status: 'sat' });
    }
  }
  return { seatedAtTables };
}

/** What the bench calls today: the restaurant's calendar day, as the queue list takes it. */
const today = () => localIsoDate(TIMEZONE, new Date());

/**
 * The database before the product starts: migrated and seeded as the product would (the bench
 * superuser with its password), with the day's bookings and, for `year`, a year of the past put in
 * with generate_series (plain SQL text: every value in it is the bench's own). Today's bookings
 * name a table but hold none (no booking_tables rows): 150 would not fit the demo hall's 12 tables,
 * and the list reads only the bookings themselves.
 */
export async function prepare(history: HistorySize, location: DatabaseLocation): Promise<void> {
  const handle = await openDatabase(location);
  try {
    await handle.migrate();
    const db = handle.db;
    await seed(db, {
      adminEmail: BENCH_ADMIN.email,
      adminPasswordHash: await hashPassword(BENCH_ADMIN.password),
    });
    const r = BENCH_RESTAURANT_ID;
    const day = today();
    const { from: dayStart } = serviceDayBounds(TIMEZONE, day);
    const pooled = (n: string) => `'+7916555' || lpad((1 + ${n} % ${YEAR.phones})::text, 4, '0')`;
    // From noon of the service day, one every 4 minutes; phones +7 916 555-20-00 on.
    await db.execute(`
      insert into bookings (restaurant_id, table_id, group_size, seating_time, end_time, status, name,
        phone, source, guest_token)
      select ${r}, t.ids[1 + i % array_length(t.ids, 1)], 2 + i % 4, c.at, c.at + interval '2 hours',
        (array['new','application','open','closed','cancelled'])[1 + i % 5]::booking_status,
        'Гость ' || i, '+7916555' || lpad((2000 + i)::text, 4, '0'), 'staff', 'bench-day-' || i
      from generate_series(0, ${DAY_BOOKINGS - 1}) i,
        (select array_agg(id order by id) ids from dining_tables where restaurant_id = ${r}) t,
        lateral (select '${dayStart.toISOString()}'::timestamptz + interval '6 hours' + i * interval '4 minutes' as at) c`);
    if (history === 'year') {
      // Up to today's midnight: the past is on earlier dates.
      const from = zonedInstant(TIMEZONE, addDays(day, -YEAR.days), '00:00');
      const span = (zonedInstant(TIMEZONE, day, '00:00').getTime() - from.getTime()) / 1000;
      const at = (n: number) =>
        `lateral (select '${from.toISOString()}'::timestamptz + (i - 1) * (${span}::float8 / ${n}) * interval '1 second' as at) c`;
      // Queue: one in seven left without a table, the rest sat down and left; one in ten gave no phone.
      await db.execute(`
        insert into queue_entries (restaurant_id, service_date, number, group_size, name, phone, source,
          status, guest_token, created_at, seated_at, finished_at)
        select ${r}, (c.at at time zone '${TIMEZONE}')::date, i, 1 + i % 6, 'Гость ' || i,
          case when i % 10 = 0 then '' else ${pooled('i')} end, 'staff',
          (case when i % 7 = 0 then 'cancelled' else 'closed' end)::queue_status, 'bench-year-q-' || i,
          c.at, case when i % 7 = 0 then null else c.at + interval '15 minutes' end,
          c.at + interval '100 minutes'
        from generate_series(1, ${YEAR.queueEntries}) i, ${at(YEAR.queueEntries)}`);
      await db.execute(`
        insert into bookings (restaurant_id, group_size, seating_time, end_time, status, name, phone,
          source, guest_token)
        select ${r}, 1 + i % 6, c.at, c.at + interval '2 hours',
          (array['closed','closed','closed','cancelled','declined'])[1 + i % 5]::booking_status,
          'Гость ' || i, ${pooled('(i * 7)')}, 'staff', 'bench-year-b-' || i
        from generate_series(1, ${YEAR.bookings}) i, ${at(YEAR.bookings)}`);
    }
    // Fresh tables have no planner statistics yet; a production database has them.
    await db.execute('analyze');
  } finally {
    await handle.close();
  }
}

/** The reads' req/s as a share of health's, percent, to a tenth. */
const share = (perSecond: number, health: number) => Number(((100 * perSecond) / health).toFixed(1));

/**
 * GET /api/reservation/?restaurant_id=1 and the day's bookings (150) under load (autocannon, like
 * the other HTTP runs; then each at a fixed 1,000 req/s for its latency, `loadAtRate`) over a busy Friday-evening hall: every waiting party's wait comes from the
 * hall simulation per request, every row carries the guest's earlier visits. Once with no past and
 * once with a year of it (100,000 queue entries, 55,000 bookings of 5,000 regular phones, today's
 * guests among them): no request may read history in proportion to its size. Each figure is also a
 * share of /api/health/ in the same server, since the machine is shared and its speed varies.
 */
export async function measureQueueList(root: string, postgresUrl: string): Promise<QueueListResult[]> {
  const results: QueueListResult[] = [];
  // QUEUE_LIST_HISTORY=year (or none): only that hall, for repeated runs of the one that matters.
  const only = process.env.QUEUE_LIST_HISTORY;
  const histories = (['none', 'year'] as const).filter((history) => !only || history === only);
  if (histories.length === 0) throw new Error(`QUEUE_LIST_HISTORY=${only}: none or year`);
  for (const history of histories) {
    if (history === 'year') console.info('  …with a year of history');
    results.push(
      ...(await forEachDatabase(
        root,
        postgresUrl,
        (product) => measureHall(product, history),
        (_database, location) => prepare(history, location),
      )),
    );
  }
  return results;
}

async function measureHall(product: Product, history: HistorySize): Promise<QueueListResult> {
  const { seatedAtTables } = await fillQueue(product);
  const { body: list } = await api<Entry[]>(product.url, product.auth, 'GET', PATH);
  const waiting = list.filter((e) => ['live', 'called', 'joined'].includes(e.status));
  const shape = {
    entries: list.length,
    waiting: waiting.length,
    seated: list.filter((e) => e.status === 'sat').length,
    seatedAtTables,
    estimated: waiting.filter((e) => e.waiting_time !== null).length,
  };
  if (shape.waiting !== WAITING || shape.seated !== SEATED) {
    throw new Error(`the queue is not as built: ${JSON.stringify(shape)}`);
  }
  const dayPath = bookingsPath(today());
  const { body: page } = await api<{ results: { visits: number }[] }>(
    product.url,
    product.auth,
    'GET',
    dayPath,
  );
  if (page.results.length !== DAY_BOOKINGS) {
    throw new Error(`the day has ${page.results.length} bookings, not ${DAY_BOOKINGS}`);
  }
  if (history === 'year' && !page.results.some((b) => b.visits > 0)) {
    throw new Error("a year of history and no returning guest on the day's bookings");
  }
  const health = `${product.url}/api/health/`;
  const before = await load(health, product.auth);
  const queue = await load(`${product.url}${PATH}`, product.auth);
  const bookings = await load(`${product.url}${dayPath}`, product.auth);
  // Browsers always ask for compression: a kept reply then goes out in its kept compressed copy.
  const asBrowser = { ...product.auth, 'accept-encoding': 'br, gzip, deflate' };
  const queueCompressed = await load(`${product.url}${PATH}`, asBrowser);
  const bookingsCompressed = await load(`${product.url}${dayPath}`, asBrowser);
  const queueAtRate = await loadAtRate(`${product.url}${PATH}`, product.auth, { serverPid: product.pid });
  const bookingsAtRate = await loadAtRate(`${product.url}${dayPath}`, product.auth, {
    serverPid: product.pid,
  });
  const after = await load(health, product.auth);
  const healthPerSecond = (before.requestsPerSecond + after.requestsPerSecond) / 2;
  return {
    database: product.database,
    history,
    healthPerSecond,
    queue: { path: PATH, ...queue, shareOfHealth: share(queue.requestsPerSecond, healthPerSecond) },
    bookings: {
      path: dayPath,
      ...bookings,
      shareOfHealth: share(bookings.requestsPerSecond, healthPerSecond),
    },
    queueCompressed: {
      path: PATH,
      ...queueCompressed,
      shareOfHealth: share(queueCompressed.requestsPerSecond, healthPerSecond),
    },
    bookingsCompressed: {
      path: dayPath,
      ...bookingsCompressed,
      shareOfHealth: share(bookingsCompressed.requestsPerSecond, healthPerSecond),
    },
    ...shape,
    dayBookings: page.results.length,
    atRate: { queue: queueAtRate, bookings: bookingsAtRate },
  };
}
