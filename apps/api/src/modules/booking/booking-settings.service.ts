import type {
  BookingSettings,
  DurationRule,
  TableLock,
  TableLockBody,
  WorkTime,
  ZoneClosure,
  ZoneSchedule,
} from '@stolik/contracts';
import { MessageKey } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import { localIsoDate } from '@stolik/domain';
import type { Viewer } from '../../shared/access';
import { FieldValidationError, notFound } from '../../shared/http-errors';
import { restaurantOrThrow } from '../restaurants/restaurant-or-throw';
import {
  DEFAULT_CLEANING_MINUTES,
  DEFAULT_PREPARATION_MINUTES,
  loadDurations,
  loadGaps,
} from './availability.repository';
import { wallTime } from './availability-input';
import { createBookingRulesService } from './booking-rules.service';
import { createBookingSettingsRepository, type TableLockRow } from './booking-settings.repository';
import { announceSettingsChange as announce, windowOrThrow } from './settings-change';

const toLock = (l: TableLockRow): TableLock => ({
  id: l.id,
  table: l.tableId,
  date: l.date,
  from: wallTime(l.fromTime),
  to: wallTime(l.toTime),
  reason: l.reason,
});

/**
 * The inputs of availability (spec §7 settings, zone schedules, table locks, and the time and
 * auto-reservation rules of booking-rules.service.ts). Reads are for members; changes to the restaurant's rules are for its
 * managers; a zone switched off or a table locked for a day is a hostess's everyday call.
 */
export function createBookingSettingsService(db: Database, now: () => Date = () => new Date()) {
  const repository = createBookingSettingsRepository(db);

  async function zoneOf(restaurantId: number, zoneId: number) {
    const zone = await repository.zoneOf(restaurantId, zoneId);
    if (!zone) throw notFound();
    return zone;
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

    ...createBookingRulesService(db, repository),
  };
}

export type BookingSettingsService = ReturnType<typeof createBookingSettingsService>;
