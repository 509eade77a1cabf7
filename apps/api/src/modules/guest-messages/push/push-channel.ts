import { isKnownPushEndpoint, type PushPayload } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import { createServerI18n } from '@stolik/i18n';
import webpush from 'web-push';
import type { ChannelOutcome, GuestMessageContent, PushChannel, PushSubscriptionKeys } from '../channels';
import { loadVapidKeys, type VapidKeys } from './vapid-keys';

/** How long a push service keeps a push for a browser that is offline: a call is news for minutes. */
export const PUSH_TTL_S = 10 * 60;
/** How long one send may take before it counts as failed ('timeout'). */
export const PUSH_TIMEOUT_MS = 10_000;

export interface PushChannelOptions {
  /** The VAPID keys: given, or read (made once) from the database on the first send. */
  keys?: VapidKeys;
  db?: Database;
  /** VAPID `sub` (vapid-keys.ts `vapidSubject`): an https URL or a mailto: address. */
  subject: string;
  /** Tests and benchmarks only (PUSH_TEST_ENDPOINTS=loopback): may send to http://127.0.0.1:<port>/. */
  allowLoopback?: boolean;
  timeoutMs?: number;
  /** A push's time to live at the push service, in seconds. */
  ttlS?: number;
}

/**
 * The push's `Topic` (RFC 8030 §5.4): the same for every send of one message, so a repeat replaces
 * a copy the push service still holds for an offline browser instead of adding one. At most 32
 * characters of the base64url alphabet.
 */
export function pushTopic(messageId: number): string {
  return `m${messageId.toString(36)}`;
}

/** What the service worker receives (contracts `PushPayload`), with the buttons' titles. */
export function pushPayload(content: GuestMessageContent): PushPayload {
  const i18n = serverI18n();
  return {
    message_id: content.messageId,
    kind: content.kind,
    title: content.title,
    body: content.body,
    url: content.url,
    answers: content.answers,
    actions: content.answers.map((action) => ({ action, title: i18n.t(`guestMessages.answers.${action}`) })),
    subject: content.subject,
  };
}
let i18nInstance: ReturnType<typeof createServerI18n> | undefined;
const serverI18n = () => {
  i18nInstance ??= createServerI18n();
  return i18nInstance;
};

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and an aes128gcm payload (RFC 8291), encrypted by the
 * `web-push` package; sent here with fetch: a whole-request timeout, no redirect followed, and the
 * endpoint checked again before every send (a subscription stored under a test setting is never
 * POSTed to by a process without it). 404 and 410: the subscription is gone for good.
 */
export function createPushChannel(
  options: PushChannelOptions,
): PushChannel & { publicKey(): Promise<string> } {
  if (!options.keys && !options.db) throw new Error('createPushChannel needs keys or a database');
  let keys: Promise<VapidKeys> | undefined = options.keys ? Promise.resolve(options.keys) : undefined;
  const vapid = () => {
    keys ??= loadVapidKeys(options.db as Database).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;

  async function send(
    subscription: PushSubscriptionKeys,
    content: GuestMessageContent,
  ): Promise<ChannelOutcome> {
    if (!isKnownPushEndpoint(subscription.endpoint, { allowLoopback: options.allowLoopback }))
      return { ok: false, error: 'endpoint_refused', gone: true };
    const { publicKey, privateKey } = await vapid();
    let request: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      request = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(pushPayload(content)),
        {
          vapidDetails: { subject: options.subject, publicKey, privateKey },
          TTL: options.ttlS ?? PUSH_TTL_S,
          topic: pushTopic(content.messageId),
          urgency: 'high',
          contentEncoding: 'aes128gcm',
        },
      );
    } catch {
      // Keys the encryption cannot use: this subscription can never receive anything.
      return { ok: false, error: 'bad_subscription', gone: true };
    }
    const headers: Record<string, string> = {};
    // fetch counts the body itself.
    for (const [name, value] of Object.entries(request.headers))
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    let response: Response;
    try {
      response = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        body: request.body ? Uint8Array.from(request.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      // The reply's body is not needed; reading it frees the connection.
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      const name = (error as { name?: string }).name;
      return { ok: false, error: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network' };
    }
    if (response.status === 404 || response.status === 410)
      return { ok: false, error: `http_${response.status}`, gone: true };
    if (response.status < 200 || response.status > 299)
      return { ok: false, error: `http_${response.status}` };
    // A push service names the message it accepted in Location (RFC 8030 §5); kept as the ref.
    return { ok: true, ref: response.headers.get('location') ?? undefined };
  }

  return {
    send,
    publicKey: async () => (await vapid()).publicKey,
  };
}
