import {
  type DECORATION_KINDS,
  HALL_LIMITS,
  SCHEME_LIMITS,
  type Scheme,
  type SchemeTable,
  type TableShape,
} from '@stolik/contracts';

/**
 * The scheme editor's rules, pure: snapping to the grid, moving, resizing and turning what stands
 * in the hall (tables, decorations, labels, zone areas and their points) within the canvas and the
 * contract's limits, adding and removing things, and the undo history.
 */

/** Turning snaps to this many degrees. */
export const ROTATION_STEP = 15;

export const snap = (value: number, grid: number) =>
  grid > 0 ? Math.round(value / grid) * grid : Math.round(value);

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

type Canvas = Scheme['canvas'];
export type Decoration = Scheme['decorations'][number];
export type DecorationKind = (typeof DECORATION_KINDS)[number];
export type Label = Scheme['labels'][number];
export type ZoneArea = Scheme['zones'][number];
export type SchemePoint = ZoneArea['points'][number];

/** What the editor changes: everything of the scheme but the canvas. */
export type SchemeDraft = Pick<Scheme, 'tables' | 'zones' | 'decorations' | 'labels'>;

export const draftOf = (scheme: Scheme): SchemeDraft => ({
  tables: scheme.tables,
  zones: scheme.zones,
  decorations: scheme.decorations,
  labels: scheme.labels,
});

/**
 * What can be selected: a table by its id; a decoration, a label or a zone area by its place in its
 * list (they have no ids; removing one clears the selection).
 */
export type ItemKind = 'table' | 'decoration' | 'label' | 'zone';
export type ItemKey = `${ItemKind}:${number}`;
export const itemKey = (kind: ItemKind, n: number): ItemKey => `${kind}:${n}`;
export function parseKey(key: ItemKey): { kind: ItemKind; n: number } {
  const [kind, n] = key.split(':');
  return { kind: kind as ItemKind, n: Number(n) };
}

/** A thing with a place, a size and a turn: a table or a decoration. */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
}

/** A box moved by (dx, dy): its corner snapped to the grid, the box kept on the canvas. */
function movedBox<T extends Box>(box: T, dx: number, dy: number, canvas: Canvas): T {
  return {
    ...box,
    x: clamp(snap(box.x + dx, canvas.grid), 0, Math.max(0, canvas.width - box.width)),
    y: clamp(snap(box.y + dy, canvas.grid), 0, Math.max(0, canvas.height - box.height)),
  };
}

/** A drag on screen read in a box's own turned frame: along its width and along its height. */
function inTurnedFrame(box: Box, dx: number, dy: number) {
  const rad = (-box.rotation * Math.PI) / 180;
  return {
    along: dx * Math.cos(rad) - dy * Math.sin(rad),
    across: dx * Math.sin(rad) + dy * Math.cos(rad),
  };
}

/** Degrees in (-180, 180]. */
export const normalAngle = (degrees: number) => {
  const turned = ((degrees % 360) + 360) % 360;
  return turned > 180 ? turned - 360 : turned;
};

/** A box turned to face a point (its turn handle dragged there), snapped to ROTATION_STEP. */
function turnedTowards<T extends Box>(box: T, point: { x: number; y: number }): T {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  // The handle sits above the box: straight up is no turn.
  const degrees = (Math.atan2(point.y - cy, point.x - cx) * 180) / Math.PI + 90;
  return { ...box, rotation: normalAngle(Math.round(degrees / ROTATION_STEP) * ROTATION_STEP) };
}

/** The tables `ids` moved by (dx, dy) from where they stand in `from`, snapped, kept on the canvas. */
export function moveTables(
  from: readonly SchemeTable[],
  ids: ReadonlySet<number>,
  dx: number,
  dy: number,
  canvas: Canvas,
): SchemeTable[] {
  return from.map((t) => (ids.has(t.table) ? movedBox(t, dx, dy, canvas) : t));
}

/**
 * A table stretched by a drag of its corner handle by (dx, dy) on screen: the drag is read in the
 * table's own turned frame, the sides snap to the grid, within the contract's sizes and the canvas.
 */
export function resizeTable(
  from: readonly SchemeTable[],
  id: number,
  dx: number,
  dy: number,
  canvas: Canvas,
): SchemeTable[] {
  const { min, max } = HALL_LIMITS.tableSize;
  return from.map((t) => {
    if (t.table !== id) return t;
    const { along, across } = inTurnedFrame(t, dx, dy);
    const side = (start: number, delta: number, room: number) =>
      clamp(snap(start + delta, canvas.grid), Math.max(min, canvas.grid), Math.min(max, room));
    return {
      ...t,
      width: side(t.width, along, canvas.width - t.x),
      height: side(t.height, across, canvas.height - t.y),
    };
  });
}

