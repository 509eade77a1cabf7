import { FONT_FORMATS } from '@stolik/domain';
import { z } from 'zod';
import { Id, paginated } from './common';
import { Coordinate, HALL_LIMITS, Rotation, TableShape, TableSize } from './hall';
import { IanaTimeZone, Restaurant, RestaurantName } from './restaurant';

/**
 * The static-content service of spec §7: the hall scheme and its history, the guest forms' palette
 * and font, preset comments, the restaurants as organisations, the super setup and the global alert.
 */

/** '#rgb', '#rrggbb' or '#rrggbbaa': nothing else ever reaches a style sheet. */
export const Colour = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/);

export const SCHEME_LIMITS = {
  canvas: { min: 100, max: HALL_LIMITS.coordinate },
  gridMax: 200,
  tables: 500,
  zones: 100,
  zonePoints: 64,
  decorations: 1000,
  decorationSize: { min: 1, max: HALL_LIMITS.coordinate },
  labels: 300,
  labelText: 80,
  labelSize: { min: 8, max: 200 },
} as const;

export const SchemeCanvas = z.object({
  width: z.number().int().min(SCHEME_LIMITS.canvas.min).max(SCHEME_LIMITS.canvas.max),
  height: z.number().int().min(SCHEME_LIMITS.canvas.min).max(SCHEME_LIMITS.canvas.max),
  /** The editor's snapping step; 0: no grid. */
  grid: z.number().int().min(0).max(SCHEME_LIMITS.gridMax).default(20),
});

/** A table of the restaurant placed on the scheme: where, how big, turned how far. */
export const SchemeTable = z.object({
  table: Id,
  shape: TableShape,
  x: Coordinate,
  y: Coordinate,
  width: TableSize,
  height: TableSize,
  rotation: Rotation.default(0),
});
export type SchemeTable = z.infer<typeof SchemeTable>;

export const SchemePoint = z.object({ x: Coordinate, y: Coordinate });

/** A zone's floor area: a polygon (a rectangle is four points); a zone may have several. */
export const SchemeZoneArea = z.object({
  zone: Id,
  points: z.array(SchemePoint).min(3).max(SCHEME_LIMITS.zonePoints),
  color: Colour.nullable().default(null),
});

export const DECORATION_KINDS = [
  'wall',
  'window',
  'door',
  'bar',
  'column',
  'plant',
  'stage',
  'rect',
  'ellipse',
] as const;
const DecorationSize = z.number().min(SCHEME_LIMITS.decorationSize.min).max(SCHEME_LIMITS.decorationSize.max);

/** What is in the hall but is not a table: walls, the bar, doors, plants… */
export const SchemeDecoration = z.object({
  kind: z.enum(DECORATION_KINDS),
  x: Coordinate,
  y: Coordinate,
  width: DecorationSize,
  height: DecorationSize,
  rotation: Rotation.default(0),
  color: Colour.nullable().default(null),
});

export const SchemeLabel = z.object({
  text: z.string().trim().min(1).max(SCHEME_LIMITS.labelText),
  x: Coordinate,
  y: Coordinate,
  rotation: Rotation.default(0),
  size: z.number().int().min(SCHEME_LIMITS.labelSize.min).max(SCHEME_LIMITS.labelSize.max).default(16),
});

/**
 * The hall scheme (spec §3 'map scheme (JSON)'). Tables are named by id and must be the
 * restaurant's, each at most once; zone areas name the restaurant's zones.
 */
export const Scheme = z.object({
  canvas: SchemeCanvas,
  tables: z.array(SchemeTable).max(SCHEME_LIMITS.tables),
  zones: z.array(SchemeZoneArea).max(SCHEME_LIMITS.zones).default([]),
  decorations: z.array(SchemeDecoration).max(SCHEME_LIMITS.decorations).default([]),
  labels: z.array(SchemeLabel).max(SCHEME_LIMITS.labels).default([]),
});
export type Scheme = z.infer<typeof Scheme>;

/** POST /api/restaurant/{id}/scheme/: saves a new version. */
export const SchemeSaveBody = z.object({
  scheme: Scheme,
  /**
   * The version the editor started from (null: there was none). When another save came in
   * between, the API answers 409 instead of silently dropping that other person's work.
   */
  base_version: z.number().int().min(0).nullable().optional(),
});
export type SchemeSaveBody = z.infer<typeof SchemeSaveBody>;

/** The current scheme: the newest version, its tables where they stand now. */
export const SchemeView = z.object({
  restaurant: z.number().int(),
  /** null: nothing saved yet; the scheme is then the tables' own places. */
  version: z.number().int().nullable(),
  saved_at: z.iso.datetime({ offset: true }).nullable(),
  restored_from: z.number().int().nullable(),
  scheme: Scheme,
});
export type SchemeView = z.infer<typeof SchemeView>;

