import { BOOKING_STATUSES, MAX_YEAR, MIN_YEAR, TIME_RULE_TYPES } from '@stolik/domain';
import { z } from 'zod';
import { PersonName } from './auth';
import { Id, paginated, WallTime } from './common';
import { GuestReach } from './guest-messages';
import { EntrySourceSchema } from './queue';
import { WorkTime } from './restaurant';
import { GuestDeviceKey, GuestTelegramInitData } from './telegram';
import { MessageKey } from './validation';

export const BookingStatusSchema = z.enum(BOOKING_STATUSES);

/** How long a booking's guest fields may be: the forms' maxLength comes from here too. */
export const BOOKING_FIELD_LIMITS = { name: 80, phone: 32, comment: 500 } as const;

const GroupSize = z.number().int().min(1).max(50);
const Comment = z.string().trim().max(BOOKING_FIELD_LIMITS.comment);
const GuestName = z.string().trim().max(BOOKING_FIELD_LIMITS.name);
const GuestPhone = z.string().trim().max(BOOKING_FIELD_LIMITS.phone);
/** An instant with its offset, as every date-time on the wire (API-CONVENTIONS). */
const Instant = z.iso.datetime({ offset: true });
/**
 * A calendar day, within the years the booking rules compute with (a day off each end: a day's
 * opening hours may run into the next). 0001-01-01 is a valid ISO date, not a service day. What is
 * not a date at all has its own message already: the year is judged only when there is one.
 */
const LocalDate = z.iso
  .date()
  .refine(
    (value) =>
      !/^\d{4}-/.test(value) ||
      (Number(value.slice(0, 4)) > MIN_YEAR && Number(value.slice(0, 4)) < MAX_YEAR),
    {
      error: MessageKey.invalid,
    },
  );
/** 'true' / 'false' / '1' / '0' in a query string. */
const QueryFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const StatusList = z
  .string()
  .optional()
  .transform((value) => value?.split(',').filter(Boolean))
  .pipe(z.array(BookingStatusSchema).optional());

/** A booking as staff see it (spec §3). The derived labels ('Опаздывают', 'Пересиживает') are the client's, from the clock. */
export const Booking = z.object({
  id: z.number().int(),
  restaurant: z.number().int(),
  /** The table, or the group of tables, it holds; both null on the waiting list. */
  table: z.number().int().nullable(),
  group: z.number().int().nullable(),
  /** Every table it holds (the group's members for a group). */
  tables: z.array(z.number().int()),
  group_size: z.number().int(),
  seating_time: z.string(),
  end_time: z.string(),
  status: BookingStatusSchema,
  name: z.string(),
  phone: z.string(),
  comment: z.string(),
  source: EntrySourceSchema,
  deposit: z.boolean(),
  created: z.string(),
  updated: z.string(),
  /** Earlier visits of this phone (bookings that sat down, and seated queue entries): a returning guest when > 0. */
  visits: z.number().int().min(0),
  /** How the guest's latest message reached them and what they did (null: none sent). */
  reach: GuestReach.nullable(),
});
export type Booking = z.infer<typeof Booking>;

/** GET /api/booking/: by restaurant, statuses, a restaurant-local date range, the waiting list, a search. */
export const BookingListQuery = z.object({
  restaurant_id: Id,
  status: StatusList,
  start_date: LocalDate.optional(),
  end_date: LocalDate.optional(),
  /** true: only the waiting list; false: everything else. */
  in_waiting_queue: QueryFlag.optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(100),
});
export type BookingListQuery = z.infer<typeof BookingListQuery>;
export const BookingPage = paginated(Booking);
export type BookingPage = z.infer<typeof BookingPage>;

/**
 * POST /api/booking/: staff book a table. Without a table or group the best free fit is chosen;
 * without an end time the duration list decides. 409 'booking_conflict' when the place is taken.
 */
