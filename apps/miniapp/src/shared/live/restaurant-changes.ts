import type { RestaurantChange } from '@stolik/contracts';
import { ApiError } from '../api/transport';
import { createSseParser } from './sse-parser';

type ChangeCheck = (data: unknown) => RestaurantChange | null;
let changeCheck: ChangeCheck | null = null;
let loadingCheck: Promise<ChangeCheck> | null = null;

/**
 * The contract of a change, with zod, loaded when the first change comes rather than with the
 * screen: a live screen's first render does not evaluate the contracts' schemas (issue #21, its
 * blocking time).
 */
function loadChangeCheck(): Promise<ChangeCheck> {
  loadingCheck ??= import('@stolik/contracts').then(({ RestaurantChange: schema }) => {
    changeCheck = (data) => {
      const parsed = schema.safeParse(data);
      return parsed.success ? parsed.data : null;
    };
    return changeCheck;
  });
  return loadingCheck;
}

export type LiveStatus = 'connecting' | 'live' | 'offline';

export interface ChangeHandlers {
  /** One committed change of the restaurant. */
  onChange(change: RestaurantChange): void;
  /** Changes may have been missed (a reconnect, or the server said 'gap'): refetch everything. */
  onResync(): void;
  onStatus(status: LiveStatus): void;
}

export interface ChangeStreamOptions {
  /** Opens the stream (the transport's `stream`, with the token and its refresh). */
  open(path: string, signal: AbortSignal): Promise<Response>;
  /** Delays between reconnects; the last one repeats. */
  retryDelaysMs?: number[];
  /** No byte for this long (the server sends a heartbeat every 15 s) means a dead connection. */
  silenceMs?: number;
}

const DEFAULT_DELAYS = [1000, 2000, 5000, 10_000];
const DEFAULT_SILENCE_MS = 40_000;

/**
 * Keeps an event stream (a restaurant's, or a guest's own entry's) open for as long as a screen wants it: reconnects after a drop
 * (growing delays; at once when the browser says it is back online; offline at once when it says the network is gone), notices a silent dead
 * connection, and asks for a refetch whenever something may have been missed. Stops for good on a
 * refusal (the session ended, or no access). Returns the function that closes it.
 */
export function followChangeStream(
  path: string,
  handlers: ChangeHandlers,
  options: ChangeStreamOptions,
): () => void {
  const delays = options.retryDelaysMs ?? DEFAULT_DELAYS;
  const silenceMs = options.silenceMs ?? DEFAULT_SILENCE_MS;
  let closed = false;
  let attempt = 0;
  let connectedBefore = false;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  // Changes wait here, in order, while their contract is on its way; handed over at once after that.
  let waiting: Promise<void> | null = null;

  const deliver = (data: unknown) => {
    if (changeCheck && !waiting) {
      const change = changeCheck(data);
      if (change) handlers.onChange(change);
      return;
    }
    const after = (waiting ?? Promise.resolve())
      .then(loadChangeCheck)
      .then(
        (check) => {
          const change = closed ? null : check(data);
          if (change) handlers.onChange(change);
        },
        // Its code could not be loaded: the change is missed, so everything is asked again.
        () => {
          if (!closed) handlers.onResync();
        },
      )
      .finally(() => {
        if (waiting === after) waiting = null;
      });
    waiting = after;
  };

  const scheduleRetry = () => {
    if (closed) return;
    handlers.onStatus('offline');
    const delay = delays[Math.min(attempt, delays.length - 1)] ?? 10_000;
    attempt += 1;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), delay);
  };

  const connect = async () => {
    if (closed) return;
    controller?.abort();
    const current = new AbortController();
    controller = current;
    handlers.onStatus('connecting');
    const openedAt = Date.now();
    // The server is stopping (a deploy): it said when to come back (`closing` with `retry:`).
    let closingRetryMs: number | null = null;
    const watchSilence = () => {
      clearTimeout(silenceTimer);
      silenceTimer = setTimeout(() => current.abort(), silenceMs);
    };
    try {
      const response = await options.open(path, current.signal);
      if (!response.body) throw new Error('no stream');
      watchSilence();
      const parse = createSseParser((message) => {
        if (message.event === 'ready') {
          attempt = 0;
          handlers.onStatus('live');
          // What happened while the stream was down is not replayed: refetch it.
          if (connectedBefore) handlers.onResync();
          connectedBefore = true;
        } else if (message.event === 'gap') {
          handlers.onResync();
        } else if (message.event === 'closing') {
          closingRetryMs = message.retry ?? 0;
        } else if (message.event === 'change') {
          deliver(safeJson(message.data));
        }
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      // fetch ends the body on abort by itself; this also covers a stream that does not.
      current.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}), { once: true });
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        watchSilence();
        parse(value);
      }
    } catch (error) {
      if (closed) return;
      // Refused: the session is over (the transport already sends the user to sign-in) or no access.
      if (error instanceof ApiError && [401, 403, 404].includes(error.status)) {
        handlers.onStatus('offline');
        closed = true;
        return;
      }
    } finally {
      clearTimeout(silenceTimer);
    }
    if (closed || controller !== current) return;
    // Its process is stopping: another answers the new stream (the proxy no longer sends there).
    if (closingRetryMs !== null && !current.signal.aborted) {
      attempt = 0;
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => void connect(), closingRetryMs);
      return;
    }
    // The server ended a stream that had served a while (its token lifetime): reopen at once.
    // Anything else (a drop, a stream that ends as soon as it opens): come back after a delay.
    if (connectedBefore && Date.now() - openedAt > 5000 && !current.signal.aborted) void connect();
    else scheduleRetry();
  };

  const onOnline = () => {
    if (closed) return;
    attempt = 0;
    clearTimeout(retryTimer);
    void connect();
  };
  // The browser knows the network is gone before any silence could tell: say so at once.
  const onOffline = () => controller?.abort();
  globalThis.addEventListener?.('online', onOnline);
  globalThis.addEventListener?.('offline', onOffline);
  void connect();

  return () => {
    closed = true;
    clearTimeout(retryTimer);
    clearTimeout(silenceTimer);
    globalThis.removeEventListener?.('online', onOnline);
    globalThis.removeEventListener?.('offline', onOffline);
    controller?.abort();
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The staff stream of one restaurant's changes. */
export const restaurantChangesPath = (restaurantId: number) => `/api/restaurant/${restaurantId}/events/`;
