import type {
  Scheme,
  SchemeHistoryPage,
  SchemeSaveBody,
  SchemeTable,
  SchemeVersion,
  SchemeVersionSummary,
  SchemeView,
} from '@stolik/contracts';
import type { Tx } from '@stolik/db';
import { type Database, schema } from '@stolik/db';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Viewer } from '../../shared/access';
import { type FieldMessage, FieldValidationError, HttpError, notFound } from '../../shared/http-errors';
import { restaurantOrThrow } from '../../shared/restaurant-or-throw';
import { announceHallChange } from '../hall/hall-shared';

const { diningTables, schemeVersions, users, zones } = schema;
type TableRow = typeof diningTables.$inferSelect;
type VersionRow = typeof schemeVersions.$inferSelect;

/** Scheme saves of one restaurant go one at a time (version numbers, the base-version check). */
const SCHEME_LOCK = 7_311_045;

/** The margin around the tables of a restaurant that has no saved scheme yet. */
const DEFAULT_MARGIN = 40;

/** A stored document passed the Scheme contract when it was saved; the column only knows its shape. */
const storedScheme = (row: VersionRow): Scheme => row.document as Scheme;

/** Places are kept as float4: two decimals are all they hold faithfully at hall sizes. */
const place = (value: number) => Math.round(value * 100) / 100;

const schemeTableOf = (row: TableRow): SchemeTable => ({
  table: row.id,
  shape: row.shape,
  x: place(row.x),
  y: place(row.y),
  width: place(row.width),
  height: place(row.height),
  rotation: place(row.rotation),
});

/** A page-sized canvas around the tables, for a restaurant whose scheme was never saved. */
function canvasAround(tables: TableRow[]): Scheme['canvas'] {
  const edge = (far: number, least: number) => Math.max(least, Math.ceil((far + DEFAULT_MARGIN) / 100) * 100);
  return {
    width: edge(Math.max(0, ...tables.map((t) => t.x + t.width)), 800),
    height: edge(Math.max(0, ...tables.map((t) => t.y + t.height)), 600),
    grid: 20,
  };
}

/**
 * The hall scheme and its history (spec §7 map scheme, map history). Every save is a new version,
 * kept for good; restoring an old one saves it again as the newest. The tables' current places
 * are their rows (GET /api/tables/ says the same): a save writes them there, and the current scheme
 * is the newest version with each table where its row says, without tables or zones removed since.
 */
