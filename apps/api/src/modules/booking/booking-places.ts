import { MessageKey } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import { bookingMinutes, findTables, serviceDateOf, type TableFit } from '@stolik/domain';
import { FieldValidationError, HttpError } from '../../shared/http-errors';
import { loadDurations } from './availability.repository';
import { loadAvailabilityInput } from './availability-input';
import type { BookingRepository, RestaurantRow } from './booking.repository';

/** Where a booking sits: one table, or a group of tables, or nowhere yet (waiting list). */
export interface Place {
  tableId: number | null;
  groupId: number | null;
  tableIds: number[];
}
export const NOWHERE: Place = { tableId: null, groupId: null, tableIds: [] };
/** A place staff named, with the seats it takes. */
export type NamedPlace = Place & { seatsMin: number; seatsMax: number };

export const bookingConflict = (tables: number[] = []) =>
  new HttpError(409, 'bookingApi.conflict', 'booking_conflict', { tables });

export const fitToPlace = (fit: Pick<TableFit, 'kind' | 'id' | 'tableIds'>): Place =>
  fit.kind === 'table'
    ? { tableId: fit.id, groupId: null, tableIds: fit.tableIds }
    : { tableId: null, groupId: fit.id, tableIds: fit.tableIds };

/** Where a party sits and for how long: the engine's answers for staff bookings. */
export function createBookingPlaces(db: Database, now: () => Date, repository: BookingRepository) {
  const inputFor = (restaurant: RestaurantRow, at: Date) =>
    loadAvailabilityInput(db, restaurant, serviceDateOf(restaurant.timezone, at), now());

  return {
    inputFor,

    /** The table or group a body names, checked to be the restaurant's. */
    async namedPlace(
      restaurantId: number,
      tableId: number | null | undefined,
      groupId: number | null | undefined,
    ): Promise<NamedPlace | null> {
      if (tableId && groupId) throw new FieldValidationError({ table: [MessageKey.invalid] });
      if (tableId) {
        const table = await repository.tableOf(restaurantId, tableId);
        if (!table) throw new FieldValidationError({ table: [MessageKey.invalid] });
        return {
          tableId,
          groupId: null,
          tableIds: [tableId],
          seatsMin: table.seatsMin,
          seatsMax: table.seatsMax,
        };
      }
      if (groupId) {
        const group = await repository.groupOf(restaurantId, groupId);
        if (!group) throw new FieldValidationError({ group: [MessageKey.invalid] });
        return {
          tableId: null,
          groupId,
          tableIds: await repository.membersOfGroup(groupId),
          seatsMin: group.seatsMin,
          seatsMax: group.seatsMax,
        };
      }
      return null;
    },

    /**
     * Where a party can sit at [start, end): the place staff named, if the engine finds it free
     * (a hostess may seat a party below the table's minimum, never above its maximum), or else the
     * best free fit. 400 when the named place is too small, 409 when it or every place is taken.
     */
    async placeFor(
      restaurant: RestaurantRow,
      named: NamedPlace | null,
      groupSize: number,
      start: Date,
      end: Date,
      ignoreBookingId?: number,
    ): Promise<Place> {
      const input = await inputFor(restaurant, start);
      const ignoring = ignoreBookingId ? { ignoreBookingId } : {};
      if (named) {
        if (groupSize > named.seatsMax)
          throw new FieldValidationError({ table: ['bookingApi.tableTooSmall'] });
        const fits = findTables(input, {
          groupSize: Math.max(groupSize, named.seatsMin),
          start,
          end,
          online: false,
          ...ignoring,
        });
        const kind = named.groupId ? 'group' : 'table';
        const id = named.groupId ?? named.tableId;
        if (!fits.some((fit) => fit.kind === kind && fit.id === id)) throw bookingConflict(named.tableIds);
        return named;
      }
      const [best] = findTables(input, { groupSize, start, end, online: false, ...ignoring });
      if (!best) throw new HttpError(409, 'bookingApi.noTable', 'no_table');
      return fitToPlace(best);
    },

    /** The end a body gives (after the start), or the start plus the duration for the party's size. */
    async endTimeFor(restaurantId: number, groupSize: number, start: Date, end?: string): Promise<Date> {
      if (end) {
        const value = new Date(end);
        if (value <= start) throw new FieldValidationError({ end_time: [MessageKey.invalid] });
        return value;
      }
      const minutes = bookingMinutes(await loadDurations(db, restaurantId), groupSize);
      return new Date(start.getTime() + minutes * 60_000);
    },
  };
}
export type BookingPlaces = ReturnType<typeof createBookingPlaces>;
