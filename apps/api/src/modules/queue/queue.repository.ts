import { type Database, schema, type Tx } from '@stolik/db';
import {
  type BookingStatus,
  type LegacySource,
  OUTCOME_STEP_MINUTES,
  type QueueStatus,
  TABLE_HOLDING_BOOKING_STATUSES,
  TURN_QUANTILES,
  VISITED_QUEUE_STATUSES,
} from '@stolik/domain';
import { and, asc, count, desc, eq, gte, ilike, inArray, max, ne, or, type SQL, sql } from 'drizzle-orm';
import { countsInQueueFiguresSql, legacySourceCondition } from './entry-source.repository';

const {
  queueEntries,
  queueHistory,
  queueCounters,
  restaurants,
  diningTables,
  zones,
  bookings,
  bookingTables,
} = schema;
export type EntryRow = typeof queueEntries.$inferSelect;
export type NewEntryRow = typeof queueEntries.$inferInsert;

// Reading a column of 60 rows costs as much as a query of its own on PGlite (every value is
// decoded in JavaScript): the hot reads take only what they show.
/** What a staff row of the list shows of an entry (`toQueueEntry`). */
const listed = {
  id: queueEntries.id,
  restaurantId: queueEntries.restaurantId,
  number: queueEntries.number,
  groupSize: queueEntries.groupSize,
  event: queueEntries.event,
  comment: queueEntries.comment,
  name: queueEntries.name,
  phone: queueEntries.phone,
  source: queueEntries.source,
  status: queueEntries.status,
  fake: queueEntries.fake,
  createdAt: queueEntries.createdAt,
  invitedAt: queueEntries.invitedAt,
  seatedAt: queueEntries.seatedAt,
  finishedAt: queueEntries.finishedAt,
  tableIds: queueEntries.tableIds,
  quotedWaitMinutes: queueEntries.quotedWaitMinutes,
};
/** An entry as a staff row shows it. */
export type ListedEntry = Pick<EntryRow, keyof typeof listed>;

/** What the hall's simulation and the forecast read of a waiting party. */
const inHall = {
  id: queueEntries.id,
  number: queueEntries.number,
  name: queueEntries.name,
  groupSize: queueEntries.groupSize,
  status: queueEntries.status,
  source: queueEntries.source,
  tableIds: queueEntries.tableIds,
  createdAt: queueEntries.createdAt,
  seatedAt: queueEntries.seatedAt,
  updatedAt: queueEntries.updatedAt,
};
export type HallParty = Pick<EntryRow, keyof typeof inHall>;

/** The parties still waiting for a table, one way or another (reserve entries are not in the queue yet). */
export const WAITING: QueueStatus[] = ['live', 'called', 'joined'];
const placeholder = sql.placeholder;

const TABLE_HOLDING_BOOKINGS = TABLE_HOLDING_BOOKING_STATUSES as BookingStatus[];

/**
 * A booking's table is held at `at` for guests still to come: its held range (preparation and
 * cleaning included) covers it. A booking whose guests sit in the hall ('open') is not a hold but
 * an occupant (shared/occupancy.repository.ts), whatever its time. The seating rule and the seat
 * picker read this one condition, so the picker never offers a table the rule refuses.
 */
const holdsTableAt = (at: Date): SQL =>
  and(sql`${bookingTables.during} @> ${at.toISOString()}::timestamptz`, ne(bookings.status, 'open')) ??
  sql`false`;

/** A name containing the words, a phone containing the digits (three or more), or the number itself. */
function searchFilter(search: string): SQL {
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = search.replace(/\D/g, '');
  const byNumber = /^\d{1,4}$/.test(search) ? [eq(queueEntries.number, Number(search))] : [];
  return (
    or(
      ilike(queueEntries.name, like),
      ...(digits.length >= 3 ? [ilike(queueEntries.phone, `%${digits}%`)] : []),
      ...byNumber,
    ) ?? sql`true`
  );
}

