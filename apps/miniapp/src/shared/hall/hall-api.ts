import type {
  CreateGroupsBody,
  GroupPatchBody,
  Restaurant,
  RestaurantPatchBody,
  Table,
  TableCreateBody,
  TableGroup,
  TableLock,
  TableLockBody,
  TablePatchBody,
  Zone,
  ZoneCreateBody,
  ZonePatchBody,
  ZoneSchedule,
} from '@stolik/contracts';
import { queryOptions } from '@tanstack/react-query';
import { hallRetryDelay, retryHallLoad } from '../api/hall-loading';
import { load } from '../api/load';
import { del, patch, post } from '../api/transport';

/**
 * The hall as the settings and the Зоны screen read it. Every key starts with ['table', restaurantId]:
 * the API announces each change of tables, groups, zones, zone switches and locks as a 'table'
 * change, so the restaurant's event stream (and a save here) marks them all stale at once.
 */
export const hallKeys = {
  all: (restaurantId: number) => ['table', restaurantId] as const,
  zones: (restaurantId: number) => ['table', restaurantId, 'hall', 'zones'] as const,
  tables: (restaurantId: number) => ['table', restaurantId, 'hall', 'tables'] as const,
  groups: (restaurantId: number) => ['table', restaurantId, 'hall', 'groups'] as const,
  zoneSchedules: (restaurantId: number) => ['table', restaurantId, 'hall', 'zone-schedules'] as const,
  locks: (restaurantId: number, date: string) => ['table', restaurantId, 'hall', 'locks', date] as const,
};

/** The restaurant's zones in their order. */
export const zonesQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: hallKeys.zones(restaurantId),
    queryFn: ({ signal }) => load<Zone[]>(`/api/restaurant/${restaurantId}/zones/`, { signal }),
  });

/** The tables (spec §7 GET /api/tables/), loaded as spec §8 says: a refusal is not retried. */
export const tablesQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: hallKeys.tables(restaurantId),
    queryFn: ({ signal }) =>
      load<Table[]>('/api/tables/', { signal, query: { restaurant_code: restaurantId } }),
    retry: retryHallLoad,
    retryDelay: hallRetryDelay,
  });

/** The table groups (spec §7 get-groups), with the same retries as the tables. */
export const groupsQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: hallKeys.groups(restaurantId),
    queryFn: ({ signal }) =>
      load<TableGroup[]>('/api/connection_table/get-groups/', {
        signal,
        query: { restaurant_code: restaurantId },
      }),
    retry: retryHallLoad,
    retryDelay: hallRetryDelay,
  });

/** Each zone on or off, with its coming closures. */
export const zoneSchedulesQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: hallKeys.zoneSchedules(restaurantId),
    queryFn: ({ signal }) =>
      load<ZoneSchedule[]>(`/api/restaurant/${restaurantId}/zones_schedule/`, { signal }),
  });

/** The table locks of one service day. */
export const locksQuery = (restaurantId: number, date: string) =>
  queryOptions({
    queryKey: hallKeys.locks(restaurantId, date),
    queryFn: ({ signal }) =>
      load<TableLock[]>(`/api/restaurant/${restaurantId}/table_locks/`, { signal, query: { date } }),
  });

const sent = <T>(call: Promise<T | null>) => call as Promise<T>;

export const createZone = (restaurantId: number, body: ZoneCreateBody) =>
  sent(post<Zone>(`/api/restaurant/${restaurantId}/zones/`, body));
export const updateZone = (restaurantId: number, zoneId: number, body: ZonePatchBody) =>
  sent(patch<Zone>(`/api/restaurant/${restaurantId}/zones/${zoneId}/`, body));
export const deleteZone = (restaurantId: number, zoneId: number) =>
  del<null>(`/api/restaurant/${restaurantId}/zones/${zoneId}/`);

/** Spec §7: the zone switch, `active` sent as 1 or 0. */
export const setZoneActive = (restaurantId: number, zoneId: number, active: boolean) =>
  sent(
    patch<ZoneSchedule>(`/api/restaurant/${restaurantId}/update_zone_schedule/${zoneId}/`, {
      active: active ? 1 : 0,
    }),
  );

export const createTable = (body: TableCreateBody) => sent(post<Table>('/api/tables/', body));
export const updateTable = (tableId: number, body: TablePatchBody) =>
  sent(patch<Table>('/api/tables/', body, { query: { pk: tableId } }));
export const deleteTable = (tableId: number) => del<null>('/api/tables/', { query: { pk: tableId } });

export const createGroups = (body: CreateGroupsBody) =>
  sent(post<TableGroup[]>('/api/connection_table/create-groups/', body));
export const updateGroup = (groupId: number, body: GroupPatchBody) =>
  sent(patch<TableGroup>('/api/connection_table/patch-group/', body, { query: { group_id: groupId } }));
/** With a table: takes it out of the group; without: deletes the group. */
export const removeFromGroup = (groupId: number, tableId?: number) =>
  del<null>('/api/connection_table/delete-group-table/', {
    query: { group_id: groupId, table_id: tableId },
  });

export const lockTable = (restaurantId: number, body: TableLockBody) =>
  sent(post<TableLock>(`/api/restaurant/${restaurantId}/table_lock/`, body));
export const unlockTable = (restaurantId: number, lockId: number) =>
  del<null>(`/api/restaurant/${restaurantId}/table_lock/${lockId}/`);

export const updateRestaurant = (restaurantId: number, body: RestaurantPatchBody) =>
  sent(patch<Restaurant>(`/api/restaurant/${restaurantId}/`, body));
