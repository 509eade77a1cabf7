import { randomBytes } from 'node:crypto';
import type {
  EntryUpdateBody,
  GuestJoinBody,
  GuestQueueStatus,
  QueueEntry,
  QueueListQuery,
  WalkInBody,
} from '@stolik/contracts';
import { MessageKey } from '@stolik/contracts';
import { type Database, schema } from '@stolik/db';
import {
  ACTIVE_QUEUE_STATUSES,
  canMoveQueueEntry,
  defaultTurnMinutes,
  type EntrySource,
  estimateWaits,
  localIsoDate,
  NOTIFIABLE_QUEUE_STATUSES,
  normalizeMobilePhone,
  type PartyEstimate,
  type QueueStatus,
} from '@stolik/domain';
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { requireRestaurant, type Viewer } from '../../shared/access';
import { FieldValidationError, HttpError, notFound } from '../../shared/http-errors';
import { announceChange } from '../events/changes';

const { queueEntries, queueHistory, queueCounters, outbox, restaurants, diningTables } = schema;
type EntryRow = typeof queueEntries.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const CLEANING_MINUTES = 10;
const WAITING: QueueStatus[] = ['live', 'called', 'joined'];

function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const name = e?.constraint ?? e?.cause?.constraint ?? '';
  return (
    code === '23505' &&
    (!constraint || name === constraint || String((error as Error)?.message).includes(constraint))
  );
}

