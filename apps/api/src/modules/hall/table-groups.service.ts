import type { CreateGroupsBody, GroupPatchBody, TableGroup } from '@stolik/contracts';
import type { Database, Tx } from '@stolik/db';
import { requireRestaurant, type Viewer } from '../../shared/access';
import { type FieldMessage, FieldValidationError, HttpError, notFound } from '../../shared/http-errors';
import { restaurantOrThrow } from '../restaurants/restaurant-or-throw';
import { createHallRepository, type GroupRow } from './hall.repository';
import { announceHallChange } from './hall-changes';
import { groupBookings } from './table-use.repository';
import { seatsInOrderOrThrow } from './tables.service';

/**
 * Table groups (spec §7 /api/connection_table/): tables pushed together for a larger party. Members
 * read them; the restaurant's managers make and change them. A group a booking holds keeps its
 * tables until that booking is moved or over: the booking holds exactly those tables.
 */
export function createTableGroupsService(db: Database, now: () => Date = () => new Date()) {
  const repository = createHallRepository(db);
  const membersOf = repository.membersOf;

  const toGroup = (row: GroupRow, tables: number[]): TableGroup => ({
    id: row.id,
    restaurant: row.restaurantId,
    name: row.name,
    tables,
    seats_min: row.seatsMin,
    seats_max: row.seatsMax,
  });

  async function view(groupId: number): Promise<TableGroup> {
    const row = await repository.groupById(groupId);
    if (!row) throw notFound();
    return toGroup(row, (await membersOf([row.id])).get(row.id) ?? []);
  }

  /** The group, once the viewer may manage its restaurant (404 for another restaurant's). */
  async function groupFor(viewer: Viewer, id: number): Promise<GroupRow> {
    const row = await repository.groupById(id);
    if (!row) throw notFound();
    requireRestaurant(viewer, row.restaurantId, 'admin');
    return row;
  }

  /** Field errors for tables named twice or not of the restaurant, each naming the table. */
  async function tablesProblems(restaurantId: number, tableIds: number[], field: string) {
    const problems: Record<string, FieldMessage[]> = {};
    const owned = new Set(await repository.tablesAmong(restaurantId, tableIds));
    const seen = new Set<number>();
    tableIds.forEach((id, i) => {
      const message = seen.has(id)
        ? { key: 'errors.hall.tableTwice', params: { id } }
        : owned.has(id)
          ? null
          : { key: 'errors.hall.noSuchTable', params: { id } };
      seen.add(id);
      if (message) problems[`${field}.${i}`] = [message];
    });
    return problems;
  }

  /** 409 while a booking holds the group (its tables are what the booking holds). */
  async function notBookedOrThrow(tx: Tx, group: GroupRow) {
    const booked = await groupBookings(tx, group.id, now());
    if (booked.length > 0) {
      throw new HttpError(
        409,
        'errors.hall.groupBooked',
        'group_in_use',
        { bookings: booked },
        {},
        { name: group.name },
      );
    }
  }

  return {
    async list(restaurantId: number): Promise<TableGroup[]> {
      await restaurantOrThrow(db, restaurantId);
      const rows = await repository.groups(restaurantId);
      const members = await membersOf(rows.map((row) => row.id));
      return rows.map((row) => toGroup(row, members.get(row.id) ?? []));
    },

    /** Several groups at once, all or none. */
    async create(viewer: Viewer, body: CreateGroupsBody): Promise<TableGroup[]> {
      requireRestaurant(viewer, body.restaurant, 'admin');
      await restaurantOrThrow(db, body.restaurant);
      let problems: Record<string, FieldMessage[]> = {};
      for (const [i, group] of body.groups.entries()) {
        problems = {
          ...problems,
          ...(await tablesProblems(body.restaurant, group.tables, `groups.${i}.tables`)),
        };
        if (group.seats_min > group.seats_max) problems[`groups.${i}.seats_min`] = ['errors.hall.seatsOrder'];
      }
      if (Object.keys(problems).length > 0) throw new FieldValidationError(problems);
      const ids = await db.transaction(async (tx) => {
        const created: number[] = [];
        for (const group of body.groups) {
          const row = await repository.addGroup(tx, {
            restaurantId: body.restaurant,
            name: group.name,
            seatsMin: group.seats_min,
            seatsMax: group.seats_max,
          });
          if (!row) throw new Error('group was not created');
          await repository.replaceMembers(tx, row.id, group.tables);
          await announceHallChange(tx, body.restaurant, row.id);
          created.push(row.id);
        }
        return created;
      });
      return Promise.all(ids.map(view));
    },

    /** Puts one more table into a group; a table already in it stays, and nothing changes. */
    async addTable(viewer: Viewer, groupId: number, tableId: number): Promise<TableGroup> {
      const group = await groupFor(viewer, groupId);
      const current = (await membersOf([group.id])).get(group.id) ?? [];
      if (current.includes(tableId)) return view(group.id);
      const problems = await tablesProblems(group.restaurantId, [tableId], 'table_id');
      if (problems['table_id.0']) throw new FieldValidationError({ table_id: problems['table_id.0'] });
      await db.transaction(async (tx) => {
        await notBookedOrThrow(tx, group);
        await repository.addMember(tx, groupId, tableId);
        await announceHallChange(tx, group.restaurantId, group.id);
      });
      return view(group.id);
    },

    async update(viewer: Viewer, groupId: number, body: GroupPatchBody): Promise<TableGroup> {
      const group = await groupFor(viewer, groupId);
      if (body.tables) {
        const problems = await tablesProblems(group.restaurantId, body.tables, 'tables');
        if (Object.keys(problems).length > 0) throw new FieldValidationError(problems);
      }
      seatsInOrderOrThrow(body.seats_min ?? group.seatsMin, body.seats_max ?? group.seatsMax);
      const current = (await membersOf([group.id])).get(group.id) ?? [];
      const newTables = body.tables ? [...body.tables].sort((a, b) => a - b) : null;
      const tablesChange = newTables !== null && newTables.join() !== current.join();
      await db.transaction(async (tx) => {
        if (tablesChange && newTables) {
          await notBookedOrThrow(tx, group);
          await repository.replaceMembers(tx, group.id, newTables);
        }
        const values = {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.seats_min !== undefined ? { seatsMin: body.seats_min } : {}),
          ...(body.seats_max !== undefined ? { seatsMax: body.seats_max } : {}),
        };
        if (Object.keys(values).length > 0) await repository.updateGroup(tx, group.id, values);
        await announceHallChange(tx, group.restaurantId, group.id);
      });
      return view(group.id);
    },

    /**
     * With a table: takes it out of the group (a group keeps at least two tables). Without: deletes
     * the group. Either is refused while a booking holds the group.
     */
    async remove(viewer: Viewer, groupId: number, tableId: number | undefined): Promise<void> {
      const group = await groupFor(viewer, groupId);
      const current = (await membersOf([group.id])).get(group.id) ?? [];
      if (tableId !== undefined && !current.includes(tableId)) throw notFound();
      if (tableId !== undefined && current.length <= 2) {
        throw new FieldValidationError({ table_id: ['errors.hall.groupTooSmall'] });
      }
      await db.transaction(async (tx) => {
        await notBookedOrThrow(tx, group);
        if (tableId === undefined) await repository.removeGroup(tx, group.id);
        else await repository.removeMember(tx, group.id, tableId);
        await announceHallChange(tx, group.restaurantId, group.id);
      });
    },
  };
}
export type TableGroupsService = ReturnType<typeof createTableGroupsService>;
