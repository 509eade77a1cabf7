import {
  BOOKING_STATUSES,
  ENTRY_SOURCES,
  FONT_FORMATS,
  NOTIFICATION_TYPES,
  ORDER_STATUSES,
  QUEUE_EVENTS,
  QUEUE_STATUSES,
  ROLES,
  TIME_RULE_TYPES,
} from '@stolik/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The one place table shapes are written down. Wire shapes live in @stolik/contracts. */

export interface RestaurantUiContentColumn {
  app: { hide_orders: boolean; hide_main_table: boolean };
}

export const restaurants = pgTable('restaurants', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  timezone: text('timezone').notNull().default('Europe/Moscow'),
  hasBookings: boolean('has_bookings').notNull().default(true),
  uiContent: jsonb('ui_content')
    .$type<RestaurantUiContentColumn>()
    .notNull()
    .default({ app: { hide_orders: false, hide_main_table: false } }),
  /** The restaurant's tags (settings 'restaurant' > tags). */
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  /**
   * Days after a visit or booking when the guest's name, phone and comment are erased (Russian
   * personal-data law: keep no longer than needed); the statistics stay.
   */
  guestRetentionDays: integer('guest_retention_days').notNull().default(365),
  /**
   * The least wait a queue guest is quoted, even with a table free now: the walk from the door to
   * the table, in minutes (issue #20).
   */
  quoteWalkMinutes: integer('quote_walk_minutes').notNull().default(5),
  /** Minutes past the quote before a waiting guest's row reads 'дольше обещанного'. */
  quoteGraceMinutes: integer('quote_grace_minutes').notNull().default(10),
  /**
   * The channels a guest message tries, in order (issue #32's ladder): 'telegram', 'push', 'sms'.
   * A channel left out is never used for this restaurant's guests.
   */
  guestLadder: text('guest_ladder').array().notNull().default(sql`'{telegram,push,sms}'::text[]`),
  /** Seconds a guest has to react (a button, the page opened) before the next channel is tried. */
  guestAnswerWaitSeconds: integer('guest_answer_wait_seconds').notNull().default(60),
  /** SMS a calendar month may send for this restaurant; past it, SMS stops (0: never by SMS). */
  smsMonthlyBudget: integer('sms_monthly_budget').notNull().default(300),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const zones = pgTable(
  'zones',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The zone schedule's on/off switch (spec §7 update_zone_schedule, active 1 or 0). */
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('zones_restaurant_name_uq').on(t.restaurantId, t.name)],
);

export const tableShape = pgEnum('table_shape', ['round', 'square', 'rectangle']);

export const diningTables = pgTable(
  'dining_tables',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    number: text('number').notNull(),
    seatsMin: smallint('seats_min').notNull().default(1),
    seatsMax: smallint('seats_max').notNull(),
    isReservable: boolean('is_reservable').notNull().default(true),
    shape: tableShape('shape').notNull().default('square'),
    x: real('x').notNull().default(0),
    y: real('y').notNull().default(0),
    width: real('width').notNull().default(80),
    height: real('height').notNull().default(80),
    rotation: real('rotation').notNull().default(0),
  },
  (t) => [
    uniqueIndex('dining_tables_restaurant_number_uq').on(t.restaurantId, t.number),
    index('dining_tables_zone_idx').on(t.zoneId),
    check('dining_tables_seats_ck', sql`${t.seatsMin} >= 1 and ${t.seatsMax} >= ${t.seatsMin}`),
  ],
);

export const tableGroups = pgTable(
  'table_groups',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    seatsMin: smallint('seats_min').notNull().default(1),
    seatsMax: smallint('seats_max').notNull(),
  },
  (t) => [check('table_groups_seats_ck', sql`${t.seatsMin} >= 1 and ${t.seatsMax} >= ${t.seatsMin}`)],
);

export const tableGroupMembers = pgTable(
  'table_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => tableGroups.id, { onDelete: 'cascade' }),
    tableId: integer('table_id')
      .notNull()
      .references(() => diningTables.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.tableId] }),
    index('table_group_members_table_idx').on(t.tableId),
  ],
);