export const BookingCreateBody = z.object({
  restaurant: Id,
  table: Id.nullable().optional(),
  group: Id.nullable().optional(),
  group_size: GroupSize,
  seating_time: Instant,
  end_time: Instant.optional(),
  name: GuestName.default(''),
  phone: GuestPhone.default(''),
  comment: Comment.default(''),
  deposit: z.boolean().default(false),
  /** Staff bookings are confirmed ('application') unless they say 'new'. */
  status: z.enum(['new', 'application']).default('application'),
});
export type BookingCreateBody = z.infer<typeof BookingCreateBody>;

/** PATCH /api/booking/{id}/: a new status and/or corrected details; a new time or place is checked for availability. */
export const BookingUpdateBody = z.object({
  status: BookingStatusSchema.optional(),
  table: Id.nullable().optional(),
  group: Id.nullable().optional(),
  group_size: GroupSize.optional(),
  seating_time: Instant.optional(),
  end_time: Instant.optional(),
  name: GuestName.optional(),
  phone: GuestPhone.optional(),
  comment: Comment.optional(),
  deposit: z.boolean().optional(),
});
export type BookingUpdateBody = z.infer<typeof BookingUpdateBody>;

/**
 * PATCH /api/booking/{id}/ may say which version of the booking it corrects: `If-Match` with the
 * booking's `updated` in quotes (its ETag, `"2026-11-24T18:05:00.123Z"`). Changed meanwhile, by
 * another device: 409 `conflict`, so that an edit form never overwrites what it has not seen.
 */
export const BookingVersionHeaders = z.object({
  'if-match': z
    .string()
    .regex(/^"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z"$/, { error: MessageKey.invalid })
    .optional(),
});
export const bookingVersionTag = (updated: string) => `"${updated}"`;

export const BookingParams = z.object({ id: Id });

