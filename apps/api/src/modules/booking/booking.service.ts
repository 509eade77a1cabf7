import { randomBytes } from 'node:crypto';
import type {
  AvailableSlot,
  AvailableSlotsQuery,
  Booking,
  BookingCreateBody,
  BookingHistoryItem,
  BookingListQuery,
  BookingPage,
  BookingUpdateBody,
  DayTable,
  FindTablesQuery,
  GuestBookingBody,
  GuestBookingOutcome,
  GuestBookingStatus,
  GuestCount,
  HistorySearchGuest,
  TableFit,
  WaitingListBody,
} from '@stolik/contracts';
import { MessageKey } from '@stolik/contracts';
import { type Database, schema, type Tx } from '@stolik/db';
import {
  type AvailabilityInput,
  availableSlots,
  BOOKING_STATUSES,
  type BookingStatus,
  bookingMinutes,
  canMoveBooking,
  type EntrySource,
  findTables,
  heldRange,
  localTimeOf,
  NOTIFIABLE_BOOKING_STATUSES,
  serviceDayBounds,
  TABLE_HOLDING_BOOKING_STATUSES,
  weekdayOf,
  zonedInstant,
} from '@stolik/domain';
import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { requireRestaurant, type Viewer } from '../../shared/access';
import { isExclusionViolation, isUniqueViolation } from '../../shared/db-errors';
import { deviceHash, type GuestProof, isSameGuest } from '../../shared/guest-device';
import { FieldValidationError, HttpError, notFound } from '../../shared/http-errors';
import { idempotencyKeyReused, requestHash } from '../../shared/idempotency';
import { phoneOrThrow } from '../../shared/phone-input';
import { restaurantOrThrow } from '../../shared/restaurant-or-throw';
import { lockSeating } from '../../shared/seating-lock';
import { announceChange } from '../events/changes';
import {
  inLocalWindow,
  loadAvailabilityInput,
  loadDurations,
  loadGaps,
  seatedOccupation,
  serviceDateOf,
} from './availability-input';

const {
  bookings,
  bookingTables,
  bookingHistory,
  autoReservationRules,
  diningTables,
  tableGroups,
  tableGroupMembers,
  outbox,
  queueEntries,
  restaurants,
  users,
} = schema;
type BookingRow = typeof bookings.$inferSelect;
type RestaurantRow = typeof restaurants.$inferSelect;

/** The database keeps microseconds; the API (and so every version a client holds) shows milliseconds. */
const sameMillisecond = (a: Date, b: Date) => a.getTime() === b.getTime();

const HOLDING = TABLE_HOLDING_BOOKING_STATUSES as BookingStatus[];
/** A visit that happened: the party sat down. */
const VISITED_BOOKING: BookingStatus[] = ['open', 'closed'];
const NOT_COMING: BookingStatus[] = ['declined', 'cancelled', 'cancelled_without_deposit'];
const SEARCH_LIMIT = 20;

const iso = (value: Date) => value.toISOString();

/** What the guest is told of their request (spec §4 guest booking outcomes). */
export function guestOutcome(status: BookingStatus): GuestBookingOutcome {
  if (status === 'new' || status === 'waiting_list') return 'pending';
  if (NOT_COMING.includes(status)) return 'cancelled';
  return 'confirmed';
}

const conflict = (tables: number[] = []) =>
  new HttpError(409, 'bookingApi.conflict', 'booking_conflict', { tables });

/** Where a booking sits: one table, or a group of tables, or nowhere yet (waiting list). */
interface Place {
  tableId: number | null;
  groupId: number | null;
  tableIds: number[];
}
const NOWHERE: Place = { tableId: null, groupId: null, tableIds: [] };

/**
 * Table bookings: staff book, guests request, the status machine decides each move. Every change
 * writes history, the live announcement and the outbox rows in its transaction; the tables a
 * booking holds are rows of booking_tables, whose exclusion constraint makes a double booking
 * impossible whatever the code above it does.
 */
