import type { SchemeTable } from '@stolik/contracts';
import { type Database, schema, type Tx } from '@stolik/db';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';

const { diningTables, schemeVersions, users, zones } = schema;
export type TableRow = typeof diningTables.$inferSelect;
export type VersionRow = typeof schemeVersions.$inferSelect;

/** Scheme saves of one restaurant go one at a time (version numbers, the base-version check). */
const SCHEME_LOCK = 7_311_045;

/** Where the scheme's versions are kept and the tables' places written. */
export function createSchemeRepository(db: Database) {
  const versionsWithAuthors = (where: SQL | undefined) =>
    db
      .select({
        row: schemeVersions,
        by: { id: users.id, first: users.firstName, last: users.lastName, email: users.email },
      })
      .from(schemeVersions)
      .leftJoin(users, eq(users.id, schemeVersions.savedBy))
      .where(where);

  const versionOf = (restaurantId: number, version: number) =>
    and(eq(schemeVersions.restaurantId, restaurantId), eq(schemeVersions.version, version));

  return {
    /** The restaurant's newest version, if it has any. */
    latest: async (restaurantId: number, tx: Database | Tx = db): Promise<VersionRow | undefined> =>
      (
        await tx
          .select()
          .from(schemeVersions)
          .where(eq(schemeVersions.restaurantId, restaurantId))
          .orderBy(desc(schemeVersions.version))
          .limit(1)
      )[0],

    /** The restaurant's tables and the ids of its zones, as they are now. */
    hall: async (
      restaurantId: number,
      tx: Database | Tx = db,
    ): Promise<{ tables: TableRow[]; zoneIds: number[] }> => {
      const tables = await tx.select().from(diningTables).where(eq(diningTables.restaurantId, restaurantId));
      const zoneRows = await tx
        .select({ id: zones.id })
        .from(zones)
        .where(eq(zones.restaurantId, restaurantId));
      return { tables, zoneIds: zoneRows.map((z) => z.id) };
    },

    /** Holds the restaurant's scheme lock to the end of the transaction. */
    lock: async (tx: Tx, restaurantId: number): Promise<void> => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SCHEME_LOCK}::int, ${restaurantId}::int)`);
    },

    insertVersion: async (tx: Tx, values: typeof schemeVersions.$inferInsert): Promise<VersionRow> => {
      const [row] = await tx.insert(schemeVersions).values(values).returning();
      if (!row) throw new Error('scheme version was not saved');
      return row;
    },

    /** Writes the tables' places to their rows: one statement for the whole hall, however many tables it has. */
    placeTables: async (tx: Tx, restaurantId: number, tables: SchemeTable[]): Promise<void> => {
      await tx.execute(sql`
        update ${diningTables} as t
        set shape = s.shape::table_shape, x = s.x, y = s.y, width = s.width, height = s.height,
            rotation = s.rotation
        from jsonb_to_recordset(${JSON.stringify(tables)}::jsonb)
          as s("table" integer, shape text, x real, y real, width real, height real, rotation real)
        where t.id = s."table" and t.restaurant_id = ${restaurantId}`);
    },

    /** One page of the restaurant's versions, newest first, with who saved each, and how many there are. */
    async historyPage(restaurantId: number, limit: number, offset: number) {
      const [total] = await db
        .select({ n: count() })
        .from(schemeVersions)
        .where(eq(schemeVersions.restaurantId, restaurantId));
      const rows = await versionsWithAuthors(eq(schemeVersions.restaurantId, restaurantId))
        .orderBy(desc(schemeVersions.version))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, rows };
    },

    /** One version with who saved it. */
    versionWithAuthor: async (restaurantId: number, version: number) =>
      (await versionsWithAuthors(versionOf(restaurantId, version)))[0],

    findVersion: async (restaurantId: number, version: number): Promise<VersionRow | undefined> =>
      (await db.select().from(schemeVersions).where(versionOf(restaurantId, version)))[0],
  };
}
