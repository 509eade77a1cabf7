import { type RefObject, useCallback, useEffect, useRef } from 'react';
import {
  type Bounds,
  centreOf,
  clampView,
  FIT,
  type Point,
  panBy,
  screenFit,
  toViewBox,
  type View,
  viewTransform,
  zoomAround,
} from '../map-geometry';

/** A finger that moves less than this (px) is a tap, not a drag: tables stay easy to hit. */
const DRAG_SLOP = 8;
/** Two taps within this time and distance are a double tap (zoom in there). */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 24;
export const ZOOM_STEP = 1.6;

/** The wheel's zoom is drawn for good once the wheel has rested this long. */
const WHEEL_REST_MS = 150;

/** The <svg>'s own box, without the CSS transform a gesture puts on it: its frame's. */
const boxOf = (svg: SVGSVGElement) => (svg.parentElement ?? svg).getBoundingClientRect();

/**
 * Zoom and pan of the map with touch, mouse and wheel: one finger (or the mouse) drags, two fingers
 * pinch, the wheel zooms around the cursor, a double tap on the floor zooms in there. Never through
 * React state: a pan redraws nothing. While a gesture lasts, the <svg> element itself is moved by a
 * CSS transform, once per animation frame: the browser's compositor moves the hall as already painted
 * (a 150-table hall would otherwise be painted again every frame). When the gesture ends, the view is
 * written to the layer's transform and painted once, sharp at its new zoom. Returns the buttons' actions.
 */