/** Opening hours per weekday (0 = Monday). closes <= opens means the day ends after midnight. */
export const workTimes = pgTable(
  'work_times',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    opens: time('opens').notNull(),
    closes: time('closes').notNull(),
    isClosed: boolean('is_closed').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.restaurantId, t.weekday] }),
    check('work_times_weekday_ck', sql`${t.weekday} between 0 and 6`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Null for staff who joined through Telegram only. */
    email: text('email'),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    telegramId: bigint('telegram_id', { mode: 'number' }),
    telegramUsername: text('telegram_username'),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Set when the user is deactivated: access tokens issued before it are never valid again, even
     * after the user is activated again.
     */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_telegram_id_uq').on(t.telegramId),
  ],
);

export const membershipRole = pgEnum('membership_role', ROLES);

/** A user works in a restaurant with a role there. */
export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    role: membershipRole('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.restaurantId] }),
    index('memberships_restaurant_idx').on(t.restaurantId),
  ],
);

/**
 * Refresh tokens, one row per issued token. Rotation replaces a token by a new one of the same
 * family; presenting a replaced token again means it was stolen, and revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: text('jti').primaryKey(),
    familyId: text('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: text('replaced_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_family_idx').on(t.familyId)],
);

/**
 * Sessions (refresh-token families) that ended: logged out, a rotated refresh token presented
 * again, the user deactivated. Every access token names its session (`sid`), and one of an ended
 * session is refused at once, not when it expires.
 */
export const endedSessions = pgTable('ended_sessions', {
  /** The refresh-token family. */
  id: text('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  endedAt: timestamp('ended_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An invitation to join a restaurant with a role: a link, optionally bound to one e-mail. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    /** sha256 of the token in the link; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    role: membershipRole('role').notNull(),
    email: text('email'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_uq').on(t.tokenHash),
    index('invitations_restaurant_idx').on(t.restaurantId),
  ],
);

/** One-time tokens that link a Telegram account to a signed-in user (the UUID of /api/signin/telegram/). */
export const telegramLinkTokens = pgTable(
  'telegram_link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('telegram_link_tokens_user_idx').on(t.userId)],
);

/**
 * Fixed-window counters for rate limits (sign-in per account and per IP, public forms). In the
 * database, so every API process counts together.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/** Secrets the product generates once and every process shares (the JWT signing key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const queueStatus = pgEnum('queue_status', QUEUE_STATUSES);
export const queueEvent = pgEnum('queue_event', QUEUE_EVENTS);
export const entrySource = pgEnum('entry_source', ENTRY_SOURCES);

/** A party in the live queue of a restaurant (spec §3 "queue reservation"). */
export const queueEntries = pgTable(
  'queue_entries',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** The restaurant-local day the number belongs to. */
    serviceDate: date('service_date').notNull(),
    number: integer('number').notNull(),
    groupSize: smallint('group_size').notNull(),
    event: queueEvent('event'),
    comment: text('comment').notNull().default(''),
    name: text('name').notNull().default(''),
    /** E.164; empty for a walk-in who gave none. */
    phone: text('phone').notNull().default(''),
    source: entrySource('source').notNull(),
    status: queueStatus('status').notNull().default('live'),
    /**
     * Marked as no real guest (a test, a prank): the spec's Fake. Kept and shown, but out of the
     * wait simulation, turn-time learning and analytics (legacy-source.ts in @stolik/domain).
     */
    fake: boolean('fake').notNull().default(false),
    /** The guest's secret for their status page; never shown to staff lists. */
    guestToken: text('guest_token').notNull(),
    /** A client's key for its submission: a double tap or a retry makes one entry. */
    idempotencyKey: text('idempotency_key'),
    /** sha256 of the form the key came with: the same key with another form is refused (422). */
    idempotencyHash: text('idempotency_hash'),
    tableIds: integer('table_ids').array().notNull().default(sql`'{}'::integer[]`),
    quotedWaitMinutes: integer('quoted_wait_minutes'),
    /**
     * The hall simulation's wait at the join, before the record's correction made it the quote: what
     * the correction learns from (issue #20). Learning from the quote itself would correct the
     * correction. Null where no quote was made (seated at once, no fitting table).
     */
    estimatedWaitMinutes: integer('estimated_wait_minutes'),
    telegramChatId: bigint('telegram_chat_id', { mode: 'number' }),
    /**
     * SHA-256 of the guest page's device key (base64url): a second join with the same phone gets
     * this entry's token back only from that device. Null for walk-ins staff entered.
     */
    guestDeviceHash: text('guest_device_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    seatedAt: timestamp('seated_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('queue_entries_number_uq').on(t.restaurantId, t.serviceDate, t.number),
    uniqueIndex('queue_entries_guest_token_uq').on(t.guestToken),
    uniqueIndex('queue_entries_idempotency_uq').on(t.restaurantId, t.idempotencyKey),
    // One active entry per phone in a restaurant: the database holds the 'Ты уже в очереди' rule.
    uniqueIndex('queue_entries_active_phone_uq')
      .on(t.restaurantId, t.phone)
      .where(sql`${t.phone} <> '' and ${t.status} in ('live', 'called', 'joined', 'reserve')`),
    index('queue_entries_restaurant_status_idx').on(t.restaurantId, t.status),
    index('queue_entries_phone_idx').on(t.restaurantId, t.phone),
    // Analytics reads a restaurant's entries over a date range.
    index('queue_entries_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    check('queue_entries_group_size_ck', sql`${t.groupSize} between 1 and 50`),
  ],
);

/** Who changed what when: one row per change of a queue entry. */
export const queueHistory = pgTable(
  'queue_history',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => queueEntries.id, { onDelete: 'cascade' }),
    fromStatus: queueStatus('from_status'),
    toStatus: queueStatus('to_status').notNull(),
    /** null: the guest (public form) or the system. */
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('queue_history_entry_idx').on(t.entryId)],
);

/** The next queue number of a restaurant's day, taken atomically by concurrent joins. */
export const queueCounters = pgTable(
  'queue_counters',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    serviceDate: date('service_date').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.serviceDate] })],
);

