import '../map.css';
import type { Scheme, SchemeView, Table, TableShape } from '@stolik/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type PointerEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { hallLoadFailureKey } from '../../../shared/api/hall-loading';
import { ApiError } from '../../../shared/api/transport';
import { tablesQuery, zonesQuery } from '../../../shared/bookings/booking-api';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useRestaurant } from '../../../shared/restaurants/get-restaurant';
import { useTelegramVerticalSwipesOff } from '../../../shared/telegram/telegram';
import { formErrorsOf } from '../../../shared/ui/form-errors';
import { usePageTitle } from '../../../shared/ui/page';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { showToast } from '../../../shared/ui/toast';
import { mapKeys, saveScheme, schemeQuery } from '../api/map-api';
import { type Point, toViewBox } from '../map-geometry';
import { EditorCanvas, type GrabKind, type SelectedPoint } from './editor-canvas';
import { AddPalette, Inspector } from './editor-tools';
import {
  addDecoration,
  addLabel,
  addZoneArea,
  type DecorationKind,
  draftOf,
  editLabel,
  type History,
  type ItemKey,
  insertPoint,
  itemKey,
  moveItems,
  movePoint,
  parseKey,
  placeTable,
  ROTATION_STEP,
  record,
  redo,
  removeItems,
  removePoint,
  resizeItem,
  type SchemeDraft,
  setAreaZone,
  setTableShape,
  startHistory,
  turnItem,
  turnItemsBy,
  undo,
} from './scheme-editing';
import { SchemeHistory } from './scheme-history';

interface Gesture {
  kind: GrabKind;
  /** What was grabbed; a move carries every selected thing. */
  key: ItemKey;
  keys: ReadonlySet<ItemKey>;
  /** The point (or the edge, for a new point) of a zone area. */
  index: number;
  start: Point;
  from: SchemeDraft;
  preview: SchemeDraft;
}

/** Whether a key still names something of the draft (undo may take it away). */
function exists(draft: SchemeDraft, key: ItemKey): boolean {
  const { kind, n } = parseKey(key);
  if (kind === 'table') return draft.tables.some((t) => t.table === n);
  if (kind === 'decoration') return n < draft.decorations.length;
  if (kind === 'label') return n < draft.labels.length;
  return n < draft.zones.length;
}

/** Scheme units per screen pixel, as the drawing is shown now ('meet': the tighter side rules). */
function useScreenUnit(svgRef: RefObject<SVGSVGElement | null>, canvas: Scheme['canvas']): number {
  const [unit, setUnit] = useState(1);
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const rect = svg.getBoundingClientRect();
      const scale = Math.min(rect.width / canvas.width, rect.height / canvas.height);
      if (scale > 0) setUnit(1 / scale);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(svg);
    return () => observer.disconnect();
  }, [svgRef, canvas.width, canvas.height]);
  return unit;
}

const typingIn = (target: EventTarget | null) =>
  (target as Element | null)?.closest?.('input, textarea, select, [contenteditable="true"]') != null;

/**
 * Settings → 'Редактор схемы ресторана' (superusers): the whole floor of the hall on the scheme's
 * grid — tables placed, moved, resized, turned and reshaped; walls, the bar, plants and the rest
 * from a palette; text labels; zone areas drawn point by point — several at once with Shift or
 * Ctrl, undo and redo, saved as a new version, and every saved version listed and restorable. A
 * save made elsewhere since this one was loaded is refused (409) and said so; the editor then
 * offers the saved scheme, and keeps the edits on screen until then.
 */
export function SchemeEditorScreen() {
  const { t } = useTranslation();
  useTelegramVerticalSwipesOff(); // tables are dragged on the plan: a swipe must not close the app
  usePageTitle('pages.settingsScheme');
  const restaurantId = Number(useParams().id);
  const scheme = useQuery(schemeQuery(restaurantId));
  const tables = useQuery(tablesQuery(restaurantId));
  const zones = useQuery(zonesQuery(restaurantId));
  const restaurant = useRestaurant(restaurantId);
  // Starting over from the saved scheme (or a restored one) is a new editor: a fresh history.
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
          timeZone={restaurant.data?.timezone ?? 'Europe/Moscow'}
          view={scheme.data}
          tables={tables.data}
          zones={zones.data ?? []}
          onReload={async () => {
            await scheme.refetch();
            setSession((n) => n + 1);
          }}
          onRestored={() => setSession((n) => n + 1)}
        />
      )}
    </div>
  );
}

