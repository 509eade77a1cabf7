import type { SmsConfig } from '../../../config';
import type { ChannelOutcome, SentSms, SmsChannel } from '../channels';

/**
 * SMSC.ru's HTTP API (https://smsc.ru/api/http/), the JSON answers (`fmt=3`):
 * - send: `POST /sys/send.php` with `phones`, `mes`, `id` (our own id of the message: up to 40 of
 *   `A-Za-z0-9._-`), `sender`, `charset=utf-8`; answers `{"id": …, "cnt": <segments>}` or
 *   `{"error": "…", "error_code": N}` (for codes 3, 6, 7, 8 with the `id` too).
 * - status: `POST /sys/status.php` with `phone` and `id`; answers `{"status": N, "last_date": …,
 *   "last_timestamp": …, "flag": …, "err": …}` or the error shape. A message is found by its id
 *   and phone: so our own id both names it for its status and lets us ask, after a send whose
 *   answer was lost, whether the provider took it.
 * - the account: `apikey`, or `login` and `psw`, with every call.
 * Nothing here logs a message's text or a whole phone.
 */

/** Send errors (the error_code of send.php) as the code's words of a failed attempt. */
const SEND_ERRORS: Record<number, string> = {
  1: 'sms_bad_request',
  2: 'sms_auth',
  3: 'sms_no_funds',
  4: 'sms_ip_blocked',
  5: 'sms_bad_request',
  6: 'sms_forbidden',
  7: 'sms_invalid_phone',
  8: 'sms_undeliverable',
  9: 'sms_throttled',
};

/** Status codes (status.php `status`): delivered (read, link opened), failed for good, else on its way. */
const DELIVERED = new Set([1, 2, 4]);
const FAILED = new Set([-3, 3, 20, 22, 23, 24, 25]);
/** The message was not found by this id and phone. */
const NOT_FOUND = -3;

/** What SMSC.ru allows as a message id of the client's. */
const CLIENT_ID = /^[A-Za-z0-9._-]{1,40}$/;
/** A phone in E.164 as the product keeps it: SMSC.ru takes it with '+' as it is, without correcting it. */
const E164 = /^\+[1-9]\d{6,14}$/;

export interface SmsLogger {
  warn: (obj: object, msg?: string) => void;
}

/** '+7916…67': enough to tell two guests apart in a log, not enough to call either. */
export function maskPhone(phone: string): string {
  return phone.length <= 6 ? '…' : `${phone.slice(0, 5)}…${phone.slice(-2)}`;
}

type Reply =
  | { kind: 'json'; body: Record<string, unknown> }
  | { kind: 'failed'; error: 'sms_timeout' | 'sms_unreachable' | 'sms_bad_reply' | `sms_http_${number}` };

const numberOf = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

export function createSmscChannel(
  config: SmsConfig,
  options: { logger?: SmsLogger; fetch?: typeof fetch } = {},
): SmsChannel {
  const doFetch = options.fetch ?? fetch;
  const account: Record<string, string> =
    'apiKey' in config.auth
      ? { apikey: config.auth.apiKey }
      : { login: config.auth.login, psw: config.auth.password };

  async function call(script: 'send.php' | 'status.php', params: Record<string, string>): Promise<Reply> {
    const body = new URLSearchParams({ ...account, ...params, fmt: '3', charset: 'utf-8' });
    let response: Response;
    try {
      response = await doFetch(`${config.apiRoot}/sys/${script}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body,
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      return {
        kind: 'failed',
        error: name === 'TimeoutError' || name === 'AbortError' ? 'sms_timeout' : 'sms_unreachable',
      };
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      return { kind: 'failed', error: 'sms_timeout' };
    }
    if (!response.ok) return { kind: 'failed', error: `sms_http_${response.status}` };
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        return { kind: 'json', body: parsed as Record<string, unknown> };
    } catch {
      // below
    }
    return { kind: 'failed', error: 'sms_bad_reply' };
  }

  /** The status code of our message `id` to `phone`; undefined when the provider did not say. */
  async function statusOf(id: string, phone: string): Promise<number | undefined> {
    const reply = await call('status.php', { id, phone });
    if (reply.kind !== 'json' || reply.body.error_code !== undefined) return undefined;
    return numberOf(reply.body.status);
  }

  /** Whether the provider has our message `id` to `phone` (a send whose answer we did not get). */
  async function took(id: string, phone: string): Promise<boolean> {
    const status = await statusOf(id, phone);
    return status !== undefined && status !== NOT_FOUND;
  }

  return {
    configured: true,

    async send(phone: string, text: string, clientId: string): Promise<ChannelOutcome> {
      if (!CLIENT_ID.test(clientId)) return { ok: false, error: 'sms_bad_client_id' };
      if (!E164.test(phone)) return { ok: false, error: 'sms_invalid_phone' };
      // A repeat of a message the provider already has (a crash after the send, a retry past the
      // provider's one-minute refusal of identical requests) is recognised by our id, not sent.
      if (await took(clientId, phone)) return { ok: true, ref: clientId };
      const reply = await call('send.php', {
        phones: phone,
        mes: text,
        id: clientId,
        ...(config.sender ? { sender: config.sender } : {}),
      });
      if (reply.kind === 'failed') {
        // The answer was lost, not perhaps the send: the provider knows our id.
        if (reply.error === 'sms_timeout' && (await took(clientId, phone)))
          return { ok: true, ref: clientId };
        options.logger?.warn({ error: reply.error, phone: maskPhone(phone), clientId }, 'SMS not sent');
        return { ok: false, error: reply.error };
      }
      const code = numberOf(reply.body.error_code);
      if (code === undefined) {
        const segments = numberOf(reply.body.cnt);
        return { ok: true, ref: clientId, ...(segments !== undefined ? { segments } : {}) };
      }
      // 9: the same send within a minute (or too many calls at once): a repeat of ours is already there.
      if (code === 9 && (await took(clientId, phone))) return { ok: true, ref: clientId };
      const error = SEND_ERRORS[code] ?? `sms_error_${code}`;
      options.logger?.warn({ error, phone: maskPhone(phone), clientId }, 'SMS refused by the provider');
      return { ok: false, error };
    },

    /**
     * One status call per message, one after another: SMSC.ru refuses more than five calls for one
     * message a minute and five calls at once. A call that fails ends the round (the provider is
     * down or refusing): the rest wait for the next.
     */
    async statuses(sent: SentSms[]) {
      const found = new Map<string, 'sent' | 'delivered' | 'failed'>();
      for (const { ref, phone } of sent) {
        const reply = await call('status.php', { id: ref, phone });
        if (reply.kind === 'failed') break;
        if (reply.body.error_code !== undefined) {
          options.logger?.warn(
            { error: SEND_ERRORS[numberOf(reply.body.error_code) ?? 0] ?? 'sms_error', ref },
            'SMS status not read',
          );
          break;
        }
        const status = numberOf(reply.body.status);
        if (status === undefined) continue;
        found.set(ref, DELIVERED.has(status) ? 'delivered' : FAILED.has(status) ? 'failed' : 'sent');
      }
      return found;
    },
  };
}

/** The channel when no provider is set: off. */
export const SMS_OFF: SmsChannel = {
  configured: false,
  send: async () => ({ ok: false, error: 'sms_off' }),
  statuses: async () => new Map(),
};

/** The SMS channel of this deployment: SMSC.ru with an account, else off. */
export function createSmsChannel(
  config: SmsConfig | undefined,
  options: { logger?: SmsLogger } = {},
): SmsChannel {
  if (!config) return SMS_OFF;
  return createSmscChannel(config, options);
}