/**
 * Notifications to send, written in the same transaction as the change they tell of; the bot's
 * dispatcher claims and delivers them. type: 'queue' | 'booking' (staff) or 'guest'.
 *
 * The dispatcher turns each row into one notification_deliveries row per recipient, in one
 * transaction: delivered_at is when that happened (the row is then done; each recipient's message
 * has its own state there), `note` says why a row made no message (no subscriber, SMS not sent).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    status: text('status').notNull(),
    entityId: integer('entity_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    note: text('note'),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null and ${t.failedAt} is null`),
  ],
);

/** A PostgreSQL tstzrange, read and written as its text form ('["2026-…","2026-…")'). */
const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });

export const bookingStatus = pgEnum('booking_status', BOOKING_STATUSES);

/** A table booking (spec §3): a party, a time, a table or a group of tables. */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** One table, or a group of tables, or neither (a waiting-list request). */
    tableId: integer('table_id').references(() => diningTables.id, { onDelete: 'set null' }),
    groupId: integer('group_id').references(() => tableGroups.id, { onDelete: 'set null' }),
    groupSize: smallint('group_size').notNull(),
    seatingTime: timestamp('seating_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    status: bookingStatus('status').notNull(),
    name: text('name').notNull().default(''),
    /** E.164, or empty when staff booked without one. */
    phone: text('phone').notNull().default(''),
    comment: text('comment').notNull().default(''),
    source: entrySource('source').notNull(),
    deposit: boolean('deposit').notNull().default(false),
    /** The guest's secret for their status page. */
    guestToken: text('guest_token').notNull(),
    idempotencyKey: text('idempotency_key'),
    /** sha256 of the form the key came with: the same key with another form is refused (422). */
    idempotencyHash: text('idempotency_hash'),
    telegramChatId: bigint('telegram_chat_id', { mode: 'number' }),
    /** SHA-256 of the guest page's device key, as on queue entries: a repeated request finds it only from there. */
    guestDeviceHash: text('guest_device_hash'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_restaurant_time_idx').on(t.restaurantId, t.seatingTime),
    index('bookings_phone_idx').on(t.restaurantId, t.phone),
    uniqueIndex('bookings_guest_token_uq').on(t.guestToken),
    uniqueIndex('bookings_idempotency_uq').on(t.restaurantId, t.idempotencyKey),
    check('bookings_group_size_ck', sql`${t.groupSize} between 1 and 50`),
    check('bookings_time_ck', sql`${t.endTime} > ${t.seatingTime}`),
    check('bookings_place_ck', sql`${t.tableId} is null or ${t.groupId} is null`),
  ],
);

