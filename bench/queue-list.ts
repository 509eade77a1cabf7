import {
  ApiError,
  api,
  BENCH_RESTAURANT_ID,
  forEachDatabase,
  type HttpResult,
  load,
  type Product,
} from './http';

export interface QueueListResult extends HttpResult {
  /** The queue the list showed: entries of the day, waiting, seated (and of those, at tables). */
  entries: number;
  waiting: number;
  seated: number;
  seatedAtTables: number;
  /** Waiting entries the list gave a wait estimate. */
  estimated: number;
}

/** A Friday evening: this many parties waiting, and this many seated (at a free table while there is one). */
const WAITING = 40;
const SEATED = 20;
const PATH = `/api/reservation/?restaurant_id=${BENCH_RESTAURANT_ID}`;

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
async function fillQueue(product: Product): Promise<{ seatedAtTables: number }> {
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

/**
 * GET /api/reservation/?restaurant_id=1 under load (autocannon, like the other HTTP runs) over a
 * busy Friday-evening hall: every waiting party's wait comes from the hall simulation per request.
 */
export async function measureQueueList(root: string, postgresUrl: string): Promise<QueueListResult[]> {
  return forEachDatabase(root, postgresUrl, async (product) => {
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
    const measured = await load(`${product.url}${PATH}`, product.auth);
    return { database: product.database, path: PATH, ...measured, ...shape };
  });
}