export function createSchemeService(db: Database) {
  const latest = async (tx: Database | Tx, restaurantId: number): Promise<VersionRow | undefined> => {
    const [row] = await tx
      .select()
      .from(schemeVersions)
      .where(eq(schemeVersions.restaurantId, restaurantId))
      .orderBy(desc(schemeVersions.version))
      .limit(1);
    return row;
  };

  const hall = async (tx: Database | Tx, restaurantId: number) => {
    const tables = await tx.select().from(diningTables).where(eq(diningTables.restaurantId, restaurantId));
    const zoneIds = new Set(
      (await tx.select({ id: zones.id }).from(zones).where(eq(zones.restaurantId, restaurantId))).map(
        (z) => z.id,
      ),
    );
    return { tables: new Map(tables.map((t) => [t.id, t])), zoneIds };
  };

  /** The scheme without what is no longer the restaurant's, its tables where they stand now. */
  const current = (document: Scheme, now: Awaited<ReturnType<typeof hall>>): Scheme => ({
    ...document,
    tables: document.tables.flatMap((entry) => {
      const row = now.tables.get(entry.table);
      return row ? [schemeTableOf(row)] : [];
    }),
    zones: document.zones.filter((area) => now.zoneIds.has(area.zone)),
  });

  /** 400 naming each table or zone of the scheme that is not the restaurant's, or named twice. */
  function referencesOrThrow(scheme: Scheme, now: Awaited<ReturnType<typeof hall>>) {
    const problems: Record<string, FieldMessage[]> = {};
    const seen = new Set<number>();
    scheme.tables.forEach((entry, i) => {
      if (!now.tables.has(entry.table))
        problems[`scheme.tables.${i}.table`] = [
          { key: 'errors.hall.noSuchTable', params: { id: entry.table } },
        ];
      else if (seen.has(entry.table))
        problems[`scheme.tables.${i}.table`] = [
          { key: 'errors.hall.tableTwice', params: { id: entry.table } },
        ];
      seen.add(entry.table);
    });
    scheme.zones.forEach((area, i) => {
      if (!now.zoneIds.has(area.zone))
        problems[`scheme.zones.${i}.zone`] = [{ key: 'errors.hall.noSuchZone', params: { id: area.zone } }];
    });
    if (Object.keys(problems).length > 0) throw new FieldValidationError(problems);
  }

  const view = (restaurantId: number, row: VersionRow | undefined, scheme: Scheme): SchemeView => ({
    restaurant: restaurantId,
    version: row?.version ?? null,
    saved_at: row?.savedAt.toISOString() ?? null,
    restored_from: row?.restoredFrom ?? null,
    scheme,
  });

  /**
   * The new version, and the tables' places written to their rows, in one transaction that also
   * tells the restaurant's open screens (the map redraws).
   */
  async function write(
    viewer: Viewer,
    restaurantId: number,
    scheme: Scheme,
    options: { baseVersion?: number | null; restoredFrom?: number },
  ): Promise<SchemeView> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SCHEME_LOCK}::int, ${restaurantId}::int)`);
      const now = await hall(tx, restaurantId);
      referencesOrThrow(scheme, now);
      const before = await latest(tx, restaurantId);
      if (options.baseVersion !== undefined && options.baseVersion !== (before?.version ?? null)) {
        throw new HttpError(409, 'errors.hall.schemeChanged', 'scheme_changed', {
          version: before?.version ?? null,
        });
      }
      const [row] = await tx
        .insert(schemeVersions)
        .values({
          restaurantId,
          version: (before?.version ?? 0) + 1,
          document: scheme,
          restoredFrom: options.restoredFrom ?? null,
          savedBy: viewer.id,
        })
        .returning();
      if (!row) throw new Error('scheme version was not saved');
      if (scheme.tables.length > 0) {
        // One statement for the whole hall, however many tables it has.
        await tx.execute(sql`
          update ${diningTables} as t
          set shape = s.shape::table_shape, x = s.x, y = s.y, width = s.width, height = s.height,
              rotation = s.rotation
          from jsonb_to_recordset(${JSON.stringify(scheme.tables)}::jsonb)
            as s("table" integer, shape text, x real, y real, width real, height real, rotation real)
          where t.id = s."table" and t.restaurant_id = ${restaurantId}`);
      }
      await announceHallChange(tx, restaurantId, row.id);
      return view(restaurantId, row, current(scheme, await hall(tx, restaurantId)));
    });
  }

  const summary = (row: VersionRow, savedBy: { id: number; name: string } | null): SchemeVersionSummary => ({
    version: row.version,
    saved_at: row.savedAt.toISOString(),
    saved_by: savedBy,
    restored_from: row.restoredFrom,
    tables: row.document.tables.length,
  });

  const versionsWithAuthors = (where: SQL | undefined) =>
    db
      .select({
        row: schemeVersions,
        by: { id: users.id, first: users.firstName, last: users.lastName, email: users.email },
      })
      .from(schemeVersions)
      .leftJoin(users, eq(users.id, schemeVersions.savedBy))
      .where(where);

  const author = (by: { id: number; first: string; last: string; email: string | null } | null) =>
    by ? { id: by.id, name: [by.first, by.last].filter(Boolean).join(' ') || (by.email ?? '') } : null;

  return {
    /** The current scheme; before the first save, the tables at their own places on an empty hall. */
    async current(restaurantId: number): Promise<SchemeView> {
      await restaurantOrThrow(db, restaurantId);
      const now = await hall(db, restaurantId);
      const row = await latest(db, restaurantId);
      if (row) return view(restaurantId, row, current(storedScheme(row), now));
      const tables = [...now.tables.values()].sort((a, b) => a.id - b.id);
      return view(restaurantId, undefined, {
        canvas: canvasAround(tables),
        tables: tables.map(schemeTableOf),
        zones: [],
        decorations: [],
        labels: [],
      });
    },

    async save(viewer: Viewer, restaurantId: number, body: SchemeSaveBody): Promise<SchemeView> {
      await restaurantOrThrow(db, restaurantId);
      return write(viewer, restaurantId, body.scheme, { baseVersion: body.base_version });
    },

    async history(
      restaurantId: number,
      page: number,
      pageSize: number,
    ): Promise<Omit<SchemeHistoryPage, 'next' | 'previous'>> {
      await restaurantOrThrow(db, restaurantId);
      const [total] = await db
        .select({ n: count() })
        .from(schemeVersions)
        .where(eq(schemeVersions.restaurantId, restaurantId));
      const rows = await versionsWithAuthors(eq(schemeVersions.restaurantId, restaurantId))
        .orderBy(desc(schemeVersions.version))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { count: total?.n ?? 0, results: rows.map((r) => summary(r.row, author(r.by))) };
    },

    /** One version exactly as it was saved (tables and zones removed since included). */
    async version(restaurantId: number, version: number): Promise<SchemeVersion> {
      const [found] = await versionsWithAuthors(
        and(eq(schemeVersions.restaurantId, restaurantId), eq(schemeVersions.version, version)),
      );
      if (!found) throw notFound();
      return { ...summary(found.row, author(found.by)), scheme: storedScheme(found.row) };
    },

    /**
     * Saves an old version again as the newest. Tables and zones removed since it was saved are left
     * out: they cannot stand in the hall any more.
     */
    async restore(viewer: Viewer, restaurantId: number, version: number): Promise<SchemeView> {
      await restaurantOrThrow(db, restaurantId);
      const [old] = await db
        .select()
        .from(schemeVersions)
        .where(and(eq(schemeVersions.restaurantId, restaurantId), eq(schemeVersions.version, version)));
      if (!old) throw notFound();
      const now = await hall(db, restaurantId);
      const stored = storedScheme(old);
      const document: Scheme = {
        ...stored,
        tables: stored.tables.filter((entry) => now.tables.has(entry.table)),
        zones: stored.zones.filter((area) => now.zoneIds.has(area.zone)),
      };
      return write(viewer, restaurantId, document, { restoredFrom: old.version });
    },
  };
}
export type SchemeService = ReturnType<typeof createSchemeService>;