function SchemeEditor({
  restaurantId,
  timeZone,
  view,
  tables,
  zones,
  onReload,
  onRestored,
}: {
  restaurantId: number;
  timeZone: string;
  view: SchemeView;
  tables: ReadonlyMap<number, Table>;
  zones: readonly { id: number; name: string }[];
  onReload: () => Promise<void>;
  onRestored: (view: SchemeView) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const svgRef = useRef<SVGSVGElement>(null);
  const canvas = view.scheme.canvas;
  const unit = useScreenUnit(svgRef, canvas);
  const [history, setHistory] = useState<History<SchemeDraft>>(() => startHistory(draftOf(view.scheme)));
  const [saved, setSaved] = useState({ draft: draftOf(view.scheme), version: view.version });
  const [chosen, setSelected] = useState<ReadonlySet<ItemKey>>(new Set());
  const [chosenPoint, setPoint] = useState<SelectedPoint | null>(null);
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);

  const present = history.present;
  const shown = gesture?.preview ?? present;
  const selected: ReadonlySet<ItemKey> = new Set([...chosen].filter((key) => exists(present, key)));
  const point =
    chosenPoint && selected.has(itemKey('zone', chosenPoint.area)) && present.zones[chosenPoint.area]
      ? chosenPoint
      : null;
  const dirty = JSON.stringify(present) !== JSON.stringify(saved.draft);
  const placedIds = new Set(present.tables.map((p) => p.table));
  const unplaced = [...tables.values()].filter((table) => !placedIds.has(table.id));
  const turnable = [...selected].some((key) => !key.startsWith('zone:'));
  const zoneNames = new Map(zones.map((z) => [z.id, z.name]));
  const tableNumber = (id: number) => tables.get(id)?.number ?? String(id);

  const edit = (next: SchemeDraft) => setHistory((h) => record(h, next));
  const select = (keys: ItemKey[]) => {
    setSelected(new Set(keys));
    setPoint(null);
  };

  const save = useMutation({
    mutationFn: (draft: SchemeDraft) =>
      saveScheme(restaurantId, { scheme: { canvas, ...draft }, base_version: saved.version }),
    onSuccess: (next, draft) => {
      queryClient.setQueryData(mapKeys.scheme(restaurantId), next);
      void queryClient.invalidateQueries({ queryKey: mapKeys.history(restaurantId) });
      setSaved({ draft, version: next.version });
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

  const removeSelected = () => {
    if (selected.size === 0) return;
    if (point && selected.size === 1 && (present.zones[point.area]?.points.length ?? 0) > 3) {
      edit(removePoint(present, point.area, point.index));
      setPoint(null);
      return;
    }
    edit(removeItems(present, selected));
    select([]);
  };

  // Undo and redo from anywhere on the page; Delete and Escape unless typing.
  const keys = useRef({ removeSelected, select });
  keys.current = { removeSelected, select };
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (typingIn(event.target)) return;
      const key = event.key.toLowerCase();
      if (event.ctrlKey || event.metaKey) {
        if (key === 'z' && !event.shiftKey) setHistory(undo);
        else if ((key === 'z' && event.shiftKey) || key === 'y') setHistory(redo);
        else return;
      } else if (key === 'escape') keys.current.select([]);
      else if (key === 'delete' || key === 'backspace') keys.current.removeSelected();
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

  const grab = (event: PointerEvent, kind: GrabKind, key: ItemKey, index = 0) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    let keys = new Set(selected);
    if (kind === 'move' && (event.shiftKey || event.ctrlKey || event.metaKey)) {
      if (keys.has(key)) keys.delete(key);
      else keys.add(key);
      setSelected(keys);
      setPoint(null);
      if (!keys.has(key)) return;
    } else if (!keys.has(key)) {
      keys = new Set([key]);
      setSelected(keys);
      setPoint(null);
    }
    if (kind === 'point') setPoint({ area: parseKey(key).n, index });
    svgRef.current?.setPointerCapture?.(event.pointerId);
    setGesture({ kind, key, keys, index, start: toCanvas(event), from: present, preview: present });
  };

  const follow = (event: PointerEvent) => {
    if (!gesture) return;
    const at = toCanvas(event);
    const dx = at.x - gesture.start.x;
    const dy = at.y - gesture.start.y;
    const area = parseKey(gesture.key).n;
    // A point follows the finger from where it was, wherever on its handle it was taken.
    const shifted = (from: Point | null | undefined): Point =>
      from ? { x: from.x + dx, y: from.y + dy } : at;
    const preview =
      gesture.kind === 'move'
        ? moveItems(gesture.from, gesture.keys, dx, dy, canvas)
        : gesture.kind === 'resize'
          ? resizeItem(gesture.from, gesture.key, dx, dy, canvas)
          : gesture.kind === 'turn'
            ? turnItem(gesture.from, gesture.key, at)
            : gesture.kind === 'point'
              ? movePoint(
                  gesture.from,
                  area,
                  gesture.index,
                  shifted(gesture.from.zones[area]?.points[gesture.index]),
                  canvas,
                )
              : insertPoint(
                  gesture.from,
                  area,
                  gesture.index,
                  shifted(midpoint(gesture.from, area, gesture.index)),
                  canvas,
                );
    setGesture({ ...gesture, preview });
  };

  const release = () => {
    if (!gesture) return;
    const area = parseKey(gesture.key).n;
    if (gesture.kind === 'insert') {
      // A tap on an edge's middle adds a point there too; the new point is the selected one.
      const inserted =
        gesture.preview === gesture.from
          ? insertPoint(
              gesture.from,
              area,
              gesture.index,
              midpoint(gesture.from, area, gesture.index) ?? gesture.start,
              canvas,
            )
          : gesture.preview;
      edit(inserted);
      if ((inserted.zones[area]?.points.length ?? 0) > (gesture.from.zones[area]?.points.length ?? 0))
        setPoint({ area, index: gesture.index + 1 });
    } else edit(gesture.preview);
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
    const only = selected.size === 1 ? [...selected][0] : undefined;
    const box =
      only === undefined
        ? undefined
        : only.startsWith('table:')
          ? present.tables.find((p) => itemKey('table', p.table) === only)
          : only.startsWith('decoration:')
            ? present.decorations[parseKey(only).n]
            : undefined;
    if (event.shiftKey && only && box) {
      // Shift stretches along the thing's own sides: the step is turned onto the screen for resizeItem.
      const rad = (box.rotation * Math.PI) / 180;
      const screenX = dx * Math.cos(rad) - dy * Math.sin(rad);
      const screenY = dx * Math.sin(rad) + dy * Math.cos(rad);
      edit(resizeItem(present, only, screenX, screenY, canvas));
    } else edit(moveItems(present, selected, dx, dy, canvas));
  };

  const onItemKey = (event: KeyboardEvent, key: ItemKey) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      select([key]);
    } else nudge(event);
  };

  const add = (result: { draft: SchemeDraft; key: ItemKey }) => {
    edit(result.draft);
    select([result.key]);
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
          disabled={!turnable}
          onClick={() => edit(turnItemsBy(present, selected, ROTATION_STEP))}
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
          onClick={() => save.mutate(present)}
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
      <div className="scheme-editor__frame" style={{ aspectRatio: `${canvas.width} / ${canvas.height}` }}>
        <EditorCanvas
          canvas={canvas}
          draft={shown}
          tableNumber={tableNumber}
          zoneName={(id) => zoneNames.get(id) ?? String(id)}
          selected={selected}
          point={point}
          moving={gesture?.kind === 'move'}
          unit={unit}
          svgRef={svgRef}
          onGrab={grab}
          onItemKey={onItemKey}
          onCanvasDown={() => select([])}
          onFollow={follow}
          onRelease={release}
        />
      </div>
      <Inspector
        draft={present}
        selected={selected}
        point={point}
        zones={zones}
        tableNumber={tableNumber}
        onShape={(table, shape: TableShape) => edit(setTableShape(present, table, shape, canvas))}
        onLabel={(index, change) => edit(editLabel(present, index, change))}
        onAreaZone={(index, zone) => edit(setAreaZone(present, index, zone))}
        onRemovePoint={() => {
          if (!point) return;
          edit(removePoint(present, point.area, point.index));
          setPoint(null);
        }}
        onRemove={removeSelected}
        onClear={() => select([])}
      />
      <AddPalette
        zones={zones}
        onDecoration={(kind: DecorationKind) => add(addDecoration(present, kind, canvas))}
        onLabel={() => add(addLabel(present, t('schemeEditor.newLabel'), canvas))}
        onArea={(zone) => add(addZoneArea(present, zone, canvas))}
      />
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
                  edit({
                    ...present,
                    tables: placeTable(
                      present.tables,
                      { id: table.id, shape: table.shape, width: table.width, height: table.height },
                      canvas,
                    ),
                  })
                }
              >
                {t('schemeEditor.place', { number: table.number })}
              </button>
            ))}
          </div>
        </section>
      ) : null}
      <SchemeHistory
        restaurantId={restaurantId}
        timeZone={timeZone}
        currentVersion={saved.version}
        dirty={dirty}
        onRestored={onRestored}
      />
    </>
  );
}

/** The middle of an area's edge from point `index` to the next. */
function midpoint(draft: SchemeDraft, area: number, index: number): Point | null {
  const points = draft.zones[area]?.points;
  const a = points?.[index];
  const b = points?.[(index + 1) % (points?.length ?? 1)];
  return a && b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : null;
}
