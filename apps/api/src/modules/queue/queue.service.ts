import { randomBytes } from 'node:crypto';
import type {
  EntryUpdateBody,
  Forecast,
  ForecastQuery,
  GuestJoinBody,
  GuestQueueStatus,
  HistoryByPhoneQuery,
  InstantSeatBody,
  MoveRestaurantBody,
  PhoneHistory,
  QueueEntry,
  QueueListQuery,
  ReserveBody,
  SeatingZone,
  WalkInBody,
} from '@stolik/contracts';
import { MessageKey, QUOTE_SETTINGS } from '@stolik/contracts';
import { type Database, schema, type Tx } from '@stolik/db';
import {
  ACTIVE_QUEUE_STATUSES,
  type BookingStatus,
  canMoveQueueEntry,
  type EntrySource,
  type JoinedFrom,
  joinedFrom,
  localIsoDate,
  NOTIFIABLE_QUEUE_STATUSES,
  normalizeMobilePhone,
  OUTCOME_STEP_MINUTES,
  type PartyEstimate,
  type QueueStatus,
  type Quote,
  type QuoteCorrection,
  type QuoteHistory,
  quoteCorrectionOf,
  quoteWaits,
  stayChanceOf,
  TABLE_HOLDING_BOOKING_STATUSES,
  type TableHold,
  TURN_QUANTILES,
  type TurnModel,
  turnModel,
  type WaitingParty,
} from '@stolik/domain';
import { and, arrayOverlaps, asc, count, desc, eq, gte, ilike, inArray, max, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { requireRestaurant, type Viewer } from '../../shared/access';
import { isUniqueViolation } from '../../shared/db-errors';
import { deviceHash, isSameGuest } from '../../shared/guest-device';
import { FieldValidationError, HttpError, notFound } from '../../shared/http-errors';
import { idempotencyKeyReused, requestHash } from '../../shared/idempotency';
import { phoneOrThrow } from '../../shared/phone-input';
import { restaurantOrThrow } from '../../shared/restaurant-or-throw';
import { lockSeating } from '../../shared/seating-lock';
import { announceChange } from '../events/changes';
import { loadQuoteRecord } from './quote-record';

const {
  queueEntries,
  queueHistory,
  queueCounters,
  outbox,
  restaurants,
  diningTables,
  zones,
  bookings,
  bookingTables,
} = schema;
type EntryRow = typeof queueEntries.$inferSelect;

const CLEANING_MINUTES = 10;
const TURN_CACHE_MS = 5 * 60_000;
const WAITING: QueueStatus[] = ['live', 'called', 'joined'];
const TABLE_HOLDING_BOOKINGS = TABLE_HOLDING_BOOKING_STATUSES as BookingStatus[];
/** A visit that happened: the guest sat down (and maybe has left). */
const VISITED: QueueStatus[] = ['sat', 'closed'];
const TURN_HISTORY_DAYS = 28;
/** Booked guests past their end time are expected to leave within minutes. */
const OVERSTAY_MS = 5 * 60_000;
const QUOTE_SIZES = [1, 2, 3, 4, 5, 6, 7, 8];
const PHONE_HISTORY_LIMIT = 20;
const DAY_MS = 24 * 60 * 60_000;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toQueueEntry(row: EntryRow, estimate: PartyEstimate | undefined, visits: number): QueueEntry {
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
    visits,
  };
}

/** The hall as the simulation needs it: tables, who sits where, who waits in order, turn times. */
interface Hall {
  tables: { id: number; seatsMin: number; seatsMax: number }[];
  seated: EntryRow[];
  waiting: EntryRow[];
  /** Tables held by bookings, now or later. */
  holds: TableHold[];
  turns: TurnModel;
  stayChance: (waited: number, more: number) => number;
  /** From the simulation's estimate to the quote: the record's correction, the walk as its floor. */
  correct: QuoteCorrection;
}

/**
 * The live queue: guests join (form, Telegram) or are added at the door; staff move them through
 * the status machine. Every change writes a history row, and an outbox row for those who must hear
 * of it, in the same transaction.
 */
