import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local SMSC.ru for tests and benchmarks: an HTTP server on 127.0.0.1 that speaks the documented
 * shapes of its HTTP API (https://smsc.ru/api/http/) with `fmt=3` (JSON), GET or POST:
 * - `/sys/send.php`: `{"id": …, "cnt": N}`; errors `{"error", "error_code"}` (1 parameters, 2 the
 *   account, 3 no money, 7 a bad number, 8 undeliverable, 9 the same send twice within a minute).
 * - `/sys/status.php` by `id` and `phone`: `{"status", "last_date", "last_timestamp", "flag",
 *   "err"}`; -3 when not found; error 9 past five asks for one message a minute.
 * - `/sys/balance.php`: `{"balance": "…"}`.
 * It records every accepted send (phone, text, the client's id), can fail or hang a share of
 * sends, has behaviours per phone, and moves a message from 'sent to the operator' (0) to
 * 'delivered' (1) after a delay.
 */

export type PhoneBehaviour =
  /** error 7 at send */
  | 'invalid'
  /** error 8 at send */
  | 'undeliverable'
  /** no answer at send (the SMS is taken all the same: a lost answer) */
  | 'hang-after-taking'
  /** no answer at send, nothing taken */
  | 'hang'
  /** taken, then status 20 (could not be delivered) after the delay */
  | 'fails-later'
  /** taken, then status 3 (expired) after the delay */
  | 'expires'
  /** taken, and on its way (status 0) for good */
  | 'stays-sent';

export interface FakeSmsOptions {
  /** The account: an API key, or a login and password. */
  apiKey?: string;
  login?: string;
  password?: string;
  /** SMS the account can pay for; past it, error 3. Unlimited by default. */
  balance?: number;
  /** Share of sends answered with error 8 (0..1). */
  failureRate?: number;
  /** Share of sends never answered (0..1), taken or not by `hangTakes`. */
  timeoutRate?: number;
  /** Milliseconds from a send to its status 'delivered' (or its failure). */
  deliverAfterMs?: number;
  /** A source of numbers in [0, 1) for the rates (seeded in benchmarks). */
  random?: () => number;
}

export interface FakeSmsSend {
  phone: string;
  text: string;
  clientId: string | undefined;
  sender: string | undefined;
  /** The provider's id: the client's when given. */
  id: string;
  segments: number;
  at: number;
  behaviour: PhoneBehaviour | undefined;
}

/** Segments as SMS counts them: UCS-2 (70, or 67 a part) for any non-Latin text, else 160 (153). */
function segmentsOf(text: string): number {
  const units = text.length;
  const gsm = /^[\x20-\x7E\n\r]*$/.test(text);
  const [one, part] = gsm ? [160, 153] : [70, 67];
  return units <= one ? 1 : Math.ceil(units / part);
}

const MINUTE = 60_000;

export class FakeSmsProvider {
  readonly sends: FakeSmsSend[] = [];
  /** Every call, by script, including refused ones. */
  readonly calls = { send: 0, status: 0, balance: 0 };
  readonly behaviours = new Map<string, PhoneBehaviour>();
  options: FakeSmsOptions;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly recentSends = new Map<string, number>();
  private readonly statusAsks = new Map<string, number[]>();
  private nextId = 1;
  /** Added to the clock that moves messages to 'delivered': tests move time instead of waiting. */
  private clockOffsetMs = 0;

  constructor(options: FakeSmsOptions = {}) {
    this.options = { apiKey: 'fake-sms-api-key', ...options };
  }

  /** The address to give SMS_API_ROOT. */
  get apiRoot(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('the fake SMS provider is not started');
    return `http://127.0.0.1:${address.port}`;
  }

  /** Per-phone behaviour (E.164, as sent). */
  behave(phone: string, behaviour: PhoneBehaviour): this {
    this.behaviours.set(phone, behaviour);
    return this;
  }

  async start(): Promise<this> {
    const server = createServer((request, response) => {
      void this.handle(request, response);
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    return this;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Moves the fake's delivery clock `ms` forward. */
  advance(ms: number): this {
    this.clockOffsetMs += ms;
    return this;
  }

  /** The status code a message has now: 0 on its way, then 1, or its behaviour's failure. */
  statusOf(send: FakeSmsSend, now = Date.now() + this.clockOffsetMs): number {
    if (now - send.at < (this.options.deliverAfterMs ?? 0)) return 0;
    if (send.behaviour === 'fails-later') return 20;
    if (send.behaviour === 'expires') return 3;
    if (send.behaviour === 'stays-sent') return 0;
    return 1;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<null> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const params = new URLSearchParams(url.search);
    if (request.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      for (const [key, value] of new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
        params.set(key, value);
    }
    const reply = (body: object): null => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
      return null;
    };
    const error = (code: number, description: string, id?: string) =>
      reply({ error: description, error_code: code, ...(id !== undefined ? { id } : {}) });

    const script = url.pathname.replace(/^\/sys\//, '');
    if (!['send.php', 'status.php', 'balance.php'].includes(script)) {
      response.writeHead(404).end('not found');
      return null;
    }
    this.calls[script.replace('.php', '') as keyof typeof this.calls] += 1;
    if (params.get('fmt') !== '3') return error(1, 'parameters error: fmt=3 expected by this fake');
    if (!this.authorised(params)) return error(2, 'invalid login or password');

    if (script === 'balance.php') return reply({ balance: String(this.options.balance ?? 1000) });
    if (script === 'status.php') return this.status(params, reply, error);
    return this.send(params, request, reply, error);
  }

  private authorised(params: URLSearchParams): boolean {
    const { apiKey, login, password } = this.options;
    if (apiKey !== undefined && params.get('apikey') === apiKey) return true;
    return login !== undefined && params.get('login') === login && params.get('psw') === password;
  }

  private send(
    params: URLSearchParams,
    request: IncomingMessage,
    reply: (body: object) => null,
    error: (code: number, description: string, id?: string) => null,
  ): null {
    const phone = params.get('phones') ?? '';
    const text = params.get('mes') ?? '';
    const clientId = params.get('id') ?? undefined;
    if (!phone || !text) return error(1, 'parameters error');
    if (clientId !== undefined && !/^[A-Za-z0-9._-]{1,40}$/.test(clientId))
      return error(1, 'parameters error');
    // The same request twice within a minute is refused (SMSC.ru's error 9).
    const key = JSON.stringify([phone, text, clientId, params.get('sender')]);
    const now = Date.now();
    const last = this.recentSends.get(key);
    if (last !== undefined && now - last < MINUTE) return error(9, 'duplicate request, wait a minute');
    const id = clientId ?? String(this.nextId++);
    if (!/^\+?[1-9]\d{9,14}$/.test(phone)) return error(7, 'invalid phone number format', id);
    const behaviour = this.behaviours.get(phone);
    if (behaviour === 'invalid') return error(7, 'invalid phone number format', id);
    if (behaviour === 'undeliverable')
      return error(8, 'message to the specified number cannot be delivered', id);
    const random = this.options.random ?? Math.random;
    const hangs = behaviour === 'hang' || random() < (this.options.timeoutRate ?? 0);
    if (hangs) {
      // Never answered; the socket is closed by the client's timeout or by close().
      request.socket.setTimeout(0);
      return null;
    }
    if (random() < (this.options.failureRate ?? 0))
      return error(8, 'message to the specified number cannot be delivered', id);
    const segments = segmentsOf(text);
    const paid = this.sends.reduce((sum, s) => sum + s.segments, 0);
    if (this.options.balance !== undefined && paid + segments > this.options.balance)
      return error(3, 'not enough money on the client balance', id);
    this.recentSends.set(key, now);
    this.sends.push({
      phone,
      text,
      clientId,
      sender: params.get('sender') ?? undefined,
      id,
      segments,
      at: now,
      behaviour,
    });
    if (behaviour === 'hang-after-taking') return null;
    return reply({ id, cnt: segments });
  }

  private status(
    params: URLSearchParams,
    reply: (body: object) => null,
    error: (code: number, description: string) => null,
  ): null {
    const id = params.get('id') ?? '';
    const phone = params.get('phone') ?? '';
    if (!id || !phone) return error(1, 'parameters error');
    if (id.includes(',') || phone.includes(',')) return error(1, 'this fake answers one message a call');
    const key = `${id}|${phone}`;
    const now = Date.now();
    const asks = (this.statusAsks.get(key) ?? []).filter((at) => now - at < MINUTE);
    asks.push(now);
    this.statusAsks.set(key, asks);
    if (asks.length > 5) return error(9, 'too many status requests for one message');
    const send = this.sends.findLast((s) => s.id === id && s.phone === phone);
    const status = send ? this.statusOf(send) : -3;
    const at = new Date(now);
    const two = (n: number) => String(n).padStart(2, '0');
    reply({
      status,
      // SMSC.ru's own form: 'DD.MM.YYYY hh:mm:ss'.
      last_date: `${two(at.getDate())}.${two(at.getMonth() + 1)}.${at.getFullYear()} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`,
      last_timestamp: Math.floor(now / 1000),
      flag: 0,
      err: status === 20 ? 1 : 0,
    });
    return null;
  }
}

/** A started fake provider; close it after. */
export async function startFakeSmsProvider(options: FakeSmsOptions = {}): Promise<FakeSmsProvider> {
  return new FakeSmsProvider(options).start();
}
