import { z } from 'zod';
import { MessageKey } from './validation';

/**
 * Web Push (issue #32): a guest's browser subscription for their status page, and what a push
 * carries to the service worker. The API POSTs to a subscription's endpoint, so an endpoint is
 * accepted only on the known push services' hosts: a guest must never make the server send a
 * request to an address of their choosing.
 */

/** Push services' hosts, exactly. */
const PUSH_HOSTS = new Set([
  // Chrome, Edge on Android, Yandex Browser, Opera (Firebase Cloud Messaging)
  'fcm.googleapis.com',
  // Firefox (autopush)
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  // Safari (macOS, iOS home-screen apps)
  'web.push.apple.com',
]);
/** Push services' hosts by their domain: one label in front of it (Apple's regions, WNS's hosts). */
const PUSH_DOMAINS = ['.push.apple.com', '.notify.windows.com'];
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Longest endpoint accepted (Windows' are the longest seen, about 300 characters). */
export const PUSH_ENDPOINT_MAX = 1024;

/**
 * Whether the server may POST to this endpoint: https on port 443 of a known push service, no user
 * or password in it. `allowLoopback` (tests and benchmarks only: PUSH_TEST_ENDPOINTS=loopback)
 * also admits http://127.0.0.1:<port>/ and http://[::1]:<port>/, a fake push service.
 */
export function isKnownPushEndpoint(endpoint: string, options: { allowLoopback?: boolean } = {}): boolean {
  if (endpoint.length > PUSH_ENDPOINT_MAX) return false;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (options.allowLoopback && url.protocol === 'http:' && ['127.0.0.1', '[::1]'].includes(url.hostname))
    return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname;
  if (PUSH_HOSTS.has(host)) return true;
  return PUSH_DOMAINS.some((domain) => host.endsWith(domain) && LABEL.test(host.slice(0, -domain.length)));
}

/** base64url (with or without padding) to bytes; null when it is not base64url. */
export function base64UrlBytes(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return null;
  const bare = text.replace(/=+$/, '');
  if (bare.length % 4 === 1) return null;
  const binary = atob(
    bare
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(bare.length / 4) * 4, '='),
  );
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

// P-256 (secp256r1): y² = x³ − 3x + b (mod p).
const P = BigInt('0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff');
const B = BigInt('0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b');
const bigOf = (bytes: Uint8Array) =>
  BigInt(`0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`);

/** A browser's public key: a 65-byte uncompressed P-256 point (0x04, x, y) on the curve. */
export function isP256PublicKey(text: string): boolean {
  const bytes = base64UrlBytes(text);
  if (bytes?.length !== 65 || bytes[0] !== 4) return false;
  const x = bigOf(bytes.subarray(1, 33));
  const y = bigOf(bytes.subarray(33));
  if (x >= P || y >= P) return false;
  return (y * y) % P === (((x * x) % P) * x - 3n * x + B + 3n * P) % P;
}

const keyText = z.string().max(200, { message: MessageKey.pushKey });

/** The browser's `PushSubscription.toJSON()`: where to send, and the keys to encrypt for. */
export function pushSubscriptionBody(options: { allowLoopback?: boolean } = {}) {
  return z.object({
    // One message for every refusal, the length's among them (isKnownPushEndpoint checks it).
    endpoint: z
      .string()
      .refine((endpoint) => isKnownPushEndpoint(endpoint, options), { message: MessageKey.pushEndpoint }),
    /** Sent by browsers (usually null); not kept. */
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      p256dh: keyText.refine(isP256PublicKey, { message: MessageKey.pushKey }),
      /** The 16-byte authentication secret. */
      auth: keyText.refine((text) => base64UrlBytes(text)?.length === 16, { message: MessageKey.pushKey }),
    }),
  });
}
/** The product's rule: the known push services only. */
export const PushSubscriptionBody = pushSubscriptionBody();
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

/** Turning notifications off: the endpoint the browser had. */
export const PushUnsubscribeBody = z.object({ endpoint: z.string().min(1).max(PUSH_ENDPOINT_MAX) });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBody>;

export const PushSubscribed = z.object({ subscribed: z.literal(true) });
export type PushSubscribed = z.infer<typeof PushSubscribed>;

/** The server's VAPID public key: the `applicationServerKey` of `pushManager.subscribe` (base64url). */
export const PushKey = z.object({ public_key: z.string() });
export type PushKey = z.infer<typeof PushKey>;

export const GUEST_ANSWERS = ['coming', 'not_coming'] as const;
export type GuestAnswer = (typeof GUEST_ANSWERS)[number];

/**
 * What one push carries (encrypted) to the service worker: the notification's words, its buttons
 * with their titles (the worker has no i18n), and whose page and answers it is.
 */
export const PushPayload = z.object({
  message_id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** The guest's status page. */
  url: z.string(),
  answers: z.array(z.enum(GUEST_ANSWERS)),
  /** The buttons: each answer with its title. */
  actions: z.array(z.object({ action: z.enum(GUEST_ANSWERS), title: z.string() })),
  subject: z.object({ kind: z.enum(['queue', 'booking']), token: z.string() }),
});
export type PushPayload = z.infer<typeof PushPayload>;
