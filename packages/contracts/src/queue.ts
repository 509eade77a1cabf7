import {
  ENTRY_SOURCES,
  FORECAST_PAGE,
  FORECAST_PAGE_SIZE,
  LEGACY_SOURCES,
  QUEUE_EVENTS,
  QUEUE_STATUSES,
} from '@stolik/domain';
import { z } from 'zod';
import { PersonName } from './auth';
import { Id, paginated } from './common';
import { GuestReach } from './guest-messages';
import { GuestDeviceKey, GuestTelegramInitData } from './telegram';
import { MessageKey } from './validation';

export const QueueStatusSchema = z.enum(QUEUE_STATUSES);
export const QueueEventSchema = z.enum(QUEUE_EVENTS);
export const EntrySourceSchema = z.enum(ENTRY_SOURCES);
/** The spec's source enumeration (§3): an older system's one word per entry (legacy-source.ts in @stolik/domain). */
export const LegacySourceSchema = z.enum(LEGACY_SOURCES);

const GroupSize = z.number().int().min(1).max(50);
const Comment = z.string().trim().max(500);
/** Any written form of a phone number; the server normalises it (E.164) or answers the spec's message. */
const PhoneInput = z.string().trim().min(1, { error: MessageKey.phoneMissing }).max(32);

/** A queue entry as staff see it (spec §3 "queue reservation"). */
export const QueueEntry = z.object({
  id: z.number().int(),
  restaurant: z.number().int(),
  number: z.number().int(),
  group_size: z.number().int(),
  event: QueueEventSchema.nullable(),
  comment: z.string(),
  name: z.string(),
  phone: z.string(),
  source: EntrySourceSchema,
  status: QueueStatusSchema,
  /** Marked as no real guest: out of the waits, turn-time learning and analytics. */
  fake: z.boolean(),
  /** The older system's word for this entry (Reserve_Hostme, Fake, Sat…), read off status, source and fake. */
  legacy_source: LegacySourceSchema,
  created: z.string(),
  invite_time: z.string().nullable(),
  seated_time: z.string().nullable(),
  finished_time: z.string().nullable(),
  tables: z.array(z.number().int()),
  /** The wait quoted when the guest joined, in minutes. */
  quoted_wait: z.number().int().nullable(),
  /** The current estimate for a waiting guest, in minutes (null when seated or no table fits). */
  waiting_time: z.number().int().nullable(),
  waiting_range: z.object({ min: z.number(), max: z.number() }).nullable(),
  /** Earlier visits of this phone to this restaurant (seated or finished, before this entry): a returning guest when > 0. */
  visits: z.number().int().min(0),
  /** How the guest's latest message reached them and what they did (null: none sent yet). */
  reach: GuestReach.nullable(),
});
export type QueueEntry = z.infer<typeof QueueEntry>;

export const QueueListQuery = z.object({
  restaurant_id: Id,
  status: z
    .string()
    .optional()
    .transform((value) => value?.split(',').filter(Boolean))
    .pipe(z.array(QueueStatusSchema).optional()),
  /** The restaurant-local day, YYYY-MM-DD; today when absent. */
  date: z.iso.date().optional(),
  search: z.string().trim().max(100).optional(),
  /** Only entries the older system would have recorded in these words (comma-separated, e.g. Fake,Reserve_Hostme). */
  legacy_source: z
    .string()
    .optional()
    .transform((value) => value?.split(',').filter(Boolean))
    .pipe(z.array(LegacySourceSchema).optional()),
});
export type QueueListQuery = z.infer<typeof QueueListQuery>;

/** POST /api/reservation/: a hostess adds a walk-in (a phone is optional at the door). */
export const WalkInBody = z.object({
  restaurant: Id,
  group_size: GroupSize,
  name: z.string().trim().max(80).default(''),
  phone: z.string().trim().max(32).default(''),
  event: QueueEventSchema.nullable().optional(),
  comment: Comment.default(''),
});
export type WalkInBody = z.infer<typeof WalkInBody>;

export const EntryParams = z.object({ id: Id });

/**
 * POST /api/reservation/instant_seat/: a party seated at once at the given tables (a walk-in with a
 * free table). The tables must be of the restaurant (else 400) and free (else 409 'table_taken').
 */
export const InstantSeatBody = WalkInBody.extend({
  tables: z.array(Id).min(1).max(8),
});
export type InstantSeatBody = z.infer<typeof InstantSeatBody>;

