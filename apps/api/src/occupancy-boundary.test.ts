import { describe, expect, it } from 'vitest';
import { type SourceFile as Source, sourceFiles } from './test/source-files';

/*
 * One truth of who sits where (issue #30): a table is occupied by at most one party, and only
 * `shared/occupancy.repository.ts` decides it (its rows, read by every reader, written by the queue's
 * and the bookings' writes through `occupy`/`vacate`). Before it, each screen and route worked
 * occupancy out its own way from statuses ('sat' entries' table_ids, 'open' bookings' held ranges),
 * and they disagreed: a booking seated early was 'free' in the seat picker and taken on the map.
 * This check fails, naming the file, when code elsewhere reads the occupancy rows or works
 * occupancy out from statuses again.
 */

const ONE_PLACE = 'shared/occupancy.repository.ts';

/** The writers that decide *when* a party sits down or leaves (and then call occupy/vacate). */
const WRITERS: Record<string, string> = {
  'modules/queue/queue-changes.ts': "a queue entry's status moves: 'sat' occupies, leaving 'sat' vacates",
  'modules/booking/booking-changes.ts': "a booking's status moves: 'open' occupies, leaving 'open' vacates",
  'modules/queue/queue-commands.ts': 'a walk-in seated at once, or a seated party moved (through reseat)',
  // Not parties at all: an order (a bill from the till) is 'open' until paid.
  'modules/orders/order-import.ts': "an order's status, not a party's",
  'modules/orders/orders.service.ts': "an order's status, not a party's",
};

/** What reads or works out who sits at a table, each with what it is. */
const OCCUPANCY_READS: [RegExp, string][] = [
  [/\btableOccupancies\b|\btable_occupancies\b/, 'the occupancy rows themselves'],
  [/eq\(\s*queueEntries\.status\s*,\s*'sat'\s*\)/, "queue entries in status 'sat'"],
  [/arrayOverlaps\(\s*queueEntries\.tableIds/, "queue entries' tables"],
  [/eq\(\s*bookings\.status\s*,\s*'open'\s*\)/, "bookings in status 'open'"],
  [/\bstatus\s*===\s*'(?:sat|open)'/, "a party's status 'sat' or 'open'"],
];

/** `file: what` for each production file that reads or works out occupancy outside the one place. */
export function occupancyOutsideItsPlace(files: Source[]): string[] {
  return files
    .filter(({ file }) => !file.endsWith('.test.ts') && !file.startsWith('test/') && file !== ONE_PLACE)
    .flatMap(({ file, text }) =>
      OCCUPANCY_READS.filter(
        ([pattern, what]) => pattern.test(text) && !(file in WRITERS && what.startsWith('a party')),
      ).map(([, what]) => `${file}: ${what}`),
    );
}

describe('who sits where is decided in one place', () => {
  it('holds for the API: nothing but the occupancy repository reads the rows or works it out from statuses', () => {
    expect(occupancyOutsideItsPlace(sourceFiles())).toEqual([]);
  });

  it('fails on a planted reader that works occupancy out on its own', () => {
    const planted: Source[] = [
      {
        file: 'modules/hall/busy-tables.repository.ts',
        text: "db.select().from(queueEntries).where(eq(queueEntries.status, 'sat'))",
      },
      { file: 'modules/queue/queue-reads.ts', text: 'await db.select().from(tableOccupancies)' },
      { file: 'modules/queue/queue-waits.ts', text: "rows.filter((r) => r.status === 'sat')" },
      // A writer may say when a party sits down, but not read the rows.
      { file: 'modules/queue/queue-changes.ts', text: "if (entry.status === 'sat') x(); tableOccupancies" },
    ];
    expect(occupancyOutsideItsPlace(planted)).toEqual([
      "modules/hall/busy-tables.repository.ts: queue entries in status 'sat'",
      'modules/queue/queue-reads.ts: the occupancy rows themselves',
      "modules/queue/queue-waits.ts: a party's status 'sat' or 'open'",
      'modules/queue/queue-changes.ts: the occupancy rows themselves',
    ]);
  });
});
