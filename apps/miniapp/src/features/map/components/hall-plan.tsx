import type { Scheme, Table } from '@stolik/contracts';
import { memo, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import type { TableState } from '../../../shared/hall/table-state';
import { useTranslation } from '../../../shared/i18n/i18n';
import { usePanZoom, ZOOM_STEP } from '../hooks/use-pan-zoom';
import { fitPlan, schemeBounds } from '../map-geometry';
import { MapTable } from './map-table';

/** Zone areas without a colour of their own take one of these, in order (tints, both themes). */
const ZONE_TINTS = ['--status-live', '--status-reserve', '--status-joined', '--status-called'] as const;

/**
 * The hall drawn from its scheme as one SVG: zone areas, decorations and labels under the tables.
 * SVG stays sharp at any zoom, each table is a real focusable element, and a 150-table hall is about
 * 600 elements. Zoom and pan move one layer (see usePanZoom); the drawing redraws only when the data does.
 */
export function HallPlan({
  scheme,
  tables,
  states,
  timeZone,
  onOpen,
}: {
  scheme: Scheme;
  tables: ReadonlyMap<number, Table>;
  states: ReadonlyMap<number, TableState>;
  timeZone: string;
  onOpen: (tableId: number) => void;
}) {
  const { t } = useTranslation();
  const svgRef = useRef<SVGSVGElement>(null);
  const layerRef = useRef<SVGGElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const box = useFrameSize(frameRef);
  const hall = useMemo(() => schemeBounds(scheme), [scheme]);
  const plan = useMemo(() => fitPlan(hall, box), [hall, box]);
  const { bounds, turned } = plan;
  const { zoomBy, fit } = usePanZoom(svgRef, layerRef, bounds);
  // Scheme units per screen pixel at the fit: the tables' words are sized in pixels, to read at once.
  const unit = 1 / plan.scale;

  return (
    <div className="map-plan" ref={frameRef}>
      {/* biome-ignore lint/a11y/useSemanticElements: a drawing holds its tables; a <fieldset> cannot be an <svg>. */}
      <svg
        ref={svgRef}
        className="map-plan__svg"
        viewBox={`${bounds.x} ${bounds.y} ${bounds.width} ${bounds.height}`}
        preserveAspectRatio="xMidYMin meet"
        role="group"
        aria-label={t('hallMap.plan')}
        data-testid="hall-plan"
        data-turned={turned}
      >
        <defs>
          <pattern
            id="map-hatch"
            width="10"
            height="10"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect className="map-hatch__ground" width="10" height="10" />
            <line className="map-hatch__line" x1="0" y1="0" x2="0" y2="10" />
          </pattern>
        </defs>
        <g ref={layerRef}>
          <g transform={turned ? 'rotate(90)' : undefined}>
            <Floor scheme={scheme} upright={turned ? -90 : 0} />
            {scheme.tables.map((place) => {
              const table = tables.get(place.table);
              const state = states.get(place.table);
              if (!table || !state) return null;
              return (
                <MapTable
                  key={place.table}
                  place={place}
                  table={table}
                  state={state}
                  timeZone={timeZone}
                  unit={unit}
                  turned={turned}
                  onOpen={onOpen}
                />
              );
            })}
          </g>
        </g>
      </svg>
      <div className="map-plan__zoom">
        <button
          type="button"
          className="map-plan__zoom-button"
          aria-label={t('hallMap.zoomIn')}
          onClick={() => zoomBy(ZOOM_STEP)}
        >
          +
        </button>
        <button
          type="button"
          className="map-plan__zoom-button"
          aria-label={t('hallMap.zoomOut')}
          onClick={() => zoomBy(1 / ZOOM_STEP)}
        >
          −
        </button>
        <button type="button" className="map-plan__zoom-button" aria-label={t('hallMap.fit')} onClick={fit}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
          </svg>
        </button>
      </div>
    </div>
  );
}

/** The frame's size in CSS pixels, followed as it changes (a phone turned, the side menu folded). */
function useFrameSize(ref: RefObject<HTMLDivElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    const measure = () => {
      const { width, height } = frame.getBoundingClientRect();
      setSize((was) => (was.width === width && was.height === height ? was : { width, height }));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** An area's colour: its own, else its zone's tint by the order the zones first appear in the scheme. */
export function zoneColour(zones: Scheme['zones'], index: number): string {
  const area = zones[index];
  if (!area) return 'currentColor';
  const zoneOrder = [...new Set(zones.map((z) => z.zone))];
  return area.color ?? `var(${ZONE_TINTS[zoneOrder.indexOf(area.zone) % ZONE_TINTS.length]})`;
}

/** Decorations drawn as ellipses; the others are rectangles. */
export const ROUND_DECORATIONS: ReadonlySet<string> = new Set(['column', 'plant', 'ellipse']);

/** What is not a table: zone areas (named by the scheme's own labels), walls, the bar, doors, plants, and text labels. */
export const Floor = memo(function Floor({ scheme, upright = 0 }: { scheme: Scheme; upright?: number }) {
  // Areas, decorations and labels have no ids: their place in the scheme is their key.
  return (
    <g>
      {scheme.zones.map((area, i) => {
        const colour = zoneColour(scheme.zones, i);
        return (
          <g key={`zone-${i}`} className="map-zone" style={{ color: colour }}>
            <polygon points={area.points.map((p) => `${p.x},${p.y}`).join(' ')} />
          </g>
        );
      })}
      {scheme.decorations.map((item, i) => {
        const cx = item.x + item.width / 2;
        const cy = item.y + item.height / 2;
        const round = ROUND_DECORATIONS.has(item.kind);
        const style = item.color ? { fill: item.color } : undefined;
        return (
          <g
            key={`decoration-${i}`}
            className={`map-decoration map-decoration--${item.kind}`}
            transform={item.rotation ? `rotate(${item.rotation} ${cx} ${cy})` : undefined}
          >
            {round ? (
              <ellipse cx={cx} cy={cy} rx={item.width / 2} ry={item.height / 2} style={style} />
            ) : (
              <rect x={item.x} y={item.y} width={item.width} height={item.height} style={style} />
            )}
          </g>
        );
      })}
      {scheme.labels.map((label, i) => (
        <text
          key={`label-${i}`}
          className="map-label"
          x={label.x}
          y={label.y}
          fontSize={label.size}
          // `upright`: a turned hall's labels turned back, so they read across the screen.
          transform={
            label.rotation + upright ? `rotate(${label.rotation + upright} ${label.x} ${label.y})` : undefined
          }
        >
          {label.text}
        </text>
      ))}
    </g>
  );
});
