import '../map.css';
import type { SchemeTable, SchemeView, Table } from '@stolik/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { hallLoadFailureKey } from '../../../shared/api/hall-loading';
import { ApiError } from '../../../shared/api/transport';
import { formErrorsOf } from '../../../shared/ui/form-errors';
import { usePageTitle } from '../../../shared/ui/page';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { showToast } from '../../../shared/ui/toast';
import { tablesQuery } from '../../booking/api/booking-api';
import { mapKeys, saveScheme, schemeQuery } from '../api/map-api';
import { Floor } from '../components/hall-plan';
import { type Point, toViewBox } from '../hall-view';
import {
  type History,
  moveTables,
  placeTable,
  ROTATION_STEP,
  record,
  redo,
  resizeTable,
  startHistory,
  turnBy,
  turnTowards,
  undo,
} from './scheme-editing';

/** Handles in scheme units: the corner square, the turning circle and how far above the table it sits. */
const HANDLE = 18;
const TURN_HANDLE_OFFSET = 30;

interface Gesture {
  kind: 'move' | 'resize' | 'turn';
  /** The table grabbed; a move carries every selected table. */
  table: number;
  ids: Set<number>;
  start: Point;
  from: SchemeTable[];
  preview: SchemeTable[];
}

/**
 * Settings → 'Редактор схемы ресторана' (superusers): the tables of the hall placed, moved, resized and
 * turned by drag on the scheme's grid, several at once with Shift or Ctrl, undo and redo, and saved as
 * a new version. A save made elsewhere since this one was loaded is refused (409) and said so; the
 * editor then offers the saved scheme, and keeps the edits on screen until then.
 */
