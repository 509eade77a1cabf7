import { ENTRY_SOURCES, QUEUE_EVENTS, QUEUE_STATUSES } from '@stolik/domain';
import { z } from 'zod';
import { PersonName } from './auth';
import { Id } from './common';
import { MessageKey } from './validation';

export const QueueStatusSchema = z.enum(QUEUE_STATUSES);
export const QueueEventSchema = z.enum(QUEUE_EVENTS);
export const EntrySourceSchema = z.enum(ENTRY_SOURCES);

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

/** POST /api/reservation/invite/: call the guest (status 'called', invite time set, guest told). */
export const InviteGuestBody = z.object({ id: Id });

export const QueueHistoryItem = z.object({
  from_status: QueueStatusSchema.nullable(),
  to_status: QueueStatusSchema,
  changed_by: z.number().int().nullable(),
  changes: z.record(z.string(), z.unknown()),
  at: z.string(),
});

/** POST /api/public/restaurant/{id}/queue/: the guest form. */
export const GuestJoinBody = z.object({
  group_size: GroupSize,
  event: QueueEventSchema.nullable().optional(),
  comment: Comment.default(''),
  name: PersonName,
  phone: PhoneInput,
});
export type GuestJoinBody = z.infer<typeof GuestJoinBody>;

/** What a guest learns about their own entry, and nothing about anyone else's. */
export const GuestQueueStatus = z.object({
  token: z.string(),
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
