import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  method: string;
  payload: Record<string, unknown>;
  /** Date.now() when the request arrived. */
  at: number;
  /**
   * The path before `/bot<token>/`: '' for the root start() returned, or what a client added to
   * it. Tells two clients of one fake apart (a bot that crashed and the one that replaced it)
   * whenever their requests are read, which can be after the moment one stopped.
   */
  via: string;
}

interface Refusal {
  times: number;
  status: number;
  description: string;
  retryAfter?: number;
}

/** An update as Telegram would send it; the fake gives it its update_id. */
export type FakeUpdate = Record<string, unknown>;

/**
 * A local stand-in for Telegram's Bot API: grammY is pointed at it through its apiRoot, so tests
 * exercise the real client, HTTP and all. It records every call it answers, keeps the refused ones
 * apart, and answers like Telegram: getMe, getUpdates (long polling over updates fed by the test),
 * sendMessage, editMessageText, editMessageReplyMarkup, answerCallbackQuery, setWebhook,
 * deleteWebhook, setMyCommands. It can answer 429 with retry_after, or any other error.
 */
/** How one call is answered instead of as usual (FakeBotApi.behave). */
export type Behaviour = (
  payload: Record<string, unknown>,
) => { status: number; description: string } | { hangMs: number } | undefined;

export class FakeBotApi {
  /** Calls answered with success, in the order they arrived. */
  readonly calls: RecordedCall[] = [];
  /** Calls answered with an error (429 or another refusal). */
  readonly refused: (RecordedCall & { status: number })[] = [];
  private server: Server | undefined;
  private messageId = 1;
  private refusals = new Map<string, Refusal>();
  private updates: { update_id: number }[] = [];
  private nextUpdateId = 1;
  private updateWaiters: (() => void)[] = [];
  private latencyMs = 0;
  private hanging = new Set<string>();
  private hangWaiters: (() => void)[] = [];
  private behaviours = new Map<string, Behaviour>();

