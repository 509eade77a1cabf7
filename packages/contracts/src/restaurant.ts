import { QUOTE_SETTINGS } from '@stolik/domain';
import { z } from 'zod';
import { Id, TimeZone, WallTime } from './common';
import { MessageKey } from './validation';

export const RestaurantUiContent = z.object({
  app: z.object({
    hide_orders: z.boolean().default(false),
    hide_main_table: z.boolean().default(false),
  }),
});
export type RestaurantUiContent = z.infer<typeof RestaurantUiContent>;

/** The channels of guest messages (issue #32), as the restaurant's ladder names them. */
export const GUEST_CHANNEL_NAMES = ['telegram', 'push', 'sms'] as const;
export type GuestChannelName = (typeof GUEST_CHANNEL_NAMES)[number];

/** Spec §3: the restaurant's code is its numeric id. */
export const Restaurant = z.object({
  id: z.number().int(),
  name: z.string(),
  timezone: TimeZone,
  has_bookings: z.boolean(),
  ui_content: RestaurantUiContent,
  /** The API always sends them; optional so that a restaurant built by hand (tests) needs none. */
  tags: z.array(z.string()).optional(),
  /** Days after a visit or booking when the guest's name and phone are erased (always sent, as tags). */
  guest_retention_days: z.number().int().optional(),
  /** The least wait a queue guest is quoted: the walk from the door, minutes (always sent, as tags). */
  quote_walk_minutes: z.number().int().optional(),
  /** Minutes past the quote before a waiting guest reads 'дольше обещанного' (always sent). */
  quote_grace_minutes: z.number().int().optional(),
  /** The channels a guest message tries, in order (issue #32; always sent). */
  guest_ladder: z.array(z.enum(GUEST_CHANNEL_NAMES)).optional(),
  /** Seconds a guest has to react before the next channel is tried (always sent). */
  guest_answer_wait_seconds: z.number().int().optional(),
  /** SMS a calendar month may send (0: never by SMS; always sent). */
  sms_monthly_budget: z.number().int().optional(),
  /** Read only: SMS sent this month (the restaurant's time zone); in the reply about one restaurant. */
  sms_used_this_month: z.number().int().optional(),
  /** Read only: whether this server has an SMS provider (SMS_PROVIDER); in the reply about one restaurant. */
  sms_configured: z.boolean().optional(),
});
export type Restaurant = z.infer<typeof Restaurant>;

export const RESTAURANT_LIMITS = { name: 100, tag: 32, tags: 50 } as const;

/** The restaurant's settings of its guest messages: how long a guest has to react, its SMS a month. */
export const GUEST_MESSAGE_SETTINGS = {
  answerWait: { min: 15, max: 600, default: 60 },
  smsBudget: { min: 0, max: 100_000, default: 300 },
} as const;

/** The ladder: at least one channel, each at most once, in the order they are tried. */
export const GuestLadder = z
  .array(z.enum(GUEST_CHANNEL_NAMES))
  .min(1, { error: MessageKey.ladderEmpty })
  .refine((ladder) => new Set(ladder).size === ladder.length, { error: MessageKey.ladderRepeats });

/** How long guests' names and phones may be kept, in days (personal-data law: no longer than needed). */
export const GUEST_RETENTION_DAYS = { min: 30, max: 3650, default: 365 } as const;

// The quote settings of the queue (issue #20) live in the domain, which has no zod: the live queue
// reads their defaults without evaluating the contracts (issue #21).
export { QUOTE_SETTINGS };

/** A time zone by its IANA name ('Europe/Moscow'), not an offset such as '+03:00'. */
export const IanaTimeZone = TimeZone.refine((value) => /^[A-Za-z]/.test(value));

export const RestaurantName = z.string().trim().min(1).max(RESTAURANT_LIMITS.name);

/** PATCH /api/restaurant/{id}/: the restaurant's own settings; only the fields sent change. */
export const RestaurantPatchBody = z.object({
  name: RestaurantName.optional(),
  timezone: IanaTimeZone.optional(),
  has_bookings: z.boolean().optional(),
  ui_content: z
    .object({
      app: z.object({ hide_orders: z.boolean().optional(), hide_main_table: z.boolean().optional() }),
    })
    .optional(),
  tags: z.array(z.string().trim().min(1).max(RESTAURANT_LIMITS.tag)).max(RESTAURANT_LIMITS.tags).optional(),
  guest_retention_days: z
    .number()
    .int()
    .min(GUEST_RETENTION_DAYS.min)
    .max(GUEST_RETENTION_DAYS.max)
    .optional(),
  quote_walk_minutes: z.number().int().min(QUOTE_SETTINGS.walk.min).max(QUOTE_SETTINGS.walk.max).optional(),
  quote_grace_minutes: z
    .number()
    .int()
    .min(QUOTE_SETTINGS.grace.min)
    .max(QUOTE_SETTINGS.grace.max)
    .optional(),
  guest_ladder: GuestLadder.optional(),
  guest_answer_wait_seconds: z
    .number()
    .int()
    .min(GUEST_MESSAGE_SETTINGS.answerWait.min)
    .max(GUEST_MESSAGE_SETTINGS.answerWait.max)
    .optional(),
  sms_monthly_budget: z
    .number()
    .int()
    .min(GUEST_MESSAGE_SETTINGS.smsBudget.min)
    .max(GUEST_MESSAGE_SETTINGS.smsBudget.max)
    .optional(),
});
export type RestaurantPatchBody = z.infer<typeof RestaurantPatchBody>;

export const RestaurantParams = z.object({ id: Id });

/** Work time of one weekday (0 = Monday). closes earlier than opens means past midnight. */
export const WorkTime = z.object({
  weekday: z.number().int().min(0).max(6),
  opens: WallTime,
  closes: WallTime,
  is_closed: z.boolean(),
});
export type WorkTime = z.infer<typeof WorkTime>;

/** One guest form's ways in: the web page, the bot's deep link, and the registered Mini App. */
export const GuestLink = z.object({
  /** The form's page: PUBLIC_URL, else the address the API was reached at. */
  web: z.string(),
  /** `https://t.me/<bot>?start=queue_<id>`: the bot greets the guest and opens the form; null without a bot. */
  bot: z.string().nullable(),
  /** `https://t.me/<bot>/<short name>?startapp=queue_<id>`; null without BOT_MINIAPP_SHORT_NAME. */
  mini_app: z.string().nullable(),
});
export type GuestLink = z.infer<typeof GuestLink>;

/** GET /api/restaurant/{id}/guest-links/: what a restaurant puts on its door, its site and its menus. */
export const GuestLinks = z.object({
  restaurant: z.number().int(),
  restaurant_name: z.string(),
  queue: GuestLink,
  /** Null while the restaurant takes no bookings online. */
  booking: GuestLink.nullable(),
});
export type GuestLinks = z.infer<typeof GuestLinks>;
