import type { SchemeTable } from '@stolik/contracts';
import { describe, expect, it } from 'vitest';
import {
  moveTables,
  placeTable,
  record,
  redo,
  resizeTable,
  snap,
  startHistory,
  turnBy,
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
