import { HALL_LIMITS, type Scheme, type SchemeTable } from '@stolik/contracts';

/**
 * The scheme editor's rules, pure: snapping to the grid, moving, resizing and turning tables within
 * the canvas and the contract's limits, and the undo history.
 */

/** Turning snaps to this many degrees. */
export const ROTATION_STEP = 15;

export const snap = (value: number, grid: number) =>
  grid > 0 ? Math.round(value / grid) * grid : Math.round(value);

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

type Canvas = Scheme['canvas'];

/** The tables `ids` moved by (dx, dy) from where they stand in `from`, snapped, kept on the canvas. */
export function moveTables(
  from: readonly SchemeTable[],
  ids: ReadonlySet<number>,
  dx: number,
  dy: number,
  canvas: Canvas,
): SchemeTable[] {
  return from.map((t) =>
    ids.has(t.table)
      ? {
          ...t,
          x: clamp(snap(t.x + dx, canvas.grid), 0, Math.max(0, canvas.width - t.width)),
          y: clamp(snap(t.y + dy, canvas.grid), 0, Math.max(0, canvas.height - t.height)),
        }
      : t,
  );
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
    const rad = (-t.rotation * Math.PI) / 180;
    const along = dx * Math.cos(rad) - dy * Math.sin(rad);
    const across = dx * Math.sin(rad) + dy * Math.cos(rad);
    const side = (start: number, delta: number, room: number) =>
      clamp(snap(start + delta, canvas.grid), Math.max(min, canvas.grid), Math.min(max, room));
    return {
      ...t,
      width: side(t.width, along, canvas.width - t.x),
      height: side(t.height, across, canvas.height - t.y),
    };
  });
}

/** Degrees in (-180, 180]. */
export const normalAngle = (degrees: number) => {
  const turned = ((degrees % 360) + 360) % 360;
  return turned > 180 ? turned - 360 : turned;
};

/** A table turned to face a point (its rotate handle dragged there), snapped to ROTATION_STEP. */
export function turnTowards(
  from: readonly SchemeTable[],
  id: number,
  point: { x: number; y: number },
): SchemeTable[] {
  return from.map((t) => {
    if (t.table !== id) return t;
    const cx = t.x + t.width / 2;
    const cy = t.y + t.height / 2;
    // The handle sits above the table: straight up is no turn.
    const degrees = (Math.atan2(point.y - cy, point.x - cx) * 180) / Math.PI + 90;
    return { ...t, rotation: normalAngle(Math.round(degrees / ROTATION_STEP) * ROTATION_STEP) };
  });
}

/** The tables `ids` turned by `step` degrees more. */
export function turnBy(from: readonly SchemeTable[], ids: ReadonlySet<number>, step: number): SchemeTable[] {
  return from.map((t) => (ids.has(t.table) ? { ...t, rotation: normalAngle(t.rotation + step) } : t));
}

/** A table put on the scheme at the first grid point from the top-left with a step of room around it. */
export function placeTable(
  from: readonly SchemeTable[],
  table: { id: number; shape: SchemeTable['shape']; width: number; height: number },
  canvas: Canvas,
): SchemeTable[] {
  const step = Math.max(canvas.grid, 20);
  const covers = (x: number, y: number) =>
    from.some(
      (t) =>
        x < t.x + t.width + step &&
        t.x < x + table.width + step &&
        y < t.y + t.height + step &&
        t.y < y + table.height + step,
    );
  for (let y = step; y + table.height <= canvas.height; y += step)
    for (let x = step; x + table.width <= canvas.width; x += step)
      if (!covers(x, y))
        return [
          ...from,
          {
            table: table.id,
            shape: table.shape,
            x,
            y,
            width: table.width,
            height: table.height,
            rotation: 0,
          },
        ];
  return [
    ...from,
    {
      table: table.id,
      shape: table.shape,
      x: 0,
      y: 0,
      width: table.width,
      height: table.height,
      rotation: 0,
    },
  ];
}

/** What the editor can undo and redo: whole table lists, one per finished gesture. */
export interface History {
  past: SchemeTable[][];
  present: SchemeTable[];
  future: SchemeTable[][];
}

/** How many steps back undo reaches. */
export const HISTORY_DEPTH = 100;

export const startHistory = (tables: SchemeTable[]): History => ({ past: [], present: tables, future: [] });

/** A new state; an edit that changed nothing is not a step. */
export function record(history: History, next: SchemeTable[]): History {
  if (JSON.stringify(next) === JSON.stringify(history.present)) return history;
  return { past: [...history.past, history.present].slice(-HISTORY_DEPTH), present: next, future: [] };
}

export function undo(history: History): History {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo(history: History): History {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}
