import type {
  Scheme,
  SchemeHistoryPage,
  SchemeSaveBody,
  SchemeTable,
  SchemeVersion,
  SchemeVersionSummary,
  SchemeView,
} from '@stolik/contracts';
import type { Database, Tx } from '@stolik/db';
import type { Viewer } from '../../shared/access';
import { type FieldMessage, FieldValidationError, HttpError, notFound } from '../../shared/http-errors';
import { announceHallChange } from '../hall/hall-changes';
import { restaurantOrThrow } from '../restaurants/restaurant-or-throw';
import { createSchemeRepository, type TableRow, type VersionRow } from './scheme.repository';

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
  const repository = createSchemeRepository(db);
  const latest = (tx: Database | Tx, restaurantId: number) => repository.latest(restaurantId, tx);

  const hall = async (tx: Database | Tx, restaurantId: number) => {
    const { tables, zoneIds } = await repository.hall(restaurantId, tx);
    return { tables: new Map(tables.map((t) => [t.id, t])), zoneIds: new Set(zoneIds) };
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
      await repository.lock(tx, restaurantId);
      const now = await hall(tx, restaurantId);
      referencesOrThrow(scheme, now);
      const before = await latest(tx, restaurantId);
      if (options.baseVersion !== undefined && options.baseVersion !== (before?.version ?? null)) {
        throw new HttpError(409, 'errors.hall.schemeChanged', 'scheme_changed', {
          version: before?.version ?? null,
        });
      }
      const row = await repository.insertVersion(tx, {
        restaurantId,
        version: (before?.version ?? 0) + 1,
        document: scheme,
        restoredFrom: options.restoredFrom ?? null,
        savedBy: viewer.id,
      });
      if (scheme.tables.length > 0) await repository.placeTables(tx, restaurantId, scheme.tables);
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
      const { count, rows } = await repository.historyPage(restaurantId, pageSize, (page - 1) * pageSize);
      return { count, results: rows.map((r) => summary(r.row, author(r.by))) };
    },

    /** One version exactly as it was saved (tables and zones removed since included). */
    async version(restaurantId: number, version: number): Promise<SchemeVersion> {
      const found = await repository.versionWithAuthor(restaurantId, version);
      if (!found) throw notFound();
      return { ...summary(found.row, author(found.by)), scheme: storedScheme(found.row) };
    },

    /**
     * Saves an old version again as the newest. Tables and zones removed since it was saved are left
     * out: they cannot stand in the hall any more.
     */
    async restore(viewer: Viewer, restaurantId: number, version: number): Promise<SchemeView> {
      await restaurantOrThrow(db, restaurantId);
      const old = await repository.findVersion(restaurantId, version);
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