export function SchemeEditorScreen() {
  const { t } = useTranslation();
  usePageTitle('pages.settingsScheme');
  const restaurantId = Number(useParams().id);
  const scheme = useQuery(schemeQuery(restaurantId));
  const tables = useQuery(tablesQuery(restaurantId));
  // Starting over from the saved scheme is a new editor: a fresh history.
  const [session, setSession] = useState(0);

  return (
    <div className="scheme-editor">
      <h2 className="scheme-editor__title">{t('pages.settingsScheme')}</h2>
      {scheme.isPending || tables.isPending ? (
        <ListSkeleton rows={6} />
      ) : !scheme.data || !tables.data ? (
        <ErrorState
          messageKey={hallLoadFailureKey('tables', scheme.error ?? tables.error)}
          onRetry={() => {
            void scheme.refetch();
            void tables.refetch();
          }}
        />
      ) : (
        <SchemeEditor
          key={session}
          restaurantId={restaurantId}
          view={scheme.data}
          tables={tables.data}
          onReload={async () => {
            await scheme.refetch();
            setSession((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}

function SchemeEditor({
  restaurantId,
  view,
  tables,
  onReload,
}: {
  restaurantId: number;
  view: SchemeView;
  tables: ReadonlyMap<number, Table>;
  onReload: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const svgRef = useRef<SVGSVGElement>(null);
  const canvas = view.scheme.canvas;
  const [history, setHistory] = useState<History>(() => startHistory(view.scheme.tables));
  const [saved, setSaved] = useState({ tables: view.scheme.tables, version: view.version });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);

  const shown = gesture?.preview ?? history.present;
  const dirty = JSON.stringify(history.present) !== JSON.stringify(saved.tables);
  const placedIds = new Set(history.present.map((p) => p.table));
  const unplaced = [...tables.values()].filter((table) => !placedIds.has(table.id));
  const single = selected.size === 1 ? shown.find((p) => selected.has(p.table)) : undefined;
  const edit = (next: SchemeTable[]) => setHistory((h) => record(h, next));

  const save = useMutation({
    mutationFn: (present: SchemeTable[]) =>
      saveScheme(restaurantId, { scheme: { ...view.scheme, tables: present }, base_version: saved.version }),
    onSuccess: (next, present) => {
      queryClient.setQueryData(mapKeys.scheme(restaurantId), next);
      setSaved({ tables: present, version: next.version });
      setConflict(null);
      showToast(t('schemeEditor.saved'));
    },
    onError: (error) => {
      const message =
        formErrorsOf(error, t('schemeEditor.saveFailed')).general ?? t('schemeEditor.saveFailed');
      if (error instanceof ApiError && error.status === 409) setConflict(message);
      else showToast(message, 'error');
    },
  });

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || (event.target as Element | null)?.closest?.('input, textarea'))
        return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) setHistory(undo);
      else if ((key === 'z' && event.shiftKey) || key === 'y') setHistory(redo);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const toCanvas = (event: { clientX: number; clientY: number }): Point => {
    const rect = svgRef.current?.getBoundingClientRect() ?? { left: 0, top: 0, width: 0, height: 0 };
    return toViewBox({ x: 0, y: 0, width: canvas.width, height: canvas.height }, rect, {
      x: event.clientX - rect.left,
      y: event.clientY - rect.top,
    });
  };

  const grab = (event: PointerEvent, kind: Gesture['kind'], table: number) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    let ids = new Set(selected);
    if (kind === 'move' && (event.shiftKey || event.ctrlKey || event.metaKey)) {
      if (ids.has(table)) ids.delete(table);
      else ids.add(table);
      setSelected(ids);
      if (!ids.has(table)) return;
    } else if (!ids.has(table)) {
      ids = new Set([table]);
      setSelected(ids);
    }
    svgRef.current?.setPointerCapture?.(event.pointerId);
    setGesture({ kind, table, ids, start: toCanvas(event), from: history.present, preview: history.present });
  };

  const follow = (event: PointerEvent) => {
    if (!gesture) return;
    const at = toCanvas(event);
    const dx = at.x - gesture.start.x;
    const dy = at.y - gesture.start.y;
    const preview =
      gesture.kind === 'move'
        ? moveTables(gesture.from, gesture.ids, dx, dy, canvas)
        : gesture.kind === 'resize'
          ? resizeTable(gesture.from, gesture.table, dx, dy, canvas)
          : turnTowards(gesture.from, gesture.table, at);
    setGesture({ ...gesture, preview });
  };

  const release = () => {
    if (!gesture) return;
    edit(gesture.preview);
    setGesture(null);
  };

  const nudge = (event: KeyboardEvent) => {
    const step = canvas.grid || 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move || selected.size === 0) return;
    event.preventDefault();
    const [dx, dy] = move;
    const only = selected.size === 1 ? history.present.find((p) => selected.has(p.table)) : undefined;
    if (event.shiftKey && only) {
      // Shift stretches the table along its own sides: the step is turned onto the screen for resizeTable.
      const rad = (only.rotation * Math.PI) / 180;
      const screenX = dx * Math.cos(rad) - dy * Math.sin(rad);
      const screenY = dx * Math.sin(rad) + dy * Math.cos(rad);
      edit(resizeTable(history.present, only.table, screenX, screenY, canvas));
    } else edit(moveTables(history.present, selected, dx, dy, canvas));
  };

  return (
    <>
      <p className="scheme-editor__hint">{t('schemeEditor.hint')}</p>
      <div className="scheme-editor__tools">
        <button
          type="button"
          className="button button--secondary"
          disabled={history.past.length === 0}
          onClick={() => setHistory(undo)}
        >
          {t('schemeEditor.undo')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={history.future.length === 0}
          onClick={() => setHistory(redo)}
        >
          {t('schemeEditor.redo')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={selected.size === 0}
          onClick={() => edit(turnBy(history.present, selected, ROTATION_STEP))}
        >
          {t('schemeEditor.turn')}
        </button>
        <span className="scheme-editor__status" role="status" data-testid="scheme-status">
          {dirty
            ? t('schemeEditor.unsaved')
            : saved.version === null
              ? t('schemeEditor.neverSaved')
              : `${t('schemeEditor.version', { version: saved.version })} · ${t('schemeEditor.upToDate')}`}
        </span>
        <button
          type="button"
          className="button scheme-editor__save"
          disabled={save.isPending || (!dirty && saved.version !== null)}
          onClick={() => save.mutate(history.present)}
        >
          {save.isPending ? t('schemeEditor.saving') : t('schemeEditor.save')}
        </button>
      </div>
      {conflict ? (
        <div className="map__notice" role="alert">
          <span>{conflict}</span>
          <button type="button" className="button button--secondary" onClick={() => void onReload()}>
            {t('schemeEditor.reload')}
          </button>
        </div>
      ) : null}
      {selected.size > 1 ? (
        <p className="scheme-editor__hint">{t('schemeEditor.selected', { count: selected.size })}</p>
      ) : null}
      <div className="scheme-editor__frame" style={{ aspectRatio: `${canvas.width} / ${canvas.height}` }}>
        {/* biome-ignore lint/a11y/useSemanticElements: a drawing holds its tables; a <fieldset> cannot be an <svg>. */}
        <svg
          ref={svgRef}
          className="scheme-editor__svg"
          viewBox={`0 0 ${canvas.width} ${canvas.height}`}
          preserveAspectRatio="xMidYMin meet"
          role="group"
          aria-label={t('schemeEditor.canvas')}
          data-testid="scheme-canvas"
          onPointerDown={() => setSelected(new Set())}
          onPointerMove={follow}
          onPointerUp={release}
          onPointerCancel={release}
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
          <Floor scheme={view.scheme} />
          {shown.map((place) => (
            <EditorTable
              key={place.table}
              place={place}
              number={tables.get(place.table)?.number ?? String(place.table)}
              selected={selected.has(place.table)}
              onGrab={(event) => grab(event, 'move', place.table)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  setSelected(new Set([place.table]));
                } else nudge(event);
              }}
            />
          ))}
          {single && gesture?.kind !== 'move' ? (
            <Handles
              place={single}
              onResize={(event) => grab(event, 'resize', single.table)}
              onTurn={(event) => grab(event, 'turn', single.table)}
            />
          ) : null}
        </svg>
      </div>
      {unplaced.length > 0 ? (
        <section className="scheme-editor__unplaced" aria-label={t('schemeEditor.notPlaced')}>
          <h3 className="table-sheet__heading">{t('schemeEditor.notPlaced')}</h3>
          <div className="scheme-editor__unplaced-list">
            {unplaced.map((table) => (
              <button
                key={table.id}
                type="button"
                className="button button--secondary"
                onClick={() =>
                  edit(
                    placeTable(
                      history.present,
                      { id: table.id, shape: table.shape, width: table.width, height: table.height },
                      canvas,
                    ),
                  )
                }
              >
                {t('schemeEditor.place', { number: table.number })}
              </button>
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}

function EditorTable({
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
      data-testid="scheme-table"
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={t('schemeEditor.table', { number })}
      onPointerDown={onGrab}
      onKeyDown={onKeyDown}
    >
      <g transform={place.rotation ? `rotate(${place.rotation} ${cx} ${cy})` : undefined}>
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
 * The selected table's corner (size) and circle above it (turn), turned with the table: for a pointer;
 * the keyboard has Shift with the arrows and the turn button.
 */
function Handles({
  place,
  onResize,
  onTurn,
}: {
  place: SchemeTable;
  onResize: (event: PointerEvent) => void;
  onTurn: (event: PointerEvent) => void;
}) {
  const cx = place.x + place.width / 2;
  const cy = place.y + place.height / 2;
  return (
    <g
      className="scheme-handles"
      transform={place.rotation ? `rotate(${place.rotation} ${cx} ${cy})` : undefined}
    >
      <rect
        className="scheme-handles__outline"
        x={place.x}
        y={place.y}
        width={place.width}
        height={place.height}
      />
      <line className="scheme-handles__stem" x1={cx} y1={place.y} x2={cx} y2={place.y - TURN_HANDLE_OFFSET} />
      <circle
        className="scheme-handles__turn"
        cx={cx}
        cy={place.y - TURN_HANDLE_OFFSET}
        r={HANDLE / 2}
        data-testid="turn-handle"
        onPointerDown={onTurn}
      />
      <rect
        className="scheme-handles__size"
        x={place.x + place.width - HANDLE / 2}
        y={place.y + place.height - HANDLE / 2}
        width={HANDLE}
        height={HANDLE}
        data-testid="resize-handle"
        onPointerDown={onResize}
      />
    </g>
  );
}
