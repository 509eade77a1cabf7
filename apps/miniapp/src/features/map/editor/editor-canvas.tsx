import type { Scheme, SchemeTable } from '@stolik/contracts';
import type { KeyboardEvent, PointerEvent, ReactNode, Ref } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { ROUND_DECORATIONS, zoneColour } from '../components/hall-plan';
import {
  type Decoration,
  type ItemKey,
  itemKey,
  type Label,
  labelBox,
  type SchemeDraft,
  type ZoneArea,
} from './scheme-editing';

/** What a press on the canvas grabs: an item (to move it), a handle, a point of an area or an edge. */
export type GrabKind = 'move' | 'resize' | 'turn' | 'point' | 'insert';

/** The point of a zone area that is selected (Delete removes it). */
export interface SelectedPoint {
  area: number;
  index: number;
}

export interface CanvasProps {
  canvas: Scheme['canvas'];
  draft: SchemeDraft;
  tableNumber: (id: number) => string;
  zoneName: (id: number) => string;
  selected: ReadonlySet<ItemKey>;
  point: SelectedPoint | null;
  /** Handles hide while things are being moved. */
  moving: boolean;
  /** Scheme units per screen pixel: handles keep their size on screen however big the hall is. */
  unit: number;
  svgRef: Ref<SVGSVGElement>;
  onGrab: (event: PointerEvent, kind: GrabKind, key: ItemKey, index?: number) => void;
  onItemKey: (event: KeyboardEvent, key: ItemKey) => void;
  onCanvasDown: () => void;
  onFollow: (event: PointerEvent) => void;
  onRelease: () => void;
}

/** Handles on screen, in CSS pixels: the corner square, the turn circle, an area's points. */
const HANDLE_PX = 20;
const TURN_OFFSET_PX = 30;

const turnAbout = (rotation: number, x: number, y: number) =>
  rotation ? `rotate(${rotation} ${x} ${y})` : undefined;

/**
 * The editor's drawing of the hall: the grid, zone areas, decorations, labels and tables, each a
 * button that can be grabbed, and the handles of what is selected.
 */
export function EditorCanvas(props: CanvasProps) {
  const { t } = useTranslation();
  const { canvas, draft, selected, point, moving, unit, onGrab, onItemKey } = props;
  const handle = HANDLE_PX * unit;
  const single = selected.size === 1 ? [...selected][0] : undefined;
  const decorationOrdinal = new Map<string, number>();

  return (
    // biome-ignore lint/a11y/useSemanticElements: a drawing holds its tables; a <fieldset> cannot be an <svg>.
    <svg
      ref={props.svgRef}
      className="scheme-editor__svg"
      viewBox={`0 0 ${canvas.width} ${canvas.height}`}
      preserveAspectRatio="xMidYMin meet"
      role="group"
      aria-label={t('schemeEditor.canvas')}
      data-testid="scheme-canvas"
      onPointerDown={props.onCanvasDown}
      onPointerMove={props.onFollow}
      onPointerUp={props.onRelease}
      onPointerCancel={props.onRelease}
    >
      <defs>
        <pattern
          id="scheme-grid"
          width={canvas.grid || canvas.width}
          height={canvas.grid || canvas.height}
          patternUnits="userSpaceOnUse"
        >
          <path
            className="scheme-editor__grid"
            d={`M ${canvas.grid || canvas.width} 0 L 0 0 0 ${canvas.grid || canvas.height}`}
          />
        </pattern>
      </defs>
      <rect className="scheme-editor__paper" width={canvas.width} height={canvas.height} />
      {draft.zones.map((area, i) => {
        const key = itemKey('zone', i);
        return (
          <Piece
            key={key}
            label={t('schemeEditor.zoneArea', { zone: props.zoneName(area.zone), n: i + 1 })}
            selected={selected.has(key)}
            kind="zone"
            onGrab={(event) => onGrab(event, 'move', key)}
            onKeyDown={(event) => onItemKey(event, key)}
          >
            <g className="map-zone" style={{ color: zoneColour(draft.zones, i) }}>
              <polygon points={area.points.map((p) => `${p.x},${p.y}`).join(' ')} />
            </g>
          </Piece>
        );
      })}
      {draft.decorations.map((item, i) => {
        const key = itemKey('decoration', i);
        const n = (decorationOrdinal.get(item.kind) ?? 0) + 1;
        decorationOrdinal.set(item.kind, n);
        return (
          <Piece
            key={key}
            label={t('schemeEditor.decoration', { kind: t(`schemeEditor.kinds.${item.kind}`), n })}
            selected={selected.has(key)}
            kind="decoration"
            onGrab={(event) => onGrab(event, 'move', key)}
            onKeyDown={(event) => onItemKey(event, key)}
          >
            <DecorationShape item={item} />
          </Piece>
        );
      })}
      {draft.labels.map((label, i) => {
        const key = itemKey('label', i);
        return (
          <Piece
            key={key}
            label={t('schemeEditor.label', { text: label.text })}
            selected={selected.has(key)}
            kind="label"
            onGrab={(event) => onGrab(event, 'move', key)}
            onKeyDown={(event) => onItemKey(event, key)}
          >
            <LabelShape label={label} />
          </Piece>
        );
      })}
      {draft.tables.map((place) => {
        const key = itemKey('table', place.table);
        const number = props.tableNumber(place.table);
        return (
          <EditorTable
            key={key}
            place={place}
            number={number}
            selected={selected.has(key)}
            onGrab={(event) => onGrab(event, 'move', key)}
            onKeyDown={(event) => onItemKey(event, key)}
          />
        );
      })}
      {single && !moving ? (
        <SelectionHandles itemKey={single} draft={draft} point={point} handle={handle} onGrab={onGrab} />
      ) : null}
    </svg>
  );
}

