import { api, BENCH_RESTAURANT_ID, type BenchDatabase, forEachDatabase, type Product } from './http';

export interface EventStreamResult {
  database: BenchDatabase;
  streams: number;
  changes: number;
  /** From the first request to every stream having had its `ready` message. */
  openMs: number;
  /** Per delivery: from just before the change's request to the stream reading its `change` message. */
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  delivered: number;
  /** Expected (stream, change) messages that never came; must be 0. */
  missed: number;
  /** The same change read twice on one stream, and `gap` messages: both should be 0 here. */
  duplicates: number;
  gaps: number;
  /** How long the change's own request took to answer (the POST), p50 and max. */
  requestP50Ms: number;
  requestMaxMs: number;
  /** Per change, the first stream's read to the last one's: the fan-out itself, p50 and max. */
  spreadP50Ms: number;
  spreadMaxMs: number;
}

const STREAMS = 200;
const CHANGES = 20;
const SPACING_MS = 200;
const READY_TIMEOUT_MS = 30_000;
/** How long after the last change the deliveries still missing may take before they count as missed. */
const SETTLE_MS = 10_000;

interface Stream {
  /** performance.now() when each change (by queue entry id) was read, the first time. */
  arrivals: Map<number, number>;
  duplicates: number;
  gaps: number;
  ready: Promise<void>;
  /** Ends when the stream does (closed by us, or by the server: then `ended` is set). */
  done: Promise<void>;
  ended: boolean;
  close: () => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (ms: number) => Number(ms.toFixed(2));

/** Nearest rank, of an ascending list. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
}

/** One staff screen's event stream, read as the mini-app does: fetch with the Bearer header and a body reader. */
async function openStream({ url, auth }: Product): Promise<Stream> {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/restaurant/${BENCH_RESTAURANT_ID}/events/`, {
    headers: { ...auth, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!res.ok || !res.body) throw new Error(`event stream: ${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  let markReady = () => {};
  const stream: Stream = {
    arrivals: new Map(),
    duplicates: 0,
    gaps: 0,
    ready: new Promise((resolve) => {
      markReady = resolve;
    }),
    done: Promise.resolve(),
    ended: false,
    close: () => controller.abort(),
  };

  const handle = (message: string, at: number) => {
    let event = 'message';
    let data = '';
    for (const line of message.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trim();
    }
    if (event === 'ready') markReady();
    else if (event === 'gap') stream.gaps += 1;
    else if (event === 'change') {
      const change = JSON.parse(data) as { kind: string; restaurant: number; id: number; status?: string };
      if (change.kind !== 'queue' || change.restaurant !== BENCH_RESTAURANT_ID) return;
      if (stream.arrivals.has(change.id)) stream.duplicates += 1;
      else stream.arrivals.set(change.id, at);
    }
  };

  stream.done = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const at = performance.now();
        buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
        for (;;) {
          const end = buffer.indexOf('\n\n');
          if (end === -1) break;
          handle(buffer.slice(0, end), at);
          buffer = buffer.slice(end + 2);
        }
      }
      stream.ended = true;
    } catch (error) {
      if (!controller.signal.aborted) {
        stream.ended = true;
        console.warn('an event stream failed:', (error as Error).message);
      }
    }
  })();
  return stream;
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * SSE fan-out: 200 staff screens on the restaurant's event stream, then 20 walk-ins one at a time,
 * 200 ms apart; each change's delivery latency on every stream. The streams are read in this one
 * process, so the figures include reading 200 sockets here, on the same CPUs as the server.
 */
export async function measureEventStreams(root: string, postgresUrl: string): Promise<EventStreamResult[]> {
  return forEachDatabase(root, postgresUrl, async (product) => {
    const streams: Stream[] = [];
    try {
      const opening = performance.now();
      const opened = await Promise.allSettled(Array.from({ length: STREAMS }, () => openStream(product)));
      for (const result of opened) if (result.status === 'fulfilled') streams.push(result.value);
      const failed = opened.find((result) => result.status === 'rejected');
      if (failed) throw new Error(`${STREAMS - streams.length} event streams did not open: ${failed.reason}`);
      await within(Promise.all(streams.map((s) => s.ready)), READY_TIMEOUT_MS, 'ready on every stream');
      const openMs = performance.now() - opening;

      const sent: { id: number; at: number }[] = [];
      const requestMs: number[] = [];
      for (let i = 0; i < CHANGES; i++) {
        const at = performance.now();
        const { body } = await api<{ id: number }>(product.url, product.auth, 'POST', '/api/reservation/', {
          restaurant: BENCH_RESTAURANT_ID,
          group_size: 1 + (i % 4),
          name: `Гость ${i + 1}`,
          phone: `+7916556${String(i + 1).padStart(4, '0')}`,
        });
        requestMs.push(performance.now() - at);
        sent.push({ id: body.id, at });
        await sleep(Math.max(0, at + SPACING_MS - performance.now()));
      }

      const settled = performance.now() + SETTLE_MS;
      const complete = () => streams.every((s) => sent.every((c) => s.arrivals.has(c.id)));
      while (!complete() && performance.now() < settled) await sleep(20);

      const latencies: number[] = [];
      let missed = 0;
      for (const stream of streams) {
        for (const change of sent) {
          const arrived = stream.arrivals.get(change.id);
          if (arrived === undefined) missed += 1;
          else latencies.push(arrived - change.at);
        }
      }
      const spreads = sent
        .map((change) => {
          const times = streams.flatMap((s) => s.arrivals.get(change.id) ?? []);
          return times.length ? Math.max(...times) - Math.min(...times) : Number.NaN;
        })
        .filter((ms) => !Number.isNaN(ms))
        .sort((a, b) => a - b);
      latencies.sort((a, b) => a - b);
      requestMs.sort((a, b) => a - b);
      const ended = streams.filter((s) => s.ended).length;
      if (ended > 0) console.warn(`${product.database}: ${ended} event streams ended before we closed them`);
      return {
        database: product.database,
        streams: streams.length,
        changes: sent.length,
        openMs: round(openMs),
        p50Ms: round(percentile(latencies, 0.5)),
        p95Ms: round(percentile(latencies, 0.95)),
        p99Ms: round(percentile(latencies, 0.99)),
        maxMs: round(latencies.at(-1) ?? Number.NaN),
        delivered: latencies.length,
        missed,
        duplicates: streams.reduce((n, s) => n + s.duplicates, 0),
        gaps: streams.reduce((n, s) => n + s.gaps, 0),
        requestP50Ms: round(percentile(requestMs, 0.5)),
        requestMaxMs: round(requestMs.at(-1) ?? Number.NaN),
        spreadP50Ms: round(percentile(spreads, 0.5)),
        spreadMaxMs: round(spreads.at(-1) ?? Number.NaN),
      };
    } finally {
      for (const stream of streams) stream.close();
      await Promise.all(streams.map((s) => s.done));
    }
  });
}
