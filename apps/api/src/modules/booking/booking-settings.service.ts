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
import type { Database, Tx } from '@stolik/db';
import { localIsoDate } from '@stolik/domain';
import { requireRestaurant, type Viewer } from '../../shared/access';
import { FieldValidationError, notFound } from '../../shared/http-errors';
import { restaurantOrThrow } from '../../shared/restaurant-or-throw';
import { announceChange } from '../events/changes.repository';
import {
  DEFAULT_CLEANING_MINUTES,
  DEFAULT_PREPARATION_MINUTES,
  loadDurations,
  loadGaps,
} from './availability.repository';
import { wallTime } from './availability-input';
import {
  type AutoRuleRow,
  createBookingSettingsRepository,
  type TableLockRow,
  type TimeRuleRow,
} from './booking-settings.repository';

/** A settings change changes what is available: every open timeline and slot picker refetches. */
const announce = (tx: Tx | Database, restaurantId: number) =>
  announceChange(tx as Tx, { kind: 'table', restaurant: restaurantId, id: 0 });

const toTimeRule = (r: TimeRuleRow): TimeRule => ({
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

const toAutoRule = (r: AutoRuleRow): AutoRule => ({
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

const toLock = (l: TableLockRow): TableLock => ({
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
  const repository = createBookingSettingsRepository(db);

  async function zoneOf(restaurantId: number, zoneId: number) {
    const zone = await repository.zoneOf(restaurantId, zoneId);
    if (!zone) throw notFound();
    return zone;
  }

  async function timeRuleFor(viewer: Viewer, id: number) {
    const row = await repository.timeRule(id);
    if (!row) throw notFound();
    requireRestaurant(viewer, row.restaurantId, 'admin');
    return row;
  }

  async function autoRuleFor(viewer: Viewer, id: number) {
    const row = await repository.autoRule(id);
    if (!row) throw notFound();
    requireRestaurant(viewer, row.restaurantId, 'admin');
    return row;
  }

  async function zoneOrNull(restaurantId: number, zoneId: number | null | undefined) {
    if (zoneId === null || zoneId === undefined) return;
    const zone = await repository.zoneOf(restaurantId, zoneId);
    if (!zone) throw new FieldValidationError({ zone: [MessageKey.invalid] });
  }

  return {
    async workTime(restaurantId: number): Promise<WorkTime[]> {
      await restaurantOrThrow(db, restaurantId);
      const rows = await repository.workTimes(restaurantId);
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
          await repository.setWorkTime(tx, restaurantId, {
            weekday: day.weekday,
            opens: day.opens,
            closes: day.closes,
            isClosed: day.is_closed,
          });
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
        await repository.replaceDurations(
          tx,
          restaurantId,
          sorted.map((d) => ({ seatsFrom: d.seats_from, seatsTo: d.seats_to, minutes: d.minutes })),
        );
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
        await repository.setGaps(tx, restaurantId, values);
        await announce(tx, restaurantId);
      });
      return this.gaps(restaurantId);
    },

    /** Every zone, on or off, with its closures from today on. */
    async zoneSchedules(restaurantId: number): Promise<ZoneSchedule[]> {
      const restaurant = await restaurantOrThrow(db, restaurantId);
      const today = localIsoDate(restaurant.timezone, now());
      const zoneRows = await repository.zones(restaurantId);
      const closures = await repository.closuresFrom(
        zoneRows.map((z) => z.id),
        today,
      );
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
        await repository.setZoneActive(tx, zoneId, active);
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
        await repository.replaceClosuresFrom(
          tx,
          zoneId,
          today,
          closures.map((c) => ({ date: c.date, fromTime: c.from, toTime: c.to })),
        );
        await announce(tx, restaurantId);
      });
      const all = await this.zoneSchedules(restaurantId);
      return all.find((z) => z.zone === zoneId) as ZoneSchedule;
    },

    async locks(restaurantId: number, date?: string): Promise<TableLock[]> {
      const restaurant = await restaurantOrThrow(db, restaurantId);
      const rows = await repository.locks(
        restaurantId,
        date ? { on: date } : { from: localIsoDate(restaurant.timezone, now()) },
      );
      return rows.map(toLock);
    },

    async addLock(viewer: Viewer, restaurantId: number, body: TableLockBody): Promise<TableLock> {
      await restaurantOrThrow(db, restaurantId);
      windowOrThrow(body.from, body.to);
      if (!(await repository.isTableOf(restaurantId, body.table)))
        throw new FieldValidationError({ table: [MessageKey.invalid] });
      const row = await db.transaction(async (tx) => {
        const created = await repository.addLock(tx, {
          restaurantId,
          tableId: body.table,
          date: body.date,
          fromTime: body.from,
          toTime: body.to,
          reason: body.reason,
          createdBy: viewer.id,
        });
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
        if (!(await repository.removeLock(tx, restaurantId, lockId))) throw notFound();
        await announce(tx, restaurantId);
      });
    },

    async timeRules(restaurantId: number, ruleType?: string): Promise<TimeRule[]> {
      await restaurantOrThrow(db, restaurantId);
      const rows = await repository.timeRules(restaurantId);
      return rows.filter((r) => !ruleType || r.ruleType === ruleType).map(toTimeRule);
    },

    async addTimeRule(viewer: Viewer, body: TimeRuleCreateBody): Promise<TimeRule> {
      requireRestaurant(viewer, body.restaurant, 'admin');
      await restaurantOrThrow(db, body.restaurant);
      windowOrThrow(body.from, body.to);
      checkRuleValues(body.rule_type, body.minutes, body.covers, body.from);
      const row = await db.transaction(async (tx) => {
        const created = await repository.addTimeRule(tx, {
          restaurantId: body.restaurant,
          ruleType: body.rule_type,
          weekdays: body.weekdays,
          fromTime: body.from,
          toTime: body.to,
          minutes: body.minutes,
          covers: body.covers,
          isActive: body.is_active,
        });
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
        const updated = await repository.updateTimeRule(tx, id, {
          ...(body.weekdays !== undefined ? { weekdays: body.weekdays } : {}),
          fromTime: from,
          toTime: to,
          ...(body.minutes !== undefined ? { minutes: body.minutes } : {}),
          ...(body.covers !== undefined ? { covers: body.covers } : {}),
          ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
        });
        await announce(tx, before.restaurantId);
        return updated;
      });
      if (!row) throw notFound();
      return toTimeRule(row);
    },

    async removeTimeRule(viewer: Viewer, id: number): Promise<void> {
      const before = await timeRuleFor(viewer, id);
      await db.transaction(async (tx) => {
        await repository.removeTimeRule(tx, id);
        await announce(tx, before.restaurantId);
      });
    },

    async autoRules(restaurantId: number, ruleType?: string): Promise<AutoRule[]> {
      await restaurantOrThrow(db, restaurantId);
      const rows = await repository.autoRules(restaurantId);
      return rows.filter((r) => !ruleType || r.ruleType === ruleType).map(toAutoRule);
    },

    async addAutoRule(viewer: Viewer, body: AutoRuleCreateBody): Promise<AutoRule> {
      requireRestaurant(viewer, body.restaurant, 'admin');
      await restaurantOrThrow(db, body.restaurant);
      windowOrThrow(body.from, body.to);
      await zoneOrNull(body.restaurant, body.zone);
      const row = await repository.addAutoRule({
        restaurantId: body.restaurant,
        ruleType: body.rule_type,
        weekdays: body.weekdays,
        fromTime: body.from,
        toTime: body.to,
        maxGroupSize: body.max_group_size,
        zoneId: body.zone,
        isActive: body.is_active,
      });
      if (!row) throw new Error('rule was not created');
      return toAutoRule(row);
    },

    async updateAutoRule(viewer: Viewer, id: number, body: AutoRulePatchBody): Promise<AutoRule> {
      const before = await autoRuleFor(viewer, id);
      const from = body.from === undefined ? wallTime(before.fromTime) : body.from;
      const to = body.to === undefined ? wallTime(before.toTime) : body.to;
      windowOrThrow(from, to);
      await zoneOrNull(before.restaurantId, body.zone);
      const row = await repository.updateAutoRule(id, {
        ...(body.weekdays !== undefined ? { weekdays: body.weekdays } : {}),
        fromTime: from,
        toTime: to,
        ...(body.max_group_size !== undefined ? { maxGroupSize: body.max_group_size } : {}),
        ...(body.zone !== undefined ? { zoneId: body.zone } : {}),
        ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
      });
      if (!row) throw notFound();
      return toAutoRule(row);
    },

    async removeAutoRule(viewer: Viewer, id: number): Promise<void> {
      await autoRuleFor(viewer, id);
      await repository.removeAutoRule(id);
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
