import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Who sits at which table (issue #30) comes from the server's one occupancy (`occupied_by` of the
 * seat picker's read), gathered by `shared/hall/table-state.ts` (`occupantsOf`). Before it, the map
 * and the Зоны screen worked it out from the bookings' and queue's statuses while the seat picker
 * read the server, and a booking seated early was taken on one screen and free on the other. This
 * check fails, naming the file, when a screen works it out again: it compares a party's status with
 * 'sat' or 'open' and reads tables in the same file.
 */
const SRC = path.resolve(import.meta.dirname, '..');

/** Files that do both for another reason, each with why. Relative to src, '/' separators. */
const ALLOWED: Record<string, string> = {
  'shared/queue/use-queue-actions.ts':
    'an optimistic seat writes the entry its own tables until the server answers',
  'features/queue/components/queue-row.tsx': "a seated entry's row shows its own table's number",
};

const STATUS_SAT_OR_OPEN = /\bstatus\s*===\s*'(?:sat|open)'/;
const READS_TABLES = /\.tables\b/;

export function occupancyWorkedOut(files: { file: string; text: string }[]): string[] {
  return files
    .filter(({ file }) => !/\.test\.tsx?$/.test(file) && !file.includes('/test/') && !(file in ALLOWED))
    .filter(({ text }) => STATUS_SAT_OR_OPEN.test(text) && READS_TABLES.test(text))
    .map(({ file }) => file);
}

function files(dir: string): { file: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    if (!/\.tsx?$/.test(name)) return [];
    return [{ file: path.relative(SRC, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') }];
  });
}

describe("who sits where on the mini-app's screens", () => {
  it('comes from the one occupancy: no screen works it out from statuses', () => {
    expect(occupancyWorkedOut(files(SRC))).toEqual([]);
  });

  it('fails on a planted screen that works it out again', () => {
    const planted = {
      file: 'features/map/components/busy.tsx',
      text: "const busy = bookings.filter((b) => b.status === 'open').flatMap((b) => b.tables);",
    };
    expect(occupancyWorkedOut([planted])).toEqual(['features/map/components/busy.tsx']);
  });
});