export function createBookingService(db: Database, now: () => Date = () => new Date()) {
  async function bookingFor(viewer: Viewer, id: number): Promise<BookingRow> {
    const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
    if (!row) throw notFound();
    requireRestaurant(viewer, row.restaurantId, 'member');
    return row;
  }

  async function placesOf(rows: BookingRow[]): Promise<Map<number, number[]>> {
    const groupIds = [...new Set(rows.map((r) => r.groupId).filter((id): id is number => id !== null))];
    if (groupIds.length === 0) return new Map();
    const members = await db
      .select({ groupId: tableGroupMembers.groupId, tableId: tableGroupMembers.tableId })
      .from(tableGroupMembers)
      .where(inArray(tableGroupMembers.groupId, groupIds));
    const byGroup = new Map<number, number[]>();
    for (const m of members) byGroup.set(m.groupId, [...(byGroup.get(m.groupId) ?? []), m.tableId]);
    return byGroup;
  }

  /** Earlier visits of each row's phone (bookings that sat down, seated queue parties), in two grouped reads. */
  async function visitsOf(rows: BookingRow[]): Promise<Map<number, number>> {
    const phones = [...new Set(rows.map((r) => r.phone).filter(Boolean))];
    const result = new Map<number, number>();
    if (phones.length === 0) return result;
    const restaurantIds = [...new Set(rows.map((r) => r.restaurantId))];
    const [booked, queued] = await Promise.all([
      db
        .select({ restaurantId: bookings.restaurantId, phone: bookings.phone, at: bookings.seatingTime })
        .from(bookings)
        .where(
          and(
            inArray(bookings.restaurantId, restaurantIds),
            inArray(bookings.phone, phones),
            inArray(bookings.status, VISITED_BOOKING),
          ),
        ),
      db
        .select({
          restaurantId: queueEntries.restaurantId,
          phone: queueEntries.phone,
          at: queueEntries.seatedAt,
        })
        .from(queueEntries)
        .where(
          and(
            inArray(queueEntries.restaurantId, restaurantIds),
            inArray(queueEntries.phone, phones),
            inArray(queueEntries.status, ['sat', 'closed']),
          ),
        ),
    ]);
    const visits = [...booked, ...queued];
    for (const row of rows) {
      if (!row.phone) continue;
      const earlier = visits.filter(
        (v) =>
          v.restaurantId === row.restaurantId &&
          v.phone === row.phone &&
          v.at !== null &&
          v.at.getTime() < row.seatingTime.getTime(),
      ).length;
      result.set(row.id, earlier);
    }
    return result;
  }

  async function views(rows: BookingRow[]): Promise<Booking[]> {
    const [groups, visits] = await Promise.all([placesOf(rows), visitsOf(rows)]);
    return rows.map((row) => toBooking(row, groups, visits.get(row.id) ?? 0));
  }
  const view = async (row: BookingRow) => (await views([row]))[0] as Booking;

  function toBooking(row: BookingRow, groups: Map<number, number[]>, visits: number): Booking {
    const tables =
      row.groupId !== null ? (groups.get(row.groupId) ?? []) : row.tableId !== null ? [row.tableId] : [];
    return {
      id: row.id,
      restaurant: row.restaurantId,
      table: row.tableId,
      group: row.groupId,
      tables,
      group_size: row.groupSize,
      seating_time: iso(row.seatingTime),
      end_time: iso(row.endTime),
      status: row.status,
      name: row.name,
      phone: row.phone,
      comment: row.comment,
      source: row.source,
      deposit: row.deposit,
      created: iso(row.createdAt),
      updated: iso(row.updatedAt),
      visits,
    };
  }

  /** The table or group a body names, checked to be the restaurant's. */
  async function namedPlace(
    restaurantId: number,
    tableId: number | null | undefined,
    groupId: number | null | undefined,
  ): Promise<(Place & { seatsMin: number; seatsMax: number }) | null> {
    if (tableId && groupId) throw new FieldValidationError({ table: [MessageKey.invalid] });
    if (tableId) {
      const [table] = await db
        .select()
        .from(diningTables)
        .where(and(eq(diningTables.id, tableId), eq(diningTables.restaurantId, restaurantId)));
      if (!table) throw new FieldValidationError({ table: [MessageKey.invalid] });
      return {
        tableId,
        groupId: null,
        tableIds: [tableId],
        seatsMin: table.seatsMin,
        seatsMax: table.seatsMax,
      };
    }
    if (groupId) {
      const [group] = await db
        .select()
        .from(tableGroups)
        .where(and(eq(tableGroups.id, groupId), eq(tableGroups.restaurantId, restaurantId)));
      if (!group) throw new FieldValidationError({ group: [MessageKey.invalid] });
      const members = await db
        .select({ tableId: tableGroupMembers.tableId })
        .from(tableGroupMembers)
        .where(eq(tableGroupMembers.groupId, groupId));
      return {
        tableId: null,
        groupId,
        tableIds: members.map((m) => m.tableId),
        seatsMin: group.seatsMin,
        seatsMax: group.seatsMax,
      };
    }
    return null;
  }

  const fitToPlace = (fit: { kind: 'table' | 'group'; id: number; tableIds: number[] }): Place =>
    fit.kind === 'table'
      ? { tableId: fit.id, groupId: null, tableIds: fit.tableIds }
      : { tableId: null, groupId: fit.id, tableIds: fit.tableIds };

  async function inputFor(restaurant: RestaurantRow, at: Date): Promise<AvailabilityInput> {
    return loadAvailabilityInput(db, restaurant, serviceDateOf(restaurant.timezone, at), now());
  }

  /**
   * Where a party can sit at [start, end): the place staff named, if the engine finds it free
   * (a hostess may seat a party below the table's minimum, never above its maximum), or else the
   * best free fit. 400 when the named place is too small, 409 when it or every place is taken.
   */
  async function placeFor(
    restaurant: RestaurantRow,
    named: (Place & { seatsMin: number; seatsMax: number }) | null,
    groupSize: number,
    start: Date,
    end: Date,
    ignoreBookingId?: number,
  ): Promise<Place> {
    const input = await inputFor(restaurant, start);
    if (named) {
      if (groupSize > named.seatsMax) throw new FieldValidationError({ table: ['bookingApi.tableTooSmall'] });
      const fits = findTables(input, {
        groupSize: Math.max(groupSize, named.seatsMin),
        start,
        end,
        online: false,
        ...(ignoreBookingId ? { ignoreBookingId } : {}),
      });
      const kind = named.groupId ? 'group' : 'table';
      const id = named.groupId ?? named.tableId;
      if (!fits.some((fit) => fit.kind === kind && fit.id === id)) throw conflict(named.tableIds);
      return named;
    }
    const [best] = findTables(input, {
      groupSize,
      start,
      end,
      online: false,
      ...(ignoreBookingId ? { ignoreBookingId } : {}),
    });
    if (!best) throw new HttpError(409, 'bookingApi.noTable', 'no_table');
    return fitToPlace(best);
  }

  /**
   * The booking's rows in booking_tables, rewritten: one per table while its status holds tables,
   * none otherwise. The exclusion constraint refuses an overlap with another booking: a 409 naming
   * the tables. When the booking is placed (new, moved, resized, retimed, back on a table), a walk-in
   * seated there meanwhile is checked too, under the seating lock the queue takes; a status move
   * in place is not, so that a guest can be marked arrived while the last party is still leaving.
   */
  async function hold(tx: Tx, booking: BookingRow, tableIds: number[], placed: boolean) {
    await tx.delete(bookingTables).where(eq(bookingTables.bookingId, booking.id));
    if (!HOLDING.includes(booking.status) || tableIds.length === 0) return;
    const gaps = await loadGaps(tx as unknown as Database, booking.restaurantId);
    const range = heldRange(
      booking.seatingTime,
      booking.endTime,
      gaps.preparationMinutes,
      gaps.cleaningMinutes,
    );
    if (placed) await refuseSeatedWalkIns(tx, booking.restaurantId, tableIds, range, gaps.cleaningMinutes);
    const during = `[${range.from.toISOString()},${range.to.toISOString()})`;
    try {
      await tx.insert(bookingTables).values(
        tableIds.map((tableId) => ({
          bookingId: booking.id,
          tableId,
          restaurantId: booking.restaurantId,
          during,
        })),
      );
    } catch (error) {
      // The transaction is lost either way; the caller hears which tables were taken.
      if (isExclusionViolation(error, 'booking_tables_no_overlap')) throw conflict(tableIds);
      throw error;
    }
  }

  /**
   * 409 booking_conflict when a queue party sits at one of the tables for part of the range, as
   * the engine counts it (`seatedOccupation`). The engine already left such tables out when it
   * placed the booking; this repeats the check in the writing transaction, under the seating lock,
   * for a walk-in seated at the same instant.
   */
  async function refuseSeatedWalkIns(
    tx: Tx,
    restaurantId: number,
    tableIds: number[],
    range: { from: Date; to: Date },
    cleaningMinutes: number,
  ) {
    await lockSeating(tx, restaurantId);
    const seated = await tx
      .select({
        tableIds: queueEntries.tableIds,
        seatedAt: queueEntries.seatedAt,
        groupSize: queueEntries.groupSize,
      })
      .from(queueEntries)
      .where(
        and(
          eq(queueEntries.restaurantId, restaurantId),
          eq(queueEntries.status, 'sat'),
          arrayOverlaps(queueEntries.tableIds, tableIds),
        ),
      );
    const at = now();
    const taken = seated
      .map((entry) => seatedOccupation(entry, at, cleaningMinutes))
      .filter((o) => o.from < range.to && range.from < o.to)
      .flatMap((o) => o.tableIds);
    if (taken.length > 0) throw conflict(tableIds.filter((id) => taken.includes(id)));
  }

  /** Everything a change leaves behind, in its transaction: history, the live announcement, the outbox. */
  async function record(
    tx: Tx,
    booking: BookingRow,
    from: BookingStatus | null,
    by: number | null,
    changes: Record<string, unknown> = {},
  ) {
    await tx
      .insert(bookingHistory)
      .values({ bookingId: booking.id, fromStatus: from, toStatus: booking.status, changedBy: by, changes });
    await announceChange(tx, {
      kind: 'booking',
      restaurant: booking.restaurantId,
      id: booking.id,
      status: booking.status,
    });
    if (from === booking.status) return;
    const payload = {
      name: booking.name,
      group_size: booking.groupSize,
      seating_time: iso(booking.seatingTime),
      end_time: iso(booking.endTime),
      table: booking.tableId,
      group: booking.groupId,
    };
    if (NOTIFIABLE_BOOKING_STATUSES.includes(booking.status)) {
      await tx.insert(outbox).values({
        restaurantId: booking.restaurantId,
        type: 'booking',
        status: booking.status,
        entityId: booking.id,
        payload,
      });
    }
    // A guest who asked through a form or Telegram hears the outcome once the restaurant decides it
    // (not the cancellation they made themselves: their page or their tap has said so already).
    const outcome = guestOutcome(booking.status);
    const told = from === null ? 'pending' : guestOutcome(from);
    if (booking.source !== 'staff' && outcome !== 'pending' && outcome !== told && !changes.by_guest) {
      await tx.insert(outbox).values({
        restaurantId: booking.restaurantId,
        type: 'guest',
        status: outcome === 'confirmed' ? 'booking_confirmed' : 'booking_cancelled',
        entityId: booking.id,
        payload: {
          ...payload,
          channel: booking.telegramChatId ? 'telegram' : 'sms',
          chat_id: booking.telegramChatId,
          phone: booking.phone,
          token: booking.guestToken,
        },
      });
    }
  }

  /**
   * The same phone asking again for an overlapping time at this restaurant while an earlier request
   * is still pending or confirmed: 409 'У тебя уже есть заявка на это время' instead of a second
   * request the hostess must notice. The earlier one (its page's token) comes back only to the guest
   * it belongs to, by device key or Telegram user (shared/guest-device.ts), as for the queue.
   */
  async function refuseRepeatedRequest(
    restaurant: RestaurantRow,
    phone: string,
    slot: { start: Date; end: Date },
    proof: GuestProof,
  ): Promise<void> {
    const earlier = await db
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.restaurantId, restaurant.id),
          eq(bookings.phone, phone),
          lt(bookings.seatingTime, slot.end),
          gt(bookings.endTime, slot.start),
        ),
      )
      .orderBy(asc(bookings.seatingTime));
    const standing = earlier.filter((row) => guestOutcome(row.status) !== 'cancelled');
    const first = standing[0];
    if (!first) return;
    const own = standing.find((row) => isSameGuest(row, proof));
    const view = own ? await guestStatusOf(own, restaurant) : null;
    throw new HttpError(409, 'bookingApi.alreadyRequested', 'booking_exists', view ? { ...view } : {});
  }

  async function insertBooking(values: {
    restaurantId: number;
    place: Place;
    groupSize: number;
    seatingTime: Date;
    endTime: Date;
    status: BookingStatus;
    name: string;
    phone: string;
    comment: string;
    source: EntrySource;
    deposit: boolean;
    idempotencyKey: string | null;
    /** What the key is bound to (shared/idempotency.ts). */
    idempotencyHash?: string | null;
    telegramChatId: number | null;
    /** The hash of the guest page's device key (shared/guest-device.ts). */
    guestDeviceHash?: string | null;
    by: number | null;
    changes?: Record<string, unknown>;
  }): Promise<BookingRow> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(bookings)
        .values({
          restaurantId: values.restaurantId,
          tableId: values.place.tableId,
          groupId: values.place.groupId,
          groupSize: values.groupSize,
          seatingTime: values.seatingTime,
          endTime: values.endTime,
          status: values.status,
          name: values.name,
          phone: values.phone,
          comment: values.comment,
          source: values.source,
          deposit: values.deposit,
          guestToken: randomBytes(18).toString('base64url'),
          idempotencyKey: values.idempotencyKey,
          idempotencyHash: values.idempotencyHash ?? null,
          telegramChatId: values.telegramChatId,
          guestDeviceHash: values.guestDeviceHash ?? null,
          createdBy: values.by,
        })
        .returning();
      if (!row) throw new Error('booking was not created');
      await hold(tx, row, values.place.tableIds, true);
      await record(tx, row, null, values.by, values.changes ?? {});
      return row;
    });
  }

  async function endTimeFor(
    restaurantId: number,
    groupSize: number,
    start: Date,
    end?: string,
  ): Promise<Date> {
    if (end) {
      const value = new Date(end);
      if (value <= start) throw new FieldValidationError({ end_time: [MessageKey.invalid] });
      return value;
    }
    return new Date(
      start.getTime() + bookingMinutes(await loadDurations(db, restaurantId), groupSize) * 60_000,
    );
  }

  /**
   * Moves a booking to a status (the machine decides) and/or corrects it, in one transaction that
   * only applies to the row as it was read: a second device acting at the same moment gets a 409.
   */
  async function change(
    before: BookingRow,
    patch: Partial<BookingRow>,
    place: Place | null,
    by: number | null,
    changes: Record<string, unknown>,
    version: Date | null = null,
  ): Promise<BookingRow> {
    return db.transaction(async (tx) => {
      const [updated] = await tx
        .update(bookings)
        .set({ ...patch, updatedAt: now() })
        .where(
          and(
            eq(bookings.id, before.id),
            eq(bookings.status, before.status),
            // The version, to the millisecond as the API shows it (the column keeps microseconds).
            version
              ? sql`date_trunc('milliseconds', ${bookings.updatedAt}) = ${version.toISOString()}::timestamptz`
              : undefined,
          ),
        )
        .returning();
      if (!updated) throw new HttpError(409, 'bookingApi.changedElsewhere', 'conflict');
      const tableIds = place
        ? place.tableIds
        : (
            await tx
              .select({ tableId: bookingTables.tableId })
              .from(bookingTables)
              .where(eq(bookingTables.bookingId, before.id))
          ).map((r) => r.tableId);
      // The held tables of a booking that held none before (cancelled, waiting list): its place.
      const known =
        tableIds.length > 0 ? tableIds : place === null ? await tablesOfPlace(tx, updated) : tableIds;
      await hold(tx, updated, known, place !== null);
      await record(tx, updated, before.status, by, changes);
      return updated;
    });
  }

  async function tablesOfPlace(tx: Tx, row: BookingRow): Promise<number[]> {
    if (row.tableId !== null) return [row.tableId];
    if (row.groupId === null) return [];
    const members = await tx
      .select({ tableId: tableGroupMembers.tableId })
      .from(tableGroupMembers)
      .where(eq(tableGroupMembers.groupId, row.groupId));
    return members.map((m) => m.tableId);
  }

  function dayFilter(restaurant: RestaurantRow, start?: string, end?: string): SQL[] {
    const conditions: SQL[] = [];
    if (start) conditions.push(gte(bookings.seatingTime, serviceDayBounds(restaurant.timezone, start).from));
    if (end) conditions.push(lt(bookings.seatingTime, serviceDayBounds(restaurant.timezone, end).to));
    return conditions;
  }

  function searchFilter(search: string | undefined): SQL | undefined {
    if (!search) return undefined;
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = search.replace(/\D/g, '');
    return or(
      ilike(bookings.name, like),
      ...(digits.length >= 3 ? [ilike(bookings.phone, `%${digits}%`)] : []),
    );
  }

  /** The matching auto-confirmation rule for a guest's request at a place, if any. */
  async function autoRuleFor(
    restaurant: RestaurantRow,
    groupSize: number,
    start: Date,
    zoneId: number | null,
  ) {
    const rules = await db
      .select()
      .from(autoReservationRules)
      .where(
        and(eq(autoReservationRules.restaurantId, restaurant.id), eq(autoReservationRules.isActive, true)),
      )
      .orderBy(asc(autoReservationRules.id));
    const date = serviceDateOf(restaurant.timezone, start);
    const weekday = weekdayOf(date);
    const time = localTimeOf(restaurant.timezone, start);
    return rules.find(
      (rule) =>
        groupSize <= rule.maxGroupSize &&
        (rule.weekdays.length === 0 || rule.weekdays.includes(weekday)) &&
        inLocalWindow(time, rule.fromTime?.slice(0, 5) ?? null, rule.toTime?.slice(0, 5) ?? null) &&
        (rule.zoneId === null || rule.zoneId === zoneId),
    );
  }

  async function guestStatusOf(row: BookingRow, restaurant: RestaurantRow): Promise<GuestBookingStatus> {
    return {
      token: row.guestToken,
      restaurant: restaurant.id,
      restaurant_name: restaurant.name,
      date: serviceDateOf(restaurant.timezone, row.seatingTime),
      time: localTimeOf(restaurant.timezone, row.seatingTime),
      group_size: row.groupSize,
      status: guestOutcome(row.status),
    };
  }

  async function bookingByToken(token: string): Promise<{ row: BookingRow; restaurant: RestaurantRow }> {
    const [found] = await db
      .select({ row: bookings, restaurant: restaurants })
      .from(bookings)
      .innerJoin(restaurants, eq(restaurants.id, bookings.restaurantId))
      .where(eq(bookings.guestToken, token));
    if (!found) throw notFound();
    return found;
  }

  return {
    restaurantOrThrow,

    async list(query: BookingListQuery): Promise<Omit<BookingPage, 'next' | 'previous'>> {
      const restaurant = await restaurantOrThrow(db, query.restaurant_id);
      const conditions: (SQL | undefined)[] = [
        eq(bookings.restaurantId, restaurant.id),
        ...dayFilter(restaurant, query.start_date, query.end_date),
        searchFilter(query.search),
      ];
      if (query.status?.length) conditions.push(inArray(bookings.status, query.status));
      if (query.in_waiting_queue === true) conditions.push(eq(bookings.status, 'waiting_list'));
      if (query.in_waiting_queue === false) conditions.push(ne(bookings.status, 'waiting_list'));
      const where = and(...conditions);
      const [total, rows] = await Promise.all([
        db.select({ n: count() }).from(bookings).where(where),
        db
          .select()
          .from(bookings)
          .where(where)
          .orderBy(asc(bookings.seatingTime), asc(bookings.id))
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size),
      ]);
      return { count: total[0]?.n ?? 0, results: await views(rows) };
    },

    async get(viewer: Viewer, id: number): Promise<Booking> {
      return view(await bookingFor(viewer, id));
    },

    async history(viewer: Viewer, id: number): Promise<BookingHistoryItem[]> {
      const row = await bookingFor(viewer, id);
      const items = await db
        .select({ h: bookingHistory, first: users.firstName, last: users.lastName })
        .from(bookingHistory)
        .leftJoin(users, eq(users.id, bookingHistory.changedBy))
        .where(eq(bookingHistory.bookingId, row.id))
        .orderBy(asc(bookingHistory.at), asc(bookingHistory.id));
      return items.map(({ h, first, last }) => ({
        from_status: h.fromStatus,
        to_status: h.toStatus,
        changed_by: h.changedBy,
        changed_by_name: [first, last].filter(Boolean).join(' '),
        changes: h.changes,
        at: iso(h.at),
      }));
    },

    /** POST /api/booking/: a booking made by staff; confirmed unless they say 'new'. */
    async create(viewer: Viewer, body: BookingCreateBody): Promise<Booking> {
      requireRestaurant(viewer, body.restaurant, 'member');
      const restaurant = await restaurantOrThrow(db, body.restaurant);
      const phone = phoneOrThrow(body.phone, false);
      const start = new Date(body.seating_time);
      const end = await endTimeFor(restaurant.id, body.group_size, start, body.end_time);
      const named = await namedPlace(restaurant.id, body.table, body.group);
      const place = await placeFor(restaurant, named, body.group_size, start, end);
      const row = await insertBooking({
        restaurantId: restaurant.id,
        place,
        groupSize: body.group_size,
        seatingTime: start,
        endTime: end,
        status: body.status,
        name: body.name,
        phone,
        comment: body.comment,
        source: 'staff',
        deposit: body.deposit,
        idempotencyKey: null,
        telegramChatId: null,
        by: viewer.id,
      });
      return view(row);
    },

    /** POST /api/booking/waiting_queue/: a request on the waiting list, holding no table. */
    async addToWaitingList(viewer: Viewer, body: WaitingListBody): Promise<Booking> {
      requireRestaurant(viewer, body.restaurant, 'member');
      const restaurant = await restaurantOrThrow(db, body.restaurant);
      const phone = phoneOrThrow(body.phone, false);
      const start = new Date(body.seating_time);
      const end = await endTimeFor(restaurant.id, body.group_size, start, body.end_time);
      const row = await insertBooking({
        restaurantId: restaurant.id,
        place: NOWHERE,
        groupSize: body.group_size,
        seatingTime: start,
        endTime: end,
        status: 'waiting_list',
        name: body.name,
        phone,
        comment: body.comment,
        source: 'staff',
        deposit: false,
        idempotencyKey: null,
        telegramChatId: null,
        by: viewer.id,
      });
      return view(row);
    },

    /**
     * PATCH /api/booking/{id}/: a status move allowed by the machine and/or corrected details. A
     * new time, size or place is checked by the engine and held by the constraint; a booking that
     * takes a table again (off the waiting list, an undone cancel) gets its place or the best fit.
     */
    async update(
      viewer: Viewer,
      id: number,
      body: BookingUpdateBody,
      version: Date | null = null,
    ): Promise<Booking> {
      const before = await bookingFor(viewer, id);
      // Changed since the version the change was made on (If-Match): the other device's change stands.
      if (version && !sameMillisecond(before.updatedAt, version)) {
        throw new HttpError(409, 'bookingApi.changedElsewhere', 'conflict');
      }
      const restaurant = await restaurantOrThrow(db, before.restaurantId);
      const to = body.status ?? before.status;
      if (to !== before.status && !canMoveBooking(before.status, to)) {
        throw new HttpError(409, 'bookingApi.transitionRefused', 'invalid_transition', {
          status: before.status,
        });
      }
      const patch: Partial<BookingRow> = {};
      if (to !== before.status) patch.status = to;
      if (body.name !== undefined) patch.name = body.name;
      if (body.phone !== undefined) patch.phone = phoneOrThrow(body.phone, false);
      if (body.comment !== undefined) patch.comment = body.comment;
      if (body.deposit !== undefined) patch.deposit = body.deposit;
      if (body.group_size !== undefined) patch.groupSize = body.group_size;
      const start = body.seating_time ? new Date(body.seating_time) : before.seatingTime;
      if (body.seating_time) patch.seatingTime = start;
      let end = before.endTime;
      if (body.end_time)
        end = await endTimeFor(restaurant.id, patch.groupSize ?? before.groupSize, start, body.end_time);
      else if (body.seating_time)
        end = new Date(start.getTime() + (before.endTime.getTime() - before.seatingTime.getTime()));
      if (end.getTime() !== before.endTime.getTime()) patch.endTime = end;

      const placeChanged = body.table !== undefined || body.group !== undefined;
      const timeChanged = patch.seatingTime !== undefined || patch.endTime !== undefined;
      const sizeChanged = patch.groupSize !== undefined;
      const takesTableAgain = HOLDING.includes(to) && !HOLDING.includes(before.status);
      let place: Place | null = null;
      if (HOLDING.includes(to) && (placeChanged || timeChanged || sizeChanged || takesTableAgain)) {
        const named = placeChanged
          ? await namedPlace(restaurant.id, body.table ?? null, body.group ?? null)
          : await namedPlace(restaurant.id, before.tableId, before.groupId);
        place = await placeFor(restaurant, named, patch.groupSize ?? before.groupSize, start, end, before.id);
      } else if (placeChanged) {
        const named = await namedPlace(restaurant.id, body.table ?? null, body.group ?? null);
        place = named ?? NOWHERE;
      }
      if (place) {
        patch.tableId = place.tableId;
        patch.groupId = place.groupId;
      }
      if (Object.keys(patch).length === 0) return view(before);
      const changes: Record<string, unknown> = { ...body };
      delete changes.status;
      return view(await change(before, patch, place, viewer.id, changes, version));
    },

    /** GET /api/booking/today-bookings/: the restaurant's service day now, by seating time. */
    async today(restaurantId: number): Promise<Booking[]> {
      const restaurant = await restaurantOrThrow(db, restaurantId);
      const day = serviceDateOf(restaurant.timezone, now());
      const rows = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.restaurantId, restaurant.id), ...dayFilter(restaurant, day, day)))
        .orderBy(asc(bookings.seatingTime), asc(bookings.id));
      return views(rows);
    },

    /** GET /api/booking/guest-count/: bookings and covers of a day. */
    async guestCount(restaurantId: number, date?: string): Promise<GuestCount> {
      const restaurant = await restaurantOrThrow(db, restaurantId);
      const day = date ?? serviceDateOf(restaurant.timezone, now());
      const rows = await db
        .select({
          status: bookings.status,
          n: sql<number>`count(*)::int`,
          guests: sql<number>`sum(${bookings.groupSize})::int`,
        })
        .from(bookings)
        .where(and(eq(bookings.restaurantId, restaurant.id), ...dayFilter(restaurant, day, day)))
        .groupBy(bookings.status);
      const byStatus = BOOKING_STATUSES.map((status) => {
        const row = rows.find((r) => r.status === status);
        return { status, bookings: row?.n ?? 0, guests: row?.guests ?? 0 };
      }).filter((s) => s.bookings > 0);
      return {
        date: day,
        bookings: byStatus.reduce((sum, s) => sum + s.bookings, 0),
        guests: byStatus.filter((s) => !NOT_COMING.includes(s.status)).reduce((sum, s) => sum + s.guests, 0),
        by_status: byStatus,
      };
    },

    /** history-by-search-field: earlier guests whose name or phone matches, most recent first. */
    async searchGuests(restaurantId: number, search: string): Promise<HistorySearchGuest[]> {
      await restaurantOrThrow(db, restaurantId);
      const rows = await db
        .select({
          phone: bookings.phone,
          name: sql<string>`(array_agg(${bookings.name} order by ${bookings.seatingTime} desc))[1]`,
          bookings: sql<number>`count(*)::int`,
          last: sql<
            string | null
          >`max(${bookings.seatingTime}) filter (where ${inArray(bookings.status, VISITED_BOOKING)})`,
        })
        .from(bookings)
        .where(and(eq(bookings.restaurantId, restaurantId), ne(bookings.phone, ''), searchFilter(search)))
        .groupBy(bookings.phone)
        .orderBy(desc(sql`max(${bookings.seatingTime})`))
        .limit(SEARCH_LIMIT);
      return rows.map((r) => ({
        name: r.name,
        phone: r.phone,
        bookings: r.bookings,
        last_visit: r.last ? new Date(r.last).toISOString() : null,
      }));
    },

    async searchGuestsCount(restaurantId: number, search: string): Promise<number> {
      await restaurantOrThrow(db, restaurantId);
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${bookings.phone})::int` })
        .from(bookings)
        .where(and(eq(bookings.restaurantId, restaurantId), ne(bookings.phone, ''), searchFilter(search)));
      return row?.n ?? 0;
    },

    /** The rows of the contacts export: every booking of the range with a phone, by time. */
    async contacts(restaurantId: number, start: string, end: string) {
      const restaurant = await restaurantOrThrow(db, restaurantId);
      if (end < start) throw new FieldValidationError({ end_date: ['bookingConflicts.endBeforeStart'] });
      const rows = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.restaurantId, restaurant.id), ...dayFilter(restaurant, start, end)))
        .orderBy(asc(bookings.seatingTime), asc(bookings.id));
      return {
        restaurant,
        rows: rows.map((row) => ({
          date: serviceDateOf(restaurant.timezone, row.seatingTime),
          time: localTimeOf(restaurant.timezone, row.seatingTime),
          name: row.name,
          phone: row.phone,
          guests: row.groupSize,
          status: row.status,
          comment: row.comment,
          source: row.source,
        })),
      };
    },

    /** PATCH /api/booking/change-restaurant/: the booking moves to another restaurant of the same staff member. */
    async changeRestaurant(viewer: Viewer, bookingId: number, targetId: number): Promise<Booking> {
      const before = await bookingFor(viewer, bookingId);
      requireRestaurant(viewer, targetId, 'member');
      if (targetId === before.restaurantId)
        throw new FieldValidationError({ restaurant: [MessageKey.invalid] });
      const target = await restaurantOrThrow(db, targetId);
      const place = HOLDING.includes(before.status)
        ? await placeFor(target, null, before.groupSize, before.seatingTime, before.endTime)
        : NOWHERE;
      const moved = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(bookings)
          .set({ restaurantId: target.id, tableId: place.tableId, groupId: place.groupId, updatedAt: now() })
          .where(and(eq(bookings.id, before.id), eq(bookings.restaurantId, before.restaurantId)))
          .returning();
        if (!updated) throw new HttpError(409, 'bookingApi.changedElsewhere', 'conflict');
        await hold(tx, updated, place.tableIds, true);
        await record(tx, updated, before.status, viewer.id, {
          from_restaurant: before.restaurantId,
          to_restaurant: target.id,
        });
        // record() tells the new restaurant; the old one's screens must drop the booking.
        await announceChange(tx, {
          kind: 'booking',
          restaurant: before.restaurantId,
          id: before.id,
          status: updated.status,
        });
        return updated;
      });
      return view(moved);
    },

    // ---- availability ----

    async slots(query: AvailableSlotsQuery): Promise<{ date: string; slots: AvailableSlot[] }> {
      const restaurant = await restaurantOrThrow(db, query.restaurant_id);
      const input = await loadAvailabilityInput(db, restaurant, query.date, now());
      const slots = availableSlots(input, {
        groupSize: query.group_size,
        online: query.is_reservable ?? false,
        ...(query.zone ? { zoneId: query.zone } : {}),
        ...(query.durations ? { durationMinutes: query.durations } : {}),
      });
      return {
        date: query.date,
        slots: slots.map((s) => ({ time: s.time, start: iso(s.start), end: iso(s.end), options: s.options })),
      };
    },

    async findTables(query: FindTablesQuery): Promise<TableFit[]> {
      const restaurant = await restaurantOrThrow(db, query.restaurant_id);
      const start = new Date(query.start_time);
      const end = await endTimeFor(restaurant.id, query.num_people, start, query.end_time);
      const input = await inputFor(restaurant, start);
      const fits = findTables(input, {
        groupSize: query.num_people,
        start,
        end,
        online: query.is_reservable ?? false,
        ...(query.required_zone ? { zoneId: query.required_zone } : {}),
        ...(query.booking ? { ignoreBookingId: query.booking } : {}),
      });
      const [tableRows, groupRows] = await Promise.all([
        db
          .select({ id: diningTables.id, number: diningTables.number })
          .from(diningTables)
          .where(eq(diningTables.restaurantId, restaurant.id)),
        db
          .select({ id: tableGroups.id, name: tableGroups.name })
          .from(tableGroups)
          .where(eq(tableGroups.restaurantId, restaurant.id)),
      ]);
      const tableName = new Map(tableRows.map((t) => [t.id, t.number]));
      const groupName = new Map(groupRows.map((g) => [g.id, g.name]));
      return fits.map((fit) => ({
        kind: fit.kind,
        id: fit.id,
        name: (fit.kind === 'table' ? tableName.get(fit.id) : groupName.get(fit.id)) ?? '',
        tables: fit.tableIds,
        zone: fit.zoneId,
        seats_min: fit.seatsMin,
        seats_max: fit.seatsMax,
        wasted_seats: fit.wastedSeats,
      }));
    },

    /** GET /api/available_tables/: each table's held ranges and locks on a service day. */
    async dayTables(
      restaurantId: number,
      date: string,
      page: number,
      pageSize: number,
    ): Promise<{ count: number; results: DayTable[] }> {
      const restaurant = await restaurantOrThrow(db, restaurantId);
      const input = await loadAvailabilityInput(db, restaurant, date, now());
      const all = await db
        .select()
        .from(diningTables)
        .where(eq(diningTables.restaurantId, restaurant.id))
        .orderBy(asc(diningTables.zoneId), asc(diningTables.id));
      all.sort(
        (a, b) =>
          (a.zoneId ?? 0) - (b.zoneId ?? 0) || a.number.localeCompare(b.number, 'ru', { numeric: true }),
      );
      const lockRows = await db
        .select()
        .from(schema.tableLocks)
        .where(and(eq(schema.tableLocks.restaurantId, restaurant.id), eq(schema.tableLocks.date, date)));
      const bounds = serviceDayBounds(restaurant.timezone, date);
      const results = all.slice((page - 1) * pageSize, page * pageSize).map((table) => ({
        id: table.id,
        number: table.number,
        zone: table.zoneId,
        seats_min: table.seatsMin,
        seats_max: table.seatsMax,
        is_reservable: table.isReservable,
        busy: input.occupations
          .filter((o) => o.bookingId !== undefined && o.tableIds.includes(table.id))
          .filter((o) => o.to > bounds.from && o.from < bounds.to)
          .map((o) => ({ booking: o.bookingId as number, from: iso(o.from), to: iso(o.to) })),
        locks: lockRows
          .filter((l) => l.tableId === table.id)
          .map((l) => ({
            id: l.id,
            from: iso(
              l.fromTime ? zonedInstant(restaurant.timezone, date, l.fromTime.slice(0, 5)) : bounds.from,
            ),
            to: iso(l.toTime ? zonedInstant(restaurant.timezone, date, l.toTime.slice(0, 5)) : bounds.to),
            reason: l.reason,
          })),
      }));
      return { count: all.length, results };
    },

    // ---- guests ----

    async publicSlots(restaurantId: number, date: string, groupSize: number) {
      const restaurant = await restaurantOrThrow(db, restaurantId);
      if (!restaurant.hasBookings) return { date, slots: [] };
      const input = await loadAvailabilityInput(db, restaurant, date, now());
      return { date, slots: availableSlots(input, { groupSize, online: true }).map((s) => s.time) };
    },

    /**
     * POST /api/public/restaurant/{id}/booking/: a guest's request. Offered only at a start the
     * engine offers online; it holds the best free fit at once (so nobody else can take it while
     * the hostess decides) and is confirmed by itself when an auto-reservation rule matches.
     */
    async guestRequest(
      restaurantId: number,
      body: GuestBookingBody,
      key: string | null,
      source: EntrySource,
      telegramChatId: number | null = null,
    ): Promise<{ created: boolean; status: GuestBookingStatus }> {
      const restaurant = await restaurantOrThrow(db, restaurantId);
      if (!restaurant.hasBookings) throw new HttpError(409, 'bookingApi.bookingsOff', 'bookings_off');
      const phone = phoneOrThrow(body.phone, true);
      // The same key with another form: 422, never the booking (and token) of whoever sent it first.
      const bodyHash = requestHash(`POST booking ${restaurant.id}`, body);
      const replayed = async (idempotencyKey: string) => {
        const [same] = await db
          .select()
          .from(bookings)
          .where(and(eq(bookings.restaurantId, restaurant.id), eq(bookings.idempotencyKey, idempotencyKey)));
        if (same && same.idempotencyHash !== bodyHash) throw idempotencyKeyReused();
        return same ? { created: false, status: await guestStatusOf(same, restaurant) } : null;
      };
      if (key) {
        const earlier = await replayed(key);
        if (earlier) return earlier;
      }
      const input = await loadAvailabilityInput(db, restaurant, body.date, now());
      const slot = availableSlots(input, { groupSize: body.group_size, online: true }).find(
        (s) => s.time === body.time,
      );
      if (!slot) throw new HttpError(409, 'bookingApi.slotUnavailable', 'slot_unavailable');
      await refuseRepeatedRequest(restaurant, phone, slot, { deviceKey: body.device_key, telegramChatId });
      const fits = findTables(input, {
        groupSize: body.group_size,
        start: slot.start,
        end: slot.end,
        online: true,
      });
      // The best fit first; if another request took it a moment ago, the next one.
      for (const fit of fits) {
        const rule = await autoRuleFor(restaurant, body.group_size, slot.start, fit.zoneId);
        try {
          const row = await insertBooking({
            restaurantId: restaurant.id,
            place: fitToPlace(fit),
            groupSize: body.group_size,
            seatingTime: slot.start,
            endTime: slot.end,
            status: rule ? 'application' : 'new',
            name: body.name,
            phone,
            comment: body.comment,
            source,
            deposit: false,
            idempotencyKey: key,
            idempotencyHash: key ? bodyHash : null,
            telegramChatId,
            guestDeviceHash: body.device_key ? deviceHash(body.device_key) : null,
            by: null,
            ...(rule ? { changes: { auto_rule: rule.id } } : {}),
          });
          return { created: true, status: await guestStatusOf(row, restaurant) };
        } catch (error) {
          if (key && isUniqueViolation(error, 'bookings_idempotency_uq')) {
            const earlier = await replayed(key);
            if (earlier) return earlier;
          }
          if (error instanceof HttpError && error.code === 'booking_conflict') continue;
          throw error;
        }
      }
      throw new HttpError(409, 'bookingApi.slotUnavailable', 'slot_unavailable');
    },

    async guestStatus(token: string): Promise<GuestBookingStatus> {
      const found = await bookingByToken(token);
      return guestStatusOf(found.row, found.restaurant);
    },

    /** The guest cancels their own request or booking (not once they are seated). */
    async guestCancel(token: string): Promise<GuestBookingStatus> {
      const found = await bookingByToken(token);
      if (guestOutcome(found.row.status) === 'cancelled') return guestStatusOf(found.row, found.restaurant);
      if (!canMoveBooking(found.row.status, 'cancelled')) {
        throw new HttpError(409, 'bookingApi.transitionRefused', 'invalid_transition', {
          status: found.row.status,
        });
      }
      const row = await change(found.row, { status: 'cancelled' }, null, null, { by_guest: true });
      return guestStatusOf(row, found.restaurant);
    },

    /** For the guest's event stream: which restaurant's changes concern this token. */
    async guestBookingRef(token: string): Promise<{ id: number; restaurantId: number } | null> {
      const [row] = await db
        .select({ id: bookings.id, restaurantId: bookings.restaurantId })
        .from(bookings)
        .where(eq(bookings.guestToken, token));
      return row ?? null;
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