export const SchemeVersionSummary = z.object({
  version: z.number().int(),
  saved_at: z.iso.datetime({ offset: true }),
  saved_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  restored_from: z.number().int().nullable(),
  tables: z.number().int(),
});
export type SchemeVersionSummary = z.infer<typeof SchemeVersionSummary>;
export const SchemeHistoryPage = paginated(SchemeVersionSummary);
export type SchemeHistoryPage = z.infer<typeof SchemeHistoryPage>;

/** One saved version exactly as it was saved. */
export const SchemeVersion = SchemeVersionSummary.extend({ scheme: Scheme });
export type SchemeVersion = z.infer<typeof SchemeVersion>;

export const SchemeVersionParams = z.object({ id: Id, version: Id });

/** The guest forms' colours; a colour not set is the product's own. */
export const PALETTE_COLOURS = [
  'background',
  'surface',
  'text',
  'muted_text',
  'primary',
  'primary_text',
  'accent',
  'border',
  'danger',
] as const;
export type PaletteColour = (typeof PALETTE_COLOURS)[number];

/** Strict: a misspelt colour name is refused rather than dropped. */
export const Palette = z.strictObject(
  Object.fromEntries(PALETTE_COLOURS.map((name) => [name, Colour.optional()])) as Record<
    PaletteColour,
    z.ZodOptional<typeof Colour>
  >,
);
export type Palette = z.infer<typeof Palette>;

/** POST /api/restaurant/{id}/style/ ('css save'): the whole palette, replaced. */
export const StyleSaveBody = z.object({ palette: Palette });
export type StyleSaveBody = z.infer<typeof StyleSaveBody>;

export const FontFormatSchema = z.enum(FONT_FORMATS);

export const FontInfo = z.object({
  /** Where the guest forms load it from (public). */
  url: z.string(),
  format: FontFormatSchema,
  file_name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  uploaded_at: z.iso.datetime({ offset: true }),
});
export type FontInfo = z.infer<typeof FontInfo>;

/** GET /api/public/restaurant/{id}/style/ ('css json'): what the guest forms wear. */
export const RestaurantStyle = z.object({
  restaurant: z.number().int(),
  palette: Palette,
  font: FontInfo.nullable(),
});
export type RestaurantStyle = z.infer<typeof RestaurantStyle>;

export const COMMENT_LIMITS = { text: 100, count: 50 } as const;

/** Preset comments staff pick with one tap on a booking or a queue entry ('у окна', 'детский стул'). */
export const RestaurantComments = z.object({
  comments: z.array(z.string().trim().min(1).max(COMMENT_LIMITS.text)).max(COMMENT_LIMITS.count),
});
export type RestaurantComments = z.infer<typeof RestaurantComments>;

/** A host name, optionally with a port ('stolik.example.com', 'localhost:3000'). */
const HostName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/);

/**
 * The super setup: settings of the whole product that only a superuser changes, and that the app
 * needs before anyone signs in (spec §2 test-stand popup, §9 install features on the main host).
 */
export const SuperSetup = z.object({
  /** This installation is a test stand: the app warns everyone (spec §2). */
  test_stand: z.boolean().default(false),
  /** The main host: only there the app offers to install itself (spec §9); null: everywhere. */
  main_host: HostName.nullable().default(null),
});
export type SuperSetup = z.infer<typeof SuperSetup>;

export const GLOBAL_ALERT_MAX = 500;

/** The staff app's closable banner (spec §3 global alert). Empty text: no alert. */
export const GlobalAlert = z.object({
  text: z.string(),
  /** When it was set: the app remembers a dismissal per alert by this. */
  updated_at: z.iso.datetime({ offset: true }).nullable(),
});
export type GlobalAlert = z.infer<typeof GlobalAlert>;
export const GlobalAlertBody = z.object({ text: z.string().trim().max(GLOBAL_ALERT_MAX) });
export type GlobalAlertBody = z.infer<typeof GlobalAlertBody>;

/** A restaurant as the superuser's list of organisations shows it. */
export const Org = Restaurant.extend({
  tables: z.number().int(),
  zones: z.number().int(),
  members: z.number().int(),
  scheme_version: z.number().int().nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type Org = z.infer<typeof Org>;

/** POST /api/static/orgs/: a new restaurant. */
export const OrgCreateBody = z.object({
  name: RestaurantName,
  timezone: IanaTimeZone.default('Europe/Moscow'),
  has_bookings: z.boolean().default(true),
});
export type OrgCreateBody = z.infer<typeof OrgCreateBody>;
