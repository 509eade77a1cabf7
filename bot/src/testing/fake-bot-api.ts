import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  method: string;
  payload: Record<string, unknown>;
  at: number;
}

/**
 * A local stand-in for Telegram's Bot API: grammY is pointed at it through its apiRoot, so tests
 * exercise the real client, HTTP and all. It records every call and answers like Telegram.
 */
export class FakeBotApi {
  readonly calls: RecordedCall[] = [];
  private server: Server | undefined;
  private messageId = 1;
  /** When set, the next N calls of this method answer 429 with this retry_after. */
  private throttles = new Map<string, { times: number; retryAfter: number }>();

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
      void this.handle(request).then(({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  throttle(method: string, times: number, retryAfter: number): void {
    this.throttles.set(method, { times, retryAfter });
  }

  callsOf(method: string): RecordedCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const method = (request.url ?? '').split('/').pop() ?? '';
    const payload = await readJson(request);
    const throttle = this.throttles.get(method);
    if (throttle && throttle.times > 0) {
      throttle.times -= 1;
      return {
        status: 429,
        body: {
          ok: false,
          error_code: 429,
          description: `Too Many Requests: retry after ${throttle.retryAfter}`,
          parameters: { retry_after: throttle.retryAfter },
        },
      };
    }
    this.calls.push({ method, payload, at: Date.now() });
    if (method === 'getUpdates') {
      // Long polling: hold the request as Telegram does (briefly), so a polling bot does not spin.
      await new Promise((resolve) => setTimeout(resolve, Math.min(Number(payload.timeout ?? 0), 1) * 1000));
    }
    return { status: 200, body: { ok: true, result: this.answer(method, payload) } };
  }

  private answer(method: string, payload: Record<string, unknown>): unknown {
    switch (method) {
      case 'getMe':
        return this.botInfo;
      case 'getUpdates':
        return [];
      case 'sendMessage':
      case 'editMessageText':
        return {
          message_id: this.messageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: payload.chat_id, type: 'private' },
          text: payload.text,
        };
      default:
        return true;
    }
  }
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
