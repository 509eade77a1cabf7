export interface SseMessage {
  event: string;
  data: string;
  /** The block's `retry:` (ms before reconnecting), when it has one. */
  retry?: number;
}

/**
 * The text/event-stream format, fed in chunks as they arrive: a message ends at a blank line;
 * `event:`, `data:` and `retry:` fields; lines starting with ':' are comments (the server's heartbeats).
 */
export function createSseParser(onMessage: (message: SseMessage) => void) {
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      let event = 'message';
      const data: string[] = [];
      let fields = 0;
      let retry: number | undefined;
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const name = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (name === 'event') event = value;
        else if (name === 'data') data.push(value);
        else {
          if (name === 'retry' && /^\d+$/.test(value)) retry = Number(value);
          continue;
        }
        fields += 1;
      }
      if (fields > 0) onMessage({ event, data: data.join('\n'), ...(retry === undefined ? {} : { retry }) });
    }
  };
}