/**
 * POST /api/reservation/create_reservation/: an entry held in reserve (status 'reserve'): a guest
 * who phoned ahead or stepped out; it joins the live queue when staff move it to 'live', and does
 * not count in the waits until then. The same body as a walk-in's, named for its endpoint.
 * @alias
 */
export const ReserveBody = WalkInBody;
export type ReserveBody = z.infer<typeof ReserveBody>;

/** PUT /api/reservation/{id}/update_resto/: the entry moves to another restaurant of the same staff member. */
export const MoveRestaurantBody = z.object({ restaurant: Id });
export type MoveRestaurantBody = z.infer<typeof MoveRestaurantBody>;

/** A booking of a table, as the seat picker shows it. */
export const SeatingBooking = z.object({
  id: z.number().int(),
  name: z.string(),
  group_size: z.number().int(),
  seating_time: z.string(),
  end_time: z.string(),
});
export type SeatingBooking = z.infer<typeof SeatingBooking>;

/**
 * Who sits at a table now, whichever way they came: a party from the queue (`kind` 'queue', its
 * entry's id and number) or a booking's guests in the hall ('booking', the booking's id). The one
 * occupancy of the hall: every screen shows a table taken by this and nothing else.
 */
export const TableOccupant = z.object({
  kind: z.enum(['queue', 'booking']),
  /** The queue entry's or the booking's id. */
  id: z.number().int(),
  /** The queue number of the day; null for a booking. */
  number: z.number().int().nullable(),
  name: z.string(),
  group_size: z.number().int(),
  /** When they sat down at this table. */
  seated_time: z.string(),
  /** A booking's end time, when the table is due back; null for a queue party. */
  until: z.string().nullable(),
});
export type TableOccupant = z.infer<typeof TableOccupant>;

/** A table as the seat picker sees it: free, who sits there since when, or the booking that holds it. */
export const SeatingTable = z.object({
  id: z.number().int(),
  number: z.string(),
  seats_min: z.number().int(),
  seats_max: z.number().int(),
  /** Who sits at this table now (a queue party or a booking's guests); null when nobody does. */
  occupied_by: TableOccupant.nullable(),
  /**
   * The booking that holds the table now for guests still to come (its time with preparation and
   * cleaning covers this moment): a walk-in cannot be seated here (409 table_booked). Null otherwise.
   */
  booked_by: SeatingBooking.nullable(),
  /** The table's next booking later in the service day, which does not hold it yet. Null when none. */
  next_booking: SeatingBooking.nullable(),
});
export type SeatingTable = z.infer<typeof SeatingTable>;

/** GET /api/reservation/zones/{restaurant id}/: the hall by zone for seating; tables without a zone come last (id null). */
export const SeatingZone = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  tables: z.array(SeatingTable),
});
export type SeatingZone = z.infer<typeof SeatingZone>;

/** GET /api/reservation/forecast/{restaurant id}/?page&page_size (spec §9: page 1, size 10). */
export const ForecastQuery = z.object({
  page: z.coerce.number().int().min(1).default(FORECAST_PAGE),
  page_size: z.coerce.number().int().min(1).max(100).default(FORECAST_PAGE_SIZE),
});
export type ForecastQuery = z.infer<typeof ForecastQuery>;

/** One coming wait: a waiting party in queue order and when a table should be theirs. */
export const ForecastItem = z.object({
  id: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  group_size: z.number().int(),
  status: QueueStatusSchema,
  waiting_time: z.number().int().nullable(),
  waiting_range: z.object({ min: z.number(), max: z.number() }).nullable(),
  /** The table the simulation expects to free for them, when one fits. */
  table: z.number().int().nullable(),
});
export type ForecastItem = z.infer<typeof ForecastItem>;

/** What a party of each size joining now would wait (minutes; null when no table fits), for quoting at the door. */
export const ForecastNow = z.object({
  group_size: z.number().int(),
  waiting_time: z.number().int().nullable(),
});
export type ForecastNow = z.infer<typeof ForecastNow>;

export const HistoryByPhoneQuery = z.object({
  phone_number: z.string().trim().min(1, { error: MessageKey.phoneMissing }).max(32),
  restaurant_id: Id,
});
export type HistoryByPhoneQuery = z.infer<typeof HistoryByPhoneQuery>;

