import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookings, notificationDeliveries, outbox, queueEntries, restaurants } from './schema';

/**
 * Guest messages on every channel (issue #32): what was said to a guest, the ladder of channels it
 * went down, each channel's attempt, and where a guest may be reached by Web Push. The rules live in
 * apps/api/src/modules/guest-messages (its README).
 */

/**
 * A browser's Web Push subscription, made from a guest's status page for one queue entry or one
 * booking. Guest data: retention and erasure delete it with the guest's details.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    queueEntryId: integer('queue_entry_id').references(() => queueEntries.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /** The push service's address for this browser (one of the known push services' hosts). */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url), for the payload's encryption. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_entry_uq').on(t.queueEntryId, t.endpoint),
    uniqueIndex('push_subscriptions_booking_uq').on(t.bookingId, t.endpoint),
    check('push_subscriptions_one_subject_ck', sql`(${t.queueEntryId} is null) <> (${t.bookingId} is null)`),
  ],
);

/**
 * One message to a guest (an outbox row of type 'guest'), and where its ladder stands: the channels
 * it may try in order, the rung being tried, when to go down a rung if nothing happens, and what
 * the guest did.
 */
export const guestMessages = pgTable(
  'guest_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The outbox row it was made from (the outbox forgets old rows; the message stays). */
    outboxId: bigint('outbox_id', { mode: 'number' }).references(() => outbox.id, { onDelete: 'set null' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    queueEntryId: integer('queue_entry_id').references(() => queueEntries.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /** What it says: the outbox row's status ('called', 'booking_confirmed', 'booking_cancelled'). */
    kind: text('kind').notNull(),
    /** The channels to try, in order, fixed when the message was made. */
    ladder: text('ladder').array().notNull(),
    /** The index in `ladder` of the rung being tried (or last tried). */
    rung: smallint('rung').notNull().default(0),
    /** When to look again: the rung's send is overdue, or the guest's time to react is up. */
    nextLookAt: timestamp('next_look_at', { withTimezone: true }),
    /** 'delivered' (the browser showed it), 'seen' (the status page opened), 'coming', 'not_coming'. */
    reaction: text('reaction'),
    reactedAt: timestamp('reacted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The ladder stopped: the guest reacted, or no rung was left. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('guest_messages_outbox_uq').on(t.outboxId),
    index('guest_messages_due_idx').on(t.nextLookAt).where(sql`${t.finishedAt} is null`),
    index('guest_messages_entry_idx').on(t.queueEntryId),
    index('guest_messages_booking_idx').on(t.bookingId),
    index('guest_messages_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    check('guest_messages_one_subject_ck', sql`(${t.queueEntryId} is null) <> (${t.bookingId} is null)`),
  ],
);

/**
 * One rung of a message's ladder: the message on one channel, at most once (the unique index).
 * Telegram's rung is sent by the Telegram dispatcher (its notification_deliveries row); push and SMS
 * rungs are claimed and sent by the guest messenger, with a lease as the dispatcher's.
 */
export const guestMessageAttempts = pgTable(
  'guest_message_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => guestMessages.id, { onDelete: 'cascade' }),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** pending → sent → delivered; or failed / skipped (the guest has no such channel, the budget). */
    status: text('status').notNull().default('pending'),
    /** Why it failed or was skipped, in the code's words (never a message text). */
    error: text('error'),
    /** Telegram's rung: the dispatcher's delivery that carries it. */
    deliveryId: bigint('delivery_id', { mode: 'number' }).references(() => notificationDeliveries.id, {
      onDelete: 'set null',
    }),
    /** The provider's id of an SMS (for its delivery status). */
    providerRef: text('provider_ref'),
    /** SMS segments billed. */
    segments: smallint('segments'),
    tries: integer('tries').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimToken: text('claim_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('guest_message_attempts_rung_uq').on(t.messageId, t.channel),
    index('guest_message_attempts_pending_idx')
      .on(t.channel, t.createdAt)
      .where(sql`${t.status} = 'pending' and ${t.channel} <> 'telegram'`),
    index('guest_message_attempts_delivery_idx').on(t.deliveryId),
    index('guest_message_attempts_provider_idx').on(t.providerRef).where(sql`${t.providerRef} is not null`),
  ],
);

/** SMS sent per restaurant per calendar month (the restaurant's time zone), against its budget. */
export const smsUsage = pgTable(
  'sms_usage',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** The first day of the month. */
    month: date('month').notNull(),
    messages: integer('messages').notNull().default(0),
    segments: integer('segments').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.month] })],
);