/**
 * The tables a booking holds and for when: one row per table while the booking's status holds
 * tables. The range includes preparation before and cleaning after, and an exclusion constraint
 * (btree_gist, in the migration) refuses two overlapping ranges on one table: the database, not
 * the code, is what makes a double booking impossible.
 */
export const bookingTables = pgTable(
  'booking_tables',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    tableId: integer('table_id')
      .notNull()
      .references(() => diningTables.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    during: tstzrange('during').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.tableId] })],
);

/**
 * Who sits at a table now: one row per table taken by a seated party, whichever way the party came
 * (a queue entry seated, a booking seated, a walk-in seated at once). The table is the key, so the
 * database itself holds the rule that one table seats at most one party at a time; the row goes
 * when the party leaves (or moves), and with the party or the table when either is deleted.
 * `apps/api/src/shared/occupancy.repository.ts` is the only code that reads or writes it.
 */
export const tableOccupancies = pgTable(
  'table_occupancies',
  {
    tableId: integer('table_id')
      .primaryKey()
      .references(() => diningTables.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    queueEntryId: integer('queue_entry_id').references(() => queueEntries.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('table_occupancies_restaurant_idx').on(t.restaurantId),
    index('table_occupancies_entry_idx').on(t.queueEntryId),
    index('table_occupancies_booking_idx').on(t.bookingId),
    check('table_occupancies_one_party_ck', sql`(${t.queueEntryId} is null) <> (${t.bookingId} is null)`),
  ],
);

/** Who changed what when: one row per change of a booking. */
export const bookingHistory = pgTable(
  'booking_history',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    fromStatus: bookingStatus('from_status'),
    toStatus: bookingStatus('to_status').notNull(),
    /** null: the guest (public form), an auto-reservation rule or the system. */
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_history_booking_idx').on(t.bookingId)],
);

/** Booking settings of a restaurant: the gaps a table needs between two bookings. */
export const bookingSettings = pgTable('booking_settings', {
  restaurantId: integer('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  preparationMinutes: smallint('preparation_minutes').notNull().default(0),
  cleaningMinutes: smallint('cleaning_minutes').notNull().default(15),
});

/** How long a party of a size keeps its table (spec §7 booking-duration-list). */
export const bookingDurations = pgTable(
  'booking_durations',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    seatsFrom: smallint('seats_from').notNull(),
    /** null: and larger. */
    seatsTo: smallint('seats_to'),
    minutes: smallint('minutes').notNull(),
  },
  (t) => [
    index('booking_durations_restaurant_idx').on(t.restaurantId),
    check('booking_durations_ck', sql`${t.seatsFrom} >= 1 and ${t.minutes} between 15 and 720`),
  ],
);

/** A zone switched off for a date, or for hours of it (spec §7 zone-schedules). */
export const zoneClosures = pgTable(
  'zone_closures',
  {
    id: serial('id').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    /** Both null: the whole date. */
    fromTime: time('from_time'),
    toTime: time('to_time'),
  },
  (t) => [index('zone_closures_zone_date_idx').on(t.zoneId, t.date)],
);

/** A table taken out of booking on a date (spec §7 table_lock). */
export const tableLocks = pgTable(
  'table_locks',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    tableId: integer('table_id')
      .notNull()
      .references(() => diningTables.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    fromTime: time('from_time'),
    toTime: time('to_time'),
    reason: text('reason').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('table_locks_restaurant_date_idx').on(t.restaurantId, t.date)],
);

export const timeRuleType = pgEnum('time_rule_type', TIME_RULE_TYPES);

/** Limits on guests' online booking requests (spec §7 /api/time_rule/). */
export const timeRules = pgTable(
  'time_rules',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    ruleType: timeRuleType('rule_type').notNull(),
    /** 0 = Monday; empty: every day. */
    weekdays: smallint('weekdays').array().notNull().default(sql`'{}'::smallint[]`),
    fromTime: time('from_time'),
    toTime: time('to_time'),
    minutes: smallint('minutes'),
    covers: smallint('covers'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('time_rules_restaurant_idx').on(t.restaurantId)],
);

/**
 * Guest requests the restaurant confirms without a hostess (spec §7 /api/auto_reservation_rules/):
 * a request of at most maxGroupSize guests, on those weekdays and hours, when a table is free.
 */
export const autoReservationRules = pgTable(
  'auto_reservation_rules',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    ruleType: text('rule_type').notNull().default('confirm'),
    weekdays: smallint('weekdays').array().notNull().default(sql`'{}'::smallint[]`),
    fromTime: time('from_time'),
    toTime: time('to_time'),
    maxGroupSize: smallint('max_group_size').notNull(),
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('auto_reservation_rules_restaurant_idx').on(t.restaurantId)],
);

/**
 * Which statuses a staff member hears about in Telegram, per restaurant and type (spec §3 telegram
 * notification setting). No row: nothing. The API, the bot's /notifications and the dispatcher
 * all read this one table.
 */
export const telegramNotificationSettings = pgTable(
  'telegram_notification_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    statuses: text('statuses').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.restaurantId, t.type] }),
    index('telegram_notification_settings_restaurant_idx').on(t.restaurantId, t.type),
    check(
      'telegram_notification_settings_type_ck',
      sql.raw(`"type" in (${NOTIFICATION_TYPES.map((type) => `'${type}'`).join(', ')})`),
    ),
  ],
);

