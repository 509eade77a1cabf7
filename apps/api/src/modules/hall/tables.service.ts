import type { Table, TableCreateBody, TablePatchBody } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import { requireRestaurant, type Viewer } from '../../shared/access';
import { isUniqueViolation } from '../../shared/db-errors';
import { FieldValidationError, HttpError, notFound } from '../../shared/http-errors';
import { lockSeating } from '../../shared/seating-lock.repository';
import { restaurantOrThrow } from '../restaurants/restaurant-or-throw';
import { toTable } from '../restaurants/restaurants.service';
import { createHallRepository } from './hall.repository';
import { announceHallChange } from './hall-changes';
import { tableUse } from './table-use.repository';

const numberTaken = () => new FieldValidationError({ number: ['errors.hall.tableNumberTaken'] });

/** 400 unless the zone (when one is named) is the restaurant's. */
export async function zoneOfRestaurantOrThrow(
  db: Database,
  restaurantId: number,
  zoneId: number | null | undefined,
) {
  if (zoneId === null || zoneId === undefined) return;
  const zone = await createHallRepository(db).zoneOf(restaurantId, zoneId);
  if (!zone)
    throw new FieldValidationError({ zone: [{ key: 'errors.hall.noSuchZone', params: { id: zoneId } }] });
}

/** A table holds at least as many guests as its minimum. */
export function seatsInOrderOrThrow(seatsMin: number, seatsMax: number) {
  if (seatsMin > seatsMax) throw new FieldValidationError({ seats_min: ['errors.hall.seatsOrder'] });
}

/**
 * The restaurant's tables (spec §7 /api/tables/): members read them, the restaurant's managers
 * add, change and remove them. A table that guests sit at or that a booking holds is not removed.
 */
export function createTablesService(db: Database, now: () => Date = () => new Date()) {
  const repository = createHallRepository(db);

  /** The table, once the viewer may manage its restaurant (404 for another restaurant's). */
  async function tableFor(viewer: Viewer, id: number) {
    const row = await repository.tableById(id);
    if (!row) throw notFound();
    requireRestaurant(viewer, row.restaurantId, 'admin');
    return row;
  }

  return {
    async list(restaurantId: number): Promise<Table[]> {
      await restaurantOrThrow(db, restaurantId);
      return (await repository.tables(restaurantId)).map(toTable);
    },

    async create(viewer: Viewer, body: TableCreateBody): Promise<Table> {
      requireRestaurant(viewer, body.restaurant, 'admin');
      await restaurantOrThrow(db, body.restaurant);
      await zoneOfRestaurantOrThrow(db, body.restaurant, body.zone);
      seatsInOrderOrThrow(body.seats_min ?? 1, body.seats_max);
      try {
        return await db.transaction(async (tx) => {
          const row = await repository.addTable(tx, {
            restaurantId: body.restaurant,
            number: body.number,
            zoneId: body.zone ?? null,
            seatsMin: body.seats_min,
            seatsMax: body.seats_max,
            isReservable: body.is_reservable,
            shape: body.shape,
            x: body.x,
            y: body.y,
            width: body.width,
            height: body.height,
            rotation: body.rotation,
          });
          if (!row) throw new Error('table was not created');
          await announceHallChange(tx, row.restaurantId, row.id);
          return toTable(row);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'dining_tables_restaurant_number_uq')) throw numberTaken();
        throw error;
      }
    },

    async update(viewer: Viewer, id: number, body: TablePatchBody): Promise<Table> {
      const before = await tableFor(viewer, id);
      await zoneOfRestaurantOrThrow(db, before.restaurantId, body.zone);
      seatsInOrderOrThrow(body.seats_min ?? before.seatsMin, body.seats_max ?? before.seatsMax);
      const values = {
        ...(body.number !== undefined ? { number: body.number } : {}),
        ...(body.zone !== undefined ? { zoneId: body.zone } : {}),
        ...(body.seats_min !== undefined ? { seatsMin: body.seats_min } : {}),
        ...(body.seats_max !== undefined ? { seatsMax: body.seats_max } : {}),
        ...(body.is_reservable !== undefined ? { isReservable: body.is_reservable } : {}),
        ...(body.shape !== undefined ? { shape: body.shape } : {}),
        ...(body.x !== undefined ? { x: body.x } : {}),
        ...(body.y !== undefined ? { y: body.y } : {}),
        ...(body.width !== undefined ? { width: body.width } : {}),
        ...(body.height !== undefined ? { height: body.height } : {}),
        ...(body.rotation !== undefined ? { rotation: body.rotation } : {}),
      };
      if (Object.keys(values).length === 0) return toTable(before);
      try {
        return await db.transaction(async (tx) => {
          const row = await repository.updateTable(tx, id, values);
          if (!row) throw notFound();
          await announceHallChange(tx, row.restaurantId, row.id);
          return toTable(row);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'dining_tables_restaurant_number_uq')) throw numberTaken();
        throw error;
      }
    },

    /**
     * Removes a table, its place in groups and its locks. Refused (409, saying why) while guests sit
     * at it or a booking holds it. The row is locked first: a booking that takes the table at the
     * same moment either commits before (and is seen here) or waits and then fails on the missing
     * table, never leaving a booking on a table that is gone. The seating lock comes first (the
     * order a booking takes them in too): a walk-in seated at the same moment is seen here, or
     * waits and then finds no table.
     */
    async remove(viewer: Viewer, id: number): Promise<void> {
      const table = await tableFor(viewer, id);
      await db.transaction(async (tx) => {
        await lockSeating(tx, table.restaurantId);
        await repository.lockTable(tx, id);
        const use = await tableUse(tx, table.restaurantId, [id], now());
        if (use.seated.length > 0 || use.booked.length > 0) {
          throw new HttpError(
            409,
            use.seated.length > 0 ? 'errors.hall.tableSeated' : 'errors.hall.tableBooked',
            'table_in_use',
            {
              queue_entries: use.seated.map((s) => s.entry),
              bookings: [...new Set(use.booked.map((b) => b.booking))],
            },
            {},
            { number: table.number },
          );
        }
        await repository.removeTable(tx, id);
        await announceHallChange(tx, table.restaurantId, id);
      });
    },
  };
}
export type TablesService = ReturnType<typeof createTablesService>;
