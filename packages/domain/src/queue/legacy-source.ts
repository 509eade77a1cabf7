import type { EntrySource, QueueStatus } from './queue-status';

/**
 * The spec's "source enumeration" (§3): the one word an older system recorded for each queue entry.
 * It mixes where the entry came from (Reserve_Hostme: a reservation taken in Hostme) with what
 * became of it (Called, Sat, Closed…) and a mark that it was no real guest (Fake). In our model it
 * is not stored: it is read off three facts an entry keeps apart (the status, the `source` it came
 * from, and the `fake` mark), by `legacySourceOf`; an import in the older words is split back into
 * them by `entryOfLegacySource`. apps/api/src/modules/queue/README.md says what each counts in.
 */
export const LEGACY_SOURCES = [
  'Reserve',
  'Reserve_Hostme',
  'Live',
  'Cancelled',
  'Sat',
  'Closed',
  'Called',
  'Joined',
  'Fake',
] as const;
export type LegacySource = (typeof LEGACY_SOURCES)[number];

/** The older word for each status of ours (all seven have one). */
const OF_STATUS: Record<QueueStatus, LegacySource> = {
  reserve: 'Reserve',
  live: 'Live',
  called: 'Called',
  joined: 'Joined',
  sat: 'Sat',
  cancelled: 'Cancelled',
  closed: 'Closed',
};

/** The facts of an entry the older word is read from. */
export interface LegacySourceFacts {
  status: QueueStatus;
  source: EntrySource;
  fake: boolean;
}

/**
 * The older system's word for an entry: Fake first (whatever it did, it was no guest), then a
 * reservation from Hostme still held in reserve, else the word for its status.
 */
export function legacySourceOf(entry: LegacySourceFacts): LegacySource {
  if (entry.fake) return 'Fake';
  if (entry.source === 'hostme' && entry.status === 'reserve') return 'Reserve_Hostme';
  return OF_STATUS[entry.status];
}

/**
 * An entry recorded in the older words, as our facts. Reserve_Hostme is a reserve that came from
 * Hostme; every other word was the older system's own entry, made by the restaurant ('staff'). A
 * Fake kept no status of its own there: it comes in cancelled (not waiting, holding no table or
 * phone). legacySourceOf gives every word back.
 */
export function entryOfLegacySource(word: LegacySource): LegacySourceFacts {
  if (word === 'Fake') return { status: 'cancelled', source: 'staff', fake: true };
  if (word === 'Reserve_Hostme') return { status: 'reserve', source: 'hostme', fake: false };
  const status = (Object.keys(OF_STATUS) as QueueStatus[]).find((s) => OF_STATUS[s] === word) as QueueStatus;
  return { status, source: 'staff', fake: false };
}

/**
 * Whether an entry counts as this restaurant's own queue work: in turn-time learning, the stay
 * chances and the analytics. A Fake never does (no guest); an entry from Hostme neither (its times
 * were kept by another system, and Hostme counts its guests).
 */
export function countsInQueueFigures(entry: Pick<LegacySourceFacts, 'source' | 'fake'>): boolean {
  return !entry.fake && entry.source !== 'hostme';
}