/** GET /api/reservation/history-by-phone/: the guest's earlier visits, newest first (at most 20). */
export const PhoneHistory = z.object({
  phone: z.string(),
  visits: z.number().int(),
  last_visit: z.string().nullable(),
  entries: z.array(
    z.object({
      id: z.number().int(),
      date: z.string(),
      name: z.string(),
      group_size: z.number().int(),
      status: QueueStatusSchema,
      created: z.string(),
      seated_time: z.string().nullable(),
    }),
  ),
});
export type PhoneHistory = z.infer<typeof PhoneHistory>;

/** PUT /api/reservation/{id}/: a new status and/or corrected details. */
export const EntryUpdateBody = z.object({
  status: QueueStatusSchema.optional(),
  group_size: GroupSize.optional(),
  name: z.string().trim().max(80).optional(),
  phone: z.string().trim().max(32).optional(),
  event: QueueEventSchema.nullable().optional(),
  comment: Comment.optional(),
  tables: z.array(Id).max(8).optional(),
});
export type EntryUpdateBody = z.infer<typeof EntryUpdateBody>;

/**
 * POST /api/reservation/import/: an entry of another system, recorded in the older words (spec §3
 * source enumeration): 'Reserve_Hostme' is held in reserve as Hostme's, 'Fake' comes in marked as
 * no guest, the rest with their status. Nobody is told (no notification, no SMS). `created` is when
 * that system recorded it (now when absent); the other times it did not keep stay empty.
 */
export const QueueImportBody = WalkInBody.extend({
  source: LegacySourceSchema,
  created: z.iso.datetime({ offset: true }).optional(),
});
export type QueueImportBody = z.infer<typeof QueueImportBody>;

/** PUT /api/reservation/{id}/fake/: mark an entry as no real guest (a test, a prank), or take the mark off. */
export const FakeMarkBody = z.object({ fake: z.boolean() });
export type FakeMarkBody = z.infer<typeof FakeMarkBody>;

/** POST /api/reservation/invite/: call the guest (status 'called', invite time set, guest told). */
export const InviteGuestBody = z.object({ id: Id });

export const QueueHistoryItem = z.object({
  from_status: QueueStatusSchema.nullable(),
  to_status: QueueStatusSchema,
  changed_by: z.number().int().nullable(),
  changes: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type QueueHistoryItem = z.infer<typeof QueueHistoryItem>;

/** GET /api/reservation/{id}/history/ for staff: each change with the older system's word for the entry after it. */
export const StaffQueueHistoryItem = QueueHistoryItem.extend({ legacy_source: LegacySourceSchema });
export type StaffQueueHistoryItem = z.infer<typeof StaffQueueHistoryItem>;

/** POST /api/public/restaurant/{id}/queue/: the guest form. */
export const GuestJoinBody = z.object({
  group_size: GroupSize,
  event: QueueEventSchema.nullable().optional(),
  comment: Comment.default(''),
  name: PersonName,
  phone: PhoneInput,
  /** Inside Telegram: the Mini App's init data, so that the bot can tell the guest their table is ready. */
  init_data: GuestTelegramInitData,
  /** The guest page's device key: the same device sent again gets its own entry back (see GuestDeviceKey). */
  device_key: GuestDeviceKey,
});
export type GuestJoinBody = z.infer<typeof GuestJoinBody>;

/** What a guest learns about their own entry, and nothing about anyone else's. */
export const GuestQueueStatus = z.object({
  token: z.string(),
  /** The restaurant's id: the guest's page wears its palette and font. */
  restaurant: z.number().int(),
  restaurant_name: z.string(),
  number: z.number().int(),
  status: QueueStatusSchema,
  /** Parties ahead of this one (0 = next); null once no longer waiting. */
  position: z.number().int().nullable(),
  /** Minutes; null when not waiting or no table fits. */
  waiting_time: z.number().int().nullable(),
});
export type GuestQueueStatus = z.infer<typeof GuestQueueStatus>;

export const GuestTokenParams = z.object({ token: z.string().min(16).max(64) });

export const PublicRestaurant = z.object({
  id: z.number().int(),
  name: z.string(),
  queue_open: z.boolean(),
  /** What a party of two would wait now, in minutes. */
  typical_wait: z.number().int().nullable(),
});
export type PublicRestaurant = z.infer<typeof PublicRestaurant>;

/** The forecast page, and the quote for a party joining now by size (1 to 8). */
export const Forecast = paginated(ForecastItem).extend({ now: z.array(ForecastNow) });
export type Forecast = z.infer<typeof Forecast>;
