import type {
  AutoRule,
  AutoRuleCreateBody,
  AutoRulePatchBody,
  TimeRule,
  TimeRuleCreateBody,
  TimeRulePatchBody,
} from '@stolik/contracts';
import { MessageKey } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import { requireRestaurant, type Viewer } from '../../shared/access';
import { FieldValidationError, notFound } from '../../shared/http-errors';
import { restaurantOrThrow } from '../restaurants/restaurant-or-throw';
import { wallTime } from './availability-input';
import type { AutoRuleRow, BookingSettingsRepository, TimeRuleRow } from './booking-settings.repository';
import { announceSettingsChange as announce, windowOrThrow } from './settings-change';

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

/**
 * The restaurant's booking rules (spec §7 time rules and auto-reservation rules): when online
 * booking closes, lead times, last seatings and cover caps, and which requests are confirmed by
 * themselves. Members read them; the restaurant's admins change them.
 */
export function createBookingRulesService(db: Database, repository: BookingSettingsRepository) {
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