/**
 * One Telegram message to one chat, made from an outbox row: each recipient is claimed, retried
 * and failed on its own, so nobody's message is lost because another chat failed. A dispatcher
 * claims a row with a lease (claimed_at + claim_token); a lease that runs out (the dispatcher
 * died) makes the row claimable again, so a message may rarely repeat but never vanishes.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    outboxId: bigint('outbox_id', { mode: 'number' })
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    /** The staff member it is for; null for a guest. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimToken: text('claim_token'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Telegram's id of the message sent. */
    messageId: bigint('message_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_outbox_chat_uq').on(t.outboxId, t.chatId),
    index('notification_deliveries_pending_idx')
      .on(t.chatId, t.nextAttemptAt, t.id)
      .where(sql`${t.deliveredAt} is null and ${t.failedAt} is null`),
    index('notification_deliveries_failed_idx')
      .on(t.restaurantId, t.failedAt)
      .where(sql`${t.failedAt} is not null`),
  ],
);

/**
 * The Bot API's rate limits, kept in the database so that every dispatcher counts together and a
 * restart forgets nothing: the earliest moment of the next message, overall ('global') and per chat
 * ('chat:<id>'). A 429's retry_after pushes them forward.
 */
export const telegramSendSlots = pgTable('telegram_send_slots', {
  key: text('key').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
});

/**
 * A saved hall scheme (spec §7 map scheme), as @stolik/contracts `Scheme` describes it. The tables'
 * current places are the dining_tables rows; a version keeps them as they were when it was saved.
 */
export interface SchemeDocumentColumn {
  canvas: { width: number; height: number; grid: number };
  tables: {
    table: number;
    shape: 'round' | 'square' | 'rectangle';
    x: number;
    y: number;
    width: number;
    height: number;
    rotation: number;
  }[];
  zones: { zone: number; points: { x: number; y: number }[]; color: string | null }[];
  decorations: {
    kind: string;
    x: number;
    y: number;
    width: number;
    height: number;
    rotation: number;
    color: string | null;
  }[];
  labels: { text: string; x: number; y: number; rotation: number; size: number }[];
}

