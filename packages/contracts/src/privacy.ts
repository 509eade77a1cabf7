import { z } from 'zod';
import { BookingHistoryItem, BookingStatusSchema } from './booking';
import { Id, paginated } from './common';
import { GuestMessageLog } from './guest-messages';
import { EntrySourceSchema, QueueEventSchema, QueueHistoryItem, QueueStatusSchema } from './queue';
import { MessageKey } from './validation';

/**
 * Guest privacy (Russian personal-data law, issue #9): one guest's data exported or erased by an
 * admin, and the audit log of what staff did to guests, bookings and settings.
 */

/** Any written form of the guest's phone; the server normalises it or answers the spec's message. */
const GuestPhone = z.string().trim().min(1, { error: MessageKey.phoneMissing }).max(32);

/** GET /api/restaurant/{id}/guests/export/?phone=… */
export const GuestExportQuery = z.object({ phone: GuestPhone });
export type GuestExportQuery = z.infer<typeof GuestExportQuery>;

/** POST /api/restaurant/{id}/guests/erase/ */
export const GuestEraseBody = z.object({ phone: GuestPhone });
export type GuestEraseBody = z.infer<typeof GuestEraseBody>;

/** What erasing changed: the rows whose name, phone, comment and Telegram chat were blanked. */
export const GuestErasure = z.object({
  phone: z.string(),
  queue_entries: z.number().int().min(0),
  bookings: z.number().int().min(0),
});
export type GuestErasure = z.infer<typeof GuestErasure>;

/** 409 of an erase: the guest still waits in the queue or has a booking ahead (code 'guest_active'). */
export const GuestStillActive = z.looseObject({
  detail: z.string(),
  code: z.string().optional(),
  active_queue_entries: z.number().int().optional(),
  upcoming_bookings: z.number().int().optional(),
});

/** A browser the guest turned notifications on in: the push service's host, never the address itself. */
export const ExportedPushSubscription = z.object({ service: z.string(), created: z.string() });

export const ExportedQueueEntry = z.object({
  id: z.number().int(),
  number: z.number().int(),
  service_date: z.string(),
  group_size: z.number().int(),
  event: QueueEventSchema.nullable(),
  name: z.string(),
  phone: z.string(),
  comment: z.string(),
  source: EntrySourceSchema,
  status: QueueStatusSchema,
  telegram_chat_id: z.number().int().nullable(),
  created: z.string(),
  invite_time: z.string().nullable(),
  seated_time: z.string().nullable(),
  finished_time: z.string().nullable(),
  history: z.array(QueueHistoryItem),
  /** Where the guest turned on notifications, and every message sent them on each channel. */
  push_subscriptions: z.array(ExportedPushSubscription),
  messages: z.array(GuestMessageLog),
});

export const ExportedBooking = z.object({
  id: z.number().int(),
  group_size: z.number().int(),
  seating_time: z.string(),
  end_time: z.string(),
  status: BookingStatusSchema,
  name: z.string(),
  phone: z.string(),
  comment: z.string(),
  source: EntrySourceSchema,
  deposit: z.boolean(),
  telegram_chat_id: z.number().int().nullable(),
  created: z.string(),
  history: z.array(BookingHistoryItem),
  push_subscriptions: z.array(ExportedPushSubscription),
  messages: z.array(GuestMessageLog),
});

/** Everything the restaurant holds about one phone: its queue entries and bookings with their history. */
export const GuestExport = z.object({
  restaurant: z.number().int(),
  phone: z.string(),
  exported_at: z.string(),
  /** After this many days from a visit or booking, the guest's name and phone are erased. */
  retention_days: z.number().int(),
  queue_entries: z.array(ExportedQueueEntry),
  bookings: z.array(ExportedBooking),
});
export type GuestExport = z.infer<typeof GuestExport>;

const LocalDate = z.iso.date();

/** GET /api/restaurant/{id}/audit-log/: newest first; action 'queue' also matches 'queue.call'. */
export const AuditLogQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(30),
  action: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z_.]+$/)
    .optional(),
  actor: Id.optional(),
  /** Restaurant-local days, both included. */
  start_date: LocalDate.optional(),
  end_date: LocalDate.optional(),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

export const AuditActor = z.object({ id: z.number().int(), name: z.string() });
export type AuditActor = z.infer<typeof AuditActor>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** e.g. 'queue.call', 'booking.update', 'restaurant.update', 'guest.erase'. */
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  /** null: not a person (the restaurant's POS, by its key in details.pos_key), or a removed account. */
  actor: AuditActor.nullable(),
  /**
   * `fields`: the names of the fields sent; `values`: those safe to keep (statuses, sizes,
   * settings), never a guest's name, phone or comment; more facts of the action beside them.
   */
  details: z.record(z.string(), z.unknown()),
  request_id: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditLogPage = paginated(AuditEntry).extend({
  /** The restaurant's staff, for the actor filter. */
  actors: z.array(AuditActor),
});
export type AuditLogPage = z.infer<typeof AuditLogPage>;