export function createQueueService(
  db: Database,
  now: () => Date = () => new Date(),
  options: { turnCacheMs?: number } = {},
) {
  const turnCacheMs = options.turnCacheMs ?? TURN_CACHE_MS;
  /**
   * What the restaurant's last four weeks say about its queue: the quantiles of closed parties'
   * minutes at the table by size bucket, and the share of joins that were seated (the rest walked
   * away or never came). `bench/quotes` learns the same from its simulated history.
   */
  // Four weeks of closed parties barely move in a few minutes: one query per restaurant per
  // TURN_CACHE_MS, not one per list request (the list is the busiest call of a host stand).
  const historyCache = new Map<number, { at: number; value: Promise<QuoteHistory> }>();
  function quoteHistory(restaurantId: number): Promise<QuoteHistory> {
    const cached = historyCache.get(restaurantId);
    const at = now().getTime();
    if (cached && at - cached.at < turnCacheMs && at >= cached.at) return cached.value;
    const value = loadQuoteHistory(restaurantId);
    historyCache.set(restaurantId, { at, value });
    value.catch(() => historyCache.delete(restaurantId));
    return value;
  }

  async function loadQuoteHistory(restaurantId: number): Promise<QuoteHistory> {
    const since = new Date(now().getTime() - TURN_HISTORY_DAYS * DAY_MS);
    // Literal SQL on purpose: the same text in select and group by (bound values would differ).
    const bucket = sql<number>`case when ${queueEntries.groupSize} <= 2 then 2 when ${queueEntries.groupSize} <= 4 then 4 when ${queueEntries.groupSize} <= 6 then 6 else 8 end`;
    const quantiles = sql.raw(`array[${TURN_QUANTILES.join(',')}]::float8[]`);
    const outcomeMinute = sql.raw(
      `(floor(greatest(0, extract(epoch from coalesce(seated_at, finished_at) - created_at)) / ${OUTCOME_STEP_MINUTES * 60}) * ${OUTCOME_STEP_MINUTES})::int`,
    );
    const [turns, outcomes, record] = await Promise.all([
      db
        .select({
          bucket,
          quantiles: sql<
            number[]
          >`percentile_cont(${quantiles}) within group (order by extract(epoch from ${queueEntries.finishedAt} - ${queueEntries.seatedAt})::float8 / 60)`,
          samples: sql<number>`count(*)::int`,
        })
        .from(queueEntries)
        .where(
          and(
            eq(queueEntries.restaurantId, restaurantId),
            eq(queueEntries.status, 'closed'),
            gte(queueEntries.finishedAt, since),
            sql`${queueEntries.finishedAt} >= ${queueEntries.seatedAt}`,
          ),
        )
        .groupBy(bucket),
      // Joins (entries that entered the live queue: analytics' definition), seated or gone, by
      // how long they had waited, in 5-minute steps.
      db
        .select({
          minute: outcomeMinute,
          seated: sql<number>`(count(*) filter (where ${queueEntries.seatedAt} is not null))::int`,
          left: sql<number>`(count(*) filter (where ${queueEntries.seatedAt} is null))::int`,
        })
        .from(queueEntries)
        .where(
          and(
            eq(queueEntries.restaurantId, restaurantId),
            gte(queueEntries.createdAt, since),
            or(
              sql`${queueEntries.seatedAt} is not null`,
              and(eq(queueEntries.status, 'cancelled'), sql`${queueEntries.finishedAt} is not null`),
            ),
            sql`exists (select 1 from ${queueHistory} where ${queueHistory.entryId} = ${queueEntries.id} and ${queueHistory.toStatus} = 'live')`,
          ),
        )
        .groupBy(outcomeMinute),
      loadQuoteRecord(db, restaurantId, since),
    ]);
    return {
      ...record,
      turns: turns.map((r) => ({
        bucket: Number(r.bucket),
        samples: Number(r.samples),
        quantiles: (r.quantiles ?? []).map(Number),
      })),
      outcomes: outcomes.map((o) => ({
        minute: Number(o.minute),
        seated: Number(o.seated),
        left: Number(o.left),
      })),
    };
  }

  async function hallOf(restaurantId: number): Promise<Hall> {
    const at = now();
    // Independent reads, side by side (on PostgreSQL they use separate pooled connections).
    const [tables, rows, history, [settings], booked] = await Promise.all([
      db
        .select({ id: diningTables.id, seatsMin: diningTables.seatsMin, seatsMax: diningTables.seatsMax })
        .from(diningTables)
        .where(eq(diningTables.restaurantId, restaurantId)),
      db
        .select()
        .from(queueEntries)
        .where(
          and(eq(queueEntries.restaurantId, restaurantId), inArray(queueEntries.status, [...WAITING, 'sat'])),
        )
        .orderBy(asc(queueEntries.createdAt), asc(queueEntries.id)),
      quoteHistory(restaurantId),
      db
        .select({ walkMinutes: restaurants.quoteWalkMinutes })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId)),
      // Tables bookings hold from now on (and those whose guests sit there still, past the end).
      db
        .select({
          tableId: bookingTables.tableId,
          status: bookings.status,
          start: sql<string>`lower(${bookingTables.during})`,
          end: sql<string>`upper(${bookingTables.during})`,
        })
        .from(bookingTables)
        .innerJoin(bookings, eq(bookings.id, bookingTables.bookingId))
        .where(
          and(
            eq(bookingTables.restaurantId, restaurantId),
            inArray(bookings.status, TABLE_HOLDING_BOOKINGS),
            or(
              sql`upper(${bookingTables.during}) > ${at.toISOString()}::timestamptz`,
              eq(bookings.status, 'open'),
            ),
          ),
        ),
    ]);
    return {
      tables,
      seated: rows.filter((r) => r.status === 'sat'),
      waiting: rows.filter((r) => r.status !== 'sat'),
      holds: booked.map((b) => ({
        tableId: b.tableId,
        start: new Date(b.start),
        // Booked guests still at the table past their end: there a few minutes more.
        end: new Date(Math.max(new Date(b.end).getTime(), at.getTime() + OVERSTAY_MS)),
      })),
      turns: turnModel(history.turns),
      stayChance: stayChanceOf(history.outcomes),
      correct: quoteCorrectionOf(history, settings?.walkMinutes ?? QUOTE_SETTINGS.walk.default),
    };
  }

  /** The hall simulated now, with `newcomers` (parties not in the queue yet) after everyone waiting. */
  function simulate(hall: Hall, newcomers: (WaitingParty & { from?: JoinedFrom })[] = []): Quote[] {
    const seated = hall.seated
      .filter((r) => r.seatedAt)
      .flatMap((r) =>
        r.tableIds.map((tableId) => ({ tableId, seatedAt: r.seatedAt as Date, partySize: r.groupSize })),
      );
    return quoteWaits({
      now: now(),
      tables: hall.tables,
      seated,
      holds: hall.holds,
      queue: [
        ...hall.waiting.map((r) => ({
          id: r.id,
          partySize: r.groupSize,
          waitedMinutes: Math.max(0, (now().getTime() - r.createdAt.getTime()) / 60_000),
          from: joinedFrom(r.source),
        })),
        // A newcomer asks at the host stand (the staff forecast), unless said otherwise.
        ...newcomers.map((n) => ({ from: 'door' as const, ...n, waitedMinutes: 0 })),
      ],
      turns: hall.turns,
      cleaningMinutes: CLEANING_MINUTES,
      correct: hall.correct,
      stayChance: hall.stayChance,
    });
  }

  /** The hall simulated now: a wait for every waiting party of the restaurant. */
  async function estimates(restaurantId: number): Promise<Map<number, Quote>> {
    return new Map(simulate(await hallOf(restaurantId)).map((e) => [e.id, e]));
  }

  /** Earlier visits of each row's phone to its restaurant, for all rows in one grouped query. */
  async function visitsOf(rows: EntryRow[]): Promise<Map<number, number>> {
    const ids = rows.filter((r) => r.phone !== '').map((r) => r.id);
    if (ids.length === 0) return new Map();
    const earlier = alias(queueEntries, 'earlier');
    const counts = await db
      .select({ id: queueEntries.id, visits: sql<number>`count(*)::int` })
      .from(queueEntries)
      .innerJoin(
        earlier,
        and(
          eq(earlier.restaurantId, queueEntries.restaurantId),
          eq(earlier.phone, queueEntries.phone),
          inArray(earlier.status, VISITED),
          sql`(${earlier.createdAt}, ${earlier.id}) < (${queueEntries.createdAt}, ${queueEntries.id})`,
        ),
      )
      .where(inArray(queueEntries.id, ids))
      .groupBy(queueEntries.id);
    return new Map(counts.map((c) => [c.id, c.visits]));
  }

  /** An entry as staff see it: its wait now (unless already known) and the guest's earlier visits. */
  async function view(row: EntryRow, estimate?: PartyEstimate): Promise<QueueEntry> {
    const visits = (await visitsOf([row])).get(row.id) ?? 0;
    return toQueueEntry(row, estimate ?? (await estimates(row.restaurantId)).get(row.id), visits);
  }

  /** 400 unless every table is one of the restaurant's. */
  async function tablesOfOrThrow(restaurantId: number, tableIds: number[]): Promise<void> {
    const owned = await db
      .select({ id: diningTables.id })
      .from(diningTables)
      .where(
        and(
          eq(diningTables.restaurantId, restaurantId),
          inArray(diningTables.id, tableIds.length ? tableIds : [-1]),
        ),
      );
    if (owned.length !== tableIds.length) throw new FieldValidationError({ tables: [MessageKey.invalid] });
  }

  /**
   * Never two parties at one table: inside the seating transaction, under a lock per restaurant,
   * so of two hostesses seating the same table at the same moment the second one sees the first
   * one's party and gets a 409.
   */
  async function claimTables(tx: Tx, restaurantId: number, tableIds: number[], entryId: number | null) {
    if (tableIds.length === 0) return;
    await lockSeating(tx, restaurantId);
    // Read again under the lock: a table deleted meanwhile (the hall takes this lock too) is gone.
    const present = await tx
      .select({ id: diningTables.id })
      .from(diningTables)
      .where(and(eq(diningTables.restaurantId, restaurantId), inArray(diningTables.id, tableIds)));
    if (present.length !== new Set(tableIds).size)
      throw new FieldValidationError({ tables: [MessageKey.invalid] });
    const taken = await tx
      .select({ tables: queueEntries.tableIds })
      .from(queueEntries)
      .where(
        and(
          eq(queueEntries.restaurantId, restaurantId),
          eq(queueEntries.status, 'sat'),
          arrayOverlaps(queueEntries.tableIds, tableIds),
          entryId === null ? undefined : ne(queueEntries.id, entryId),
        ),
      );
    if (taken.length > 0) {
      const busy = new Set(taken.flatMap((r) => r.tables));
      throw new HttpError(409, 'queue.tableTaken', 'table_taken', {
        tables: tableIds.filter((id) => busy.has(id)),
      });
    }
    // Nor a walk-in at a table a booking holds now: its held range (preparation and cleaning
    // included) covers this moment, or its party sits there still (open, past its end time).
    // Bookings later in the day leave the table free until then.
    const at = now().toISOString();
    const booked = await tx
      .select({
        tableId: bookingTables.tableId,
        bookingId: bookingTables.bookingId,
        number: diningTables.number,
      })
      .from(bookingTables)
      .innerJoin(bookings, eq(bookings.id, bookingTables.bookingId))
      .innerJoin(diningTables, eq(diningTables.id, bookingTables.tableId))
      .where(
        and(
          eq(bookingTables.restaurantId, restaurantId),
          inArray(bookingTables.tableId, tableIds),
          inArray(bookings.status, TABLE_HOLDING_BOOKINGS),
          or(
            sql`${bookingTables.during} @> ${at}::timestamptz`,
            and(eq(bookings.status, 'open'), sql`lower(${bookingTables.during}) <= ${at}::timestamptz`),
          ),
        ),
      )
      .orderBy(asc(diningTables.number));
    if (booked.length > 0) {
      throw new HttpError(
        409,
        'bookingConflicts.tableBookedNow',
        'table_booked',
        {
          tables: [...new Set(booked.map((b) => b.tableId))],
          bookings: [...new Set(booked.map((b) => b.bookingId))],
        },
        {},
        { tables: [...new Set(booked.map((b) => b.number))].join(', ') },
      );
    }
  }

  /** The next number of a restaurant's day, taken atomically by concurrent joins. */
  async function nextNumber(tx: Tx, restaurantId: number, serviceDate: string): Promise<number> {
    const [counter] = await tx
      .insert(queueCounters)
      .values({ restaurantId, serviceDate, lastNumber: 1 })
      .onConflictDoUpdate({
        target: [queueCounters.restaurantId, queueCounters.serviceDate],
        set: { lastNumber: sql`${queueCounters.lastNumber} + 1` },
      })
      .returning();
    if (!counter) throw new Error('no queue number');
    return counter.lastNumber;
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
    /** What the key is bound to (shared/idempotency.ts). */
    idempotencyHash?: string | null;
    /** The guest's chat with the bot, when they joined from the Mini App (their table-ready message). */
    telegramChatId?: number | null;
    /** The hash of the guest page's device key (guest-device.ts). */
    guestDeviceHash?: string | null;
    by: number | null;
    /** 'live' (waiting), 'reserve' (held for later) or 'sat' (seated at once at `tableIds`). */
    status?: 'live' | 'reserve' | 'sat';
    tableIds?: number[];
  }): Promise<EntryRow> {
    const serviceDate = localIsoDate(input.timezone, now());
    const status = input.status ?? 'live';
    const tableIds = input.tableIds ?? [];
    return db.transaction(async (tx) => {
      if (status === 'sat') await claimTables(tx, input.restaurantId, tableIds, null);
      const number = await nextNumber(tx, input.restaurantId, serviceDate);
      const [entry] = await tx
        .insert(queueEntries)
        .values({
          restaurantId: input.restaurantId,
          serviceDate,
          number,
          groupSize: input.groupSize,
          name: input.name,
          phone: input.phone,
          event: input.event,
          comment: input.comment,
          source: input.source,
          status,
          tableIds,
          ...(status === 'sat' ? { seatedAt: now(), quotedWaitMinutes: 0 } : {}),
          guestToken: randomBytes(18).toString('base64url'),
          idempotencyKey: input.idempotencyKey,
          idempotencyHash: input.idempotencyHash ?? null,
          telegramChatId: input.telegramChatId ?? null,
          guestDeviceHash: input.guestDeviceHash ?? null,
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
    // The simulation's own estimate beside the quote: what the record's correction learns from.
    const estimated = estimate?.estimateMinutes ?? null;
    if (entry.quotedWaitMinutes !== quoted || entry.estimatedWaitMinutes !== estimated) {
      await db
        .update(queueEntries)
        .set({ quotedWaitMinutes: quoted, estimatedWaitMinutes: estimated })
        .where(eq(queueEntries.id, entry.id));
    }
    return { entry: { ...entry, quotedWaitMinutes: quoted, estimatedWaitMinutes: estimated }, estimate };
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
        if (to === 'sat') {
          await claimTables(tx, entry.restaurantId, extra.tableIds ?? entry.tableIds, entry.id);
        }
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

  /** An entry added by a hostess (a walk-in, a held guest, a party seated at once). */
  async function addByStaff(
    viewer: Viewer,
    body: WalkInBody,
    status: 'live' | 'reserve' | 'sat',
    tableIds: number[] = [],
  ): Promise<EntryRow> {
    requireRestaurant(viewer, body.restaurant, 'member');
    const restaurant = await restaurantOrThrow(db, body.restaurant);
    const phone = phoneOrThrow(body.phone, false);
    if (status === 'sat') await tablesOfOrThrow(restaurant.id, tableIds);
    try {
      return await insertEntry({
        restaurantId: restaurant.id,
        timezone: restaurant.timezone,
        groupSize: body.group_size,
        name: body.name,
        phone,
        event: body.event ?? null,
        comment: body.comment,
        source: 'staff',
        idempotencyKey: null,
        by: viewer.id,
        status,
        tableIds,
      });
    } catch (error) {
      if (isUniqueViolation(error, 'queue_entries_active_phone_uq')) {
        throw new HttpError(409, 'errors.alreadyQueued', 'already_queued');
      }
      throw error;
    }
  }

  return {
    estimates,

    async list(query: QueueListQuery): Promise<QueueEntry[]> {
      const restaurant = await restaurantOrThrow(db, query.restaurant_id);
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
      const [rows, waits] = await Promise.all([
        db
          .select()
          .from(queueEntries)
          .where(and(...conditions))
          .orderBy(desc(queueEntries.updatedAt), desc(queueEntries.id)),
        estimates(restaurant.id),
      ]);
      const visits = await visitsOf(rows);
      return rows.map((row) => toQueueEntry(row, waits.get(row.id), visits.get(row.id) ?? 0));
    },

    async get(viewer: Viewer, id: number): Promise<QueueEntry> {
      return view(await entryFor(viewer, id));
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
      const entry = await addByStaff(viewer, body, 'live');
      const quoted = await withQuote(entry);
      return view(quoted.entry, quoted.estimate);
    },

    /** POST /api/reservation/create_reservation/: held in reserve, out of the waits until staff make it live. */
    async reserve(viewer: Viewer, body: ReserveBody): Promise<QueueEntry> {
      return view(await addByStaff(viewer, body, 'reserve'));
    },

    /** POST /api/reservation/instant_seat/: a walk-in seated at once at free tables. */
    async instantSeat(viewer: Viewer, body: InstantSeatBody): Promise<QueueEntry> {
      return view(await addByStaff(viewer, body, 'sat', body.tables));
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
        await tablesOfOrThrow(row.restaurantId, body.tables);
        details.tableIds = body.tables;
      }
      if (body.status !== undefined && body.status !== row.status) {
        row = await move(row, body.status, viewer.id, details);
      } else if (Object.keys(details).length > 0) {
        const before = row;
        row = await db.transaction(async (tx) => {
          // A seated party moved to other tables is seated again: the same rule, the same lock.
          if (before.status === 'sat' && details.tableIds) {
            await claimTables(tx, before.restaurantId, details.tableIds, before.id);
          }
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
      return view(row);
    },

    /**
     * PUT /api/reservation/{id}/update_resto/: a waiting guest sent to another restaurant of the
     * same staff member: the next number of that restaurant's day, no tables, both halls told.
     */
    async moveRestaurant(viewer: Viewer, id: number, body: MoveRestaurantBody): Promise<QueueEntry> {
      const entry = await entryFor(viewer, id);
      requireRestaurant(viewer, body.restaurant, 'member');
      if (body.restaurant === entry.restaurantId) {
        throw new FieldValidationError({ restaurant: [MessageKey.invalid] });
      }
      const target = await restaurantOrThrow(db, body.restaurant);
      if (!ACTIVE_QUEUE_STATUSES.includes(entry.status)) {
        throw new HttpError(409, 'queue.transitionRefused', 'invalid_transition', { status: entry.status });
      }
      const serviceDate = localIsoDate(target.timezone, now());
      try {
        const moved = await db.transaction(async (tx) => {
          const number = await nextNumber(tx, target.id, serviceDate);
          const [updated] = await tx
            .update(queueEntries)
            .set({ restaurantId: target.id, serviceDate, number, tableIds: [], updatedAt: now() })
            .where(
              and(
                eq(queueEntries.id, entry.id),
                eq(queueEntries.restaurantId, entry.restaurantId),
                eq(queueEntries.status, entry.status),
              ),
            )
            .returning();
          if (!updated) throw new HttpError(409, 'queue.changedElsewhere', 'conflict');
          await record(tx, updated, entry.status, viewer.id, {
            from_restaurant: entry.restaurantId,
            to_restaurant: target.id,
          });
          // record() tells the new restaurant; the old one's screens must drop the guest.
          await announceChange(tx, {
            kind: 'queue',
            restaurant: entry.restaurantId,
            id: entry.id,
            status: updated.status,
          });
          return updated;
        });
        return view(moved);
      } catch (error) {
        if (isUniqueViolation(error, 'queue_entries_active_phone_uq')) {
          throw new HttpError(409, 'errors.alreadyQueued', 'already_queued');
        }
        throw error;
      }
    },

    async call(viewer: Viewer, id: number): Promise<QueueEntry> {
      return view(await move(await entryFor(viewer, id), 'called', viewer.id));
    },

    async cancel(viewer: Viewer, id: number): Promise<void> {
      await move(await entryFor(viewer, id), 'cancelled', viewer.id);
    },

    /**
     * POST /api/public/restaurant/{id}/queue/: the guest form. The same phone while waiting: 409
     * 'Ты уже в очереди', with the entry (its page's token) only for the guest it belongs to, proved
     * by the device key or the Telegram chat (guest-device.ts); anyone else learns nothing more.
     * From the Mini App, the guest's Telegram chat is kept for the message that their table is ready.
     */
    async guestJoin(
      restaurantId: number,
      body: GuestJoinBody,
      key: string | null,
      source: EntrySource,
      telegramChatId: number | null = null,
    ) {
      const restaurant = await restaurantOrThrow(db, restaurantId);
      const phone = phoneOrThrow(body.phone, true);
      // The same form sent again (a double tap, a retry): the entry it made the first time; the
      // same key with another form: 422, never the entry (and token) of whoever sent it first.
      const bodyHash = requestHash(`POST queue ${restaurant.id}`, body);
      const replayed = async (idempotencyKey: string) => {
        const [same] = await db
          .select()
          .from(queueEntries)
          .where(
            and(
              eq(queueEntries.restaurantId, restaurant.id),
              eq(queueEntries.idempotencyKey, idempotencyKey),
            ),
          );
        if (same && same.idempotencyHash !== bodyHash) throw idempotencyKeyReused();
        return same ? { created: false, status: await guestView(same, restaurant.name) } : null;
      };
      if (key) {
        const earlier = await replayed(key);
        if (earlier) return earlier;
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
          idempotencyHash: key ? bodyHash : null,
          telegramChatId,
          guestDeviceHash: body.device_key ? deviceHash(body.device_key) : null,
          by: null,
        });
        await withQuote(entry);
        return { created: true, status: await guestView(entry, restaurant.name) };
      } catch (error) {
        if (key && isUniqueViolation(error, 'queue_entries_idempotency_uq')) {
          const earlier = await replayed(key);
          if (earlier) return earlier;
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
          const own = existing && isSameGuest(existing, { deviceKey: body.device_key, telegramChatId });
          const view = own ? await guestView(existing, restaurant.name) : null;
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

    /** GET /api/reservation/zones/{id}/: every table by zone, free or with the party sitting there. */
    async seatingZones(restaurantId: number): Promise<SeatingZone[]> {
      await restaurantOrThrow(db, restaurantId);
      const zoneRows = await db
        .select()
        .from(zones)
        .where(eq(zones.restaurantId, restaurantId))
        .orderBy(asc(zones.sortOrder), asc(zones.name));
      const tableRows = await db
        .select()
        .from(diningTables)
        .where(eq(diningTables.restaurantId, restaurantId));
      const seated = await db
        .select()
        .from(queueEntries)
        .where(and(eq(queueEntries.restaurantId, restaurantId), eq(queueEntries.status, 'sat')));
      const sittingAt = new Map(seated.flatMap((entry) => entry.tableIds.map((tableId) => [tableId, entry])));
      const tablesOf = (zoneId: number | null) =>
        tableRows
          .filter((table) => table.zoneId === zoneId)
          .sort((a, b) => a.number.localeCompare(b.number, 'ru', { numeric: true }) || a.id - b.id)
          .map((table) => {
            const entry = sittingAt.get(table.id);
            return {
              id: table.id,
              number: table.number,
              seats_min: table.seatsMin,
              seats_max: table.seatsMax,
              occupied_by: entry
                ? {
                    id: entry.id,
                    number: entry.number,
                    name: entry.name,
                    group_size: entry.groupSize,
                    seated_time: (entry.seatedAt ?? entry.updatedAt).toISOString(),
                  }
                : null,
            };
          });
      const result: SeatingZone[] = zoneRows.map((zone) => ({
        id: zone.id,
        name: zone.name,
        tables: tablesOf(zone.id),
      }));
      const loose = tablesOf(null);
      if (loose.length > 0) result.push({ id: null, name: '', tables: loose });
      return result;
    },

    /**
     * GET /api/reservation/forecast/{id}/: one page of the waiting parties in queue order with their
     * simulated waits, and what a party of each size joining now would wait.
     */
    async forecast(restaurantId: number, query: ForecastQuery): Promise<Omit<Forecast, 'next' | 'previous'>> {
      await restaurantOrThrow(db, restaurantId);
      const hall = await hallOf(restaurantId);
      const waits = new Map(simulate(hall).map((e) => [e.id, e]));
      const start = (query.page - 1) * query.page_size;
      const results = hall.waiting.slice(start, start + query.page_size).map((row) => {
        const estimate = waits.get(row.id);
        return {
          id: row.id,
          number: row.number,
          name: row.name,
          group_size: row.groupSize,
          status: row.status,
          waiting_time: estimate?.waitMinutes ?? null,
          waiting_range: estimate?.range ?? null,
          table: estimate?.tableId ?? null,
        };
      });
      const quotes = QUOTE_SIZES.map((size) => {
        // A party that is not in the queue yet: an id no entry has.
        const newcomer = simulate(hall, [{ id: 0, partySize: size }]).find((e) => e.id === 0);
        return { group_size: size, waiting_time: newcomer?.waitMinutes ?? null };
      });
      return { count: hall.waiting.length, results, now: quotes };
    },

    /** GET /api/reservation/history-by-phone/: how often this guest came, and their last entries. */
    async phoneHistory(query: HistoryByPhoneQuery): Promise<PhoneHistory> {
      const phone = normalizeMobilePhone(query.phone_number);
      if (!phone) throw new FieldValidationError({ phone_number: [MessageKey.phone] });
      await restaurantOrThrow(db, query.restaurant_id);
      const ofGuest = and(eq(queueEntries.restaurantId, query.restaurant_id), eq(queueEntries.phone, phone));
      const [summary] = await db
        .select({ visits: count(), last: max(queueEntries.createdAt) })
        .from(queueEntries)
        .where(and(ofGuest, inArray(queueEntries.status, VISITED)));
      const rows = await db
        .select()
        .from(queueEntries)
        .where(ofGuest)
        .orderBy(desc(queueEntries.createdAt), desc(queueEntries.id))
        .limit(PHONE_HISTORY_LIMIT);
      return {
        phone,
        visits: summary?.visits ?? 0,
        last_visit: iso(summary?.last ?? null),
        entries: rows.map((row) => ({
          id: row.id,
          date: row.serviceDate,
          name: row.name,
          group_size: row.groupSize,
          status: row.status,
          created: row.createdAt.toISOString(),
          seated_time: iso(row.seatedAt),
        })),
      };
    },

    async publicRestaurant(id: number) {
      const restaurant = await restaurantOrThrow(db, id);
      const hall = await hallOf(id);
      // What a couple joining now would wait: the figure a guest weighs before joining (by the form).
      const [couple] = simulate(hall, [{ id: -1, partySize: 2, from: 'away' }]).filter((e) => e.id === -1);
      return {
        id: restaurant.id,
        name: restaurant.name,
        queue_open: hall.tables.length > 0,
        typical_wait: couple?.waitMinutes ?? null,
      };
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
      restaurant: entry.restaurantId,
      restaurant_name: restaurantName,
      number: entry.number,
      status: entry.status,
      position,
      waiting_time: wait,
    };
  }
}
export type QueueService = ReturnType<typeof createQueueService>;
