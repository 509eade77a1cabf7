import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Web Push service on 127.0.0.1 for tests and benchmarks, speaking what FCM, Mozilla's autopush
 * and Apple's service speak: it takes a push only with a good VAPID `Authorization` (RFC 8292:
 * an ES256 JWT signed by the key it names, `aud` the endpoint's origin, `exp` within 24 hours,
 * a `sub`), and decrypts its aes128gcm body (RFC 8188 + RFC 8291) with the private keys of the
 * fake browser subscription the test made, as a browser would. The API reaches it only under
 * PUSH_TEST_ENDPOINTS=loopback.
 */

export interface FakeSubscription {
  /** What a browser's `PushSubscription.toJSON()` gives: post it to the API as is. */
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** For the push channel (channels.ts PushSubscriptionKeys). */
  flat: { endpoint: string; p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  topic: string | undefined;
  urgency: string | undefined;
  ttl: number | undefined;
  /** The VAPID JWT's claims and the public key it named. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
  /** The decrypted body, as text and parsed when it is JSON. */
  text: string;
  json: unknown;
  /** When it arrived (epoch ms). */
  at: number;
}

export interface RefusedPush {
  endpoint: string;
  status: number;
  reason: string;
}

type Behaviour = number | 'hang';

interface Browser {
  ecdh: ECDH;
  auth: Buffer;
  /** The applicationServerKey it subscribed with; a push signed by another key is refused (403). */
  serverKey: string | undefined;
  behaviour: Behaviour | undefined;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** Verifies `vapid t=<jwt>, k=<key>`; the claims, or why not. */
function checkVapid(header: string | undefined, origin: string, now: number) {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match?.[1]) return { error: 'no vapid authorization' } as const;
  const params = new Map(
    match[1].split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) return { error: 'vapid t or k missing' } as const;
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return { error: 'k is not a P-256 point' } as const;
  const [head, body, signature, ...rest] = token.split('.');
  if (!head || !body || !signature || rest.length) return { error: 'malformed JWT' } as const;
  let header_: { alg?: string };
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { error: 'malformed JWT' } as const;
  }
  if (header_.alg !== 'ES256') return { error: 'alg is not ES256' } as const;
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) },
    format: 'jwk',
  });
  const good = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!good) return { error: 'bad signature' } as const;
  if (claims.aud !== origin) return { error: `aud ${String(claims.aud)} is not ${origin}` } as const;
  const nowS = Math.floor(now / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= nowS || claims.exp > nowS + 24 * 3600)
    return { error: 'exp not within 24 hours' } as const;
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
    return { error: 'sub is not mailto: or https:' } as const;
  return { claims: { aud: claims.aud, exp: claims.exp, sub: claims.sub, publicKey: key } } as const;
}

/** RFC 8291 decryption of an aes128gcm body (RFC 8188 records) with the browser's keys. */
export function decryptPush(body: Buffer, ecdh: ECDH, auth: Buffer): Buffer {
  if (body.length < 21) throw new Error('body shorter than its header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] as number;
  const senderKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || recordSize < 18) throw new Error('header is not aes128gcm for Web Push');
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const baseNonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const records = body.subarray(21 + idLength);
  const plain: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += recordSize, seq++) {
    const record = records.subarray(offset, offset + recordSize);
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number XORed into the nonce's last bytes (its counter stays small).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    const last = offset + recordSize >= records.length;
    if (padded[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter');
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

export interface FakePushService {
  /** http://127.0.0.1:<port> */
  origin: string;
  /**
   * A fake browser's subscription: a P-256 key pair and a 16-byte auth secret made as a browser
   * makes them. `serverKey`: the applicationServerKey it subscribed with (pushes signed by another
   * key are refused with 403, as the real services do).
   */
  subscribe(options?: { serverKey?: string }): FakeSubscription;
  /** What the endpoint answers from now on: a status (410, 404, 500…) or 'hang' (never answers). */
  answer(endpoint: string, behaviour: Behaviour | undefined): void;
  /** Pushes taken and decrypted, in order. */
  received: ReceivedPush[];
  /** Pushes refused, with why. */
  refused: RefusedPush[];
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const browsers = new Map<string, Browser>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  let origin = '';
  let accepted = 0;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const endpoint = `${origin}${request.url ?? ''}`;
    const refuse = (status: number, reason: string) => {
      refused.push({ endpoint, status, reason });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
    };
    const browser = browsers.get(request.url ?? '');
    if (request.method !== 'POST') return refuse(405, 'POST only');
    if (!browser) return refuse(404, 'no such subscription');
    if (browser.behaviour === 'hang') return; // never answers; closed with the service
    const vapid = checkVapid(request.headers.authorization, origin, Date.now());
    if ('error' in vapid) return refuse(401, vapid.error ?? 'unauthorized');
    if (browser.serverKey && vapid.claims.publicKey !== browser.serverKey)
      return refuse(403, 'signed by another key than the subscription’s applicationServerKey');
    const ttlHeader = request.headers.ttl;
    if (ttlHeader === undefined) return refuse(400, 'TTL header missing');
    const topic = request.headers.topic as string | undefined;
    if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) return refuse(400, 'bad Topic');
    if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'not aes128gcm');
    if (typeof browser.behaviour === 'number') return refuse(browser.behaviour, 'told to');
    let text: string;
    try {
      text = decryptPush(body, browser.ecdh, browser.auth).toString('utf8');
    } catch (error) {
      return refuse(400, `cannot decrypt: ${(error as Error).message}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    received.push({
      endpoint,
      topic,
      urgency: request.headers.urgency as string | undefined,
      ttl: Number(ttlHeader),
      vapid: vapid.claims,
      text,
      json,
      at: Date.now(),
    });
    response.writeHead(201, { location: `${origin}/m/${++accepted}` }).end();
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscribe(options = {}) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(12).toString('base64url')}`;
      browsers.set(path, { ecdh, auth, serverKey: options.serverKey, behaviour: undefined });
      const endpoint = `${origin}${path}`;
      const keys = { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) };
      return { endpoint, keys, flat: { endpoint, ...keys } };
    },
    answer(endpoint, behaviour) {
      const browser = browsers.get(new URL(endpoint).pathname);
      if (!browser) throw new Error(`no fake subscription ${endpoint}`);
      browser.behaviour = behaviour;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
