import type {
  AutoRule,
  AutoRuleCreateBody,
  AutoRulePatchBody,
  BookingSettings,
  DurationRule,
  TableLock,
  TableLockBody,
  TimeRule,
  TimeRuleCreateBody,
  TimeRulePatchBody,
  WorkTime,
  ZoneClosure,
  ZoneSchedule,
} from '@stolik/contracts';
import { MessageKey } from '@stolik/contracts';
import { type Database, schema, type Tx } from '@stolik/db';
import { localIsoDate } from '@stolik/domain';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { requireRestaurant, type Viewer } from '../../shared/access';
import { FieldValidationError, notFound } from '../../shared/http-errors';
import { restaurantOrThrow } from '../../shared/restaurant-or-throw';
import { announceChange } from '../events/changes';
import {
  DEFAULT_CLEANING_MINUTES,
  DEFAULT_PREPARATION_MINUTES,
  loadDurations,
  loadGaps,
  wallTime,
} from './availability-input';

const {
  autoReservationRules,
  bookingDurations,
  bookingSettings,
  diningTables,
  tableLocks,
  timeRules,
  workTimes,
  zoneClosures,
  zones,
} = schema;

/** A settings change changes what is available: every open timeline and slot picker refetches. */
const announce = (tx: Tx | Database, restaurantId: number) =>
  announceChange(tx as Tx, { kind: 'table', restaurant: restaurantId, id: 0 });

const toTimeRule = (r: typeof timeRules.$inferSelect): TimeRule => ({
  id: r.id,
  restaurant: r.restaurantId,
  rule_type: r.ruleType,
  weekdays: r.weekdays,
  from: wallTime(r.fromTime),
  to: wallTime(r.toTime),
  minutes: r.minutes,
  covers: r.covers,
  is_active: r.isActive,
});

const toAutoRule = (r: typeof autoReservationRules.$inferSelect): AutoRule => ({
  id: r.id,
  restaurant: r.restaurantId,
  rule_type: 'confirm',
  weekdays: r.weekdays,
  from: wallTime(r.fromTime),
  to: wallTime(r.toTime),
  max_group_size: r.maxGroupSize,
  zone: r.zoneId,
  is_active: r.isActive,
});

const toLock = (l: typeof tableLocks.$inferSelect): TableLock => ({
  id: l.id,
  table: l.tableId,
  date: l.date,
  from: wallTime(l.fromTime),
  to: wallTime(l.toTime),
  reason: l.reason,
});

/** A window where exactly one end is given is not a window. */
function windowOrThrow(from: string | null, to: string | null) {
  if ((from === null) !== (to === null)) throw new FieldValidationError({ to: [MessageKey.required] });
}

/**
 * The inputs of availability (spec §7 settings, zone schedules, table locks, time and
 * auto-reservation rules). Reads are for members; changes to the restaurant's rules are for its
 * managers; a zone switched off or a table locked for a day is a hostess's everyday call.
 */
