import { QUOTE_SETTINGS } from '@stolik/contracts';
import {
  type PartyEstimate,
  type QueueStatus,
  type QuoteHistory,
  quoteWaits,
  stayChanceOf,
  type TableHold,
  type TurnModel,
  turnModel,
  type WaitingParty,
} from '@stolik/domain';
import type { EntryRow, QueueRepository } from './queue.repository';

const CLEANING_MINUTES = 10;
const TURN_CACHE_MS = 5 * 60_000;
export const WAITING: QueueStatus[] = ['live', 'called', 'joined'];
const TURN_HISTORY_DAYS = 28;
/** Booked guests past their end time are expected to leave within minutes. */
const OVERSTAY_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The hall as the simulation needs it: tables, who sits where, who waits in order, turn times. */
export interface Hall {
  tables: { id: number; seatsMin: number; seatsMax: number }[];
  seated: EntryRow[];
  waiting: EntryRow[];
  /** Tables held by bookings, now or later. */
  holds: TableHold[];
  turns: TurnModel;
  stayChance: (waited: number, more: number) => number;
  walkMinutes: number;
}

/** The waits of the live queue: the hall as it is now, simulated with what its history says. */
export function createQueueWaits(
  repository: QueueRepository,
  now: () => Date,
  options: { turnCacheMs?: number } = {},
) {
  const turnCacheMs = options.turnCacheMs ?? TURN_CACHE_MS;
  /**
   * What the restaurant's last four weeks say about its queue: the quantiles of closed parties'
   * minutes at the table by size bucket, and the share of joins that were seated (the rest walked
   * away or never came). `bench/quotes` learns the same from its simulated history.
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
    const { turns, outcomes } = await repository.quoteHistory(restaurantId, since);
    return {
      turns: turns.map((r) => ({
        bucket: Number(r.bucket),
        samples: Number(r.samples),
        quantiles: (r.quantiles ?? []).map(Number),
      })),
      outcomes: outcomes.map((o) => ({
        minute: Number(o.minute),
        seated: Number(o.seated),
        left: Number(o.left),
      })),
    };
  }

  async function hallOf(restaurantId: number): Promise<Hall> {
    const at = now();
    // Independent reads, side by side (on PostgreSQL they use separate pooled connections).
    const [tables, rows, history, walkMinutes, booked] = await Promise.all([
      repository.tableSeats(restaurantId),
      repository.inStatuses(restaurantId, [...WAITING, 'sat']),
      quoteHistory(restaurantId),
      repository.walkMinutes(restaurantId),
      repository.bookingHolds(restaurantId, at),
    ]);
    return {
      tables,
      seated: rows.filter((r) => r.status === 'sat'),
      waiting: rows.filter((r) => r.status !== 'sat'),
      holds: booked.map((b) => ({
        tableId: b.tableId,
        start: new Date(b.start),
        // Booked guests still at the table past their end: there a few minutes more.
        end: new Date(Math.max(new Date(b.end).getTime(), at.getTime() + OVERSTAY_MS)),
      })),
      turns: turnModel(history.turns),
      stayChance: stayChanceOf(history.outcomes),
      walkMinutes: walkMinutes ?? QUOTE_SETTINGS.walk.default,
    };
  }

  /** The hall simulated now, with `newcomers` (parties not in the queue yet) after everyone waiting. */
  function simulate(hall: Hall, newcomers: WaitingParty[] = []): PartyEstimate[] {
    const seated = hall.seated
      .filter((r) => r.seatedAt)
      .flatMap((r) =>
        r.tableIds.map((tableId) => ({ tableId, seatedAt: r.seatedAt as Date, partySize: r.groupSize })),
      );
    return quoteWaits({
      now: now(),
      tables: hall.tables,
      seated,
      holds: hall.holds,
      queue: [
        ...hall.waiting.map((r) => ({
          id: r.id,
          partySize: r.groupSize,
          waitedMinutes: Math.max(0, (now().getTime() - r.createdAt.getTime()) / 60_000),
        })),
        ...newcomers.map((n) => ({ ...n, waitedMinutes: 0 })),
      ],
      turns: hall.turns,
      cleaningMinutes: CLEANING_MINUTES,
      walkMinutes: hall.walkMinutes,
      stayChance: hall.stayChance,
    });
  }

  /** The hall simulated now: a wait for every waiting party of the restaurant. */
  async function estimates(restaurantId: number): Promise<Map<number, PartyEstimate>> {
    return new Map(simulate(await hallOf(restaurantId)).map((e) => [e.id, e]));
  }

  /** The quote recorded for accuracy: the simulation with the new party at the end of the queue. */
  async function withQuote(
    entry: EntryRow,
  ): Promise<{ entry: EntryRow; estimate: PartyEstimate | undefined }> {
    const estimate = (await estimates(entry.restaurantId)).get(entry.id);
    const quoted = estimate?.waitMinutes ?? null;
    if (entry.quotedWaitMinutes !== quoted) await repository.setQuote(entry.id, quoted);
    return { entry: { ...entry, quotedWaitMinutes: quoted }, estimate };
  }

  return { hallOf, simulate, estimates, withQuote };
}
export type QueueWaits = ReturnType<typeof createQueueWaits>;
