import { BOOKING_STATUSES, ENTRY_SOURCES, LEGACY_SOURCES } from '@stolik/domain';
import { z } from 'zod';
import { Id } from './common';
import { GuestChannelSchema } from './guest-messages';
import { MessageKey } from './validation';

/**
 * Built-in analytics (issue #8) and the Metabase dashboards beside them. What each figure counts is
 * written down in apps/api/src/modules/analytics/README.md.
 */

/** The longest range one analytics call covers, in days (a year, a leap one included). */
export const ANALYTICS_MAX_DAYS = 366;
/** A booking's guests are late when they arrive more than this many minutes after the booked time. */
export const ANALYTICS_LATE_GRACE_MINUTES = 15;
/** The wait histogram's bin edges in minutes: [0, 5), [5, 15), … [90, ∞). */
export const ANALYTICS_WAIT_BINS = [5, 15, 30, 45, 60, 90] as const;
/** Party sizes turn times are grouped by: the steps the wait estimate learns turn times in. */
export const ANALYTICS_PARTY_BUCKETS = [
  { from: 1, to: 2 },
  { from: 3, to: 4 },
  { from: 5, to: 6 },
  { from: 7, to: null },
] as const;

/** Message keys of the range checks (the Russian text is in packages/i18n, section analytics). */
export const AnalyticsMessageKey = {
  endBeforeStart: 'analytics.validation.endBeforeStart',
  rangeTooLong: 'analytics.validation.rangeTooLong',
} as const;

const Day = z.iso.date({
  error: (issue) => (issue.input === undefined ? MessageKey.required : MessageKey.date),
});

/** GET /api/restaurant/{id}/analytics/ and …/export/: restaurant-local service days, both included. */
export const AnalyticsQuery = z.object({ start_date: Day, end_date: Day });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

const DAY_MS = 86_400_000;

/** Days from start to end, both included (ISO dates; negative when end is before start). */
export function analyticsRangeDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
}

export interface RangeProblem {
  key: string;
  params?: Record<string, number>;
}

/**
 * What the query's shape cannot say: the end is not before the start, and the range is at most
 * ANALYTICS_MAX_DAYS long. The API answers these as field errors; the screen checks them first.
 */
export function analyticsRangeProblems(query: AnalyticsQuery): Record<string, RangeProblem[]> | null {
  const days = analyticsRangeDays(query.start_date, query.end_date);
  if (days < 1) return { end_date: [{ key: AnalyticsMessageKey.endBeforeStart }] };
  if (days > ANALYTICS_MAX_DAYS) {
    return { end_date: [{ key: AnalyticsMessageKey.rangeTooLong, params: { max: ANALYTICS_MAX_DAYS } }] };
  }
  return null;
}

const Count = z.number().int().min(0);
/** Minutes, or null when there was nothing to measure. */
const Minutes = z.number().nullable();
/** A share from 0 to 1, or null when its denominator is 0. */
const Share = z.number().min(0).max(1).nullable();
const Rubles = z.number();

export const AnalyticsDay = z.object({
  /** The service day (06:00 to 06:00, restaurant-local). */
  date: z.iso.date(),
  joins: Count,
  seated: Count,
  left: Count,
  parties: Count,
  covers: Count,
  queue_covers: Count,
  booking_covers: Count,
  wait_avg_minutes: Minutes,
  wait_p90_minutes: Minutes,
  bookings: Count,
  arrived: Count,
  no_shows: Count,
  late: Count,
  /** Closed orders' totals; null when the day had no orders. */
  revenue_rubles: Rubles.nullable(),
});
export type AnalyticsDay = z.infer<typeof AnalyticsDay>;

export const AnalyticsHour = z.object({
  /** The restaurant's wall-clock hour, 0–23. */
  hour: z.number().int().min(0).max(23),
  /** Parties that joined the queue in this hour. */
  joins: Count,
  /** Parties that sat down in this hour (queue and bookings), and their guests. */
  parties: Count,
  covers: Count,
});
export type AnalyticsHour = z.infer<typeof AnalyticsHour>;

export const AnalyticsWaitBin = z.object({
  from_minutes: z.number().int().min(0),
  /** null: open-ended (the last bin). */
  to_minutes: z.number().int().nullable(),
  parties: Count,
});
export type AnalyticsWaitBin = z.infer<typeof AnalyticsWaitBin>;

export const AnalyticsTurnTime = z.object({
  party_from: z.number().int().min(1),
  /** null: and more. */
  party_to: z.number().int().nullable(),
  parties: Count,
  avg_minutes: Minutes,
  median_minutes: Minutes,
});
export type AnalyticsTurnTime = z.infer<typeof AnalyticsTurnTime>;

