/** One Server-Sent Events message as a test reads it. */
export interface StreamMessage {
  event: string;
  data: string;
}

/**
 * Reads a real text/event-stream over HTTP (fetch, as the mini-app does): `next()` waits for the
 * next message, `close()` hangs up.
 */
export async function openEventStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const messages: StreamMessage[] = [];
  const waiters: ((m: StreamMessage) => void)[] = [];
  let ended = false;
  const onEnd: (() => void)[] = [];

  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            cut = buffer.indexOf('\n\n');
            const lines = block.split('\n').filter((line) => !line.startsWith(':'));
            if (lines.length === 0) continue;
            const field = (name: string) =>
              lines
                .filter((line) => line.startsWith(`${name}:`))
                .map((line) => line.slice(name.length + 1).trimStart())
                .join('\n');
            const message = { event: field('event') || 'message', data: field('data') };
            const waiter = waiters.shift();
            if (waiter) waiter(message);
            else messages.push(message);
          }
        }
      } catch {
        // aborted
      } finally {
        ended = true;
        for (const fn of onEnd) fn();
      }
    })();
  }

  return {
    response,
    /** The next message, or a rejection after `timeoutMs`. */
    next(timeoutMs = 2000): Promise<StreamMessage> {
      const queued = messages.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const waiter = (m: StreamMessage) => {
          clearTimeout(timer);
          resolve(m);
        };
        // A wait that timed out takes no later message: the next `next()` gets it.
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no message within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    /** Resolves when the server ends the stream. */
    ended(): Promise<void> {
      return ended ? Promise.resolve() : new Promise((resolve) => onEnd.push(resolve));
    },
    close() {
      controller.abort();
    },
  };
}
