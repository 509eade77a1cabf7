import type {
  AvailableSlot,
  AvailableSlotsQuery,
  DayTable,
  FindTablesQuery,
  TableFit,
} from '@stolik/contracts';
import type { Database } from '@stolik/db';
import { availableSlots, findTables, serviceDayBounds, zonedInstant } from '@stolik/domain';
import { restaurantOrThrow } from '../restaurants/restaurant-or-throw';
import { loadAvailabilityInput } from './availability-input';
import type { BookingRepository } from './booking.repository';
import type { BookingPlaces } from './booking-places';

const iso = (value: Date) => value.toISOString();

/** Availability for staff: free slots, the tables that fit a party, each table's day. */
export function createBookingAvailability(
  db: Database,
  now: () => Date,
  parts: { repository: BookingRepository; places: BookingPlaces },
) {
  const { repository, places } = parts;

  return {
    async slots(query: AvailableSlotsQuery): Promise<{ date: string; slots: AvailableSlot[] }> {
      const restaurant = await restaurantOrThrow(db, query.restaurant_id);
      const input = await loadAvailabilityInput(db, restaurant, query.date, now());
      const slots = availableSlots(input, {
        groupSize: query.group_size,
        online: query.is_reservable ?? false,
        ...(query.zone ? { zoneId: query.zone } : {}),
        ...(query.durations ? { durationMinutes: query.durations } : {}),
      });
      return {
        date: query.date,
        slots: slots.map((s) => ({ time: s.time, start: iso(s.start), end: iso(s.end), options: s.options })),
      };
    },

    async findTables(query: FindTablesQuery): Promise<TableFit[]> {
      const restaurant = await restaurantOrThrow(db, query.restaurant_id);
      const start = new Date(query.start_time);
      const end = await places.endTimeFor(restaurant.id, query.num_people, start, query.end_time);
      const input = await places.inputFor(restaurant, start);
      const fits = findTables(input, {
        groupSize: query.num_people,
        start,
        end,
        online: query.is_reservable ?? false,
        ...(query.required_zone ? { zoneId: query.required_zone } : {}),
        ...(query.booking ? { ignoreBookingId: query.booking } : {}),
      });
      const [tableRows, groupRows] = await Promise.all([
        repository.tableNames(restaurant.id),
        repository.groupNames(restaurant.id),
      ]);
      const tableName = new Map(tableRows.map((t) => [t.id, t.number]));
      const groupName = new Map(groupRows.map((g) => [g.id, g.name]));
      return fits.map((fit) => ({
        kind: fit.kind,
        id: fit.id,
        name: (fit.kind === 'table' ? tableName.get(fit.id) : groupName.get(fit.id)) ?? '',
        tables: fit.tableIds,
        zone: fit.zoneId,
        seats_min: fit.seatsMin,
        seats_max: fit.seatsMax,
        wasted_seats: fit.wastedSeats,
      }));
    },

    /** GET /api/available_tables/: each table's held ranges and locks on a service day. */
    async dayTables(
      restaurantId: number,
      date: string,
      page: number,
      pageSize: number,
    ): Promise<{ count: number; results: DayTable[] }> {
      const restaurant = await restaurantOrThrow(db, restaurantId);
      const input = await loadAvailabilityInput(db, restaurant, date, now());
      const all = await repository.tables(restaurant.id);
      all.sort(
        (a, b) =>
          (a.zoneId ?? 0) - (b.zoneId ?? 0) || a.number.localeCompare(b.number, 'ru', { numeric: true }),
      );
      const lockRows = await repository.locksOn(restaurant.id, date);
      const bounds = serviceDayBounds(restaurant.timezone, date);
      const at = (time: string | null, otherwise: Date) =>
        iso(time ? zonedInstant(restaurant.timezone, date, time.slice(0, 5)) : otherwise);
      const results = all.slice((page - 1) * pageSize, page * pageSize).map((table) => ({
        id: table.id,
        number: table.number,
        zone: table.zoneId,
        seats_min: table.seatsMin,
        seats_max: table.seatsMax,
        is_reservable: table.isReservable,
        busy: input.occupations
          .filter((o) => o.bookingId !== undefined && o.tableIds.includes(table.id))
          .filter((o) => o.to > bounds.from && o.from < bounds.to)
          .map((o) => ({ booking: o.bookingId as number, from: iso(o.from), to: iso(o.to) })),
        locks: lockRows
          .filter((l) => l.tableId === table.id)
          .map((l) => ({
            id: l.id,
            from: at(l.fromTime, bounds.from),
            to: at(l.toTime, bounds.to),
            reason: l.reason,
          })),
      }));
      return { count: all.length, results };
    },
  };
}
