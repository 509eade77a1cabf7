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
});
export type Restaurant = z.infer<typeof Restaurant>;

export const RestaurantParams = z.object({ id: Id });

/** Work time of one weekday (0 = Monday). closes earlier than opens means past midnight. */
export const WorkTime = z.object({
  weekday: z.number().int().min(0).max(6),
  opens: WallTime,
  closes: WallTime,
  is_closed: z.boolean(),
});
export type WorkTime = z.infer<typeof WorkTime>;
