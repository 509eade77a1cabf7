import type { SchemeTable } from '@stolik/contracts';
import { describe, expect, it } from 'vitest';
import {
  addDecoration,
  addLabel,
  addZoneArea,
  editLabel,
  type ItemKey,
  insertPoint,
  moveItems,
  movePoint,
  moveTables,
  placeTable,
  record,
  redo,
  removeItems,
  removePoint,
  resizeItem,
  resizeTable,
  type SchemeDraft,
  setAreaZone,
  setTableShape,
  snap,
  startHistory,
  turnBy,
  turnItem,
  turnItemsBy,
  turnTowards,
  undo,
} from './scheme-editing';

const canvas = { width: 800, height: 600, grid: 20 };
const square = (table: number, x: number, y: number, over: Partial<SchemeTable> = {}): SchemeTable => ({
  table,
  shape: 'square',
  x,
  y,
  width: 80,
  height: 80,
  rotation: 0,
  ...over,
});

describe('editing the scheme', () => {
  it('snaps to the grid, or to whole units without one', () => {
    expect(snap(29, 20)).toBe(20);
    expect(snap(31, 20)).toBe(40);
    expect(snap(31.4, 0)).toBe(31);
  });

  it('moves the chosen tables together, snapped, and never off the canvas', () => {
    const tables = [square(1, 40, 40), square(2, 200, 40), square(3, 400, 400)];
    const moved = moveTables(tables, new Set([1, 2]), 33, 47, canvas);
    expect(moved.map((t) => [t.x, t.y])).toEqual([
      [80, 80],
      [240, 80],
      [400, 400],
    ]);
    const pushed = moveTables(tables, new Set([3]), 1000, -1000, canvas);
    expect([pushed[2]?.x, pushed[2]?.y]).toEqual([720, 0]);
  });

  it('resizes by the corner in the table’s own turned frame, within the sizes a table may have', () => {
    const tables = [square(1, 40, 40), square(2, 200, 200, { rotation: 90 })];
    expect(resizeTable(tables, 1, 45, -100, canvas)[0]).toMatchObject({ width: 120, height: 20 });
    // Turned a quarter: dragging down on screen makes it wider along its own length.
    expect(resizeTable(tables, 2, 0, 40, canvas)[1]).toMatchObject({ width: 120, height: 80 });
    expect(resizeTable(tables, 1, 5000, 0, canvas)[0]?.width).toBe(760);
  });

  it('turns a table towards its handle in steps of 15°, and by steps from the keyboard', () => {
    const tables = [square(1, 100, 100)];
    // The centre is (140, 140): a point to its right is a quarter turn clockwise.
    expect(turnTowards(tables, 1, { x: 300, y: 146 })[0]?.rotation).toBe(90);
    expect(turnTowards(tables, 1, { x: 140, y: 300 })[0]?.rotation).toBe(180);
    expect(turnTowards(tables, 1, { x: 0, y: 0 })[0]?.rotation).toBe(-45);
    expect(turnBy([square(1, 0, 0, { rotation: 175 })], new Set([1]), 15)[0]?.rotation).toBe(-170);
  });

  it('puts a table not yet on the scheme where nothing stands', () => {
    const placed = placeTable([square(1, 20, 20)], { id: 9, shape: 'round', width: 80, height: 80 }, canvas);
    expect(placed[1]).toEqual({
      table: 9,
      shape: 'round',
      x: 120,
      y: 20,
      width: 80,
      height: 80,
      rotation: 0,
    });
  });

  it('undoes and redoes whole gestures; a new edit drops what could be redone', () => {
    const first = [square(1, 0, 0)];
    const second = [square(1, 20, 0)];
    const third = [square(1, 40, 0)];
    let history = record(record(startHistory(first), second), third);
    expect(record(history, third)).toBe(history);
    history = undo(history);
    expect(history.present).toEqual(second);
    history = undo(history);
    expect(history.present).toEqual(first);
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history.present).toEqual(second);
    history = record(history, [square(1, 0, 60)]);
    expect(history.future).toEqual([]);
    expect(redo(history)).toBe(history);
  });
});

const rectangle = (x: number, y: number, width: number, height: number) => [
  { x, y },
  { x: x + width, y },
  { x: x + width, y: y + height },
  { x, y: y + height },
];

