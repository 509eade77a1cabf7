import type { Scheme } from '@stolik/contracts';
import { describe, expect, it } from 'vitest';
import { clampView, FIT, schemeBounds, toViewBox, ZOOM_LIMITS, zoomAround } from './hall-view';

const hall = (over: Partial<Scheme> = {}): Scheme => ({
  canvas: { width: 800, height: 600, grid: 20 },
  tables: [],
  zones: [],
  decorations: [],
  labels: [],
  ...over,
});

/** Where a content point is drawn under a view. */
const drawn = (view: { k: number; x: number; y: number }, p: { x: number; y: number }) => ({
  x: view.k * p.x + view.x,
  y: view.k * p.y + view.y,
});

describe('the part of the plane the map shows', () => {
  it('is what the scheme draws with a margin, a turned table by its turned corners', () => {
    const scheme = hall({
      tables: [
        { table: 1, shape: 'square', x: 100, y: 100, width: 80, height: 80, rotation: 0 },
        // 120 x 40 turned a quarter: 40 wide, 120 tall about its centre (360, 120).
        { table: 2, shape: 'rectangle', x: 300, y: 100, width: 120, height: 40, rotation: 90 },
      ],
    });
    const bounds = schemeBounds(scheme, 10);
    expect(bounds.x).toBeCloseTo(90);
    expect(bounds.y).toBeCloseTo(50);
    expect(bounds.x + bounds.width).toBeCloseTo(390);
    expect(bounds.y + bounds.height).toBeCloseTo(190);
  });

  it('is the canvas when nothing is drawn yet', () => {
    expect(schemeBounds(hall())).toEqual({ x: 0, y: 0, width: 800, height: 600 });
  });
});

describe('zooming and panning the map', () => {
  it('keeps the point under the finger in place, within the zoom limits', () => {
    const at = { x: 300, y: 200 };
    const zoomed = zoomAround(FIT, at, 2);
    expect(zoomed.k).toBe(2);
    expect(drawn(zoomed, at)).toEqual(at);
    const again = zoomAround(zoomed, { x: 120, y: 90 }, 1.5);
    const before = { x: (120 - zoomed.x) / zoomed.k, y: (90 - zoomed.y) / zoomed.k };
    expect(drawn(again, before).x).toBeCloseTo(120);
    expect(drawn(again, before).y).toBeCloseTo(90);
    expect(zoomAround(FIT, at, 100).k).toBe(ZOOM_LIMITS.max);
    expect(zoomAround(FIT, at, 0.01).k).toBe(ZOOM_LIMITS.min);
  });

  it('cannot drag the hall off the screen: a quarter of it stays in view', () => {
    const bounds = { x: 0, y: 0, width: 400, height: 200 };
    const far = clampView({ k: 1, x: 5000, y: -5000 }, bounds);
    expect(far).toEqual({ k: 1, x: 300, y: -150 });
    expect(clampView({ k: 2, x: -100, y: -50 }, bounds)).toEqual({ k: 2, x: -100, y: -50 });
  });

  it('reads a screen point in plan units, the plan at the top of a taller frame and centred in a wider one', () => {
    const bounds = { x: 100, y: 0, width: 400, height: 200 };
    // A 400 x 400 frame: the plan is drawn 400 x 200 at its top.
    expect(toViewBox(bounds, { width: 400, height: 400 }, { x: 200, y: 100 })).toEqual({ x: 300, y: 100 });
    // An 800 x 200 frame: drawn 400 x 200, 200 px from its left.
    expect(toViewBox(bounds, { width: 800, height: 200 }, { x: 200, y: 0 })).toEqual({ x: 100, y: 0 });
    // Twice the size in an 800 x 400 frame: two pixels a unit.
    expect(toViewBox(bounds, { width: 800, height: 400 }, { x: 400, y: 200 })).toEqual({ x: 300, y: 100 });
  });
});
