import { QUOTE_SETTINGS } from '@stolik/domain';
import { z } from 'zod';
import { Id, TimeZone, WallTime } from './common';

export const RestaurantUiContent = z.object({
  app: z.object({
    hide_orders: z.boolean().default(false),
    hide_main_table: z.boolean().default(false),
  }),
});
export type RestaurantUiContent = z.infer<typeof RestaurantUiContent>;

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
});
export type Restaurant = z.infer<typeof Restaurant>;

export const RESTAURANT_LIMITS = { name: 100, tag: 32, tags: 50 } as const;

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