/** Every saved version of a restaurant's hall scheme, kept for good; the highest is the current one. */
export const schemeVersions = pgTable(
  'scheme_versions',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per restaurant. */
    version: integer('version').notNull(),
    document: jsonb('document').$type<SchemeDocumentColumn>().notNull(),
    /** The older version this one brought back, when it was a restore. */
    restoredFrom: integer('restored_from'),
    savedBy: integer('saved_by').references(() => users.id, { onDelete: 'set null' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('scheme_versions_restaurant_version_uq').on(t.restaurantId, t.version)],
);

/** The static content of a restaurant: the guest forms' palette and the staff's preset comments. */
export const restaurantStaticContent = pgTable('restaurant_static_content', {
  restaurantId: integer('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  /** Colour name -> '#rrggbb' (only the colours set; the rest are the product's own). */
  palette: jsonb('palette').$type<Record<string, string>>().notNull().default({}),
  comments: text('comments').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** PostgreSQL bytea as a Buffer (PGlite hands back a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The guest forms' font file of a restaurant. In the database rather than on a disk, so that
 * every API replica serves the same file with nothing else to share or back up.
 */
export const restaurantFonts = pgTable(
  'restaurant_fonts',
  {
    restaurantId: integer('restaurant_id')
      .primaryKey()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    data: bytea('data').notNull(),
    format: text('format').notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check(
      'restaurant_fonts_format_ck',
      sql.raw(`"format" in (${FONT_FORMATS.map((format) => `'${format}'`).join(', ')})`),
    ),
  ],
);

/** Settings of the whole product that only a superuser changes (the global alert, the super setup). */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const orderStatus = pgEnum('order_status', ORDER_STATUSES);

/**
 * A bill from the restaurant's point-of-sale system (issue #8), pushed by the POS through the
 * import endpoint. external_id is the POS's own id: importing the same order again updates it.
 * Money is kept in kopecks.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    /** Our table, when the POS's table number names one of the restaurant's tables. */
    tableId: integer('table_id').references(() => diningTables.id, { onDelete: 'set null' }),
    /** The table as the POS calls it, kept even when it matches none of ours. */
    tableNumber: text('table_number').notNull().default(''),
    /** The restaurant-local day the order was opened on (the orders page lists a day). */
    serviceDate: date('service_date').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    status: orderStatus('status').notNull().default('open'),
    /** Covers, when the POS knows them. */
    guests: smallint('guests'),
    totalKopecks: bigint('total_kopecks', { mode: 'number' }).notNull().default(0),
    /** Set when staff closed the order by hand (spec §7 manual_close_orders), not the POS. */
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_restaurant_external_uq').on(t.restaurantId, t.externalId),
    index('orders_restaurant_day_idx').on(t.restaurantId, t.serviceDate),
    index('orders_restaurant_opened_idx').on(t.restaurantId, t.openedAt),
    check('orders_total_ck', sql`${t.totalKopecks} >= 0`),
    check('orders_guests_ck', sql`${t.guests} is null or ${t.guests} between 0 and 500`),
    check('orders_closed_ck', sql`${t.closedAt} is null or ${t.closedAt} >= ${t.openedAt}`),
  ],
);

/** The lines of a bill, in the POS's order; an import replaces them whole. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    quantity: numeric('quantity', { precision: 10, scale: 3, mode: 'number' }).notNull(),
    /** The price of one unit. */
    priceKopecks: bigint('price_kopecks', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('order_items_order_position_uq').on(t.orderId, t.position),
    check('order_items_quantity_ck', sql`${t.quantity} > 0`),
    check('order_items_price_ck', sql`${t.priceKopecks} >= 0`),
  ],
);

/**
 * The keys a restaurant's POS signs its imports with (`Authorization: Token <key>`, the DRF
 * style). Only a hash is kept; the key is shown once, when made.
 */
export const posKeys = pgTable(
  'pos_keys',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** sha256 of the key, hex. */
    keyHash: text('key_hash').notNull(),
    /** The key's first characters, so that staff can tell keys apart. */
    prefix: text('prefix').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('pos_keys_hash_uq').on(t.keyHash), index('pos_keys_restaurant_idx').on(t.restaurantId)],
);

/**
 * What staff did to guests, bookings and settings, for the restaurant's admins to read (issue #9).
 * `details` names what changed, never a guest's phone.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** null: an action on the whole product (a superuser's). */
    restaurantId: integer('restaurant_id').references(() => restaurants.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** e.g. 'queue.update', 'booking.create', 'settings.work_time', 'guest.erase'. */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    requestId: text('request_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_restaurant_at_idx').on(t.restaurantId, t.at)],
);

/**
 * Staff requests sent with an Idempotency-Key (a tablet replaying what it did offline): the first
 * answer is kept for a day and given again to a repeat, so each action happens once.
 * status_code is null while the first request is still running.
 */
export const requestReplays = pgTable(
  'request_replays',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    url: text('url').notNull(),
    /** sha256 of the request's body: the same key with another body is refused (422). */
    bodyHash: text('body_hash'),
    statusCode: smallint('status_code'),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('request_replays_created_idx').on(t.createdAt)],
);
