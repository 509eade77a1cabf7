import { type Database, schema, type Tx } from '@stolik/db';
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';

const { diningTables, tableGroupMembers, tableGroups, zones } = schema;
export type ZoneRow = typeof zones.$inferSelect;
export type TableRow = typeof diningTables.$inferSelect;
export type GroupRow = typeof tableGroups.$inferSelect;

/** Where the hall (zones, tables, table groups) is read and written; the rules are the services'. */
export function createHallRepository(db: Database) {
  return {
    zoneOf: async (restaurantId: number, zoneId: number): Promise<ZoneRow | undefined> =>
      (
        await db
          .select()
          .from(zones)
          .where(and(eq(zones.id, zoneId), eq(zones.restaurantId, restaurantId)))
      )[0],

    zones: (restaurantId: number) =>
      db
        .select()
        .from(zones)
        .where(eq(zones.restaurantId, restaurantId))
        .orderBy(asc(zones.sortOrder), asc(zones.name)),

    /** The highest sort order of the restaurant's zones, null when it has none. */
    lastZoneOrder: async (tx: Tx, restaurantId: number): Promise<number | null> =>
      (
        await tx
          .select({ order: max(zones.sortOrder) })
          .from(zones)
          .where(eq(zones.restaurantId, restaurantId))
      )[0]?.order ?? null,

    addZone: async (tx: Tx, values: typeof zones.$inferInsert): Promise<ZoneRow | undefined> =>
      (await tx.insert(zones).values(values).returning())[0],

    updateZone: async (tx: Tx, zoneId: number, values: Partial<ZoneRow>): Promise<ZoneRow | undefined> =>
      (await tx.update(zones).set(values).where(eq(zones.id, zoneId)).returning())[0],

    /** Locks the zone's row to the end of the transaction: a table being put into it waits, then fails or is seen. */
    lockZone: (tx: Tx, zoneId: number) =>
      tx.execute(sql`select id from ${zones} where id = ${zoneId} for update`),

    tableNumbersInZone: async (tx: Tx, zoneId: number): Promise<string[]> =>
      (
        await tx
          .select({ number: diningTables.number })
          .from(diningTables)
          .where(eq(diningTables.zoneId, zoneId))
          .orderBy(asc(diningTables.id))
      ).map((t) => t.number),

    removeZone: (tx: Tx, zoneId: number) => tx.delete(zones).where(eq(zones.id, zoneId)),

    tableById: async (id: number): Promise<TableRow | undefined> =>
      (await db.select().from(diningTables).where(eq(diningTables.id, id)))[0],

    tables: (restaurantId: number) =>
      db
        .select()
        .from(diningTables)
        .where(eq(diningTables.restaurantId, restaurantId))
        .orderBy(asc(diningTables.zoneId), asc(diningTables.id)),

    addTable: async (tx: Tx, values: typeof diningTables.$inferInsert): Promise<TableRow | undefined> =>
      (await tx.insert(diningTables).values(values).returning())[0],

    updateTable: async (tx: Tx, id: number, values: Partial<TableRow>): Promise<TableRow | undefined> =>
      (await tx.update(diningTables).set(values).where(eq(diningTables.id, id)).returning())[0],

    /** Locks the table's row to the end of the transaction (a booking taking it waits, then fails or is seen). */
    lockTable: (tx: Tx, id: number) =>
      tx.execute(sql`select id from ${diningTables} where id = ${id} for update`),

    removeTable: (tx: Tx, id: number) => tx.delete(diningTables).where(eq(diningTables.id, id)),

    /** Which of these tables are the restaurant's. */
    tablesAmong: async (restaurantId: number, tableIds: number[]): Promise<number[]> =>
      (
        await db
          .select({ id: diningTables.id })
          .from(diningTables)
          .where(and(eq(diningTables.restaurantId, restaurantId), inArray(diningTables.id, tableIds)))
      ).map((row) => row.id),

    groupById: async (id: number): Promise<GroupRow | undefined> =>
      (await db.select().from(tableGroups).where(eq(tableGroups.id, id)))[0],

    groups: (restaurantId: number) =>
      db
        .select()
        .from(tableGroups)
        .where(eq(tableGroups.restaurantId, restaurantId))
        .orderBy(asc(tableGroups.name), asc(tableGroups.id)),

    /** The tables of each group, in table order. */
    async membersOf(groupIds: number[]): Promise<Map<number, number[]>> {
      const rows = groupIds.length
        ? await db
            .select()
            .from(tableGroupMembers)
            .where(inArray(tableGroupMembers.groupId, groupIds))
            .orderBy(asc(tableGroupMembers.tableId))
        : [];
      const members = new Map<number, number[]>();
      for (const row of rows) members.set(row.groupId, [...(members.get(row.groupId) ?? []), row.tableId]);
      return members;
    },

    addGroup: async (tx: Tx, values: typeof tableGroups.$inferInsert): Promise<GroupRow | undefined> =>
      (await tx.insert(tableGroups).values(values).returning())[0],

    updateGroup: (tx: Tx, groupId: number, values: Partial<GroupRow>) =>
      tx.update(tableGroups).set(values).where(eq(tableGroups.id, groupId)),

    removeGroup: (tx: Tx, groupId: number) => tx.delete(tableGroups).where(eq(tableGroups.id, groupId)),

    async replaceMembers(tx: Tx, groupId: number, tableIds: number[]) {
      await tx.delete(tableGroupMembers).where(eq(tableGroupMembers.groupId, groupId));
      await tx.insert(tableGroupMembers).values(tableIds.map((tableId) => ({ groupId, tableId })));
    },

    /** One more table in the group; a table already in it stays. */
    addMember: (tx: Tx, groupId: number, tableId: number) =>
      tx.insert(tableGroupMembers).values({ groupId, tableId }).onConflictDoNothing(),

    removeMember: (tx: Tx, groupId: number, tableId: number) =>
      tx
        .delete(tableGroupMembers)
        .where(and(eq(tableGroupMembers.groupId, groupId), eq(tableGroupMembers.tableId, tableId))),
  };
}
