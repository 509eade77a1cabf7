import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/transport';
import { followChangeStream, type LiveStatus, restaurantChangesPath } from './restaurant-changes';

/** A response whose stream the test writes to and ends by hand. */
function streamResponse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function handlers() {
  const changes: unknown[] = [];
  const statuses: LiveStatus[] = [];
  let resyncs = 0;
  return {
    changes,
    statuses,
    resyncs: () => resyncs,
    value: {
      onChange: (c: unknown) => changes.push(c),
      onResync: () => {
        resyncs += 1;
      },
      onStatus: (s: LiveStatus) => statuses.push(s),
    },
  };
}

afterEach(() => vi.useRealTimers());

describe('following the changes of a restaurant', () => {
  it('goes live on ready and hands over each change; the first ready needs no refetch', async () => {
    const stream = streamResponse();
    const h = handlers();
    const open = vi.fn(async () => stream.response);
    const stop = followChangeStream(restaurantChangesPath(7), h.value, { open });
    await flush();
    expect(open).toHaveBeenCalledWith('/api/restaurant/7/events/', expect.any(AbortSignal));
    stream.send('event: ready\ndata: {}\n\n');
    stream.send('event: change\ndata: {"kind":"queue","restaurant":7,"id":3,"status":"called"}\n\n');
    stream.send('event: change\ndata: not json\n\n');
    await vi.waitFor(() => expect(h.changes).toHaveLength(1));
    expect(h.changes).toEqual([{ kind: 'queue', restaurant: 7, id: 3, status: 'called' }]);
    expect(h.statuses).toEqual(['connecting', 'live']);
    expect(h.resyncs()).toBe(0);
    stop();
  });

  it('hands over the changes in the order they came, those that came while their contract loaded too', async () => {
    // A fresh module: its contract (zod) is loaded with the first change, not before (issue #21).
    vi.resetModules();
    const fresh = await import('./restaurant-changes');
    const stream = streamResponse();
    const h = handlers();
    const stop = fresh.followChangeStream(fresh.restaurantChangesPath(7), h.value, {
      open: async () => stream.response,
    });
    await flush();
    const change = (id: number) => `event: change\ndata: {"kind":"queue","restaurant":7,"id":${id}}\n\n`;
    stream.send(`event: ready\ndata: {}\n\n${change(1)}event: change\ndata: {"kind":"nope"}\n\n${change(2)}`);
    stream.send(change(3));
    await vi.waitFor(() => expect(h.changes).toHaveLength(3));
    stream.send(change(4));
    await vi.waitFor(() => expect(h.changes).toHaveLength(4));
    expect(h.changes.map((c) => (c as { id: number }).id)).toEqual([1, 2, 3, 4]);
    expect(h.resyncs()).toBe(0);
    stop();
  });

  it('says offline at once when the browser loses the network, not after the silence', async () => {
    const stream = streamResponse();
    const h = handlers();
    const stop = followChangeStream(restaurantChangesPath(7), h.value, {
      open: vi.fn(async () => stream.response),
      retryDelaysMs: [60_000],
    });
    await flush();
    stream.send('event: ready\ndata: {}\n\n');
    await vi.waitFor(() => expect(h.statuses).toEqual(['connecting', 'live']));
    window.dispatchEvent(new Event('offline'));
    await vi.waitFor(() => expect(h.statuses.at(-1)).toBe('offline'));
    stop();
  });

  it('asks for a refetch on gap, and after reconnecting from a drop', async () => {
    vi.useFakeTimers();
    const first = streamResponse();
    const second = streamResponse();
    const open = vi.fn().mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    const h = handlers();
    const stop = followChangeStream(restaurantChangesPath(7), h.value, { open, retryDelaysMs: [1000] });
    await vi.advanceTimersByTimeAsync(0);
    first.send('event: ready\ndata: {}\n\nevent: gap\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.resyncs()).toBe(1);
    first.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.statuses.at(-1)).toBe('offline');
    await vi.advanceTimersByTimeAsync(1000);
    second.send('event: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(open).toHaveBeenCalledTimes(2);
    expect(h.statuses.at(-1)).toBe('live');
    expect(h.resyncs()).toBe(2);
    stop();
  });

  it('reconnects at once when a stopping server ends the stream with its retry hint, and refetches', async () => {
    vi.useFakeTimers();
    const first = streamResponse();
    const second = streamResponse();
    const open = vi.fn().mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    const h = handlers();
    // The usual delay after a short-lived stream would be 5 s: the hint overrides it.
    const stop = followChangeStream(restaurantChangesPath(7), h.value, { open, retryDelaysMs: [5000] });
    await vi.advanceTimersByTimeAsync(0);
    first.send('retry: 3000\nevent: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    first.send('retry: 0\nevent: closing\ndata: {}\n\n');
    first.end();
    await vi.advanceTimersByTimeAsync(1);
    expect(open).toHaveBeenCalledTimes(2);
    second.send('event: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.statuses.at(-1)).toBe('live');
    expect(h.resyncs()).toBe(1);
    stop();
  });

  it('treats a silent connection as dead and reconnects', async () => {
    vi.useFakeTimers();
    const silent = streamResponse();
    const next = streamResponse();
    const open = vi.fn().mockResolvedValueOnce(silent.response).mockResolvedValueOnce(next.response);
    const h = handlers();
    const stop = followChangeStream(restaurantChangesPath(7), h.value, {
      open,
      retryDelaysMs: [500],
      silenceMs: 3000,
    });
    await vi.advanceTimersByTimeAsync(0);
    silent.send('event: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(3000 + 500 + 10);
    expect(open).toHaveBeenCalledTimes(2);
    stop();
  });

  it('stops for good when refused (no access or the session is over)', async () => {
    vi.useFakeTimers();
    const open = vi.fn(async () => {
      throw new ApiError(404, { detail: 'Не найдено' });
    });
    const h = handlers();
    followChangeStream(restaurantChangesPath(7), h.value, { open, retryDelaysMs: [100] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(open).toHaveBeenCalledTimes(1);
    expect(h.statuses).toEqual(['connecting', 'offline']);
  });

  it('keeps trying while the network is down, and stops when closed', async () => {
    vi.useFakeTimers();
    const open = vi.fn(async () => {
      throw new ApiError(400, 'Network Error');
    });
    const h = handlers();
    const stop = followChangeStream(restaurantChangesPath(7), h.value, { open, retryDelaysMs: [100, 200] });
    await vi.advanceTimersByTimeAsync(100 + 200 + 200 + 5);
    expect(open).toHaveBeenCalledTimes(4);
    stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(open).toHaveBeenCalledTimes(4);
  });
});
