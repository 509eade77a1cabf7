import type {
  AutoRule,
  AutoRuleCreateBody,
  AutoRulePatchBody,
  BookingSettings,
  DurationRule,
  TimeRule,
  TimeRuleCreateBody,
  TimeRulePatchBody,
  WorkTime,
  ZoneClosure,
  ZoneSchedule,
} from '@stolik/contracts';
import { queryOptions } from '@tanstack/react-query';
import { load } from '../../../shared/api/load';
import { del, patch, post, put } from '../../../shared/api/transport';

/**
 * Settings → booking: the inputs of availability. Every key starts with ['booking', restaurantId]
 * so a booking change of the restaurant (its live stream, or a save here) marks them stale.
 */
export const bookingSettingsKey = (restaurantId: number) => ['booking', restaurantId, 'settings'] as const;

export const workTimeQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: [...bookingSettingsKey(restaurantId), 'work-time'],
    queryFn: ({ signal }) => load<WorkTime[]>(`/api/settings/${restaurantId}/work-time/`, { signal }),
  });

/** PATCH replaces the days it names; the reply is the whole week. */
export const saveWorkTime = (restaurantId: number, days: WorkTime[]) =>
  patch<WorkTime[]>(`/api/settings/${restaurantId}/work-time/`, days) as Promise<WorkTime[]>;

export const durationsQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: [...bookingSettingsKey(restaurantId), 'durations'],
    queryFn: ({ signal }) =>
      load<DurationRule[]>(`/api/settings/${restaurantId}/booking-duration-list/`, { signal }),
  });

/** The whole list, replaced. */
export const saveDurations = (restaurantId: number, list: DurationRule[]) =>
  put<DurationRule[]>(`/api/settings/${restaurantId}/booking-duration-list/`, list) as Promise<
    DurationRule[]
  >;

export const gapsQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: [...bookingSettingsKey(restaurantId), 'gaps'],
    queryFn: ({ signal }) => load<BookingSettings>(`/api/settings/${restaurantId}/booking/`, { signal }),
  });

export const saveGaps = (restaurantId: number, body: BookingSettings) =>
  patch<BookingSettings>(`/api/settings/${restaurantId}/booking/`, body) as Promise<BookingSettings>;

export const timeRulesQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: [...bookingSettingsKey(restaurantId), 'time-rules'],
    queryFn: ({ signal }) =>
      load<TimeRule[]>('/api/time_rule/', { signal, query: { restaurant: restaurantId } }),
  });

export const createTimeRule = (body: TimeRuleCreateBody) =>
  post<TimeRule>('/api/time_rule/', body) as Promise<TimeRule>;
export const updateTimeRule = (id: number, body: TimeRulePatchBody) =>
  patch<TimeRule>(`/api/time_rule/${id}/`, body) as Promise<TimeRule>;
export const deleteTimeRule = (id: number) => del<null>(`/api/time_rule/${id}/`);

export const autoRulesQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: [...bookingSettingsKey(restaurantId), 'auto-rules'],
    queryFn: ({ signal }) =>
      load<AutoRule[]>('/api/auto_reservation_rules/', { signal, query: { restaurant: restaurantId } }),
  });

export const createAutoRule = (body: AutoRuleCreateBody) =>
  post<AutoRule>('/api/auto_reservation_rules/', body) as Promise<AutoRule>;
export const updateAutoRule = (id: number, body: AutoRulePatchBody) =>
  patch<AutoRule>(`/api/auto_reservation_rules/${id}/`, body) as Promise<AutoRule>;
export const deleteAutoRule = (id: number) => del<null>(`/api/auto_reservation_rules/${id}/`);

export const zoneSchedulesQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: [...bookingSettingsKey(restaurantId), 'zones'],
    queryFn: ({ signal }) =>
      load<ZoneSchedule[]>(`/api/restaurant/${restaurantId}/zones_schedule/`, { signal }),
  });

export const setZoneActive = (restaurantId: number, zoneId: number, active: boolean) =>
  patch<ZoneSchedule>(`/api/restaurant/${restaurantId}/update_zone_schedule/${zoneId}/`, {
    active: active ? 1 : 0,
  }) as Promise<ZoneSchedule>;

/** The zone's closures from today on, replaced. */
export const saveZoneClosures = (restaurantId: number, zoneId: number, closures: ZoneClosure[]) =>
  put<ZoneSchedule>(`/api/settings/${restaurantId}/zone-schedules/${zoneId}/`, {
    closures,
  }) as Promise<ZoneSchedule>;
