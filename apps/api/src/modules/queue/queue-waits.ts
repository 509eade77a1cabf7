import { QUOTE_SETTINGS } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import {
  type EntrySource,
  type JoinedFrom,
  joinedFrom,
  type NoShowChance,
  noShowChanceOf,
  type Quote,
  type QuoteCorrection,
  type QuoteHistory,
  quoteCorrectionOf,
  quoteWaits,
  stayChanceOf,
  type TableHold,
  type TurnModel,
  turnModel,
  type WaitingParty,
} from '@stolik/domain';
import { occupants } from '../../shared/occupancy.repository';
import { type HallParty, type QueueRepository, WAITING } from './queue.repository';
import { loadQuoteRecord } from './quote-record.repository';

const CLEANING_MINUTES = 10;
const TURN_CACHE_MS = 5 * 60_000;

export { WAITING };

const TURN_HISTORY_DAYS = 28;
/** Booked guests past their end time are expected to leave within minutes. */
const OVERSTAY_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** A joining party's quote and the simulation's estimate behind it (queue_entries' two columns). */
export interface JoinQuote {
  quoted: number | null;
  estimated: number | null;
  estimate: Quote | undefined;
}

/** The hall as the simulation needs it: tables, who sits where, who waits in order, turn times. */
export interface Hall {
  /** The restaurant's zone and walk to the door; undefined when there is no such restaurant. */
  restaurant: { timezone: string; walkMinutes: number } | undefined;
  tables: { id: number; seatsMin: number; seatsMax: number }[];
  /** Who sits where now (shared/occupancy.repository.ts): parties from the queue, by table. */
  seated: { tableId: number; seatedAt: Date; partySize: number }[];
  waiting: HallParty[];
  /** Tables held by bookings, now or later. */
  holds: TableHold[];
  turns: TurnModel;
  stayChance: (waited: number, more: number) => number;
  noShows: NoShowChance;
  /** From the simulation's estimate to the quote: the record's correction, the walk as its floor. */
  correct: QuoteCorrection;
}

/** The waits of the live queue: the hall as it is now, simulated with what its history says. */
/**
 * Reads kept per restaurant until its next change (the API's read cache, read-cache.ts): the key
 * names the read, `load` makes it. Requests that find none while one is made wait for that one.
 */
export type SharedReads = <T>(restaurantId: number, key: string, load: () => Promise<T>) => Promise<T>;

export function createQueueWaits(
  db: Database,
  repository: QueueRepository,
  now: () => Date,
  options: { turnCacheMs?: number; shared?: SharedReads } = {},
) {
  const turnCacheMs = options.turnCacheMs ?? TURN_CACHE_MS;
  /**
   * What the restaurant's last four weeks say about its queue: the quantiles of closed parties'
   * minutes at the table by size bucket, how long joins waited until called or gone, and the record
   * of quotes, walks and no-shows. `bench/quotes` learns the same from its simulated history.
   */
  // Four weeks of closed parties barely move in a few minutes: one query per restaurant per
  // TURN_CACHE_MS, not one per list request (the list is the busiest call of a host stand).
  const historyCache = new Map<number, { at: number; value: Promise<QuoteHistory> }>();
  function quoteHistory(restaurantId: number): Promise<QuoteHistory> {
    const cached = historyCache.get(restaurantId);
    const at = now().getTime();
    if (cached && at - cached.at < turnCacheMs && at >= cached.at) return cached.value;
    const value = loadQuoteHistory(restaurantId);
    historyCache.set(restaurantId, { at, value });
    value.catch(() => historyCache.delete(restaurantId));
    return value;
  }

  async function loadQuoteHistory(restaurantId: number): Promise<QuoteHistory> {
    const since = new Date(now().getTime() - TURN_HISTORY_DAYS * DAY_MS);
    const [{ turns, outcomes }, record] = await Promise.all([
      repository.quoteHistory(restaurantId, since),
      loadQuoteRecord(db, restaurantId, since),
    ]);
    return {
      ...record,
      turns: turns.map((r) => ({
        bucket: Number(r.bucket),
        samples: Number(r.samples),
        quantiles: (r.quantiles ?? []).map(Number),
      })),
      outcomes: outcomes.map((o) => ({
        minute: Number(o.minute),
        called: Number(o.called),
        left: Number(o.left),
      })),
    };
  }

  async function hallOf(restaurantId: number): Promise<Hall> {
    const at = now();
    // Independent reads, side by side (on PostgreSQL they use separate pooled connections).
    const [tables, waiting, history, restaurant, booked, sitting] = await Promise.all([
      repository.tableSeats(restaurantId),
      repository.inHall(restaurantId),
      quoteHistory(restaurantId),
      repository.restaurant(restaurantId),
      repository.bookingHolds(restaurantId, at),
      occupants(db, restaurantId),
    ]);
    return {
      restaurant,
      tables,
      seated: sitting
        .filter((o) => o.kind === 'queue')
        .map((o) => ({ tableId: o.tableId, seatedAt: o.since, partySize: o.groupSize })),
      waiting,
      holds: [
        ...booked.map((b) => ({
          tableId: b.tableId,
          // The booked party's stay is drawn like a queue party's: it may leave before the end.
          partySize: b.partySize,
          start: new Date(b.start),
          end: new Date(b.end),
        })),
        // Booked guests in the hall hold their tables from when they sat (early guests too) to
        // their end, and past it a few minutes more.
        ...sitting
          .filter((o) => o.kind === 'booking')
          .map((o) => ({
            tableId: o.tableId,
            partySize: o.groupSize,
            start: o.since,
            end: new Date(Math.max(o.until?.getTime() ?? 0, at.getTime() + OVERSTAY_MS)),
          })),
      ],
      turns: turnModel(history.turns),
      stayChance: stayChanceOf(history.outcomes),
      noShows: noShowChanceOf(history.noShows),
      correct: quoteCorrectionOf(history, restaurant?.walkMinutes ?? QUOTE_SETTINGS.walk.default),
    };
  }

  /** The hall simulated now, with `newcomers` (parties not in the queue yet) after everyone waiting. */
  function simulate(hall: Hall, newcomers: (WaitingParty & { from?: JoinedFrom })[] = []): Quote[] {
    return quoteWaits({
      now: now(),
      tables: hall.tables,
      seated: hall.seated,
      holds: hall.holds,
      queue: [
        ...hall.waiting.map((r) => ({
          id: r.id,
          partySize: r.groupSize,
          waitedMinutes: Math.max(0, (now().getTime() - r.createdAt.getTime()) / 60_000),
          from: joinedFrom(r.source),
        })),
        // A newcomer asks at the host stand (the staff forecast), unless said otherwise.
        ...newcomers.map((n) => ({ from: 'door' as const, ...n, waitedMinutes: 0 })),
      ],
      turns: hall.turns,
      cleaningMinutes: CLEANING_MINUTES,
      correct: hall.correct,
      stayChance: hall.stayChance,
      noShows: hall.noShows,
    });
  }

  /**
   * The hall simulated now: a wait for every waiting party of the restaurant. Shared between
   * changes when the API gives its read cache: each guest's page reads it, and every change of a
   * restaurant sends all its guests' pages to read again at once (300 pages on a Friday night were
   * 300 simulations of the whole hall a change, `pnpm bench soak`; now one).
   */
  async function estimates(restaurantId: number): Promise<Map<number, Quote>> {
    const load = async () => new Map(simulate(await hallOf(restaurantId)).map((e) => [e.id, e]));
    // Not with the learned turns read afresh each time (turnCacheMs 0: tests that write history
    // behind the API's back and expect the next estimate to see it); kept, they outlive the read cache.
    return options.shared && turnCacheMs > 0 ? options.shared(restaurantId, 'queue-estimates', load) : load();
  }

  /**
   * The quote recorded for accuracy at a join: the hall as it was read just before the party was
   * written, simulated with the party at the end of the queue under its own id (its draws are its
   * own, as in every later estimate of it). Pure, so that the join's own transaction records the
   * quote with the entry: one change announced to the open screens, not the entry and then its
   * quote a moment later.
   */
  function joinQuote(hall: Hall, party: { id: number; partySize: number; source: EntrySource }): JoinQuote {
    const estimate = simulate(hall, [
      { id: party.id, partySize: party.partySize, from: joinedFrom(party.source) },
    ]).find((e) => e.id === party.id);
    // The simulation's own estimate beside the quote: what the record's correction learns from.
    return { quoted: estimate?.waitMinutes ?? null, estimated: estimate?.estimateMinutes ?? null, estimate };
  }

  return { hallOf, simulate, estimates, joinQuote };
}
export type QueueWaits = ReturnType<typeof createQueueWaits>;
