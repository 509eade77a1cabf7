import type {
  Forecast,
  ForecastQuery,
  HistoryByPhoneQuery,
  PhoneHistory,
  QueueEntry,
  QueueListQuery,
  SeatingBooking,
  SeatingZone,
} from '@stolik/contracts';
import { MessageKey } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import { localIsoDate, normalizeMobilePhone, serviceDateOf, serviceDayBounds } from '@stolik/domain';
import type { Viewer } from '../../shared/access';
import { FieldValidationError, notFound } from '../../shared/http-errors';
import { occupants, occupantView } from '../../shared/occupancy.repository';
import { restaurantOrThrow } from '../restaurants/restaurant-or-throw';
import type { QueueRepository } from './queue.repository';
import type { QueueViews } from './queue-views';
import type { QueueWaits } from './queue-waits';

const QUOTE_SIZES = [1, 2, 3, 4, 5, 6, 7, 8];
const PHONE_HISTORY_LIMIT = 20;
const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** What staff read of the queue: the day's list, one entry and its history, the hall, forecasts, a guest's past. */
export function createQueueReads(
  db: Database,
  now: () => Date,
  parts: { repository: QueueRepository; views: QueueViews; waits: QueueWaits },
) {
  const { repository, views, waits } = parts;

  return {
    estimates: waits.estimates,

    /**
     * The day's list with every waiting party's wait now. Two rounds: the hall (with what the list
     * needs of the restaurant) side by side, then the day's entries with their guests' visits.
     */
    async list(query: QueueListQuery): Promise<QueueEntry[]> {
      const hall = await waits.hallOf(query.restaurant_id);
      if (!hall.restaurant) throw notFound();
      const day = query.date ?? localIsoDate(hall.restaurant.timezone, now());
      const rows = await repository.ofDay(
        query.restaurant_id,
        day,
        query.status,
        query.search,
        query.legacy_source,
      );
      return views.views(rows, new Map(waits.simulate(hall).map((e) => [e.id, e])));
    },

    async get(viewer: Viewer, id: number): Promise<QueueEntry> {
      return views.view(await views.entryFor(viewer, id));
    },

    async history(viewer: Viewer, id: number) {
      const row = await views.entryFor(viewer, id);
      return (await repository.history(row.id)).map((h) => ({
        from_status: h.fromStatus,
        to_status: h.toStatus,
        changed_by: h.changedBy,
        changes: h.changes,
        at: h.at.toISOString(),
      }));
    },

    /**
     * GET /api/reservation/zones/{id}/: every table by zone, free or with the party sitting there
     * (the one occupancy: a queue party or a booking's guests), the booking that holds it now for
     * guests still to come (seating there is refused) and its next booking of the day.
     */
    async seatingZones(restaurantId: number): Promise<SeatingZone[]> {
      const restaurant = await restaurantOrThrow(db, restaurantId);
      const at = now();
      const [zoneRows, tableRows, sitting, booked] = await Promise.all([
        repository.zones(restaurantId),
        repository.tables(restaurantId),
        occupants(db, restaurantId),
        repository.tableBookings(
          restaurantId,
          at,
          serviceDayBounds(restaurant.timezone, serviceDateOf(restaurant.timezone, at)).to,
        ),
      ]);
      const sittingAt = new Map(sitting.map((occupant) => [occupant.tableId, occupant]));
      // Earliest first: the first holding booking of a table, and its first one still to come.
      const heldBy = new Map<number, SeatingBooking>();
      const nextAt = new Map<number, SeatingBooking>();
      for (const row of booked) {
        const into = row.holdsNow ? heldBy : nextAt;
        if (!into.has(row.tableId))
          into.set(row.tableId, {
            id: row.id,
            name: row.name,
            group_size: row.groupSize,
            seating_time: row.seatingTime.toISOString(),
            end_time: row.endTime.toISOString(),
          });
      }
      const tablesOf = (zoneId: number | null) =>
        tableRows
          .filter((table) => table.zoneId === zoneId)
          .sort((a, b) => a.number.localeCompare(b.number, 'ru', { numeric: true }) || a.id - b.id)
          .map((table) => {
            const occupant = sittingAt.get(table.id);
            return {
              id: table.id,
              number: table.number,
              seats_min: table.seatsMin,
              seats_max: table.seatsMax,
              occupied_by: occupant ? occupantView(occupant) : null,
              booked_by: heldBy.get(table.id) ?? null,
              next_booking: nextAt.get(table.id) ?? null,
            };
          });
      const result: SeatingZone[] = zoneRows.map((zone) => ({
        id: zone.id,
        name: zone.name,
        tables: tablesOf(zone.id),
      }));
      const loose = tablesOf(null);
      if (loose.length > 0) result.push({ id: null, name: '', tables: loose });
      return result;
    },

    /**
     * GET /api/reservation/forecast/{id}/: one page of the waiting parties in queue order with their
     * simulated waits, and what a party of each size joining now would wait.
     */
    async forecast(restaurantId: number, query: ForecastQuery): Promise<Omit<Forecast, 'next' | 'previous'>> {
      await restaurantOrThrow(db, restaurantId);
      const hall = await waits.hallOf(restaurantId);
      const estimates = new Map(waits.simulate(hall).map((e) => [e.id, e]));
      const start = (query.page - 1) * query.page_size;
      const results = hall.waiting.slice(start, start + query.page_size).map((row) => {
        const estimate = estimates.get(row.id);
        return {
          id: row.id,
          number: row.number,
          name: row.name,
          group_size: row.groupSize,
          status: row.status,
          waiting_time: estimate?.waitMinutes ?? null,
          waiting_range: estimate?.range ?? null,
          table: estimate?.tableId ?? null,
        };
      });
      const quotes = QUOTE_SIZES.map((size) => {
        // A party that is not in the queue yet: an id no entry has.
        const newcomer = waits.simulate(hall, [{ id: 0, partySize: size }]).find((e) => e.id === 0);
        return { group_size: size, waiting_time: newcomer?.waitMinutes ?? null };
      });
      return { count: hall.waiting.length, results, now: quotes };
    },

    /** GET /api/reservation/history-by-phone/: how often this guest came, and their last entries. */
    async phoneHistory(query: HistoryByPhoneQuery): Promise<PhoneHistory> {
      const phone = normalizeMobilePhone(query.phone_number);
      if (!phone) throw new FieldValidationError({ phone_number: [MessageKey.phone] });
      await restaurantOrThrow(db, query.restaurant_id);
      const summary = await repository.phoneSummary(query.restaurant_id, phone);
      const rows = await repository.phoneEntries(query.restaurant_id, phone, PHONE_HISTORY_LIMIT);
      return {
        phone,
        visits: summary?.visits ?? 0,
        last_visit: iso(summary?.last ?? null),
        entries: rows.map((row) => ({
          id: row.id,
          date: row.serviceDate,
          name: row.name,
          group_size: row.groupSize,
          status: row.status,
          created: row.createdAt.toISOString(),
          seated_time: iso(row.seatedAt),
        })),
      };
    },
  };
}
