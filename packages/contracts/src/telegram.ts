import {
  type BookingStatus,
  NOTIFIABLE_BOOKING_STATUSES,
  NOTIFIABLE_QUEUE_STATUSES,
  type QueueStatus,
} from '@stolik/domain';
import { z } from 'zod';
import { Id, PageQuery, paginated } from './common';
import { MessageKey } from './validation';

const queueStatuses = NOTIFIABLE_QUEUE_STATUSES as readonly [QueueStatus, ...QueueStatus[]];
const bookingStatuses = NOTIFIABLE_BOOKING_STATUSES as readonly [BookingStatus, ...BookingStatus[]];

/**
 * A telegram notification setting (spec §3): which statuses of a type the signed-in staff member
 * hears about in one restaurant. Queue statuses and booking statuses are the notifiable ones of §4.
 */
export const TelegramNotificationSetting = z.discriminatedUnion('type', [
  z.object({
    restaurant: Id,
    type: z.literal('queue'),
    statuses: z.array(z.enum(queueStatuses)).max(queueStatuses.length * 2),
  }),
  z.object({
    restaurant: Id,
    type: z.literal('booking'),
    statuses: z.array(z.enum(bookingStatuses)).max(bookingStatuses.length * 2),
  }),
]);
export type TelegramNotificationSetting = z.infer<typeof TelegramNotificationSetting>;

/** GET /api/telegram/notifications/: every restaurant of the user, both types, statuses possibly empty. */
export const TelegramNotificationSettings = z.array(TelegramNotificationSetting);
export type TelegramNotificationSettings = z.infer<typeof TelegramNotificationSettings>;

/**
 * POST /api/telegram/notifications/: the settings to replace (those not listed stay as they are).
 * A restaurant and type listed twice is refused rather than guessed at.
 */
export const TelegramNotificationsBody = z
  .array(TelegramNotificationSetting)
  .max(500)
  .refine((items) => new Set(items.map((item) => `${item.restaurant}:${item.type}`)).size === items.length, {
    error: 'validation.invalid',
  });
export type TelegramNotificationsBody = z.infer<typeof TelegramNotificationsBody>;

/**
 * The Mini App's raw init data, exactly as Telegram gave it (`tgWebAppData` of the launch
 * parameters, `Telegram.WebApp.initData`): the API checks its signature with the bot token.
 */
export const TelegramInitData = z.string().min(1).max(8192);

/**
 * What a guest form sends when it runs inside Telegram: the optional `init_data` field of the
 * public queue and booking forms. Valid, the guest's Telegram user id becomes the chat the bot
 * answers in (source 'telegram'); forged or older than a day, 400 `{init_data: [message]}` and
 * nothing is stored; left out outside Telegram (never sent empty).
 */
export const GuestTelegramInitData = TelegramInitData.optional();

/**
 * The guest pages' device key: a random string each browser (or Telegram client) makes once and
 * keeps in local storage, sent with a guest form. The API stores only its hash on the entry; a
 * later form with the same phone gets the entry back (its page's token) only when it carries the
 * same key, so knowing a guest's phone never gives control of their place.
 */
export const GuestDeviceKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: MessageKey.invalid })
  .optional();

/** POST /api/telegram/complete-auth/: a signed-in user links the Telegram account of this init data. */
export const TelegramCompleteAuthBody = z.object({ init_data: TelegramInitData });
export type TelegramCompleteAuthBody = z.infer<typeof TelegramCompleteAuthBody>;

/** What Telegram posts to the webhook: an Update (only its id is read here; grammY reads the rest). */
export const TelegramUpdate = z.looseObject({ update_id: z.number().int().nonnegative() });

const scalar = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

/**
 * POST /api/frontend-event/ (spec §7 "frontend-event webhook"): a client's error report. Small on
 * purpose: the client sends it and forgets it, and the server only logs it.
 */
export const FrontendEventBody = z.object({
  /** What happened: 'error', 'unhandledrejection', 'chunk_load', … */
  event: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\w.:-]+$/),
  message: z.string().max(2000).default(''),
  stack: z.string().max(8000).optional(),
  /** The page, without its fragment (launch parameters are never sent). */
  url: z.string().max(2000).optional(),
  user_agent: z.string().max(500).optional(),
  release: z.string().max(64).optional(),
  at: z.iso.datetime({ offset: true }).optional(),
  details: z
    .record(z.string().max(64), scalar)
    .refine((value) => Object.keys(value).length <= 20, { error: 'validation.tooLong' })
    .optional(),
});
export type FrontendEventBody = z.infer<typeof FrontendEventBody>;

/** A Telegram message that could not be delivered after every try (the restaurant admin's view). */
export const FailedDelivery = z.object({
  id: z.number().int(),
  /** 'queue' | 'booking' (staff) or 'guest'. */
  type: z.string(),
  status: z.string(),
  /** The queue entry or booking it told of. */
  entity_id: z.number().int(),
  chat_id: z.number().int(),
  /** The staff member it was for; null for a guest. */
  user: z.number().int().nullable(),
  /** That staff member's name (or e-mail when they gave no name); null for a guest. */
  user_name: z.string().nullable(),
  /** The name of the guest the message told of, when the event carries one. */
  guest_name: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created: z.string(),
  failed_at: z.string(),
});
export type FailedDelivery = z.infer<typeof FailedDelivery>;

export const FailedDeliveriesQuery = PageQuery;
export const FailedDeliveryPage = paginated(FailedDelivery);
export type FailedDeliveryPage = z.infer<typeof FailedDeliveryPage>;