/** Where queue entries are read and written; the rules are the services'. */
export function createQueueRepository(db: Database) {
  // The queue list's reads run on every request of every host stand: each is built once here and
  // run with its values (on PostgreSQL, also parsed and planned once per pooled connection).
  const restaurantId = placeholder('restaurantId');
  const hot = {
    tableSeats: db
      .select({ id: diningTables.id, seatsMin: diningTables.seatsMin, seatsMax: diningTables.seatsMax })
      .from(diningTables)
      .where(eq(diningTables.restaurantId, restaurantId))
      .prepare('queue_table_seats'),
    inHall: db
      .select(inHall)
      .from(queueEntries)
      .where(
        and(
          eq(queueEntries.restaurantId, restaurantId),
          inArray(queueEntries.status, WAITING),
          eq(queueEntries.fake, false),
        ),
      )
      .orderBy(asc(queueEntries.createdAt), asc(queueEntries.id))
      .prepare('queue_in_hall'),
    restaurant: db
      .select({ timezone: restaurants.timezone, walkMinutes: restaurants.quoteWalkMinutes })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId))
      .prepare('queue_restaurant'),
    bookingHolds: db
      .select({
        tableId: bookingTables.tableId,
        status: bookings.status,
        partySize: bookings.groupSize,
        start: sql<string>`lower(${bookingTables.during})`,
        end: sql<string>`upper(${bookingTables.during})`,
      })
      .from(bookingTables)
      .innerJoin(bookings, eq(bookings.id, bookingTables.bookingId))
      .where(
        and(
          eq(bookingTables.restaurantId, restaurantId),
          inArray(bookings.status, TABLE_HOLDING_BOOKINGS),
          // Guests in the hall are occupants (shared/occupancy.repository.ts), read apart.
          ne(bookings.status, 'open'),
          sql`upper(${bookingTables.during}) > ${placeholder('at')}::timestamptz`,
        ),
      )
      .prepare('queue_booking_holds'),
    day: db
      .select(listed)
      .from(queueEntries)
      .where(
        and(eq(queueEntries.restaurantId, restaurantId), eq(queueEntries.serviceDate, placeholder('day'))),
      )
      .orderBy(desc(queueEntries.updatedAt), desc(queueEntries.id))
      .prepare('queue_day'),
  };

  return {
    findById: async (id: number): Promise<EntryRow | undefined> =>
      (await db.select().from(queueEntries).where(eq(queueEntries.id, id)))[0],

    /** The guest's entry by its secret token, with the restaurant's name. */
    findByToken: async (token: string): Promise<{ entry: EntryRow; name: string } | undefined> =>
      (
        await db
          .select({ entry: queueEntries, name: restaurants.name })
          .from(queueEntries)
          .innerJoin(restaurants, eq(restaurants.id, queueEntries.restaurantId))
          .where(eq(queueEntries.guestToken, token))
      )[0],

    /** The restaurant's entries of these statuses, with its name: every guest page of it at once. */
    byRestaurantAndStatus: (restaurantId: number, statuses: readonly QueueStatus[]) =>
      db
        .select({ entry: queueEntries, name: restaurants.name })
        .from(queueEntries)
        .innerJoin(restaurants, eq(restaurants.id, queueEntries.restaurantId))
        .where(and(eq(queueEntries.restaurantId, restaurantId), inArray(queueEntries.status, [...statuses]))),

    /** The guest's entry and its restaurant, for their event stream. */
    refByToken: async (token: string): Promise<{ id: number; restaurantId: number } | undefined> =>
      (
        await db
          .select({ id: queueEntries.id, restaurantId: queueEntries.restaurantId })
          .from(queueEntries)
          .where(eq(queueEntries.guestToken, token))
      )[0],

    /** The entry's status and token, if the guest of this Telegram chat joined with it. */
    ofGuestChat: async (entryId: number, chatId: number) =>
      (
        await db
          .select({
            status: queueEntries.status,
            token: queueEntries.guestToken,
            restaurantId: queueEntries.restaurantId,
          })
          .from(queueEntries)
          .where(and(eq(queueEntries.id, entryId), eq(queueEntries.telegramChatId, chatId)))
      )[0],

    findByIdempotencyKey: async (restaurantId: number, key: string): Promise<EntryRow | undefined> =>
      (
        await db
          .select()
          .from(queueEntries)
          .where(and(eq(queueEntries.restaurantId, restaurantId), eq(queueEntries.idempotencyKey, key)))
      )[0],

    /** The phone's entry still in the restaurant's queue (at most one: queue_entries_active_phone_uq). */
    activeOfPhone: async (restaurantId: number, phone: string, active: readonly QueueStatus[]) =>
      (
        await db
          .select()
          .from(queueEntries)
          .where(
            and(
              eq(queueEntries.restaurantId, restaurantId),
              eq(queueEntries.phone, phone),
              inArray(queueEntries.status, [...active]),
            ),
          )
      )[0],

    /** A day's entries, optionally by status and search, the latest changed first. */
    ofDay: (
      restaurantId: number,
      day: string,
      statuses?: QueueStatus[],
      search?: string,
      legacySources?: readonly LegacySource[],
    ): Promise<ListedEntry[]> =>
      !statuses?.length && !search && !legacySources?.length
        ? hot.day.execute({ restaurantId, day })
        : db
            .select(listed)
            .from(queueEntries)
            .where(
              and(
                eq(queueEntries.restaurantId, restaurantId),
                eq(queueEntries.serviceDate, day),
                statuses?.length ? inArray(queueEntries.status, statuses) : undefined,
                search ? searchFilter(search) : undefined,
                legacySources?.length ? legacySourceCondition(legacySources) : undefined,
              ),
            )
            .orderBy(desc(queueEntries.updatedAt), desc(queueEntries.id)),

    /** The parties waiting, in queue order (a Fake is no party), for the hall's simulation. */
    inHall: (restaurantId: number): Promise<HallParty[]> => hot.inHall.execute({ restaurantId }),

    /** How many entries in these statuses came before this one. */
    countAhead: async (entry: EntryRow, statuses: QueueStatus[]): Promise<number> => {
      const [ahead] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(queueEntries)
        .where(
          and(
            eq(queueEntries.restaurantId, entry.restaurantId),
            inArray(queueEntries.status, statuses),
            sql`(${queueEntries.createdAt}, ${queueEntries.id}) < (${entry.createdAt.toISOString()}::timestamptz, ${entry.id})`,
          ),
        );
      return ahead?.n ?? 0;
    },

    history: (entryId: number) =>
      db
        .select()
        .from(queueHistory)
        .where(eq(queueHistory.entryId, entryId))
        .orderBy(asc(queueHistory.at), asc(queueHistory.id)),

    /** The phone's visits (sat down) at the restaurant and the last one's join time. */
    phoneSummary: async (restaurantId: number, phone: string) =>
      (
        await db
          .select({ visits: count(), last: max(queueEntries.createdAt) })
          .from(queueEntries)
          .where(
            and(
              eq(queueEntries.restaurantId, restaurantId),
              eq(queueEntries.phone, phone),
              inArray(queueEntries.status, [...VISITED_QUEUE_STATUSES]),
            ),
          )
      )[0],

    /** The phone's latest entries at the restaurant, newest first. */
    phoneEntries: (restaurantId: number, phone: string, limit: number) =>
      db
        .select()
        .from(queueEntries)
        .where(and(eq(queueEntries.restaurantId, restaurantId), eq(queueEntries.phone, phone)))
        .orderBy(desc(queueEntries.createdAt), desc(queueEntries.id))
        .limit(limit),

    zones: (restaurantId: number) =>
      db
        .select()
        .from(zones)
        .where(eq(zones.restaurantId, restaurantId))
        .orderBy(asc(zones.sortOrder), asc(zones.name)),

    tables: (restaurantId: number) =>
      db.select().from(diningTables).where(eq(diningTables.restaurantId, restaurantId)),

    tableSeats: (restaurantId: number) => hot.tableSeats.execute({ restaurantId }),

    /** Which of these tables are the restaurant's (in a transaction: under the seating lock). */
    tablesAmong: async (
      restaurantId: number,
      tableIds: number[],
      tx: Database | Tx = db,
    ): Promise<number[]> =>
      (
        await tx
          .select({ id: diningTables.id })
          .from(diningTables)
          .where(
            and(
              eq(diningTables.restaurantId, restaurantId),
              inArray(diningTables.id, tableIds.length ? tableIds : [-1]),
            ),
          )
      ).map((t) => t.id),

    /** What the queue needs of its restaurant: its zone (the day's list) and the walk to the door (quotes). */
    restaurant: async (
      restaurantId: number,
    ): Promise<{ timezone: string; walkMinutes: number } | undefined> =>
      (await hot.restaurant.execute({ restaurantId }))[0],

    /** Tables bookings hold from `at` on for guests still to come (those in the hall are occupants). */
    bookingHolds: (restaurantId: number, at: Date) =>
      hot.bookingHolds.execute({ restaurantId, at: at.toISOString() }),

    /**
     * The quantiles of closed parties' minutes at the table by size bucket since `since`, and the
     * joins (entries that entered the live queue: analytics' definition), called (or seated) or
     * gone uncalled, by how long they had waited until then, in 5-minute steps.
     */
    async quoteHistory(restaurantId: number, since: Date) {
      // Literal SQL on purpose: the same text in select and group by (bound values would differ).
      const bucket = sql<number>`case when ${queueEntries.groupSize} <= 2 then 2 when ${queueEntries.groupSize} <= 4 then 4 when ${queueEntries.groupSize} <= 6 then 6 else 8 end`;
      const quantiles = sql.raw(`array[${TURN_QUANTILES.join(',')}]::float8[]`);
      const outcomeMinute = sql.raw(
        `(floor(greatest(0, extract(epoch from coalesce(invited_at, seated_at, finished_at) - created_at)) / ${OUTCOME_STEP_MINUTES * 60}) * ${OUTCOME_STEP_MINUTES})::int`,
      );
      const [turns, outcomes] = await Promise.all([
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
              countsInQueueFiguresSql(),
              gte(queueEntries.finishedAt, since),
              sql`${queueEntries.finishedAt} >= ${queueEntries.seatedAt}`,
            ),
          )
          .groupBy(bucket),
        db
          .select({
            minute: outcomeMinute,
            called: sql<number>`(count(*) filter (where ${queueEntries.invitedAt} is not null or ${queueEntries.seatedAt} is not null))::int`,
            left: sql<number>`(count(*) filter (where ${queueEntries.invitedAt} is null and ${queueEntries.seatedAt} is null))::int`,
          })
          .from(queueEntries)
          .where(
            and(
              eq(queueEntries.restaurantId, restaurantId),
              countsInQueueFiguresSql(),
              gte(queueEntries.createdAt, since),
              or(
                sql`${queueEntries.seatedAt} is not null`,
                and(eq(queueEntries.status, 'cancelled'), sql`${queueEntries.finishedAt} is not null`),
              ),
              sql`exists (select 1 from ${queueHistory} where ${queueHistory.entryId} = ${queueEntries.id} and ${queueHistory.toStatus} = 'live')`,
            ),
          )
          .groupBy(outcomeMinute),
      ]);
      return { turns, outcomes };
    },

    // ---- in a writing transaction ----

    /**
     * The quote given at a join and the hall simulation's estimate it came from (issue #20), in the
     * join's transaction: announced with the entry by its status log.
     */
    async recordQuote(tx: Tx, id: number, quoted: number | null, estimated: number | null): Promise<void> {
      await tx
        .update(queueEntries)
        .set({ quotedWaitMinutes: quoted, estimatedWaitMinutes: estimated })
        .where(eq(queueEntries.id, id));
    },

    /** The next number of a restaurant's day, taken atomically by concurrent joins. */
    async nextNumber(tx: Tx, restaurantId: number, serviceDate: string): Promise<number> {
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
    },

    insert: async (tx: Tx, values: NewEntryRow): Promise<EntryRow> => {
      const [entry] = await tx.insert(queueEntries).values(values).returning();
      if (!entry) throw new Error('entry was not created');
      return entry;
    },

    update: async (tx: Tx, id: number, values: Partial<EntryRow>): Promise<EntryRow | undefined> =>
      (await tx.update(queueEntries).set(values).where(eq(queueEntries.id, id)).returning())[0],

    /** The entry changed only if it still has the status it was read with (and, when given, the restaurant). */
    updateIfStill: async (
      tx: Tx,
      before: EntryRow,
      values: Partial<EntryRow>,
      sameRestaurant = false,
    ): Promise<EntryRow | undefined> =>
      (
        await tx
          .update(queueEntries)
          .set(values)
          .where(
            and(
              eq(queueEntries.id, before.id),
              sameRestaurant ? eq(queueEntries.restaurantId, before.restaurantId) : undefined,
              eq(queueEntries.status, before.status),
            ),
          )
          .returning()
      )[0],

    /**
     * The tables among these a booking holds at `at`: its held range (preparation and cleaning
     * included) covers it, or its party sits there still (open, past its end time).
     */
    bookedAt: (tx: Tx, restaurantId: number, tableIds: number[], at: Date) =>
      tx
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
            holdsTableAt(at),
          ),
        )
        .orderBy(asc(diningTables.number)),

    /**
     * For the seat picker: the bookings of the restaurant's tables that hold a table at `at`
     * (`holdsNow`) or will before `until`, earliest first.
     */
    tableBookings: (restaurantId: number, at: Date, until: Date) =>
      db
        .select({
          tableId: bookingTables.tableId,
          id: bookings.id,
          name: bookings.name,
          groupSize: bookings.groupSize,
          seatingTime: bookings.seatingTime,
          endTime: bookings.endTime,
          holdsNow: sql<boolean>`coalesce(${holdsTableAt(at)}, false)`.mapWith(Boolean),
        })
        .from(bookingTables)
        .innerJoin(bookings, eq(bookings.id, bookingTables.bookingId))
        .where(
          and(
            eq(bookingTables.restaurantId, restaurantId),
            inArray(bookings.status, TABLE_HOLDING_BOOKINGS),
            // Guests in the hall are occupants, not bookings to come.
            ne(bookings.status, 'open'),
            or(
              holdsTableAt(at),
              and(
                sql`lower(${bookingTables.during}) > ${at.toISOString()}::timestamptz`,
                sql`${bookings.seatingTime} < ${until.toISOString()}::timestamptz`,
              ),
            ),
          ),
        )
        .orderBy(asc(bookings.seatingTime), asc(bookings.id)),
  };
}
export type QueueRepository = ReturnType<typeof createQueueRepository>;
