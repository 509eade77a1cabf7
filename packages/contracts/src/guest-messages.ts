import { z } from 'zod';

/**
 * Guest messages on every channel (issue #32): how a guest was reached and what they did, as the
 * staff row shows it and the guest card lists it; and what the guest's page or notification tells
 * the server.
 */

export const GUEST_CHANNELS = ['telegram', 'push', 'sms'] as const;
export const GuestChannelSchema = z.enum(GUEST_CHANNELS);
export type GuestChannel = z.infer<typeof GuestChannelSchema>;

/**
 * Where the guest's latest message stands: being sent, sent or delivered on a channel, seen (the
 * status page opened), answered, or reached on no channel at all.
 */
export const GUEST_REACH_STATES = [
  'sending',
  'sent',
  'delivered',
  'seen',
  'coming',
  'not_coming',
  'unreached',
] as const;
export const GuestReachState = z.enum(GUEST_REACH_STATES);
export const GuestReach = z.object({
  channel: GuestChannelSchema.nullable(),
  state: GuestReachState,
  /** When it came to this state. */
  at: z.string(),
});
export type GuestReach = z.infer<typeof GuestReach>;

export const GUEST_ATTEMPT_STATUSES = ['pending', 'sent', 'delivered', 'failed', 'skipped'] as const;
export const GuestMessageAttempt = z.object({
  channel: GuestChannelSchema,
  status: z.enum(GUEST_ATTEMPT_STATUSES),
  /** Why it failed or was skipped, as a code ('no_chat', 'no_subscription', 'sms_budget', …). */
  error: z.string().nullable(),
  created: z.string(),
  sent_time: z.string().nullable(),
  delivered_time: z.string().nullable(),
  failed_time: z.string().nullable(),
});
export type GuestMessageAttempt = z.infer<typeof GuestMessageAttempt>;

/** One message to the guest and every channel it went down. */
export const GuestMessageLog = z.object({
  id: z.number().int(),
  /** What it said: 'called', 'booking_confirmed', 'booking_cancelled'. */
  kind: z.string(),
  created: z.string(),
  reach: GuestReach,
  attempts: z.array(GuestMessageAttempt),
});
export type GuestMessageLog = z.infer<typeof GuestMessageLog>;
export const GuestMessageLogList = z.object({ results: z.array(GuestMessageLog) });

/** What the guest's page or notification reports: shown, seen, or an answer. */
export const GUEST_REACH_EVENTS = ['delivered', 'seen', 'coming', 'not_coming'] as const;
export const GuestReachEventBody = z.object({
  event: z.enum(GUEST_REACH_EVENTS),
  /** The message it is about (a notification knows it); the latest when absent. */
  message_id: z.number().int().positive().optional(),
});
export type GuestReachEventBody = z.infer<typeof GuestReachEventBody>;