/** A decoration, a label or a zone area as a button of the drawing. */
function Piece({
  label,
  selected,
  kind,
  onGrab,
  onKeyDown,
  children,
}: {
  label: string;
  selected: boolean;
  kind: 'decoration' | 'label' | 'zone';
  onGrab: (event: PointerEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; it gets the role, focus and keys of one.
    <g
      className={`scheme-piece scheme-piece--${kind}`}
      data-testid={`scheme-${kind}`}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={label}
      onPointerDown={onGrab}
      onKeyDown={onKeyDown}
    >
      {children}
    </g>
  );
}

function DecorationShape({ item }: { item: Decoration }) {
  const cx = item.x + item.width / 2;
  const cy = item.y + item.height / 2;
  const style = item.color ? { fill: item.color } : undefined;
  return (
    <g className={`map-decoration map-decoration--${item.kind}`} transform={turnAbout(item.rotation, cx, cy)}>
      {ROUND_DECORATIONS.has(item.kind) ? (
        <ellipse cx={cx} cy={cy} rx={item.width / 2} ry={item.height / 2} style={style} />
      ) : (
        <rect x={item.x} y={item.y} width={item.width} height={item.height} style={style} />
      )}
      {/* A thin thing (a wall) is hard to hit: a wider invisible band around it takes the press. */}
      <rect
        className="scheme-piece__hit"
        x={item.x - 6}
        y={item.y - 6}
        width={item.width + 12}
        height={item.height + 12}
      />
    </g>
  );
}

function LabelShape({ label }: { label: Label }) {
  const box = labelBox(label);
  return (
    <g transform={turnAbout(label.rotation, label.x, label.y)}>
      <rect className="scheme-piece__hit" x={box.x} y={box.y} width={box.width} height={box.height} />
      <text className="map-label" x={label.x} y={label.y} fontSize={label.size}>
        {label.text}
      </text>
    </g>
  );
}

export function EditorTable({
  place,
  number,
  selected,
  onGrab,
  onKeyDown,
}: {
  place: SchemeTable;
  number: string;
  selected: boolean;
  onGrab: (event: PointerEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  const { t } = useTranslation();
  const cx = place.x + place.width / 2;
  const cy = place.y + place.height / 2;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; it gets the role, focus and keys of one.
    <g
      className="scheme-item"
      data-table={number}
      data-shape={place.shape}
      data-testid="scheme-table"
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={t('schemeEditor.table', { number })}
      onPointerDown={onGrab}
      onKeyDown={onKeyDown}
    >
      <g transform={turnAbout(place.rotation, cx, cy)}>
        {place.shape === 'round' ? (
          <ellipse
            className="scheme-item__shape"
            cx={cx}
            cy={cy}
            rx={place.width / 2}
            ry={place.height / 2}
          />
        ) : (
          <rect
            className="scheme-item__shape"
            x={place.x}
            y={place.y}
            width={place.width}
            height={place.height}
            rx={Math.min(10, Math.min(place.width, place.height) / 6)}
          />
        )}
      </g>
      <text
        className="scheme-item__number"
        x={cx}
        y={cy}
        fontSize={Math.max(12, Math.min(26, place.height * 0.3))}
      >
        {number}
      </text>
    </g>
  );
}

/**
 * The handles of the one selected thing, for a pointer (the keyboard has arrows, Shift with arrows,
 * the turn button and Delete): a table's or a decoration's corner (size) and the circle above it
 * (turn), turned with it; a label's outline; a zone area's points (drag one to move it) and the
 * middles of its edges (drag one to add a point there).
 */
function SelectionHandles({
  itemKey: key,
  draft,
  point,
  handle,
  onGrab,
}: {
  itemKey: ItemKey;
  draft: SchemeDraft;
  point: SelectedPoint | null;
  handle: number;
  onGrab: CanvasProps['onGrab'];
}) {
  const [kind, raw] = key.split(':');
  const n = Number(raw);
  if (kind === 'table' || kind === 'decoration') {
    const box = kind === 'table' ? draft.tables.find((t) => t.table === n) : draft.decorations[n];
    if (!box) return null;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const offset = (TURN_OFFSET_PX / HANDLE_PX) * handle;
    return (
      <g className="scheme-handles" transform={turnAbout(box.rotation, cx, cy)}>
        <rect className="scheme-handles__outline" x={box.x} y={box.y} width={box.width} height={box.height} />
        <line className="scheme-handles__stem" x1={cx} y1={box.y} x2={cx} y2={box.y - offset} />
        <circle
          className="scheme-handles__turn"
          cx={cx}
          cy={box.y - offset}
          r={handle / 2}
          data-testid="turn-handle"
          onPointerDown={(event) => onGrab(event, 'turn', key)}
        />
        <rect
          className="scheme-handles__size"
          x={box.x + box.width - handle / 2}
          y={box.y + box.height - handle / 2}
          width={handle}
          height={handle}
          data-testid="resize-handle"
          onPointerDown={(event) => onGrab(event, 'resize', key)}
        />
      </g>
    );
  }
  if (kind === 'label') {
    const label = draft.labels[n];
    if (!label) return null;
    const box = labelBox(label);
    return (
      <g className="scheme-handles" transform={turnAbout(label.rotation, label.x, label.y)}>
        <rect className="scheme-handles__outline" x={box.x} y={box.y} width={box.width} height={box.height} />
      </g>
    );
  }
  const area: ZoneArea | undefined = draft.zones[n];
  if (!area) return null;
  return (
    <g className="scheme-handles">
      {area.points.map((p, i) => {
        const next = area.points[(i + 1) % area.points.length] ?? p;
        return (
          <circle
            // Points have no ids: their place on the outline is their key.
            key={`mid-${i}`}
            className="scheme-handles__mid"
            cx={(p.x + next.x) / 2}
            cy={(p.y + next.y) / 2}
            r={handle / 3}
            data-testid="zone-midpoint"
            onPointerDown={(event) => onGrab(event, 'insert', key, i)}
          />
        );
      })}
      {area.points.map((p, i) => (
        <circle
          key={`point-${i}`}
          className={`scheme-handles__point ${point?.area === n && point.index === i ? 'scheme-handles__point--selected' : ''}`}
          cx={p.x}
          cy={p.y}
          r={handle / 2}
          data-testid="zone-point"
          onPointerDown={(event) => onGrab(event, 'point', key, i)}
        />
      ))}
    </g>
  );
}
