import type { Scheme } from '@stolik/contracts';

/**
 * The geometry of the map. The <svg>'s viewBox is the hall's drawn content plus a margin, shown
 * whole ('meet', centred across and at the top, with room for the zoom buttons below): the
 * untransformed drawing is the fit-to-screen view. A hall wider than tall on a phone held upright
 * (or the other way round) is drawn turned a quarter, so it fills the frame instead of a strip of it
 * (fitPlan). Zoom and pan are one transform, translate(x y) scale(k), on the layer that holds the
 * drawing, in viewBox units.
 */

export interface Point {
  x: number;
  y: number;
}
export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}
/** The layer's transform: a content point c is drawn at k·c + (x, y). */
export interface View {
  k: number;
  x: number;
  y: number;
}

export const FIT: View = { k: 1, x: 0, y: 0 };
/** Half the fitted hall at the least, eight times it at the most (a table of a 150-table hall reads). */
export const ZOOM_LIMITS = { min: 0.5, max: 8 } as const;
/** Space around the drawing, in scheme units, so edge tables are not cut by the frame. */
export const MAP_MARGIN = 24;
/** A share of the hall that stays on screen however far it is dragged. */
const KEEP_VISIBLE = 0.25;

/** The corners of a box turned `rotation` degrees about its centre. */
function turnedCorners(x: number, y: number, width: number, height: number, rotation: number): Point[] {
  const cx = x + width / 2;
  const cy = y + height / 2;
  const rad = (rotation * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  return [
    [x, y],
    [x + width, y],
    [x + width, y + height],
    [x, y + height],
  ].map(([px = 0, py = 0]) => ({
    x: cx + (px - cx) * cos - (py - cy) * sin,
    y: cy + (px - cx) * sin + (py - cy) * cos,
  }));
}

/** What the scheme draws (tables, zone areas, decorations, labels), with a margin; the canvas when empty. */
export function schemeBounds(scheme: Scheme, margin = MAP_MARGIN): Bounds {
  const points: Point[] = [
    ...scheme.tables.flatMap((t) => turnedCorners(t.x, t.y, t.width, t.height, t.rotation)),
    ...scheme.zones.flatMap((z) => z.points),
    ...scheme.decorations.flatMap((d) => turnedCorners(d.x, d.y, d.width, d.height, d.rotation)),
    // A label's extent is not known before it is drawn: its anchor and a line of its size around it.
    ...scheme.labels.flatMap((l) => [
      { x: l.x - l.size, y: l.y - l.size },
      { x: l.x + l.size * Math.min(l.text.length, 40) * 0.6, y: l.y + l.size },
    ]),
  ];
  if (points.length === 0) return { x: 0, y: 0, width: scheme.canvas.width, height: scheme.canvas.height };
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs) - margin;
  const y = Math.min(...ys) - margin;
  return { x, y, width: Math.max(...xs) + margin - x, height: Math.max(...ys) + margin - y };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Zoom by `factor` keeping the point under the finger (viewBox units) where it is. */
export function zoomAround(view: View, at: Point, factor: number): View {
  const k = clamp(view.k * factor, ZOOM_LIMITS.min, ZOOM_LIMITS.max);
  const ratio = k / view.k;
  return { k, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio };
}

export const panBy = (view: View, dx: number, dy: number): View => ({
  ...view,
  x: view.x + dx,
  y: view.y + dy,
});

/** Keeps at least a quarter of the hall on screen along each axis, so it cannot be lost off the edge. */
export function clampView(view: View, bounds: Bounds): View {
  const axis = (shift: number, start: number, length: number) => {
    // The drawn hall spans [k·start + shift, k·(start + length) + shift]; the frame spans [start, start + length].
    const least = start + length * KEEP_VISIBLE - view.k * (start + length);
    const most = start + length * (1 - KEEP_VISIBLE) - view.k * start;
    return clamp(shift, least, most);
  };
  return { k: view.k, x: axis(view.x, bounds.x, bounds.width), y: axis(view.y, bounds.y, bounds.height) };
}

/** How the viewBox sits in the element ('xMidYMin meet'): screen pixels per unit and the letterbox. */
export function screenFit(bounds: Bounds, box: { width: number; height: number }) {
  const scale =
    box.width > 0 && box.height > 0 ? Math.min(box.width / bounds.width, box.height / bounds.height) : 1;
  return {
    scale,
    offsetX: (box.width - bounds.width * scale) / 2,
    offsetY: 0,
  };
}

/** A point on the screen (relative to the element's corner) in viewBox units. */
export function toViewBox(bounds: Bounds, box: { width: number; height: number }, at: Point): Point {
  const fit = screenFit(bounds, box);
  return { x: bounds.x + (at.x - fit.offsetX) / fit.scale, y: bounds.y + (at.y - fit.offsetY) / fit.scale };
}

export const centreOf = (bounds: Bounds): Point => ({
  x: bounds.x + bounds.width / 2,
  y: bounds.y + bounds.height / 2,
});

export const viewTransform = (view: View) => `translate(${view.x} ${view.y}) scale(${view.k})`;

/** Screen pixels kept free under the fitted hall for the zoom buttons. */
export const ZOOM_ROOM = 56;
/** The hall is turned only when that draws it this much larger: a tablet keeps the hall as drawn. */
const TURN_GAIN = 1.2;

/** How the hall sits in its frame: turned a quarter or not, the viewBox, and screen pixels per unit. */
export interface PlanFit {
  turned: boolean;
  /** The viewBox, in the turned drawing's units when turned (see turnedBounds). */
  bounds: Bounds;
  scale: number;
}

/** The bounds of a drawing turned 90° clockwise about the origin: (x, y) is drawn at (−y, x). */
export const turnedBounds = (b: Bounds): Bounds => ({
  x: -(b.y + b.height),
  y: b.x,
  width: b.height,
  height: b.width,
});

/**
 * The fit of the hall in a frame of `box` screen pixels: as large as it goes with ZOOM_ROOM free
 * below it, turned a quarter when that draws it TURN_GAIN times larger (a wide hall on an upright
 * phone). The viewBox is as tall as the frame leaves at that scale, so 'meet' keeps it.
 */
export function fitPlan(hall: Bounds, box: { width: number; height: number }, room = ZOOM_ROOM): PlanFit {
  if (box.width <= 0 || box.height <= 0) return { turned: false, bounds: hall, scale: 1 };
  const height = Math.max(1, box.height - room);
  const scaleOf = (b: Bounds) => Math.min(box.width / b.width, height / b.height);
  const turned = scaleOf(turnedBounds(hall)) > scaleOf(hall) * TURN_GAIN;
  const drawn = turned ? turnedBounds(hall) : hall;
  const scale = scaleOf(drawn);
  return { turned, bounds: { ...drawn, height: drawn.height + room / scale }, scale };
}
