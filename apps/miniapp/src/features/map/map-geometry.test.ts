import type { Scheme } from '@stolik/contracts';
import { describe, expect, it } from 'vitest';
import {
  clampView,
  FIT,
  fitPlan,
  schemeBounds,
  screenFit,
  toViewBox,
  turnedBounds,
  ZOOM_LIMITS,
  ZOOM_ROOM,
  zoomAround,
} from './map-geometry';

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

describe('the fit of the hall in its frame', () => {
  // The demo hall: 788 x 508 units with its margin; twelve 80-unit tables.
  const demo = { x: -14, y: -14, width: 788, height: 508 };
  const phone = { width: 366, height: 548 };
  const tablet = { width: 712, height: 532 };

  it('turns a wide hall a quarter on an upright phone, so it fills the frame and a table is over 44 px', () => {
    const fit = fitPlan(demo, phone);
    expect(fit.turned).toBe(true);
    const { x, y, width } = turnedBounds(demo);
    expect(fit.bounds).toMatchObject({ x, y, width });
    // As the <svg> draws it ('meet'): the scale the fit says, the hall edge to edge one way.
    expect(screenFit(fit.bounds, phone).scale).toBeCloseTo(fit.scale);
    expect(80 * fit.scale).toBeGreaterThanOrEqual(44);
    const drawn = { width: demo.height * fit.scale, height: demo.width * fit.scale };
    expect(Math.max(drawn.width / phone.width, drawn.height / (phone.height - ZOOM_ROOM))).toBeCloseTo(1);
    expect((drawn.width * drawn.height) / (phone.width * phone.height)).toBeGreaterThan(0.75);
    // Unturned it would fill well under half of the frame, tables under 44 px.
    const flat = Math.min(phone.width / demo.width, (phone.height - ZOOM_ROOM) / demo.height);
    expect(80 * flat).toBeLessThan(44);
    expect((demo.width * flat * demo.height * flat) / (phone.width * phone.height)).toBeLessThan(0.5);
  });

  it('keeps the hall as drawn on a tablet, with room for the zoom buttons under it', () => {
    const fit = fitPlan(demo, tablet);
    expect(fit.turned).toBe(false);
    expect(fit.bounds).toMatchObject({ x: demo.x, y: demo.y, width: demo.width });
    expect(screenFit(fit.bounds, tablet).scale).toBeCloseTo(fit.scale);
    expect(demo.height * fit.scale + ZOOM_ROOM).toBeLessThanOrEqual(tablet.height + 0.001);
  });

  it("keeps a hall already the frame's shape unturned, and draws nothing before the frame is measured", () => {
    expect(fitPlan({ x: 0, y: 0, width: 300, height: 500 }, phone).turned).toBe(false);
    expect(fitPlan(demo, { width: 0, height: 0 })).toEqual({ turned: false, bounds: demo, scale: 1 });
  });

  it('turns (x, y) to (−y, x): the turned bounds hold every turned corner', () => {
    const b = turnedBounds({ x: 10, y: 20, width: 100, height: 50 });
    for (const [x, y] of [
      [10, 20],
      [110, 20],
      [10, 70],
      [110, 70],
    ] as const) {
      expect(-y).toBeGreaterThanOrEqual(b.x);
      expect(-y).toBeLessThanOrEqual(b.x + b.width);
      expect(x).toBeGreaterThanOrEqual(b.y);
      expect(x).toBeLessThanOrEqual(b.y + b.height);
    }
  });
});