/** A small hall: two tables, a wall and a bar, a label, two zone areas. */
const hall = (): SchemeDraft => ({
  tables: [square(1, 40, 40), square(2, 200, 40)],
  decorations: [
    { kind: 'wall', x: 0, y: 300, width: 400, height: 20, rotation: 0, color: null },
    { kind: 'bar', x: 600, y: 40, width: 60, height: 240, rotation: 0, color: null },
  ],
  labels: [{ text: 'Вход', x: 600, y: 400, rotation: 0, size: 16 }],
  zones: [
    { zone: 1, points: rectangle(20, 20, 300, 200), color: null },
    {
      zone: 2,
      points: [
        { x: 500, y: 300 },
        { x: 700, y: 300 },
        { x: 600, y: 500 },
      ],
      color: '#2e7d32',
    },
  ],
});
const keys = (...list: ItemKey[]) => new Set(list);

describe('editing the whole floor', () => {
  it('moves a mixed selection together, each snapped, an area keeping its shape, nothing off the canvas', () => {
    const moved = moveItems(hall(), keys('table:1', 'decoration:1', 'label:0', 'zone:1'), 33, -47, canvas);
    expect([moved.tables[0]?.x, moved.tables[0]?.y]).toEqual([80, 0]);
    expect(moved.tables[1]).toEqual(hall().tables[1]);
    // The bar (600, 40) by (33, -47): (633, -7) snaps to (640, 0).
    expect([moved.decorations[1]?.x, moved.decorations[1]?.y]).toEqual([640, 0]);
    expect(moved.decorations[0]).toEqual(hall().decorations[0]);
    expect([moved.labels[0]?.x, moved.labels[0]?.y]).toEqual([640, 360]);
    // The triangle's box (500, 300) snaps to (540, 260): every point shifted alike.
    expect(moved.zones[1]?.points).toEqual([
      { x: 540, y: 260 },
      { x: 740, y: 260 },
      { x: 640, y: 460 },
    ]);
    expect(moved.zones[0]).toEqual(hall().zones[0]);

    const pushed = moveItems(hall(), keys('zone:0', 'decoration:0'), 5000, 5000, canvas);
    expect(pushed.zones[0]?.points[2]).toEqual({ x: 800, y: 600 });
    expect([pushed.decorations[0]?.x, pushed.decorations[0]?.y]).toEqual([400, 580]);
  });

  it('stretches a decoration by whole grid steps in its own frame, so a thin wall stays thin', () => {
    const wall = resizeItem(hall(), 'decoration:0', 47, 6, canvas).decorations[0];
    expect(wall).toMatchObject({ width: 440, height: 20 });
    const turned: SchemeDraft = {
      ...hall(),
      decorations: [{ kind: 'wall', x: 100, y: 100, width: 200, height: 20, rotation: 90, color: null }],
    };
    // Turned a quarter: dragging down on screen makes it longer.
    expect(resizeItem(turned, 'decoration:0', 0, 60, canvas).decorations[0]).toMatchObject({
      width: 260,
      height: 20,
    });
    // It never shrinks below a grid step (or its own thinner side), nor beyond the canvas.
    expect(resizeItem(hall(), 'decoration:0', -1000, -1000, canvas).decorations[0]).toMatchObject({
      width: 20,
      height: 20,
    });
    expect(resizeItem(hall(), 'decoration:1', 1000, 0, canvas).decorations[1]?.width).toBe(200);
    // A label has no corner handle: nothing changes.
    expect(resizeItem(hall(), 'label:0', 40, 40, canvas)).toEqual(hall());
  });

  it('turns a decoration towards its handle, and tables, decorations and labels by steps', () => {
    // The bar's centre is (630, 160): a point below it is a half turn.
    expect(turnItem(hall(), 'decoration:1', { x: 630, y: 400 }).decorations[1]?.rotation).toBe(180);
    const turned = turnItemsBy(hall(), keys('table:2', 'decoration:0', 'label:0', 'zone:0'), 15);
    expect([turned.tables[1]?.rotation, turned.decorations[0]?.rotation, turned.labels[0]?.rotation]).toEqual(
      [15, 15, 15],
    );
    expect(turned.tables[0]?.rotation).toBe(0);
    expect(turned.zones).toEqual(hall().zones);
  });

  it('adds decorations, labels and zone areas where nothing stands, and says which is new', () => {
    const empty: SchemeDraft = { tables: [square(1, 20, 20)], decorations: [], labels: [], zones: [] };
    const plant = addDecoration(empty, 'plant', canvas);
    expect(plant.key).toBe('decoration:0');
    expect(plant.draft.decorations[0]).toEqual({
      kind: 'plant',
      x: 120,
      y: 20,
      width: 40,
      height: 40,
      rotation: 0,
      color: null,
    });
    const wall = addDecoration(plant.draft, 'wall', canvas);
    expect(wall.key).toBe('decoration:1');
    expect(wall.draft.decorations[1]).toMatchObject({ kind: 'wall', x: 180, y: 20, width: 200, height: 20 });

    const label = addLabel(wall.draft, 'Терраса', canvas);
    expect(label.key).toBe('label:0');
    expect(label.draft.labels[0]).toEqual({ text: 'Терраса', x: 400, y: 36, rotation: 0, size: 16 });

    const area = addZoneArea(label.draft, 3, canvas);
    expect(area.key).toBe('zone:0');
    expect(area.draft.zones[0]).toEqual({ zone: 3, points: rectangle(20, 20, 240, 160), color: null });
    // A second area goes beside the first.
    expect(addZoneArea(area.draft, 3, canvas).draft.zones[1]?.points[0]).toEqual({ x: 280, y: 20 });
    expect(setAreaZone(area.draft, 0, 4).zones[0]?.zone).toBe(4);
  });

  it('removes what is selected: a table goes back off the scheme, the rest are gone', () => {
    const left = removeItems(hall(), keys('table:1', 'decoration:0', 'label:0', 'zone:1'));
    expect(left.tables.map((t) => t.table)).toEqual([2]);
    expect(left.decorations.map((d) => d.kind)).toEqual(['bar']);
    expect(left.labels).toEqual([]);
    expect(left.zones.map((z) => z.zone)).toEqual([1]);
  });

  it('changes a table’s shape; a square gets equal sides', () => {
    const tables: SchemeDraft = {
      ...hall(),
      tables: [square(1, 40, 40, { shape: 'rectangle', width: 120 })],
    };
    expect(setTableShape(tables, 1, 'round', canvas).tables[0]).toMatchObject({
      shape: 'round',
      width: 120,
      height: 80,
    });
    expect(setTableShape(tables, 1, 'square', canvas).tables[0]).toMatchObject({
      shape: 'square',
      width: 120,
      height: 120,
    });
  });

  it('edits a label’s text and size within the contract, ignoring an empty or too long text', () => {
    expect(editLabel(hall(), 0, { text: '  Выход ', size: 24.4 }).labels[0]).toMatchObject({
      text: 'Выход',
      size: 24,
    });
    expect(editLabel(hall(), 0, { text: '   ' }).labels[0]?.text).toBe('Вход');
    expect(editLabel(hall(), 0, { text: 'я'.repeat(81) }).labels[0]?.text).toBe('Вход');
    expect(editLabel(hall(), 0, { size: 1000 }).labels[0]?.size).toBe(200);
    expect(editLabel(hall(), 0, { size: 2 }).labels[0]?.size).toBe(8);
  });

  it('moves, adds and removes the points of a zone area: snapped, at least three, at most 64', () => {
    const dragged = movePoint(hall(), 1, 2, { x: 611, y: 9999 }, canvas);
    expect(dragged.zones[1]?.points[2]).toEqual({ x: 620, y: 600 });
    const added = insertPoint(hall(), 0, 1, { x: 338, y: 119 }, canvas);
    expect(added.zones[0]?.points).toEqual([
      { x: 20, y: 20 },
      { x: 320, y: 20 },
      { x: 340, y: 120 },
      { x: 320, y: 220 },
      { x: 20, y: 220 },
    ]);
    expect(removePoint(added, 0, 2).zones[0]?.points).toEqual(hall().zones[0]?.points);
    // A triangle keeps its three points.
    expect(removePoint(hall(), 1, 0)).toEqual(hall());
    const many: SchemeDraft = {
      ...hall(),
      zones: [
        {
          zone: 1,
          points: Array.from({ length: 64 }, (_, i) => ({ x: i * 10, y: i % 2 ? 0 : 10 })),
          color: null,
        },
      ],
    };
    expect(insertPoint(many, 0, 3, { x: 5, y: 5 }, canvas)).toEqual(many);
  });

  it('undoes whole floors the same way as tables', () => {
    const start = hall();
    const moved = moveItems(start, keys('label:0'), 40, 0, canvas);
    let history = record(startHistory(start), moved);
    history = record(history, removeItems(moved, keys('label:0')));
    expect(history.present.labels).toEqual([]);
    history = undo(history);
    expect(history.present).toEqual(moved);
    history = undo(history);
    expect(history.present).toEqual(start);
    expect(redo(history).present).toEqual(moved);
  });
});