/** A table turned to face a point (its rotate handle dragged there), snapped to ROTATION_STEP. */
export function turnTowards(
  from: readonly SchemeTable[],
  id: number,
  point: { x: number; y: number },
): SchemeTable[] {
  return from.map((t) => (t.table === id ? turnedTowards(t, point) : t));
}

/** The tables `ids` turned by `step` degrees more. */
export function turnBy(from: readonly SchemeTable[], ids: ReadonlySet<number>, step: number): SchemeTable[] {
  return from.map((t) => (ids.has(t.table) ? { ...t, rotation: normalAngle(t.rotation + step) } : t));
}

/** The first grid point from the top-left where a box of this size has a step of room around it. */
function freeSpot(
  taken: readonly { x: number; y: number; width: number; height: number }[],
  width: number,
  height: number,
  canvas: Canvas,
): { x: number; y: number } {
  const step = Math.max(canvas.grid, 20);
  const covers = (x: number, y: number) =>
    taken.some(
      (t) =>
        x < t.x + t.width + step &&
        t.x < x + width + step &&
        y < t.y + t.height + step &&
        t.y < y + height + step,
    );
  for (let y = step; y + height <= canvas.height; y += step)
    for (let x = step; x + width <= canvas.width; x += step) if (!covers(x, y)) return { x, y };
  return { x: 0, y: 0 };
}

/** A table put on the scheme at the first grid point from the top-left with a step of room around it. */
export function placeTable(
  from: readonly SchemeTable[],
  table: { id: number; shape: SchemeTable['shape']; width: number; height: number },
  canvas: Canvas,
): SchemeTable[] {
  const { x, y } = freeSpot(from, table.width, table.height, canvas);
  return [
    ...from,
    { table: table.id, shape: table.shape, x, y, width: table.width, height: table.height, rotation: 0 },
  ];
}

// ---------- every kind of item ----------

