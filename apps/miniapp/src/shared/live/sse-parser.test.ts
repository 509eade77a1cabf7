import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './sse-parser';

describe('reading an event stream', () => {
  it('gives one message per blank-line-ended block, whatever the chunking', () => {
    const seen: SseMessage[] = [];
    const push = createSseParser((m) => seen.push(m));
    push('event: ready\ndata: {}\n\nevent: cha');
    push('nge\ndata: {"id":1}\n');
    expect(seen).toEqual([{ event: 'ready', data: '{}' }]);
    push('\n');
    expect(seen).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'change', data: '{"id":1}' },
    ]);
  });

  it('skips heartbeats and unknown fields, joins data lines, and reads CRLF streams', () => {
    const seen: SseMessage[] = [];
    const push = createSseParser((m) => seen.push(m));
    push(': ping\n\nretry: 3000\n\ndata: a\r\ndata: b\r\n\r\n');
    expect(seen).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it("keeps a message's retry: the stopping server's hint of when to come back", () => {
    const seen: SseMessage[] = [];
    const push = createSseParser((m) => seen.push(m));
    push('retry: 0\nevent: closing\ndata: {}\n\nretry: soon\nevent: x\ndata: 1\n\n');
    expect(seen).toEqual([
      { event: 'closing', data: '{}', retry: 0 },
      { event: 'x', data: '1' },
    ]);
  });
});
