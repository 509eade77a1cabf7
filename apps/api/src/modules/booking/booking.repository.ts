import { type Database, schema, type Tx } from '@stolik/db';
import type { BookingStatus } from '@stolik/domain';
import { VISITED_BOOKING_STATUSES } from '@stolik/domain';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';

const {
  bookings,
  bookingTables,
  bookingHistory,
  autoReservationRules,
  diningTables,
  tableGroups,
  tableGroupMembers,
  tableLocks,
  restaurants,
  users,
} = schema;
export type BookingRow = typeof bookings.$inferSelect;
export type NewBookingRow = typeof bookings.$inferInsert;
export type RestaurantRow = typeof restaurants.$inferSelect;

// Reading a column of 150 rows costs as much as a query of its own on PGlite (every value is
// decoded in JavaScript): the lists take only what they show.
/** What staff see of a booking (`toBooking`). */
const listed = {
  id: bookings.id,
  restaurantId: bookings.restaurantId,
  tableId: bookings.tableId,
  groupId: bookings.groupId,
  groupSize: bookings.groupSize,
  seatingTime: bookings.seatingTime,
  endTime: bookings.endTime,
  status: bookings.status,
  name: bookings.name,
  phone: bookings.phone,
  comment: bookings.comment,
  source: bookings.source,
  deposit: bookings.deposit,
  createdAt: bookings.createdAt,
  updatedAt: bookings.updatedAt,
};
/** A booking as staff see it. */
export type ListedBooking = Pick<BookingRow, keyof typeof listed>;

/** Which bookings a list or a count covers: a restaurant, a span of service days, a search. */
export interface BookingFilter {
  restaurantId: number;
  /** From the start of the first service day, to the end of the last one. */
  from?: Date;
  to?: Date;
  search?: string;
  statuses?: BookingStatus[];
  /** true: the waiting list only; false: everything but. */
  waitingList?: boolean;
}

function where(filter: BookingFilter): SQL | undefined {
  return and(
    eq(bookings.restaurantId, filter.restaurantId),
    filter.from ? gte(bookings.seatingTime, filter.from) : undefined,
    filter.to ? lt(bookings.seatingTime, filter.to) : undefined,
    searchFilter(filter.search),
    filter.statuses?.length ? inArray(bookings.status, filter.statuses) : undefined,
    filter.waitingList === true ? eq(bookings.status, 'waiting_list') : undefined,
    filter.waitingList === false ? ne(bookings.status, 'waiting_list') : undefined,
  );
}

/** A name containing the words, or (three digits or more) a phone containing the digits. */
function searchFilter(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = search.replace(/\D/g, '');
  return or(
    ilike(bookings.name, like),
    ...(digits.length >= 3 ? [ilike(bookings.phone, `%${digits}%`)] : []),
  );
}