export function createBookingSettingsService(db: Database, now: () => Date = () => new Date()) {
  async function zoneOf(restaurantId: number, zoneId: number) {
    const [zone] = await db
      .select()
      .from(zones)
      .where(and(eq(zones.id, zoneId), eq(zones.restaurantId, restaurantId)));
    if (!zone) throw notFound();
    return zone;
  }

  async function timeRuleFor(viewer: Viewer, id: number) {
    const [row] = await db.select().from(timeRules).where(eq(timeRules.id, id));
    if (!row) throw notFound();
    requireRestaurant(viewer, row.restaurantId, 'admin');
    return row;
  }

  async function autoRuleFor(viewer: Viewer, id: number) {
    const [row] = await db.select().from(autoReservationRules).where(eq(autoReservationRules.id, id));
    if (!row) throw notFound();
    requireRestaurant(viewer, row.restaurantId, 'admin');
    return row;
  }

  async function zoneOrNull(restaurantId: number, zoneId: number | null | undefined) {
    if (zoneId === null || zoneId === undefined) return;
    const [zone] = await db
      .select({ id: zones.id })
      .from(zones)
      .where(and(eq(zones.id, zoneId), eq(zones.restaurantId, restaurantId)));
    if (!zone) throw new FieldValidationError({ zone: [MessageKey.invalid] });
  }

  return {
    async workTime(restaurantId: number): Promise<WorkTime[]> {
      await restaurantOrThrow(db, restaurantId);
      const rows = await db
        .select()
        .from(workTimes)
        .where(eq(workTimes.restaurantId, restaurantId))
        .orderBy(asc(workTimes.weekday));
      return rows.map((r) => ({
        weekday: r.weekday,
        opens: wallTime(r.opens) ?? '00:00',
        closes: wallTime(r.closes) ?? '00:00',
        is_closed: r.isClosed,
      }));
    },

    async setWorkTime(restaurantId: number, days: WorkTime[]): Promise<WorkTime[]> {
      await restaurantOrThrow(db, restaurantId);
      await db.transaction(async (tx) => {
        for (const day of days) {
          const values = { opens: day.opens, closes: day.closes, isClosed: day.is_closed };
          await tx
            .insert(workTimes)
            .values({ restaurantId, weekday: day.weekday, ...values })
            .onConflictDoUpdate({ target: [workTimes.restaurantId, workTimes.weekday], set: values });
        }
        await announce(tx, restaurantId);
      });
      return this.workTime(restaurantId);
    },

    async durations(restaurantId: number): Promise<DurationRule[]> {
      await restaurantOrThrow(db, restaurantId);
      return (await loadDurations(db, restaurantId)).map((d) => ({
        seats_from: d.seatsFrom,
        seats_to: d.seatsTo,
        minutes: d.minutes,
      }));
    },

    /** The whole list, replaced: ranges of party sizes that must not overlap. */
    async setDurations(restaurantId: number, list: DurationRule[]): Promise<DurationRule[]> {
      await restaurantOrThrow(db, restaurantId);
      const sorted = [...list].sort((a, b) => a.seats_from - b.seats_from);
      sorted.forEach((rule, i) => {
        const next = sorted[i + 1];
        if (next && (rule.seats_to === null || rule.seats_to >= next.seats_from)) {
          throw new FieldValidationError({ [String(i + 1)]: [MessageKey.invalid] });
        }
      });
      await db.transaction(async (tx) => {
        await tx.delete(bookingDurations).where(eq(bookingDurations.restaurantId, restaurantId));
        if (sorted.length > 0) {
          await tx.insert(bookingDurations).values(
            sorted.map((d) => ({
              restaurantId,
              seatsFrom: d.seats_from,
              seatsTo: d.seats_to,
              minutes: d.minutes,
            })),
          );
        }
        await announce(tx, restaurantId);
      });
      return this.durations(restaurantId);
    },

    async gaps(restaurantId: number): Promise<BookingSettings> {
      await restaurantOrThrow(db, restaurantId);
      const gaps = await loadGaps(db, restaurantId);
      return { preparation_minutes: gaps.preparationMinutes, cleaning_minutes: gaps.cleaningMinutes };
    },

    /** New gaps hold for bookings made or moved from now on; existing held ranges stay as booked. */
    async setGaps(restaurantId: number, body: Partial<BookingSettings>): Promise<BookingSettings> {
      await restaurantOrThrow(db, restaurantId);
      const current = await loadGaps(db, restaurantId);
      const values = {
        preparationMinutes:
          body.preparation_minutes ?? current.preparationMinutes ?? DEFAULT_PREPARATION_MINUTES,
        cleaningMinutes: body.cleaning_minutes ?? current.cleaningMinutes ?? DEFAULT_CLEANING_MINUTES,
      };
      await db.transaction(async (tx) => {
        await tx
          .insert(bookingSettings)
          .values({ restaurantId, ...values })
          .onConflictDoUpdate({ target: bookingSettings.restaurantId, set: values });
        await announce(tx, restaurantId);
      });
      return this.gaps(restaurantId);
    },

    /** Every zone, on or off, with its closures from today on. */
    async zoneSchedules(restaurantId: number): Promise<ZoneSchedule[]> {
      const restaurant = await restaurantOrThrow(db, restaurantId);
      const today = localIsoDate(restaurant.timezone, now());
      const zoneRows = await db
        .select()
        .from(zones)
        .where(eq(zones.restaurantId, restaurantId))
        .orderBy(asc(zones.sortOrder), asc(zones.name));
      const closures = zoneRows.length
        ? await db
            .select()
            .from(zoneClosures)
            .where(
              and(
                inArray(
                  zoneClosures.zoneId,
                  zoneRows.map((z) => z.id),
                ),
                gte(zoneClosures.date, today),
              ),
            )
            .orderBy(asc(zoneClosures.date), asc(zoneClosures.fromTime))
        : [];
      return zoneRows.map((zone) => ({
        zone: zone.id,
        name: zone.name,
        active: zone.isActive,
        closures: closures
          .filter((c) => c.zoneId === zone.id)
          .map((c): ZoneClosure => ({ date: c.date, from: wallTime(c.fromTime), to: wallTime(c.toTime) })),
      }));
    },

    async setZoneActive(restaurantId: number, zoneId: number, active: boolean): Promise<ZoneSchedule> {
      await zoneOf(restaurantId, zoneId);
      await db.transaction(async (tx) => {
        await tx.update(zones).set({ isActive: active }).where(eq(zones.id, zoneId));
        await announce(tx, restaurantId);
      });
      const all = await this.zoneSchedules(restaurantId);
      return all.find((z) => z.zone === zoneId) as ZoneSchedule;
    },

    /** The zone's closures from today on, replaced (past ones are history and stay). */
    async setZoneClosures(
      restaurantId: number,
      zoneId: number,
      closures: ZoneClosure[],
    ): Promise<ZoneSchedule> {
      const restaurant = await restaurantOrThrow(db, restaurantId);
      await zoneOf(restaurantId, zoneId);
      for (const c of closures) windowOrThrow(c.from, c.to);
      const today = localIsoDate(restaurant.timezone, now());
      await db.transaction(async (tx) => {
        await tx
          .delete(zoneClosures)
          .where(and(eq(zoneClosures.zoneId, zoneId), gte(zoneClosures.date, today)));
        if (closures.length > 0) {
          await tx
            .insert(zoneClosures)
            .values(closures.map((c) => ({ zoneId, date: c.date, fromTime: c.from, toTime: c.to })));
        }
        await announce(tx, restaurantId);
      });
      const all = await this.zoneSchedules(restaurantId);
      return all.find((z) => z.zone === zoneId) as ZoneSchedule;
    },

    async locks(restaurantId: number, date?: string): Promise<TableLock[]> {
      const restaurant = await restaurantOrThrow(db, restaurantId);
      const rows = await db
        .select()
        .from(tableLocks)
        .where(
          and(
            eq(tableLocks.restaurantId, restaurantId),
            date ? eq(tableLocks.date, date) : gte(tableLocks.date, localIsoDate(restaurant.timezone, now())),
          ),
        )
        .orderBy(asc(tableLocks.date), asc(tableLocks.id));
      return rows.map(toLock);
    },

    async addLock(viewer: Viewer, restaurantId: number, body: TableLockBody): Promise<TableLock> {
      await restaurantOrThrow(db, restaurantId);
      windowOrThrow(body.from, body.to);
      const [table] = await db
        .select({ id: diningTables.id })
        .from(diningTables)
        .where(and(eq(diningTables.id, body.table), eq(diningTables.restaurantId, restaurantId)));
      if (!table) throw new FieldValidationError({ table: [MessageKey.invalid] });
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(tableLocks)
          .values({
            restaurantId,
            tableId: body.table,
            date: body.date,
            fromTime: body.from,
            toTime: body.to,
            reason: body.reason,
            createdBy: viewer.id,
          })
          .returning();
        await announce(tx, restaurantId);
        return created;
      });
      if (!row) throw new Error('lock was not created');
      return toLock(row);
    },

    /** Idempotent: a lock already removed (from another device, say) is as good as removed now. */
    /** 404 for a lock that is not this restaurant's (another's, or none), as for every resource. */
    async removeLock(restaurantId: number, lockId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(tableLocks)
          .where(and(eq(tableLocks.id, lockId), eq(tableLocks.restaurantId, restaurantId)))
          .returning({ id: tableLocks.id });
        if (removed.length === 0) throw notFound();
        await announce(tx, restaurantId);
      });
    },

    async timeRules(restaurantId: number, ruleType?: string): Promise<TimeRule[]> {
      await restaurantOrThrow(db, restaurantId);
      const rows = await db
        .select()
        .from(timeRules)
        .where(eq(timeRules.restaurantId, restaurantId))
        .orderBy(asc(timeRules.id));
      return rows.filter((r) => !ruleType || r.ruleType === ruleType).map(toTimeRule);
    },

    async addTimeRule(viewer: Viewer, body: TimeRuleCreateBody): Promise<TimeRule> {
      requireRestaurant(viewer, body.restaurant, 'admin');
      await restaurantOrThrow(db, body.restaurant);
      windowOrThrow(body.from, body.to);
      checkRuleValues(body.rule_type, body.minutes, body.covers, body.from);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(timeRules)
          .values({
            restaurantId: body.restaurant,
            ruleType: body.rule_type,
            weekdays: body.weekdays,
            fromTime: body.from,
            toTime: body.to,
            minutes: body.minutes,
            covers: body.covers,
            isActive: body.is_active,
          })
          .returning();
        await announce(tx, body.restaurant);
        return created;
      });
      if (!row) throw new Error('rule was not created');
      return toTimeRule(row);
    },

    async updateTimeRule(viewer: Viewer, id: number, body: TimeRulePatchBody): Promise<TimeRule> {
      const before = await timeRuleFor(viewer, id);
      const from = body.from === undefined ? wallTime(before.fromTime) : body.from;
      const to = body.to === undefined ? wallTime(before.toTime) : body.to;
      windowOrThrow(from, to);
      checkRuleValues(
        before.ruleType,
        body.minutes === undefined ? before.minutes : body.minutes,
        body.covers === undefined ? before.covers : body.covers,
        from,
      );
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(timeRules)
          .set({
            ...(body.weekdays !== undefined ? { weekdays: body.weekdays } : {}),
            fromTime: from,
            toTime: to,
            ...(body.minutes !== undefined ? { minutes: body.minutes } : {}),
            ...(body.covers !== undefined ? { covers: body.covers } : {}),
            ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
          })
          .where(eq(timeRules.id, id))
          .returning();
        await announce(tx, before.restaurantId);
        return updated;
      });
      if (!row) throw notFound();
      return toTimeRule(row);
    },

    async removeTimeRule(viewer: Viewer, id: number): Promise<void> {
      const before = await timeRuleFor(viewer, id);
      await db.transaction(async (tx) => {
        await tx.delete(timeRules).where(eq(timeRules.id, id));
        await announce(tx, before.restaurantId);
      });
    },

    async autoRules(restaurantId: number, ruleType?: string): Promise<AutoRule[]> {
      await restaurantOrThrow(db, restaurantId);
      const rows = await db
        .select()
        .from(autoReservationRules)
        .where(eq(autoReservationRules.restaurantId, restaurantId))
        .orderBy(asc(autoReservationRules.id));
      return rows.filter((r) => !ruleType || r.ruleType === ruleType).map(toAutoRule);
    },

    async addAutoRule(viewer: Viewer, body: AutoRuleCreateBody): Promise<AutoRule> {
      requireRestaurant(viewer, body.restaurant, 'admin');
      await restaurantOrThrow(db, body.restaurant);
      windowOrThrow(body.from, body.to);
      await zoneOrNull(body.restaurant, body.zone);
      const [row] = await db
        .insert(autoReservationRules)
        .values({
          restaurantId: body.restaurant,
          ruleType: body.rule_type,
          weekdays: body.weekdays,
          fromTime: body.from,
          toTime: body.to,
          maxGroupSize: body.max_group_size,
          zoneId: body.zone,
          isActive: body.is_active,
        })
        .returning();
      if (!row) throw new Error('rule was not created');
      return toAutoRule(row);
    },

    async updateAutoRule(viewer: Viewer, id: number, body: AutoRulePatchBody): Promise<AutoRule> {
      const before = await autoRuleFor(viewer, id);
      const from = body.from === undefined ? wallTime(before.fromTime) : body.from;
      const to = body.to === undefined ? wallTime(before.toTime) : body.to;
      windowOrThrow(from, to);
      await zoneOrNull(before.restaurantId, body.zone);
      const [row] = await db
        .update(autoReservationRules)
        .set({
          ...(body.weekdays !== undefined ? { weekdays: body.weekdays } : {}),
          fromTime: from,
          toTime: to,
          ...(body.max_group_size !== undefined ? { maxGroupSize: body.max_group_size } : {}),
          ...(body.zone !== undefined ? { zoneId: body.zone } : {}),
          ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
        })
        .where(eq(autoReservationRules.id, id))
        .returning();
      if (!row) throw notFound();
      return toAutoRule(row);
    },

    async removeAutoRule(viewer: Viewer, id: number): Promise<void> {
      await autoRuleFor(viewer, id);
      await db.delete(autoReservationRules).where(eq(autoReservationRules.id, id));
    },
  };
}

/** Each rule type needs its figure: minutes for lead time and last seating, covers for a cap. */
function checkRuleValues(
  type: TimeRule['rule_type'],
  minutes: number | null,
  covers: number | null,
  from: string | null,
) {
  if (type === 'no_online' && from === null) throw new FieldValidationError({ from: [MessageKey.required] });
  if ((type === 'min_lead' || type === 'last_seating') && minutes === null) {
    throw new FieldValidationError({ minutes: [MessageKey.required] });
  }
  if (type === 'covers_cap' && covers === null)
    throw new FieldValidationError({ covers: [MessageKey.required] });
}

export type BookingSettingsService = ReturnType<typeof createBookingSettingsService>;