function phoneOrThrow(phone: string, required: boolean): string {
  if (!phone) {
    if (required) throw new FieldValidationError({ phone: [MessageKey.phoneMissing] });
    return '';
  }
  const normalized = normalizeMobilePhone(phone);
  if (!normalized) throw new FieldValidationError({ phone: [MessageKey.phone] });
  return normalized;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toQueueEntry(row: EntryRow, estimate: PartyEstimate | undefined): QueueEntry {
  return {
    id: row.id,
    restaurant: row.restaurantId,
    number: row.number,
    group_size: row.groupSize,
    event: row.event,
    comment: row.comment,
    name: row.name,
    phone: row.phone,
    source: row.source,
    status: row.status,
    created: row.createdAt.toISOString(),
    invite_time: iso(row.invitedAt),
    seated_time: iso(row.seatedAt),
    finished_time: iso(row.finishedAt),
    tables: row.tableIds,
    quoted_wait: row.quotedWaitMinutes,
    waiting_time: estimate?.waitMinutes ?? null,
    waiting_range: estimate?.range ?? null,
  };
}

/**
 * The live queue: guests join (form, Telegram) or are added at the door; staff move them through
 * the status machine. Every change writes a history row, and an outbox row for those who must hear
 * of it, in the same transaction.
 */
export function createQueueService(db: Database, now: () => Date = () => new Date()) {
  async function restaurantOrThrow(id: number) {
    const [row] = await db.select().from(restaurants).where(eq(restaurants.id, id));
    if (!row) throw notFound();
    return row;
  }

  /** The hall simulated now: a wait for every waiting party of the restaurant. */
  async function estimates(restaurantId: number): Promise<Map<number, PartyEstimate>> {
    const tables = await db
      .select({ id: diningTables.id, seatsMin: diningTables.seatsMin, seatsMax: diningTables.seatsMax })
      .from(diningTables)
      .where(eq(diningTables.restaurantId, restaurantId));
    const rows = await db
      .select()
      .from(queueEntries)
      .where(
        and(eq(queueEntries.restaurantId, restaurantId), inArray(queueEntries.status, [...WAITING, 'sat'])),
      )
      .orderBy(asc(queueEntries.createdAt), asc(queueEntries.id));
    const occupied = rows
      .filter((r) => r.status === 'sat' && r.seatedAt)
      .flatMap((r) =>
        r.tableIds.map((tableId) => ({ tableId, seatedAt: r.seatedAt as Date, partySize: r.groupSize })),
      );
    const queue = rows.filter((r) => r.status !== 'sat').map((r) => ({ id: r.id, partySize: r.groupSize }));
    const result = estimateWaits({
      now: now(),
      tables,
      occupied,
      holds: [],
      queue,
      turnMinutes: defaultTurnMinutes,
      cleaningMinutes: CLEANING_MINUTES,
    });
    return new Map(result.map((e) => [e.id, e]));
  }

  /** Everything a change leaves behind, in its transaction: history, outbox, the live announcement. */
  async function record(tx: Tx, entry: EntryRow, from: QueueStatus | null, by: number | null, changes = {}) {
    await tx
      .insert(queueHistory)
      .values({ entryId: entry.id, fromStatus: from, toStatus: entry.status, changedBy: by, changes });
    await announceChange(tx, {
      kind: 'queue',
      restaurant: entry.restaurantId,
      id: entry.id,
      status: entry.status,
    });
    if (from !== entry.status && NOTIFIABLE_QUEUE_STATUSES.includes(entry.status)) {
      await tx.insert(outbox).values({
        restaurantId: entry.restaurantId,
        type: 'queue',
        status: entry.status,
        entityId: entry.id,
        payload: { number: entry.number, group_size: entry.groupSize, name: entry.name },
      });
    }
    if (entry.status === 'called' && from !== 'called') {
      // The guest hears that their table is ready: in Telegram when they came from there, else by SMS.
      await tx.insert(outbox).values({
        restaurantId: entry.restaurantId,
        type: 'guest',
        status: 'called',
        entityId: entry.id,
        payload: {
          channel: entry.telegramChatId ? 'telegram' : 'sms',
          chat_id: entry.telegramChatId,
          phone: entry.phone,
          number: entry.number,
        },
      });
    }
  }

  async function insertEntry(input: {
    restaurantId: number;
    timezone: string;
    groupSize: number;
    name: string;
    phone: string;
    event: EntryRow['event'];
    comment: string;
    source: EntrySource;
    idempotencyKey: string | null;
    by: number | null;
  }): Promise<EntryRow> {
    const serviceDate = localIsoDate(input.timezone, now());
    return db.transaction(async (tx) => {
      const [counter] = await tx
        .insert(queueCounters)
        .values({ restaurantId: input.restaurantId, serviceDate, lastNumber: 1 })
        .onConflictDoUpdate({
          target: [queueCounters.restaurantId, queueCounters.serviceDate],
          set: { lastNumber: sql`${queueCounters.lastNumber} + 1` },
        })
        .returning();
      if (!counter) throw new Error('no queue number');
      const [entry] = await tx
        .insert(queueEntries)
        .values({
          restaurantId: input.restaurantId,
          serviceDate,
          number: counter.lastNumber,
          groupSize: input.groupSize,
          name: input.name,
          phone: input.phone,
          event: input.event,
          comment: input.comment,
          source: input.source,
          status: 'live',
          guestToken: randomBytes(18).toString('base64url'),
          idempotencyKey: input.idempotencyKey,
        })
        .returning();
      if (!entry) throw new Error('entry was not created');
      await record(tx, entry, null, input.by);
      return entry;
    });
  }

  /** The quote recorded for accuracy: the simulation with the new party at the end of the queue. */
  async function withQuote(
    entry: EntryRow,
  ): Promise<{ entry: EntryRow; estimate: PartyEstimate | undefined }> {
    const estimate = (await estimates(entry.restaurantId)).get(entry.id);
    const quoted = estimate?.waitMinutes ?? null;
    if (entry.quotedWaitMinutes !== quoted) {
      await db.update(queueEntries).set({ quotedWaitMinutes: quoted }).where(eq(queueEntries.id, entry.id));
    }
    return { entry: { ...entry, quotedWaitMinutes: quoted }, estimate };
  }

  async function entryFor(viewer: Viewer, id: number): Promise<EntryRow> {
    const [row] = await db.select().from(queueEntries).where(eq(queueEntries.id, id));
    if (!row) throw notFound();
    requireRestaurant(viewer, row.restaurantId, 'member');
    return row;
  }

  async function move(entry: EntryRow, to: QueueStatus, by: number | null, extra: Partial<EntryRow> = {}) {
    if (!canMoveQueueEntry(entry.status, to)) {
      throw new HttpError(409, 'queue.transitionRefused', 'invalid_transition', { status: entry.status });
    }
    const at = now();
    const stamps: Partial<EntryRow> = { status: to, updatedAt: at, ...extra };
    if (to === 'called') stamps.invitedAt = at;
    if (to === 'sat') stamps.seatedAt = at;
    if (to === 'closed' || to === 'cancelled') stamps.finishedAt = at;
    if (to === 'live') stamps.finishedAt = null;
    try {
      return await db.transaction(async (tx) => {
        // Only from the status we read: a second device acting at the same moment gets a 409.
        const [updated] = await tx
          .update(queueEntries)
          .set(stamps)
          .where(and(eq(queueEntries.id, entry.id), eq(queueEntries.status, entry.status)))
          .returning();
        if (!updated) throw new HttpError(409, 'queue.changedElsewhere', 'conflict');
        await record(tx, updated, entry.status, by, extra.tableIds ? { tables: extra.tableIds } : {});
        return updated;
      });
    } catch (error) {
      // Back to the queue while the same phone has joined again meanwhile.
      if (isUniqueViolation(error, 'queue_entries_active_phone_uq'))
        throw new HttpError(409, 'errors.alreadyQueued', 'already_queued');
      throw error;
    }
  }

  return {
    estimates,

    async list(query: QueueListQuery): Promise<QueueEntry[]> {
      const restaurant = await restaurantOrThrow(query.restaurant_id);
      const day = query.date ?? localIsoDate(restaurant.timezone, now());
      const conditions = [eq(queueEntries.restaurantId, restaurant.id), eq(queueEntries.serviceDate, day)];
      if (query.status?.length) conditions.push(inArray(queueEntries.status, query.status));
      if (query.search) {
        const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const digits = query.search.replace(/\D/g, '');
        const byNumber = /^\d{1,4}$/.test(query.search)
          ? [eq(queueEntries.number, Number(query.search))]
          : [];
        conditions.push(
          or(
            ilike(queueEntries.name, like),
            ...(digits.length >= 3 ? [ilike(queueEntries.phone, `%${digits}%`)] : []),
            ...byNumber,
          ) ?? sql`true`,
        );
      }
      const rows = await db
        .select()
        .from(queueEntries)
        .where(and(...conditions))
        .orderBy(desc(queueEntries.updatedAt), desc(queueEntries.id));
      const waits = await estimates(restaurant.id);
      return rows.map((row) => toQueueEntry(row, waits.get(row.id)));
    },

    async get(viewer: Viewer, id: number): Promise<QueueEntry> {
      const row = await entryFor(viewer, id);
      return toQueueEntry(row, (await estimates(row.restaurantId)).get(row.id));
    },

    async history(viewer: Viewer, id: number) {
      const row = await entryFor(viewer, id);
      const items = await db
        .select()
        .from(queueHistory)
        .where(eq(queueHistory.entryId, row.id))
        .orderBy(asc(queueHistory.at), asc(queueHistory.id));
      return items.map((h) => ({
        from_status: h.fromStatus,
        to_status: h.toStatus,
        changed_by: h.changedBy,
        changes: h.changes,
        at: h.at.toISOString(),
      }));
    },

    /** POST /api/reservation/: a walk-in added by a hostess. */
    async walkIn(viewer: Viewer, body: WalkInBody): Promise<QueueEntry> {
      requireRestaurant(viewer, body.restaurant, 'member');
      const restaurant = await restaurantOrThrow(body.restaurant);
      try {
        const entry = await insertEntry({
          restaurantId: restaurant.id,
          timezone: restaurant.timezone,
          groupSize: body.group_size,
          name: body.name,
          phone: phoneOrThrow(body.phone, false),
          event: body.event ?? null,
          comment: body.comment,
          source: 'staff',
          idempotencyKey: null,
          by: viewer.id,
        });
        const quoted = await withQuote(entry);
        return toQueueEntry(quoted.entry, quoted.estimate);
      } catch (error) {
        if (isUniqueViolation(error, 'queue_entries_active_phone_uq')) {
          throw new HttpError(409, 'errors.alreadyQueued', 'already_queued');
        }
        throw error;
      }
    },

    async update(viewer: Viewer, id: number, body: EntryUpdateBody): Promise<QueueEntry> {
      let row = await entryFor(viewer, id);
      const details: Partial<EntryRow> = {};
      if (body.group_size !== undefined) details.groupSize = body.group_size;
      if (body.name !== undefined) details.name = body.name;
      if (body.phone !== undefined) details.phone = phoneOrThrow(body.phone, false);
      if (body.event !== undefined) details.event = body.event;
      if (body.comment !== undefined) details.comment = body.comment;
      if (body.tables !== undefined) {
        const owned = await db
          .select({ id: diningTables.id })
          .from(diningTables)
          .where(
            and(
              eq(diningTables.restaurantId, row.restaurantId),
              inArray(diningTables.id, body.tables.length ? body.tables : [-1]),
            ),
          );
        if (owned.length !== body.tables.length)
          throw new FieldValidationError({ tables: [MessageKey.invalid] });
        details.tableIds = body.tables;
      }
      if (body.status !== undefined && body.status !== row.status) {
        row = await move(row, body.status, viewer.id, details);
      } else if (Object.keys(details).length > 0) {
        const before = row;
        row = await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(queueEntries)
            .set({ ...details, updatedAt: now() })
            .where(eq(queueEntries.id, before.id))
            .returning();
          if (!updated) throw notFound();
          await record(tx, updated, before.status, viewer.id, body);
          return updated;
        });
      }
      return toQueueEntry(row, (await estimates(row.restaurantId)).get(row.id));
    },

    async call(viewer: Viewer, id: number): Promise<QueueEntry> {
      const row = await move(await entryFor(viewer, id), 'called', viewer.id);
      return toQueueEntry(row, (await estimates(row.restaurantId)).get(row.id));
    },

    async cancel(viewer: Viewer, id: number): Promise<void> {
      await move(await entryFor(viewer, id), 'cancelled', viewer.id);
    },

    /** POST /api/public/restaurant/{id}/queue/: the guest form. The same phone while waiting: 409. */
    async guestJoin(restaurantId: number, body: GuestJoinBody, key: string | null, source: EntrySource) {
      const restaurant = await restaurantOrThrow(restaurantId);
      const phone = phoneOrThrow(body.phone, true);
      if (key) {
        const [same] = await db
          .select()
          .from(queueEntries)
          .where(and(eq(queueEntries.restaurantId, restaurant.id), eq(queueEntries.idempotencyKey, key)));
        if (same) return { created: false, status: await guestView(same, restaurant.name) };
      }
      try {
        const entry = await insertEntry({
          restaurantId: restaurant.id,
          timezone: restaurant.timezone,
          groupSize: body.group_size,
          name: body.name,
          phone,
          event: body.event ?? null,
          comment: body.comment,
          source,
          idempotencyKey: key,
          by: null,
        });
        await withQuote(entry);
        return { created: true, status: await guestView(entry, restaurant.name) };
      } catch (error) {
        if (key && isUniqueViolation(error, 'queue_entries_idempotency_uq')) {
          const [same] = await db
            .select()
            .from(queueEntries)
            .where(and(eq(queueEntries.restaurantId, restaurant.id), eq(queueEntries.idempotencyKey, key)));
          if (same) return { created: false, status: await guestView(same, restaurant.name) };
        }
        if (isUniqueViolation(error, 'queue_entries_active_phone_uq')) {
          const [existing] = await db
            .select()
            .from(queueEntries)
            .where(
              and(
                eq(queueEntries.restaurantId, restaurant.id),
                eq(queueEntries.phone, phone),
                inArray(queueEntries.status, [...ACTIVE_QUEUE_STATUSES]),
              ),
            );
          const view = existing ? await guestView(existing, restaurant.name) : null;
          throw new HttpError(409, 'errors.alreadyQueued', 'already_queued', view ? { ...view } : {});
        }
        throw error;
      }
    },

    async guestStatus(token: string): Promise<GuestQueueStatus> {
      const row = await entryByToken(token);
      return guestView(row.entry, row.name);
    },

    async guestCancel(token: string): Promise<GuestQueueStatus> {
      const row = await entryByToken(token);
      const updated = row.entry.status === 'cancelled' ? row.entry : await move(row.entry, 'cancelled', null);
      return guestView(updated, row.name);
    },

    async publicRestaurant(id: number) {
      const restaurant = await restaurantOrThrow(id);
      const tables = await db
        .select({ id: diningTables.id })
        .from(diningTables)
        .where(eq(diningTables.restaurantId, id));
      return { id: restaurant.id, name: restaurant.name, queue_open: tables.length > 0, typical_wait: null };
    },
  };

  /** The guest's entry by its secret token, with the restaurant's name; 404 for any other token. */
  async function entryByToken(token: string): Promise<{ entry: EntryRow; name: string }> {
    const [row] = await db
      .select({ entry: queueEntries, name: restaurants.name })
      .from(queueEntries)
      .innerJoin(restaurants, eq(restaurants.id, queueEntries.restaurantId))
      .where(eq(queueEntries.guestToken, token));
    if (!row) throw notFound();
    return row;
  }

  async function guestView(entry: EntryRow, restaurantName: string): Promise<GuestQueueStatus> {
    const waiting = WAITING.includes(entry.status);
    let position: number | null = null;
    let wait: number | null = null;
    if (waiting) {
      const [ahead] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(queueEntries)
        .where(
          and(
            eq(queueEntries.restaurantId, entry.restaurantId),
            inArray(queueEntries.status, WAITING),
            sql`(${queueEntries.createdAt}, ${queueEntries.id}) < (${entry.createdAt.toISOString()}::timestamptz, ${entry.id})`,
          ),
        );
      position = ahead?.n ?? 0;
      wait = (await estimates(entry.restaurantId)).get(entry.id)?.waitMinutes ?? null;
    }
    return {
      token: entry.guestToken,
      restaurant_name: restaurantName,
      number: entry.number,
      status: entry.status,
      position,
      waiting_time: wait,
    };
  }
}
export type QueueService = ReturnType<typeof createQueueService>;