export function usePanZoom(
  svgRef: RefObject<SVGSVGElement | null>,
  layerRef: RefObject<SVGGElement | null>,
  bounds: Bounds,
) {
  /** The view on screen, and the one painted into the layer (the CSS transform covers the difference). */
  const view = useRef<View>(FIT);
  const painted = useRef<View>(FIT);
  const commit = useRef(false);
  const frame = useRef(0);
  const boundsRef = useRef(bounds);
  boundsRef.current = bounds;

  const apply = useCallback(
    (next: View, final = true) => {
      view.current = clampView(next, boundsRef.current);
      commit.current ||= final;
      if (frame.current) return;
      frame.current = requestAnimationFrame(() => {
        frame.current = 0;
        const svg = svgRef.current;
        if (!svg) return;
        if (commit.current) {
          commit.current = false;
          painted.current = view.current;
          layerRef.current?.setAttribute('transform', viewTransform(view.current));
          svg.style.removeProperty('transform');
          return;
        }
        // A content point c shows at s·(k·c + t − b) + o (b: the viewBox's corner, s and o: its fit
        // in the box), so the screen point p of the painted view shows at r·p + d in the wanted one.
        const b = boundsRef.current;
        const fit = screenFit(b, boxOf(svg));
        const want = view.current;
        const was = painted.current;
        const r = want.k / was.k;
        const dx = fit.offsetX * (1 - r) + fit.scale * (want.x - r * was.x + b.x * (r - 1));
        const dy = fit.offsetY * (1 - r) + fit.scale * (want.y - r * was.y + b.y * (r - 1));
        svg.style.transform = `translate(${dx}px, ${dy}px) scale(${r})`;
      });
    },
    [svgRef, layerRef],
  );

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const pointers = new Map<number, Point>();
    let rect = boxOf(svg);
    let wheelRest: ReturnType<typeof setTimeout> | undefined;
    let start: Point | null = null;
    let dragging = false;
    let pinch: { distance: number; centre: Point } | null = null;
    let lastTap = { time: 0, x: 0, y: 0 };

    const local = (p: Point): Point => ({ x: p.x - rect.left, y: p.y - rect.top });
    const inViewBox = (p: Point) => toViewBox(boundsRef.current, rect, local(p));
    const unitsPerPixel = () => 1 / screenFit(boundsRef.current, rect).scale;
    const pinchOf = (): { distance: number; centre: Point } => {
      const [a, b] = [...pointers.values()];
      if (!a || !b) return { distance: 1, centre: a ?? { x: 0, y: 0 } };
      return {
        distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)),
        centre: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
      };
    };

    const down = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      rect = boxOf(svg);
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pointers.size === 1) {
        start = { x: event.clientX, y: event.clientY };
        dragging = false;
      } else if (pointers.size === 2) {
        pinch = pinchOf();
        dragging = true;
        for (const id of pointers.keys()) svg.setPointerCapture?.(id);
      }
    };

    const move = (event: PointerEvent) => {
      const before = pointers.get(event.pointerId);
      if (!before) return;
      const point = { x: event.clientX, y: event.clientY };
      pointers.set(event.pointerId, point);
      if (pinch && pointers.size >= 2) {
        const now = pinchOf();
        const units = unitsPerPixel();
        const moved = panBy(
          view.current,
          (now.centre.x - pinch.centre.x) * units,
          (now.centre.y - pinch.centre.y) * units,
        );
        apply(zoomAround(moved, inViewBox(now.centre), now.distance / pinch.distance), false);
        pinch = now;
        return;
      }
      if (!dragging && start && Math.hypot(point.x - start.x, point.y - start.y) > DRAG_SLOP) {
        dragging = true;
        // Captured only once it is a drag: a tap must still reach the table under the finger.
        svg.setPointerCapture?.(event.pointerId);
      }
      if (dragging) {
        const units = unitsPerPixel();
        apply(panBy(view.current, (point.x - before.x) * units, (point.y - before.y) * units), false);
      }
    };

    const up = (event: PointerEvent) => {
      if (!pointers.delete(event.pointerId)) return;
      if (pointers.size < 2) pinch = null;
      if (pointers.size > 0) return;
      if (dragging) {
        // The gesture is over: the hall is painted where it was left.
        apply(view.current);
        return;
      }
      // A double tap on the floor zooms in; on a table each tap opens it.
      const onTable = (event.target as Element | null)?.closest?.('[data-table]');
      const now = event.timeStamp;
      const near = Math.hypot(event.clientX - lastTap.x, event.clientY - lastTap.y) < DOUBLE_TAP_PX;
      if (!onTable && now - lastTap.time < DOUBLE_TAP_MS && near) {
        apply(zoomAround(view.current, inViewBox({ x: event.clientX, y: event.clientY }), 2));
        lastTap = { time: 0, x: 0, y: 0 };
      } else {
        lastTap = { time: now, x: event.clientX, y: event.clientY };
      }
    };

    // The click that ends a drag or a pinch is not a tap on whatever table it ended over.
    const click = (event: MouseEvent) => {
      if (!dragging) return;
      event.stopPropagation();
      event.preventDefault();
      dragging = false;
    };

    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      rect = boxOf(svg);
      const lines = event.deltaMode === WheelEvent.DOM_DELTA_LINE;
      const factor = Math.exp(-event.deltaY * (lines ? 0.05 : 0.0015));
      apply(zoomAround(view.current, inViewBox({ x: event.clientX, y: event.clientY }), factor), false);
      clearTimeout(wheelRest);
      wheelRest = setTimeout(() => apply(view.current), WHEEL_REST_MS);
    };

    svg.addEventListener('pointerdown', down);
    svg.addEventListener('pointermove', move);
    svg.addEventListener('pointerup', up);
    svg.addEventListener('pointercancel', up);
    svg.addEventListener('click', click, true);
    svg.addEventListener('wheel', wheel, { passive: false });
    return () => {
      svg.removeEventListener('pointerdown', down);
      svg.removeEventListener('pointermove', move);
      svg.removeEventListener('pointerup', up);
      svg.removeEventListener('pointercancel', up);
      svg.removeEventListener('click', click, true);
      svg.removeEventListener('wheel', wheel);
      clearTimeout(wheelRest);
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [svgRef, apply]);

  // A new fit (the frame resized, the hall turned, the scheme changed): back to the whole hall.
  const fitted = useRef(bounds);
  useEffect(() => {
    if (fitted.current === bounds) return;
    fitted.current = bounds;
    apply(FIT);
  }, [bounds, apply]);

  const zoomBy = useCallback(
    (factor: number) => apply(zoomAround(view.current, centreOf(boundsRef.current), factor)),
    [apply],
  );
  const fit = useCallback(() => apply(FIT), [apply]);
  return { zoomBy, fit };
}
