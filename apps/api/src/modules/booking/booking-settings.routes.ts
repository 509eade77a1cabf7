import {
  AutoRuleCreateBody,
  AutoRulePatchBody,
  AutoRuleSchema,
  BookingSettingsSchema,
  DurationList,
  RestaurantParams,
  RuleListQuery,
  RuleParams,
  SettingsParams,
  TableLockBody,
  TableLockParams,
  TableLockSchema,
  TableLocksQuery,
  TimeRuleCreateBody,
  TimeRulePatchBody,
  TimeRuleSchema,
  WorkTimePatch,
  WorkWeek,
  ZoneActiveBody,
  ZoneClosuresBody,
  ZoneSchedule,
  ZoneScheduleParams,
  ZoneSwitchParams,
} from '@stolik/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../plugins/authentication';
import { access } from '../../shared/access';
import { errorReplies } from '../../shared/error-replies';
import type { BookingSettingsService } from './booking-settings.service';

const errors = errorReplies;
const tags = ['booking settings'];

/** The inputs of availability: hours, durations, gaps, zone schedules, table locks, rules (spec §7). */
export const bookingSettingsRoutes: FastifyPluginAsyncZod<{ settings: BookingSettingsService }> = async (
  app,
  { settings },
) => {
  app.get(
    '/api/settings/:id/work-time/',
    {
      config: { access: access.member() },
      schema: {
        tags,
        summary: 'Opening hours by weekday',
        params: SettingsParams,
        response: { 200: WorkWeek, ...errors },
      },
    },
    (request) => settings.workTime(request.params.id),
  );
  app.patch(
    '/api/settings/:id/work-time/',
    {
      config: {
        access: access.restaurantAdmin(),
        audit: { action: 'settings.work_time', entity: 'restaurant', id: 'params.id', values: 'settings' },
      },
      schema: {
        tags,
        summary: 'Set the hours of the weekdays given',
        params: SettingsParams,
        body: WorkTimePatch,
        response: { 200: WorkWeek, ...errors },
      },
    },
    (request) => settings.setWorkTime(request.params.id, request.body),
  );

  app.get(
    '/api/settings/:id/booking-duration-list/',
    {
      config: { access: access.member() },
      schema: {
        tags,
        summary: 'How long a party of each size keeps its table',
        params: SettingsParams,
        response: { 200: DurationList, ...errors },
      },
    },
    (request) => settings.durations(request.params.id),
  );
  app.put(
    '/api/settings/:id/booking-duration-list/',
    {
      config: {
        access: access.restaurantAdmin(),
        audit: {
          action: 'settings.booking_durations',
          entity: 'restaurant',
          id: 'params.id',
          values: 'settings',
        },
      },
      schema: {
        tags,
        summary: 'Replace the duration list (size ranges may not overlap)',
        params: SettingsParams,
        body: DurationList,
        response: { 200: DurationList, ...errors },
      },
    },
    (request) => settings.setDurations(request.params.id, request.body),
  );

  app.get(
    '/api/settings/:id/booking/',
    {
      config: { access: access.member() },
      schema: {
        tags,
        summary: 'Preparation and cleaning time around a booking',
        params: SettingsParams,
        response: { 200: BookingSettingsSchema, ...errors },
      },
    },
    (request) => settings.gaps(request.params.id),
  );
  app.patch(
    '/api/settings/:id/booking/',
    {
      config: {
        access: access.restaurantAdmin(),
        audit: { action: 'settings.booking_gaps', entity: 'restaurant', id: 'params.id', values: 'settings' },
      },
      schema: {
        tags,
        summary: 'Set preparation and cleaning time (for bookings made or moved from now on)',
        params: SettingsParams,
        body: BookingSettingsSchema.partial(),
        response: { 200: BookingSettingsSchema, ...errors },
      },
    },
    (request) => settings.setGaps(request.params.id, request.body),
  );

  app.put(
    '/api/settings/:id/zone-schedules/:zone_pk/',
    {
      config: {
        access: access.restaurantAdmin(),
        audit: { action: 'settings.zone_closures', entity: 'zone', id: 'params.zone_pk', values: 'settings' },
      },
      schema: {
        tags,
        summary: "Replace a zone's closures from today on",
        params: ZoneScheduleParams,
        body: ZoneClosuresBody,
        response: { 200: ZoneSchedule, ...errors },
      },
    },
    (request) => settings.setZoneClosures(request.params.id, request.params.zone_pk, request.body.closures),
  );

  app.get(
    '/api/restaurant/:id/zones_schedule/',
    {
      config: { access: access.member() },
      schema: {
        tags,
        summary: 'Every zone, on or off, with its coming closures',
        params: RestaurantParams,
        response: { 200: z.array(ZoneSchedule), ...errors },
      },
    },
    (request) => settings.zoneSchedules(request.params.id),
  );
  app.patch(
    '/api/restaurant/:id/update_zone_schedule/:zoneId/',
    {
      config: {
        access: access.member(),
        audit: { action: 'settings.zone_active', entity: 'zone', id: 'params.zoneId', values: 'settings' },
      },
      schema: {
        tags,
        summary: 'Switch a zone on (1) or off (0)',
        params: ZoneSwitchParams,
        body: ZoneActiveBody,
        response: { 200: ZoneSchedule, ...errors },
      },
    },
    (request) => settings.setZoneActive(request.params.id, request.params.zoneId, request.body.active === 1),
  );

  app.get(
    '/api/restaurant/:id/table_locks/',
    {
      config: { access: access.member() },
      schema: {
        tags,
        summary: 'Table locks of a date (from today on when no date is given)',
        params: RestaurantParams,
        querystring: TableLocksQuery,
        response: { 200: z.array(TableLockSchema), ...errors },
      },
    },
    (request) => settings.locks(request.params.id, request.query.date),
  );
  app.post(
    '/api/restaurant/:id/table_lock/',
    {
      config: {
        access: access.member(),
        audit: { action: 'settings.table_lock.create', entity: 'table_lock', values: 'settings' },
      },
      schema: {
        tags,
        summary: 'Lock a table for a date or hours of it',
        params: RestaurantParams,
        body: TableLockBody,
        response: { 201: TableLockSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await settings.addLock(viewerOf(request), request.params.id, request.body)),
  );
  app.delete(
    '/api/restaurant/:id/table_lock/:lockId/',
    {
      config: {
        access: access.member(),
        audit: { action: 'settings.table_lock.delete', entity: 'table_lock', id: 'params.lockId' },
      },
      schema: {
        tags,
        summary: 'Remove a table lock',
        params: TableLockParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await settings.removeLock(request.params.id, request.params.lockId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/time_rule/',
    {
      config: { access: access.member('query', 'restaurant') },
      schema: {
        tags,
        summary: "Limits on guests' online requests",
        querystring: RuleListQuery,
        response: { 200: z.array(TimeRuleSchema), ...errors },
      },
    },
    (request) => settings.timeRules(request.query.restaurant, request.query.rule_type),
  );
  app.post(
    '/api/time_rule/',
    {
      config: {
        access: access.authenticated,
        audit: { action: 'settings.time_rule.create', entity: 'time_rule', values: 'settings' },
      },
      schema: {
        tags,
        summary: 'Add a time rule',
        body: TimeRuleCreateBody,
        response: { 201: TimeRuleSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await settings.addTimeRule(viewerOf(request), request.body)),
  );
  app.patch(
    '/api/time_rule/:id/',
    {
      config: {
        access: access.authenticated,
        audit: { action: 'settings.time_rule.update', entity: 'time_rule', values: 'settings' },
      },
      schema: {
        tags,
        summary: 'Change a time rule',
        params: RuleParams,
        body: TimeRulePatchBody,
        response: { 200: TimeRuleSchema, ...errors },
      },
    },
    (request) => settings.updateTimeRule(viewerOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/time_rule/:id/',
    {
      config: {
        access: access.authenticated,
        audit: { action: 'settings.time_rule.delete', entity: 'time_rule' },
      },
      schema: {
        tags,
        summary: 'Remove a time rule',
        params: RuleParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await settings.removeTimeRule(viewerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/auto_reservation_rules/',
    {
      config: { access: access.member('query', 'restaurant') },
      schema: {
        tags,
        summary: 'Rules that confirm matching guest requests by themselves',
        querystring: RuleListQuery,
        response: { 200: z.array(AutoRuleSchema), ...errors },
      },
    },
    (request) => settings.autoRules(request.query.restaurant, request.query.rule_type),
  );
  app.post(
    '/api/auto_reservation_rules/',
    {
      config: {
        access: access.authenticated,
        audit: { action: 'settings.auto_rule.create', entity: 'auto_rule', values: 'settings' },
      },
      schema: {
        tags,
        summary: 'Add an auto-reservation rule',
        body: AutoRuleCreateBody,
        response: { 201: AutoRuleSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await settings.addAutoRule(viewerOf(request), request.body)),
  );
  app.patch(
    '/api/auto_reservation_rules/:id/',
    {
      config: {
        access: access.authenticated,
        audit: { action: 'settings.auto_rule.update', entity: 'auto_rule', values: 'settings' },
      },
      schema: {
        tags,
        summary: 'Change an auto-reservation rule',
        params: RuleParams,
        body: AutoRulePatchBody,
        response: { 200: AutoRuleSchema, ...errors },
      },
    },
    (request) => settings.updateAutoRule(viewerOf(request), request.params.id, request.body),
  );
  app.delete(
    '/api/auto_reservation_rules/:id/',
    {
      config: {
        access: access.authenticated,
        audit: { action: 'settings.auto_rule.delete', entity: 'auto_rule' },
      },
      schema: {
        tags,
        summary: 'Remove an auto-reservation rule',
        params: RuleParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await settings.removeAutoRule(viewerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