/** A polygon's bounding box. */
export function pointsBox(points: readonly SchemePoint[]) {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** Where a label's text lies, roughly (it is not measured before it is drawn): for picking it up. */
export function labelBox(label: Label) {
  const width = Math.max(label.size, label.size * 0.6 * label.text.length);
  return { x: label.x, y: label.y - label.size, width, height: label.size * 1.25 };
}

/**
 * Everything selected moved by (dx, dy), snapped, kept on the canvas: tables and decorations by
 * their corner, labels by their anchor, a zone area whole (its shape kept, its box's corner snapped).
 */
export function moveItems(
  draft: SchemeDraft,
  keys: ReadonlySet<ItemKey>,
  dx: number,
  dy: number,
  canvas: Canvas,
): SchemeDraft {
  const has = (kind: ItemKind, n: number) => keys.has(itemKey(kind, n));
  return {
    tables: draft.tables.map((t) => (has('table', t.table) ? movedBox(t, dx, dy, canvas) : t)),
    decorations: draft.decorations.map((d, i) => (has('decoration', i) ? movedBox(d, dx, dy, canvas) : d)),
    labels: draft.labels.map((l, i) =>
      has('label', i)
        ? {
            ...l,
            x: clamp(snap(l.x + dx, canvas.grid), 0, canvas.width),
            y: clamp(snap(l.y + dy, canvas.grid), 0, canvas.height),
          }
        : l,
    ),
    zones: draft.zones.map((area, i) => {
      if (!has('zone', i)) return area;
      const box = pointsBox(area.points);
      const sx = clamp(snap(box.x + dx, canvas.grid), 0, Math.max(0, canvas.width - box.width)) - box.x;
      const sy = clamp(snap(box.y + dy, canvas.grid), 0, Math.max(0, canvas.height - box.height)) - box.y;
      return { ...area, points: area.points.map((p) => ({ x: p.x + sx, y: p.y + sy })) };
    }),
  };
}

/**
 * A table or a decoration stretched by a drag of its corner handle. Tables snap their sides to the
 * grid; a decoration's sides change by whole grid steps, so a thin wall stays thin.
 */
export function resizeItem(
  draft: SchemeDraft,
  key: ItemKey,
  dx: number,
  dy: number,
  canvas: Canvas,
): SchemeDraft {
  const { kind, n } = parseKey(key);
  if (kind === 'table') return { ...draft, tables: resizeTable(draft.tables, n, dx, dy, canvas) };
  if (kind !== 'decoration') return draft;
  return {
    ...draft,
    decorations: draft.decorations.map((d, i) => {
      if (i !== n) return d;
      const { along, across } = inTurnedFrame(d, dx, dy);
      const side = (start: number, delta: number, room: number) =>
        clamp(
          start + snap(delta, canvas.grid),
          Math.max(SCHEME_LIMITS.decorationSize.min, Math.min(start, canvas.grid || 1)),
          Math.max(start, Math.min(SCHEME_LIMITS.decorationSize.max, room)),
        );
      return {
        ...d,
        width: side(d.width, along, canvas.width - d.x),
        height: side(d.height, across, canvas.height - d.y),
      };
    }),
  };
}

/** A table or a decoration turned to face a point. */
export function turnItem(draft: SchemeDraft, key: ItemKey, point: { x: number; y: number }): SchemeDraft {
  const { kind, n } = parseKey(key);
  if (kind === 'table') return { ...draft, tables: turnTowards(draft.tables, n, point) };
  if (kind !== 'decoration') return draft;
  return { ...draft, decorations: draft.decorations.map((d, i) => (i === n ? turnedTowards(d, point) : d)) };
}

/** Tables, decorations and labels of the selection turned by `step` degrees more (areas do not turn). */
export function turnItemsBy(draft: SchemeDraft, keys: ReadonlySet<ItemKey>, step: number): SchemeDraft {
  const turn = <T extends { rotation: number }>(item: T): T => ({
    ...item,
    rotation: normalAngle(item.rotation + step),
  });
  return {
    ...draft,
    tables: draft.tables.map((t) => (keys.has(itemKey('table', t.table)) ? turn(t) : t)),
    decorations: draft.decorations.map((d, i) => (keys.has(itemKey('decoration', i)) ? turn(d) : d)),
    labels: draft.labels.map((l, i) => (keys.has(itemKey('label', i)) ? turn(l) : l)),
  };
}

/** Everything selected taken off the scheme (a table goes back to the list of tables not placed). */
export function removeItems(draft: SchemeDraft, keys: ReadonlySet<ItemKey>): SchemeDraft {
  return {
    tables: draft.tables.filter((t) => !keys.has(itemKey('table', t.table))),
    decorations: draft.decorations.filter((_, i) => !keys.has(itemKey('decoration', i))),
    labels: draft.labels.filter((_, i) => !keys.has(itemKey('label', i))),
    zones: draft.zones.filter((_, i) => !keys.has(itemKey('zone', i))),
  };
}

/** A table's shape: a square gets equal sides (its width), kept on the canvas; the others keep their size. */
export function setTableShape(
  draft: SchemeDraft,
  id: number,
  shape: TableShape,
  canvas: Canvas,
): SchemeDraft {
  return {
    ...draft,
    tables: draft.tables.map((t) => {
      if (t.table !== id) return t;
      if (shape !== 'square') return { ...t, shape };
      const side = Math.min(t.width, canvas.height - t.y);
      return { ...t, shape, width: side, height: side };
    }),
  };
}

// ---------- decorations and labels ----------

/** A new decoration's size, by kind, in scheme units (a grid step is 20 by default). */
export const DECORATION_SIZES: Record<DecorationKind, { width: number; height: number }> = {
  wall: { width: 200, height: 20 },
  window: { width: 120, height: 20 },
  door: { width: 80, height: 20 },
  bar: { width: 240, height: 60 },
  column: { width: 40, height: 40 },
  plant: { width: 40, height: 40 },
  stage: { width: 240, height: 120 },
  rect: { width: 120, height: 80 },
  ellipse: { width: 120, height: 80 },
};

/** Boxes already taken on the floor: a new thing goes where none of these is. */
const takenOf = (draft: SchemeDraft) => [
  ...draft.tables,
  ...draft.decorations,
  ...draft.labels.map(labelBox),
];

/** A decoration of a kind, at the first free spot; answers the new scheme and the new one's key. */
export function addDecoration(
  draft: SchemeDraft,
  kind: DecorationKind,
  canvas: Canvas,
): { draft: SchemeDraft; key: ItemKey } {
  const size = DECORATION_SIZES[kind];
  const width = Math.min(size.width, canvas.width);
  const height = Math.min(size.height, canvas.height);
  const at = freeSpot(takenOf(draft), width, height, canvas);
  return {
    draft: {
      ...draft,
      decorations: [...draft.decorations, { kind, ...at, width, height, rotation: 0, color: null }],
    },
    key: itemKey('decoration', draft.decorations.length),
  };
}

export const LABEL_SIZE = 16;

/** A text label at the first free spot (its anchor is the text's baseline start). */
export function addLabel(
  draft: SchemeDraft,
  text: string,
  canvas: Canvas,
): { draft: SchemeDraft; key: ItemKey } {
  const probe = labelBox({ text, x: 0, y: LABEL_SIZE, rotation: 0, size: LABEL_SIZE });
  const at = freeSpot(takenOf(draft), Math.min(probe.width, canvas.width), probe.height, canvas);
  return {
    draft: {
      ...draft,
      labels: [...draft.labels, { text, x: at.x, y: at.y + LABEL_SIZE, rotation: 0, size: LABEL_SIZE }],
    },
    key: itemKey('label', draft.labels.length),
  };
}

/** A label's text (trimmed, 1–80 characters: otherwise unchanged) and size (8–200). */
export function editLabel(
  draft: SchemeDraft,
  index: number,
  change: { text?: string; size?: number },
): SchemeDraft {
  return {
    ...draft,
    labels: draft.labels.map((l, i) => {
      if (i !== index) return l;
      const text = change.text?.trim();
      const size = change.size;
      return {
        ...l,
        text: text && text.length <= SCHEME_LIMITS.labelText ? text : l.text,
        size:
          size !== undefined && Number.isFinite(size)
            ? clamp(Math.round(size), SCHEME_LIMITS.labelSize.min, SCHEME_LIMITS.labelSize.max)
            : l.size,
      };
    }),
  };
}

// ---------- zone areas ----------

/** A new zone area: a rectangle where no other area lies (areas are under tables, so those are ignored). */
export function addZoneArea(
  draft: SchemeDraft,
  zone: number,
  canvas: Canvas,
): { draft: SchemeDraft; key: ItemKey } {
  const width = Math.min(snap(240, canvas.grid) || 240, canvas.width);
  const height = Math.min(snap(160, canvas.grid) || 160, canvas.height);
  const { x, y } = freeSpot(
    draft.zones.map((area) => pointsBox(area.points)),
    width,
    height,
    canvas,
  );
  const points = [
    { x, y },
    { x: x + width, y },
    { x: x + width, y: y + height },
    { x, y: y + height },
  ];
  return {
    draft: { ...draft, zones: [...draft.zones, { zone, points, color: null }] },
    key: itemKey('zone', draft.zones.length),
  };
}

/** Which zone an area belongs to. */
export function setAreaZone(draft: SchemeDraft, index: number, zone: number): SchemeDraft {
  return { ...draft, zones: draft.zones.map((area, i) => (i === index ? { ...area, zone } : area)) };
}

const snapPoint = (at: { x: number; y: number }, canvas: Canvas): SchemePoint => ({
  x: clamp(snap(at.x, canvas.grid), 0, canvas.width),
  y: clamp(snap(at.y, canvas.grid), 0, canvas.height),
});

/** A point of an area dragged to `at`, snapped, on the canvas. */
export function movePoint(
  draft: SchemeDraft,
  area: number,
  index: number,
  at: { x: number; y: number },
  canvas: Canvas,
): SchemeDraft {
  return {
    ...draft,
    zones: draft.zones.map((z, i) =>
      i === area ? { ...z, points: z.points.map((p, j) => (j === index ? snapPoint(at, canvas) : p)) } : z,
    ),
  };
}

/** A new point after point `after` (on the edge to the next one, dragged to `at`); at most 64 points. */
export function insertPoint(
  draft: SchemeDraft,
  area: number,
  after: number,
  at: { x: number; y: number },
  canvas: Canvas,
): SchemeDraft {
  return {
    ...draft,
    zones: draft.zones.map((z, i) =>
      i === area && z.points.length < SCHEME_LIMITS.zonePoints
        ? {
            ...z,
            points: [...z.points.slice(0, after + 1), snapPoint(at, canvas), ...z.points.slice(after + 1)],
          }
        : z,
    ),
  };
}

/** A point taken out of an area, which keeps at least three. */
export function removePoint(draft: SchemeDraft, area: number, index: number): SchemeDraft {
  return {
    ...draft,
    zones: draft.zones.map((z, i) =>
      i === area && z.points.length > 3 ? { ...z, points: z.points.filter((_, j) => j !== index) } : z,
    ),
  };
}

// ---------- undo and redo ----------

/** What the editor can undo and redo: whole states, one per finished gesture. */
export interface History<T = SchemeTable[]> {
  past: T[];
  present: T;
  future: T[];
}

/** How many steps back undo reaches. */
export const HISTORY_DEPTH = 100;

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

/** A new state; an edit that changed nothing is not a step. */
export function record<T>(history: History<T>, next: T): History<T> {
  if (JSON.stringify(next) === JSON.stringify(history.present)) return history;
  return { past: [...history.past, history.present].slice(-HISTORY_DEPTH), present: next, future: [] };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}