  readonly botInfo = {
    id: 1_000_001,
    is_bot: true as const,
    first_name: 'Stolik',
    username: 'stolik_test_bot',
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(({ status, body, headers }) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    for (const wake of this.updateWaiters.splice(0)) wake();
    this.answerAgain();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Forgets the calls recorded so far (between tests sharing one fake). */
  reset(): void {
    this.calls.splice(0);
    this.refused.splice(0);
    this.refusals.clear();
  }

  /** The next `times` calls of this method answer 429 with this retry_after (seconds). */
  throttle(method: string, times: number, retryAfter: number): void {
    this.refusals.set(method, {
      times,
      status: 429,
      retryAfter,
      description: `Too Many Requests: retry after ${retryAfter}`,
    });
  }

  /** The next `times` calls of this method fail with this error (500: Telegram is down; 403: blocked). */
  fail(method: string, times: number, status = 500, description = 'Internal Server Error'): void {
    this.refusals.set(method, { times, status, description });
  }

  /** Every answer waits this long (a slow network). */
  /**
   * Calls of `method` get no answer at all (Telegram out of reach) until answerAgain() or stop(),
   * which answer them 504 (listed as refused).
   */
  hang(method: string): void {
    this.hanging.add(method);
  }

  /** Answers the calls left hanging, and every call from now on. */
  answerAgain(): void {
    this.hanging.clear();
    for (const wake of this.hangWaiters.splice(0)) wake();
  }

  /**
   * Decides each call of `method` by its payload (a benchmark's mixed failures): answered as usual
   * (undefined), refused with a status, or held `hangMs` and then refused with 504, as a Telegram
   * that never answers in time looks to a client that gave up.
   */
  behave(method: string, behaviour: Behaviour | undefined): void {
    if (behaviour) this.behaviours.set(method, behaviour);
    else this.behaviours.delete(method);
  }

  setLatency(ms: number): void {
    this.latencyMs = ms;
  }

  /** Queues an update for the next getUpdates; returns its update_id. */
  pushUpdate(update: FakeUpdate): number {
    const updateId = this.nextUpdateId++;
    this.updates.push({ ...update, update_id: updateId });
    for (const wake of this.updateWaiters.splice(0)) wake();
    return updateId;
  }

  callsOf(method: string): RecordedCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  /** Resolves once `count` successful calls of the method have arrived, or rejects after timeoutMs. */
  async waitFor(method: string, count = 1, timeoutMs = 5000): Promise<RecordedCall[]> {
    const started = Date.now();
    while (this.callsOf(method).length < count) {
      if (Date.now() - started > timeoutMs) {
        throw new Error(`${method}: ${this.callsOf(method).length} of ${count} calls within ${timeoutMs} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.callsOf(method);
  }

  private async handle(
    request: IncomingMessage,
  ): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
    const method = (request.url ?? '').split('/').pop() ?? '';
    const via = (request.url ?? '').split('/bot')[0] ?? '';
    const payload = await readJson(request);
    const at = Date.now();
    if (this.hanging.has(method)) {
      await new Promise<void>((resolve) => this.hangWaiters.push(resolve));
      // Long given up by the client: counted as refused, never as answered.
      this.refused.push({ method, payload, at, via, status: 504 });
      return { status: 504, body: { ok: false, error_code: 504, description: 'Gateway Timeout' } };
    }
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    const decided = this.behaviours.get(method)?.(payload);
    if (decided) {
      if ('hangMs' in decided) await new Promise((resolve) => setTimeout(resolve, decided.hangMs));
      const status = 'hangMs' in decided ? 504 : decided.status;
      const description = 'hangMs' in decided ? 'Gateway Timeout' : decided.description;
      this.refused.push({ method, payload, at, via, status });
      return { status, body: { ok: false, error_code: status, description } };
    }
    const refusal = this.refusals.get(method);
    if (refusal && refusal.times > 0) {
      refusal.times -= 1;
      this.refused.push({ method, payload, at, via, status: refusal.status });
      return {
        status: refusal.status,
        body: {
          ok: false,
          error_code: refusal.status,
          description: refusal.description,
          ...(refusal.retryAfter === undefined ? {} : { parameters: { retry_after: refusal.retryAfter } }),
        },
      };
    }
    this.calls.push({ method, payload, at, via });
    if (method === 'getUpdates') return { status: 200, body: { ok: true, result: await this.poll(payload) } };
    return { status: 200, body: { ok: true, result: this.answer(method, payload) } };
  }

  /** Long polling as Telegram does it: updates after the offset, waiting briefly when there are none. */
  private async poll(payload: Record<string, unknown>): Promise<unknown[]> {
    const offset = Number(payload.offset ?? 0);
    this.updates = this.updates.filter((update) => update.update_id >= offset);
    if (this.updates.length === 0) {
      // Held at most a second (not Telegram's 30), so that stopping a polling bot is quick.
      const waitMs = Math.min(Number(payload.timeout ?? 0), 1) * 1000;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        this.updateWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    const limit = Number(payload.limit ?? 100);
    return this.updates.slice(0, limit);
  }

  private answer(method: string, payload: Record<string, unknown>): unknown {
    switch (method) {
      case 'getMe':
        return this.botInfo;
      case 'sendMessage':
      case 'editMessageText':
        return {
          message_id: method === 'sendMessage' ? this.messageId++ : Number(payload.message_id ?? 0),
          date: Math.floor(Date.now() / 1000),
          chat: { id: payload.chat_id, type: 'private' },
          text: payload.text,
          ...(payload.reply_markup ? { reply_markup: payload.reply_markup } : {}),
        };
      default:
        // answerCallbackQuery, setWebhook, deleteWebhook, setMyCommands, editMessageReplyMarkup…
        return true;
    }
  }
}

/** The highest number of calls within any window of `windowMs` (the peak rate), optionally per key. */
export function peakInWindow(calls: readonly Pick<RecordedCall, 'at'>[], windowMs: number): number {
  const times = calls.map((call) => call.at).sort((a, b) => a - b);
  let peak = 0;
  let start = 0;
  for (let end = 0; end < times.length; end += 1) {
    while ((times[end] ?? 0) - (times[start] ?? 0) >= windowMs) start += 1;
    peak = Math.max(peak, end - start + 1);
  }
  return peak;
}

/** The shortest gap between two calls to one chat, in ms (Infinity when no chat got two). */
export function shortestGapPerChat(calls: readonly RecordedCall[]): number {
  const byChat = new Map<string, number[]>();
  for (const call of calls) {
    const key = String(call.payload.chat_id);
    byChat.set(key, [...(byChat.get(key) ?? []), call.at]);
  }
  let shortest = Number.POSITIVE_INFINITY;
  for (const times of byChat.values()) {
    times.sort((a, b) => a - b);
    for (let i = 1; i < times.length; i += 1)
      shortest = Math.min(shortest, (times[i] ?? 0) - (times[i - 1] ?? 0));
  }
  return shortest;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}