export const BookingHistoryItem = z.object({
  from_status: BookingStatusSchema.nullable(),
  to_status: BookingStatusSchema,
  changed_by: z.number().int().nullable(),
  /** The staff member's name; empty for the guest, an auto-confirmation rule or the system. */
  changed_by_name: z.string(),
  changes: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type BookingHistoryItem = z.infer<typeof BookingHistoryItem>;

export const RestaurantIdQuery = z.object({ restaurant_id: Id });

/** GET /api/booking/guest-count/: bookings and covers of a restaurant-local day, in all and by status. */
export const GuestCountQuery = z.object({ restaurant_id: Id, date: LocalDate.optional() });
export const GuestCount = z.object({
  date: z.string(),
  bookings: z.number().int(),
  /** Guests expected or seated: bookings that are not declined or cancelled. */
  guests: z.number().int(),
  by_status: z.array(
    z.object({ status: BookingStatusSchema, bookings: z.number().int(), guests: z.number().int() }),
  ),
});
export type GuestCount = z.infer<typeof GuestCount>;

/** GET /api/booking/history-by-search-count/ and -field/: earlier guests by name or phone (for filling a booking). */
export const HistorySearchQuery = z.object({
  search_field: z.string().trim().min(2).max(100),
  restaurant_id: Id,
});
export const HistorySearchCount = z.object({ count: z.number().int() });
export const HistorySearchGuest = z.object({
  name: z.string(),
  phone: z.string(),
  bookings: z.number().int(),
  last_visit: z.string().nullable(),
});
export type HistorySearchGuest = z.infer<typeof HistorySearchGuest>;

/** GET /api/booking/guests-contacts-export/: an .xlsx of the guests of a date range. */
export const ContactsExportQuery = z.object({
  restaurant_id: Id,
  start_date: LocalDate,
  end_date: LocalDate.optional(),
});

/** POST /api/booking/waiting_queue/: a request put on the waiting list (no table yet). */
export const WaitingListBody = z.object({
  restaurant: Id,
  group_size: GroupSize,
  seating_time: Instant,
  end_time: Instant.optional(),
  name: GuestName.default(''),
  phone: GuestPhone.default(''),
  comment: Comment.default(''),
});
export type WaitingListBody = z.infer<typeof WaitingListBody>;

/** PATCH /api/booking/change-restaurant/: the booking moves to another restaurant of the same staff member. */
export const ChangeRestaurantBody = z.object({ booking: Id, restaurant: Id });

/** GET /api/available_slots/ and /api/v2/available_slots/. */
export const AvailableSlotsQuery = z.object({
  restaurant_id: Id,
  date: LocalDate,
  group_size: z.coerce.number().int().min(1).max(50),
  zone: Id.optional(),
  /** true: as a guest's online request sees it (reservable tables, time rules). */
  is_reservable: QueryFlag.optional(),
  /** Minutes at the table, overriding the duration list. */
  durations: z.coerce.number().int().min(15).max(720).optional(),
});
export type AvailableSlotsQuery = z.infer<typeof AvailableSlotsQuery>;

/** v1: the start times, 'HH:mm'. */
export const AvailableSlotsV1 = z.array(z.string());
/** v2: each start with its instants and how many tables or groups fit then. */
export const AvailableSlot = z.object({
  time: z.string(),
  start: z.string(),
  end: z.string(),
  options: z.number().int(),
});
export const AvailableSlotsV2 = z.object({ date: z.string(), slots: z.array(AvailableSlot) });
export type AvailableSlot = z.infer<typeof AvailableSlot>;

/** GET /api/available_tables/: each table's bookings and locks on a date (the timeline's rows). */
export const AvailableTablesQuery = z.object({
  restaurant_id: Id,
  date: LocalDate,
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(100),
});
export const DayTable = z.object({
  id: z.number().int(),
  number: z.string(),
  zone: z.number().int().nullable(),
  seats_min: z.number().int(),
  seats_max: z.number().int(),
  is_reservable: z.boolean(),
  /** Held ranges (preparation and cleaning included) of the day's bookings on it. */
  busy: z.array(z.object({ booking: z.number().int(), from: z.string(), to: z.string() })),
  locks: z.array(z.object({ id: z.number().int(), from: z.string(), to: z.string(), reason: z.string() })),
});
export type DayTable = z.infer<typeof DayTable>;
export const DayTablePage = paginated(DayTable);
export type DayTablePage = z.infer<typeof DayTablePage>;

/** GET /api/booking/find-available-tables/: what fits a party at a time, best fit first. */
export const FindTablesQuery = z.object({
  restaurant_id: Id,
  num_people: z.coerce.number().int().min(1).max(50),
  start_time: Instant,
  end_time: Instant.optional(),
  required_zone: Id.optional(),
  is_reservable: QueryFlag.optional(),
  /** Leave this booking out (an edit checking its new time). */
  booking: Id.optional(),
});
export type FindTablesQuery = z.infer<typeof FindTablesQuery>;
export const TableFitSchema = z.object({
  kind: z.enum(['table', 'group']),
  id: z.number().int(),
  /** The table's number or the group's name. */
  name: z.string(),
  tables: z.array(z.number().int()),
  zone: z.number().int().nullable(),
  seats_min: z.number().int(),
  seats_max: z.number().int(),
  wasted_seats: z.number().int(),
});
export type TableFit = z.infer<typeof TableFitSchema>;

// ---- availability settings ----

export const SettingsParams = z.object({ id: Id });

/** GET/PATCH /api/settings/{id}/work-time/: the week's hours; PATCH replaces the days it names. */
export const WorkWeek = z.array(WorkTime);
export const WorkTimePatch = z
  .array(WorkTime)
  .min(1)
  .max(7)
  .refine((days) => new Set(days.map((d) => d.weekday)).size === days.length, {
    error: MessageKey.invalid,
  });

export const DurationRuleSchema = z
  .object({
    seats_from: z.number().int().min(1).max(50),
    /** null: and larger parties. */
    seats_to: z.number().int().min(1).max(50).nullable(),
    minutes: z.number().int().min(15).max(720),
  })
  .refine((rule) => rule.seats_to === null || rule.seats_to >= rule.seats_from, {
    error: MessageKey.invalid,
    path: ['seats_to'],
  });
export type DurationRule = z.infer<typeof DurationRuleSchema>;
/** GET (and PUT, replacing it) /api/settings/{id}/booking-duration-list/. */
export const DurationList = z.array(DurationRuleSchema).max(20);

/** GET/PATCH /api/settings/{id}/booking/: the gaps a table needs around a booking (spec §3 preparationAndCleaningTime). */
export const BookingSettingsSchema = z.object({
  preparation_minutes: z.number().int().min(0).max(180),
  cleaning_minutes: z.number().int().min(0).max(180),
});
export type BookingSettings = z.infer<typeof BookingSettingsSchema>;

const Window = {
  /** Both null: the whole date. */
  from: WallTime.nullable().default(null),
  to: WallTime.nullable().default(null),
};

export const ZoneClosureSchema = z.object({ date: LocalDate, ...Window });
export type ZoneClosure = z.infer<typeof ZoneClosureSchema>;
/** GET /api/restaurant/{id}/zones_schedule/: each zone, on or off, and its closures from today on. */
export const ZoneSchedule = z.object({
  zone: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  closures: z.array(ZoneClosureSchema),
});
export type ZoneSchedule = z.infer<typeof ZoneSchedule>;
/** PATCH /api/restaurant/{id}/update_zone_schedule/{zoneId}/. */
export const ZoneActiveBody = z.object({ active: z.union([z.literal(0), z.literal(1)]) });
/** PUT /api/settings/{id}/zone-schedules/{zone_pk}/: the zone's closures, replaced. */
export const ZoneClosuresBody = z.object({ closures: z.array(ZoneClosureSchema).max(100) });
export const ZoneScheduleParams = z.object({ id: Id, zone_pk: Id });
export const ZoneSwitchParams = z.object({ id: Id, zoneId: Id });

export const TableLockSchema = z.object({
  id: z.number().int(),
  table: z.number().int(),
  date: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  reason: z.string(),
});
export type TableLock = z.infer<typeof TableLockSchema>;
export const TableLocksQuery = z.object({ date: LocalDate.optional() });
export const TableLockBody = z.object({
  table: Id,
  date: LocalDate,
  ...Window,
  reason: z.string().trim().max(200).default(''),
});
export type TableLockBody = z.infer<typeof TableLockBody>;
export const TableLockParams = z.object({ id: Id, lockId: Id });

export const TimeRuleTypeSchema = z.enum(TIME_RULE_TYPES);
const Weekdays = z
  .array(z.number().int().min(0).max(6))
  .max(7)
  .transform((days) => [...new Set(days)].sort());

/** /api/time_rule/: a limit on guests' online requests (see the engine for what each type means). */
export const TimeRuleSchema = z.object({
  id: z.number().int(),
  restaurant: z.number().int(),
  rule_type: TimeRuleTypeSchema,
  weekdays: z.array(z.number().int()),
  from: z.string().nullable(),
  to: z.string().nullable(),
  minutes: z.number().int().nullable(),
  covers: z.number().int().nullable(),
  is_active: z.boolean(),
});
export type TimeRule = z.infer<typeof TimeRuleSchema>;
// The fields as a PATCH may send them (absent: unchanged); a POST fills the defaults.
const TimeRuleFields = {
  weekdays: Weekdays,
  from: WallTime.nullable(),
  to: WallTime.nullable(),
  minutes: z.number().int().min(0).max(1440).nullable(),
  covers: z.number().int().min(1).max(1000).nullable(),
  is_active: z.boolean(),
};
export const TimeRuleCreateBody = z.object({
  restaurant: Id,
  rule_type: TimeRuleTypeSchema,
  weekdays: Weekdays.default([]),
  from: TimeRuleFields.from.default(null),
  to: TimeRuleFields.to.default(null),
  minutes: TimeRuleFields.minutes.default(null),
  covers: TimeRuleFields.covers.default(null),
  is_active: TimeRuleFields.is_active.default(true),
});
export type TimeRuleCreateBody = z.infer<typeof TimeRuleCreateBody>;
export const TimeRulePatchBody = z.object(TimeRuleFields).partial();
export type TimeRulePatchBody = z.infer<typeof TimeRulePatchBody>;
export const RuleListQuery = z.object({ restaurant: Id, rule_type: z.string().max(40).optional() });
export const RuleParams = z.object({ id: Id });

/** /api/auto_reservation_rules/: guest requests confirmed without a hostess when they match and a table is free. */
export const AutoRuleSchema = z.object({
  id: z.number().int(),
  restaurant: z.number().int(),
  rule_type: z.literal('confirm'),
  weekdays: z.array(z.number().int()),
  from: z.string().nullable(),
  to: z.string().nullable(),
  max_group_size: z.number().int(),
  zone: z.number().int().nullable(),
  is_active: z.boolean(),
});
export type AutoRule = z.infer<typeof AutoRuleSchema>;
const AutoRuleFields = {
  weekdays: Weekdays,
  from: WallTime.nullable(),
  to: WallTime.nullable(),
  max_group_size: z.number().int().min(1).max(50),
  zone: Id.nullable(),
  is_active: z.boolean(),
};
export const AutoRuleCreateBody = z.object({
  restaurant: Id,
  rule_type: z.literal('confirm').default('confirm'),
  weekdays: Weekdays.default([]),
  from: AutoRuleFields.from.default(null),
  to: AutoRuleFields.to.default(null),
  max_group_size: AutoRuleFields.max_group_size,
  zone: AutoRuleFields.zone.default(null),
  is_active: AutoRuleFields.is_active.default(true),
});
export type AutoRuleCreateBody = z.infer<typeof AutoRuleCreateBody>;
export const AutoRulePatchBody = z.object(AutoRuleFields).partial();
export type AutoRulePatchBody = z.infer<typeof AutoRulePatchBody>;

// ---- guests ----

/** GET /api/public/restaurant/{id}/slots/: the start times a guest may request. */
export const PublicSlotsQuery = z.object({
  date: LocalDate,
  group_size: z.coerce.number().int().min(1).max(50),
});
export const PublicSlots = z.object({ date: z.string(), slots: z.array(z.string()) });
export type PublicSlots = z.infer<typeof PublicSlots>;

/** POST /api/public/restaurant/{id}/booking/: the guest booking form. */
export const GuestBookingBody = z.object({
  date: LocalDate,
  time: WallTime,
  group_size: GroupSize,
  name: PersonName,
  phone: z.string().trim().min(1, { error: MessageKey.phoneMissing }).max(BOOKING_FIELD_LIMITS.phone),
  comment: Comment.default(''),
  /** Inside Telegram: the Mini App's init data, so that the bot can tell the guest the outcome. */
  init_data: GuestTelegramInitData,
  /** The guest page's device key: the same device asking again gets its own request back (see GuestDeviceKey). */
  device_key: GuestDeviceKey,
});
export type GuestBookingBody = z.infer<typeof GuestBookingBody>;

/** What the guest is told (spec §4 guest booking outcomes). */
export const GuestBookingOutcome = z.enum(['pending', 'confirmed', 'cancelled']);
export type GuestBookingOutcome = z.infer<typeof GuestBookingOutcome>;

export const GuestBookingCreated = z.object({ token: z.string(), status: GuestBookingOutcome });
export const GuestBookingStatus = z.object({
  token: z.string(),
  restaurant: z.number().int(),
  restaurant_name: z.string(),
  date: z.string(),
  time: z.string(),
  group_size: z.number().int(),
  status: GuestBookingOutcome,
});
export type GuestBookingStatus = z.infer<typeof GuestBookingStatus>;