/** Where bookings are read and written; the rules are the services'. */
export function createBookingRepository(db: Database) {
  const placeholder = sql.placeholder;
  // The bookings screen reads a day's page on every open and every change it hears of: built once
  // here and run with its values (on PostgreSQL, also parsed and planned once per pooled connection).
  const hot = {
    restaurant: db
      .select({ id: restaurants.id, timezone: restaurants.timezone })
      .from(restaurants)
      .where(eq(restaurants.id, placeholder('restaurantId')))
      .prepare('booking_restaurant'),
    dayPage: db
      .select({
        ...listed,
        total: sql<number>`(count(*) over ())::int`.mapWith(Number),
      })
      .from(bookings)
      .where(
        and(
          eq(bookings.restaurantId, placeholder('restaurantId')),
          sql`${bookings.seatingTime} >= ${placeholder('from')}::timestamptz`,
          sql`${bookings.seatingTime} < ${placeholder('to')}::timestamptz`,
          ne(bookings.status, 'waiting_list'),
        ),
      )
      .orderBy(asc(bookings.seatingTime), asc(bookings.id))
      .limit(placeholder('limit'))
      .offset(placeholder('offset'))
      .prepare('booking_day_page'),
  };
  /** The places' page of a span of days (the bookings screen), the one shape `hot.dayPage` answers. */
  const isDayPage = (filter: BookingFilter): filter is BookingFilter & { from: Date; to: Date } =>
    filter.from !== undefined &&
    filter.to !== undefined &&
    !filter.search &&
    !filter.statuses?.length &&
    filter.waitingList === false;

  return {
    /** What the lists need of their restaurant: its zone, for the service days' bounds. */
    restaurant: async (restaurantId: number): Promise<{ id: number; timezone: string } | undefined> =>
      (await hot.restaurant.execute({ restaurantId }))[0],

    findById: async (id: number): Promise<BookingRow | undefined> =>
      (await db.select().from(bookings).where(eq(bookings.id, id)))[0],

    findByToken: async (token: string): Promise<{ row: BookingRow; restaurant: RestaurantRow } | undefined> =>
      (
        await db
          .select({ row: bookings, restaurant: restaurants })
          .from(bookings)
          .innerJoin(restaurants, eq(restaurants.id, bookings.restaurantId))
          .where(eq(bookings.guestToken, token))
      )[0],

    /** The guest's booking and its restaurant, for their event stream. */
    refByToken: async (token: string): Promise<{ id: number; restaurantId: number } | undefined> =>
      (
        await db
          .select({ id: bookings.id, restaurantId: bookings.restaurantId })
          .from(bookings)
          .where(eq(bookings.guestToken, token))
      )[0],

    /** The booking's status and token, if the guest of this Telegram chat asked for it. */
    ofGuestChat: async (bookingId: number, chatId: number) =>
      (
        await db
          .select({
            status: bookings.status,
            token: bookings.guestToken,
            restaurantId: bookings.restaurantId,
          })
          .from(bookings)
          .where(and(eq(bookings.id, bookingId), eq(bookings.telegramChatId, chatId)))
      )[0],

    findByIdempotencyKey: async (restaurantId: number, key: string): Promise<BookingRow | undefined> =>
      (
        await db
          .select()
          .from(bookings)
          .where(and(eq(bookings.restaurantId, restaurantId), eq(bookings.idempotencyKey, key)))
      )[0],

    /**
     * The bookings of a phone at a restaurant whose time overlaps [start, end), earliest first
     * (`tx`: read inside a writing transaction, under its lock).
     */
    overlappingOfPhone: (
      restaurantId: number,
      phone: string,
      start: Date,
      end: Date,
      tx: Tx | Database = db,
    ): Promise<BookingRow[]> =>
      tx
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.restaurantId, restaurantId),
            eq(bookings.phone, phone),
            lt(bookings.seatingTime, end),
            gt(bookings.endTime, start),
          ),
        )
        .orderBy(asc(bookings.seatingTime)),

    /**
     * One page of the filter's bookings by seating time, and how many there are in all: one query
     * (the total rides on every row), and a count of its own only for a page past the end.
     */
    page: async (
      filter: BookingFilter,
      page: number,
      pageSize: number,
    ): Promise<{ count: number; rows: ListedBooking[] }> => {
      const found = isDayPage(filter)
        ? await hot.dayPage.execute({
            restaurantId: filter.restaurantId,
            from: filter.from.toISOString(),
            to: filter.to.toISOString(),
            limit: pageSize,
            offset: (page - 1) * pageSize,
          })
        : await db
            .select({
              ...listed,
              total: sql<number>`(count(*) over ())::int`.mapWith(Number),
            })
            .from(bookings)
            .where(where(filter))
            .orderBy(asc(bookings.seatingTime), asc(bookings.id))
            .limit(pageSize)
            .offset((page - 1) * pageSize);
      if (found[0]) return { count: found[0].total, rows: found };
      if (page === 1) return { count: 0, rows: found };
      const [total] = await db.select({ n: count() }).from(bookings).where(where(filter));
      return { count: total?.n ?? 0, rows: found };
    },

    /** Every booking of the filter, by seating time. */
    all: (filter: BookingFilter): Promise<BookingRow[]> =>
      db.select().from(bookings).where(where(filter)).orderBy(asc(bookings.seatingTime), asc(bookings.id)),

    /** Every booking of the filter, by seating time, as staff see it. */
    allListed: (filter: BookingFilter): Promise<ListedBooking[]> =>
      db
        .select(listed)
        .from(bookings)
        .where(where(filter))
        .orderBy(asc(bookings.seatingTime), asc(bookings.id)),

    countsByStatus: (filter: BookingFilter) =>
      db
        .select({
          status: bookings.status,
          n: sql<number>`count(*)::int`,
          guests: sql<number>`sum(${bookings.groupSize})::int`,
        })
        .from(bookings)
        .where(where(filter))
        .groupBy(bookings.status),

    history: (bookingId: number) =>
      db
        .select({ h: bookingHistory, first: users.firstName, last: users.lastName })
        .from(bookingHistory)
        .leftJoin(users, eq(users.id, bookingHistory.changedBy))
        .where(eq(bookingHistory.bookingId, bookingId))
        .orderBy(asc(bookingHistory.at), asc(bookingHistory.id)),

    /** Guests (by phone) whose name or phone matches: latest name, bookings, last visit; most recent first. */
    searchGuests: (restaurantId: number, search: string, limit: number) =>
      db
        .select({
          phone: bookings.phone,
          name: sql<string>`(array_agg(${bookings.name} order by ${bookings.seatingTime} desc))[1]`,
          bookings: sql<number>`count(*)::int`,
          last: sql<
            string | null
          >`max(${bookings.seatingTime}) filter (where ${inArray(bookings.status, [...VISITED_BOOKING_STATUSES])})`,
        })
        .from(bookings)
        .where(and(eq(bookings.restaurantId, restaurantId), ne(bookings.phone, ''), searchFilter(search)))
        .groupBy(bookings.phone)
        .orderBy(desc(sql`max(${bookings.seatingTime})`))
        .limit(limit),

    searchGuestsCount: async (restaurantId: number, search: string): Promise<number> => {
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${bookings.phone})::int` })
        .from(bookings)
        .where(and(eq(bookings.restaurantId, restaurantId), ne(bookings.phone, ''), searchFilter(search)));
      return row?.n ?? 0;
    },

    /** The tables of each group. */
    membersOfGroups: async (groupIds: number[]): Promise<Map<number, number[]>> => {
      const byGroup = new Map<number, number[]>();
      if (groupIds.length === 0) return byGroup;
      const members = await db
        .select({ groupId: tableGroupMembers.groupId, tableId: tableGroupMembers.tableId })
        .from(tableGroupMembers)
        .where(inArray(tableGroupMembers.groupId, groupIds));
      for (const m of members) byGroup.set(m.groupId, [...(byGroup.get(m.groupId) ?? []), m.tableId]);
      return byGroup;
    },

    membersOfGroup: async (groupId: number, tx: Database | Tx = db): Promise<number[]> =>
      (
        await tx
          .select({ tableId: tableGroupMembers.tableId })
          .from(tableGroupMembers)
          .where(eq(tableGroupMembers.groupId, groupId))
      ).map((m) => m.tableId),

    tableOf: async (restaurantId: number, tableId: number) =>
      (
        await db
          .select()
          .from(diningTables)
          .where(and(eq(diningTables.id, tableId), eq(diningTables.restaurantId, restaurantId)))
      )[0],

    groupOf: async (restaurantId: number, groupId: number) =>
      (
        await db
          .select()
          .from(tableGroups)
          .where(and(eq(tableGroups.id, groupId), eq(tableGroups.restaurantId, restaurantId)))
      )[0],

    tableNames: (restaurantId: number) =>
      db
        .select({ id: diningTables.id, number: diningTables.number })
        .from(diningTables)
        .where(eq(diningTables.restaurantId, restaurantId)),

    groupNames: (restaurantId: number) =>
      db
        .select({ id: tableGroups.id, name: tableGroups.name })
        .from(tableGroups)
        .where(eq(tableGroups.restaurantId, restaurantId)),

    tables: (restaurantId: number) =>
      db
        .select()
        .from(diningTables)
        .where(eq(diningTables.restaurantId, restaurantId))
        .orderBy(asc(diningTables.zoneId), asc(diningTables.id)),

    locksOn: (restaurantId: number, date: string) =>
      db
        .select()
        .from(tableLocks)
        .where(and(eq(tableLocks.restaurantId, restaurantId), eq(tableLocks.date, date))),

    activeAutoRules: (restaurantId: number) =>
      db
        .select()
        .from(autoReservationRules)
        .where(
          and(eq(autoReservationRules.restaurantId, restaurantId), eq(autoReservationRules.isActive, true)),
        )
        .orderBy(asc(autoReservationRules.id)),

    // ---- in a writing transaction ----

    insert: async (tx: Tx, values: NewBookingRow): Promise<BookingRow> => {
      const [row] = await tx.insert(bookings).values(values).returning();
      if (!row) throw new Error('booking was not created');
      return row;
    },

    /**
     * The booking changed only if it is still as it was read: its status and, when given, its
     * version, to the millisecond as the API shows it (the column keeps microseconds).
     */
    updateIfUnchanged: async (
      tx: Tx,
      before: BookingRow,
      version: Date | null,
      values: Partial<BookingRow>,
    ): Promise<BookingRow | undefined> =>
      (
        await tx
          .update(bookings)
          .set(values)
          .where(
            and(
              eq(bookings.id, before.id),
              eq(bookings.status, before.status),
              version
                ? sql`date_trunc('milliseconds', ${bookings.updatedAt}) = ${version.toISOString()}::timestamptz`
                : undefined,
            ),
          )
          .returning()
      )[0],

    /** The booking moved to another restaurant, if it is still in the one it was read in. */
    moveIfStill: async (tx: Tx, before: BookingRow, values: Partial<BookingRow>) =>
      (
        await tx
          .update(bookings)
          .set(values)
          .where(and(eq(bookings.id, before.id), eq(bookings.restaurantId, before.restaurantId)))
          .returning()
      )[0],

    heldTables: async (tx: Tx, bookingId: number): Promise<number[]> =>
      (
        await tx
          .select({ tableId: bookingTables.tableId })
          .from(bookingTables)
          .where(eq(bookingTables.bookingId, bookingId))
      ).map((r) => r.tableId),

    releaseTables: (tx: Tx, bookingId: number) =>
      tx.delete(bookingTables).where(eq(bookingTables.bookingId, bookingId)),

    /** Rows of booking_tables; the exclusion constraint refuses an overlap (booking_tables_no_overlap). */
    holdTables: (tx: Tx, booking: BookingRow, tableIds: number[], during: string) =>
      tx.insert(bookingTables).values(
        tableIds.map((tableId) => ({
          bookingId: booking.id,
          tableId,
          restaurantId: booking.restaurantId,
          during,
        })),
      ),
  };
}
export type BookingRepository = ReturnType<typeof createBookingRepository>;