export const AnalyticsQuote = z.object({
  /** Seated parties whose quoted wait and actual wait are both known. */
  measured: Count,
  /** Mean absolute error of the quoted wait against the actual one, minutes. */
  mae_minutes: Minutes,
  /**
   * As `pnpm bench quotes` measures it (quoteOutcome in the domain): seated no later than the quote
   * + 5 minutes ('on time'), 5 to 10 minutes past it, more than 10 minutes past it.
   */
  on_time_share: Share,
  late_10_share: Share,
  on_time: Count,
  late: Count,
  late_10: Count,
});
export type AnalyticsQuote = z.infer<typeof AnalyticsQuote>;

export const AnalyticsRevenue = z.object({
  /** Closed orders opened in the range. */
  orders: Count,
  revenue_rubles: Rubles,
  /** Guests × hours at the table, over closed orders that know their guests. */
  seat_hours: z.number().min(0),
  /** Those orders' totals per seat-hour; null when no order knew its guests. */
  per_seat_hour_rubles: Rubles.nullable(),
});
export type AnalyticsRevenue = z.infer<typeof AnalyticsRevenue>;

export const AnalyticsTotals = z.object({
  joins: Count,
  seated: Count,
  left: Count,
  /** Joined and neither seated nor gone (still waiting, or never closed). */
  waiting: Count,
  seated_share: Share,
  /** Walk-ins seated at once, never in the queue: covers, not joins. */
  seated_at_once: Count,
  parties: Count,
  covers: Count,
  queue_covers: Count,
  booking_covers: Count,
  wait_avg_minutes: Minutes,
  wait_p90_minutes: Minutes,
  quote: AnalyticsQuote,
  bookings: Count,
  arrived: Count,
  no_shows: Count,
  no_show_rate: Share,
  late: Count,
  late_rate: Share,
});
export type AnalyticsTotals = z.infer<typeof AnalyticsTotals>;

/**
 * How called guests were reached (issue #32): of the guests called in the range, the share reached
 * on some channel within 30 s and within 2 minutes of the call, the share who answered ('Иду' or
 * 'Не приду'), and each channel's part (the first channel that reached the guest).
 */
export const AnalyticsReach = z.object({
  called: Count,
  reached_30s_share: Share,
  reached_2m_share: Share,
  answered_share: Share,
  unreached: Count,
  by_channel: z.array(
    z.object({
      channel: GuestChannelSchema,
      reached: Count,
      within_30s: Count,
      within_2m: Count,
      answered: Count,
    }),
  ),
});
export type AnalyticsReach = z.infer<typeof AnalyticsReach>;

export const AnalyticsReport = z.object({
  restaurant: Id,
  timezone: z.string(),
  start_date: z.iso.date(),
  end_date: z.iso.date(),
  totals: AnalyticsTotals,
  /** null when no order was opened in the range. */
  revenue: AnalyticsRevenue.nullable(),
  /** Every day of the range, in order, zeros included. */
  days: z.array(AnalyticsDay),
  /** Every hour 0–23. */
  hours: z.array(AnalyticsHour),
  wait_distribution: z.array(AnalyticsWaitBin),
  turn_times: z.array(AnalyticsTurnTime),
  bookings_by_status: z.array(z.object({ status: z.enum(BOOKING_STATUSES), count: Count })),
  bookings_by_source: z.array(z.object({ source: z.enum(ENTRY_SOURCES), count: Count })),
  /**
   * Every queue entry of the range by the older system's word (spec §3 source enumeration), Fake
   * and Hostme entries included: the only figure that counts them. `left_out`: of these, the ones
   * the queue's figures leave out (every Fake, every entry from Hostme).
   */
  queue_by_source: z.array(z.object({ source: z.enum(LEGACY_SOURCES), count: Count, left_out: Count })),
  reach: AnalyticsReach,
});
export type AnalyticsReport = z.infer<typeof AnalyticsReport>;

/** GET /api/metabase/ and /api/metabase/{uuid}/: the restaurant whose data the dashboards show. */
export const MetabaseQuery = z.object({ restaurant_id: Id });
export const MetabaseParams = z.object({ uuid: z.uuid() });

export const MetabaseDashboard = z.object({
  uuid: z.uuid(),
  name: z.string(),
  /** A signed embedding address: the restaurant is a locked parameter of the token. */
  url: z.url(),
  expires_at: z.iso.datetime({ offset: true }),
});
export type MetabaseDashboard = z.infer<typeof MetabaseDashboard>;

export const MetabaseDashboards = z.object({
  /** false: METABASE_SITE_URL, METABASE_SECRET_KEY and METABASE_DASHBOARDS are not set. */
  configured: z.boolean(),
  dashboards: z.array(MetabaseDashboard),
});
export type MetabaseDashboards = z.infer<typeof MetabaseDashboards>;
