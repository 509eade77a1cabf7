/**
 * The channels a guest message may take besides Telegram (whose rung the Telegram dispatcher
 * sends): what the guest messenger asks of each. One implementation each: Web Push (`push/`) and
 * SMS (`sms/`); tests and benchmarks point them at local fakes that speak the same protocols.
 */

export type GuestChannelName = 'telegram' | 'push' | 'sms';
export const GUEST_CHANNELS: readonly GuestChannelName[] = ['telegram', 'push', 'sms'];

/** What one send came to. `gone`: the address is dead for good (push 404/410): forget it. */
export type ChannelOutcome =
  | { ok: true; ref?: string | undefined; segments?: number | undefined }
  | { ok: false; error: string; gone?: boolean | undefined };

/** The words of a message, made once for every channel (guest-messages/message-text.ts). */
export interface GuestMessageContent {
  /** The guest message's id: the push tag and the SMS client id, so that a repeat replaces, not adds. */
  messageId: number;
  kind: string;
  title: string;
  body: string;
  /** The guest's status page (absolute when PUBLIC_URL is known). */
  url: string;
  /** Buttons the notification offers ('coming', 'not_coming'); empty for news with no answer. */
  answers: ('coming' | 'not_coming')[];
  /** The guest's status-page token, so that the service worker can answer for them. */
  subject: { kind: 'queue' | 'booking'; token: string };
}

export interface PushSubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Web Push (RFC 8030 + VAPID RFC 8292 + aes128gcm RFC 8291). */
export interface PushChannel {
  send(subscription: PushSubscriptionKeys, content: GuestMessageContent): Promise<ChannelOutcome>;
}

/** An SMS provider. `configured` false: the channel is off (no account set). */
export interface SmsChannel {
  readonly configured: boolean;
  /** Sends one SMS; `clientId` lets a provider that supports it refuse a repeat. */
  send(phone: string, text: string, clientId: string): Promise<ChannelOutcome>;
  /**
   * Delivery status of earlier sends by their refs, each with the phone it went to (SMSC.ru finds
   * a message by its id and phone; the phone is read from the guest, not kept in the ref): a map
   * from ref to 'delivered', 'failed' or still 'sent'; a ref the provider did not answer for is
   * left out.
   */
  statuses(sent: SentSms[]): Promise<Map<string, 'sent' | 'delivered' | 'failed'>>;
}

/** An SMS sent earlier: the provider's ref of it and the phone it went to. */
export interface SentSms {
  ref: string;
  phone: string;
}
