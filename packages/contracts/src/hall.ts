import { z } from 'zod';
import { Id } from './common';

/**
 * The hall's bounds, in scheme units (one unit is one CSS pixel of the editor at 100 %): a hall
 * of up to 10 000 x 10 000, tables of 10-1000 on a side, and sane counts, so that a client can
 * never store a scheme that no phone can draw.
 */
export const HALL_LIMITS = {
  tableNumber: 16,
  zoneName: 64,
  groupName: 64,
  seats: 50,
  groupTables: 20,
  groupsPerRequest: 50,
  zoneSortOrder: 1000,
  coordinate: 10_000,
  tableSize: { min: 10, max: 1000 },
} as const;

/** A position on the hall's plane: the top-left corner of an item before it is rotated. */
export const Coordinate = z.number().min(0).max(HALL_LIMITS.coordinate);
/** Degrees, clockwise, about the item's centre. */
export const Rotation = z.number().min(-360).max(360);
export const TableSize = z.number().min(HALL_LIMITS.tableSize.min).max(HALL_LIMITS.tableSize.max);

export const Zone = z.object({
  id: z.number().int(),
  restaurant: z.number().int(),
  name: z.string(),
  sort_order: z.number().int(),
});
export type Zone = z.infer<typeof Zone>;

export const TableShape = z.enum(['round', 'square', 'rectangle']);
export type TableShape = z.infer<typeof TableShape>;

/** A table of the hall: its label, capacity and where it stands on the map. */
export const Table = z.object({
  id: z.number().int(),
  restaurant: z.number().int(),
  zone: z.number().int().nullable(),
  number: z.string(),
  seats_min: z.number().int().min(1),
  seats_max: z.number().int().min(1),
  is_reservable: z.boolean(),
  shape: TableShape,
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  rotation: z.number(),
});
export type Table = z.infer<typeof Table>;

/** Tables that can be pushed together, with the capacity of the combination. */
export const TableGroup = z.object({
  id: z.number().int(),
  restaurant: z.number().int(),
  name: z.string(),
  tables: z.array(z.number().int()),
  seats_min: z.number().int().min(1),
  seats_max: z.number().int().min(1),
});
export type TableGroup = z.infer<typeof TableGroup>;

const TableNumber = z.string().trim().min(1).max(HALL_LIMITS.tableNumber);
const Seats = z.number().int().min(1).max(HALL_LIMITS.seats);

/** Spec §7: GET /api/tables/ and get-groups name the restaurant by its code, which is its id (§3). */
export const RestaurantCodeQuery = z.object({ restaurant_code: Id });

/** Spec §7: PATCH /api/tables/ names the table by `pk`; our DELETE does the same. */
export const TablePkQuery = z.object({ pk: Id });

/** A new table. What is left out gets the product's defaults (1 seat minimum, a square 80 x 80 at 0,0). */
export const TableCreateBody = z.object({
  restaurant: Id,
  number: TableNumber,
  zone: Id.nullable().optional(),
  seats_min: Seats.optional(),
  seats_max: Seats,
  is_reservable: z.boolean().optional(),
  shape: TableShape.optional(),
  x: Coordinate.optional(),
  y: Coordinate.optional(),
  width: TableSize.optional(),
  height: TableSize.optional(),
  rotation: Rotation.optional(),
});
export type TableCreateBody = z.infer<typeof TableCreateBody>;

/** Only the fields sent change (no defaults here: a PATCH must not reset what it does not name). */
export const TablePatchBody = z.object({
  number: TableNumber.optional(),
  zone: Id.nullable().optional(),
  seats_min: Seats.optional(),
  seats_max: Seats.optional(),
  is_reservable: z.boolean().optional(),
  shape: TableShape.optional(),
  x: Coordinate.optional(),
  y: Coordinate.optional(),
  width: TableSize.optional(),
  height: TableSize.optional(),
  rotation: Rotation.optional(),
});
export type TablePatchBody = z.infer<typeof TablePatchBody>;

const GroupName = z.string().trim().min(1).max(HALL_LIMITS.groupName);
/** A group is two or more tables; each table once. */
const GroupTables = z.array(Id).min(2).max(HALL_LIMITS.groupTables);

export const TableGroupInput = z.object({
  name: GroupName,
  tables: GroupTables,
  seats_min: Seats.default(1),
  seats_max: Seats,
});
export type TableGroupInput = z.infer<typeof TableGroupInput>;

/** POST /api/connection_table/create-groups/: one or more groups of one restaurant at once. */
export const CreateGroupsBody = z.object({
  restaurant: Id,
  groups: z.array(TableGroupInput).min(1).max(HALL_LIMITS.groupsPerRequest),
});
export type CreateGroupsBody = z.infer<typeof CreateGroupsBody>;

/** POST /api/connection_table/group-table/: puts one more table into a group. */
export const GroupTableBody = z.object({ group_id: Id, table_id: Id });
export type GroupTableBody = z.infer<typeof GroupTableBody>;

/** PATCH /api/connection_table/patch-group/?group_id= */
export const GroupIdQuery = z.object({ group_id: Id });

export const GroupPatchBody = z.object({
  name: GroupName.optional(),
  /** The whole new list of the group's tables. */
  tables: GroupTables.optional(),
  seats_min: Seats.optional(),
  seats_max: Seats.optional(),
});
export type GroupPatchBody = z.infer<typeof GroupPatchBody>;

/**
 * DELETE /api/connection_table/delete-group-table/: with `table_id`, takes that table out of the
 * group; without, deletes the group.
 */
export const DeleteGroupTableQuery = z.object({ group_id: Id, table_id: Id.optional() });
export type DeleteGroupTableQuery = z.infer<typeof DeleteGroupTableQuery>;

const ZoneName = z.string().trim().min(1).max(HALL_LIMITS.zoneName);
const ZoneSortOrder = z.number().int().min(0).max(HALL_LIMITS.zoneSortOrder);

export const ZoneCreateBody = z.object({ name: ZoneName, sort_order: ZoneSortOrder.optional() });
export type ZoneCreateBody = z.infer<typeof ZoneCreateBody>;
export const ZonePatchBody = z.object({ name: ZoneName.optional(), sort_order: ZoneSortOrder.optional() });
export type ZonePatchBody = z.infer<typeof ZonePatchBody>;

/** /api/restaurant/{id}/zones/{zoneId}/ */
export const ZoneParams = z.object({ id: Id, zoneId: Id });
