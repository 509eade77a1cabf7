import type { Zone, ZoneCreateBody, ZonePatchBody } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import { isUniqueViolation } from '../../shared/db-errors';
import { FieldValidationError, HttpError, notFound } from '../../shared/http-errors';
import { restaurantOrThrow } from '../restaurants/restaurant-or-throw';
import { createHallRepository, type ZoneRow } from './hall.repository';
import { announceHallChange } from './hall-changes';

const toZone = (row: ZoneRow): Zone => ({
  id: row.id,
  restaurant: row.restaurantId,
  name: row.name,
  sort_order: row.sortOrder,
});

const nameTaken = () => new FieldValidationError({ name: ['errors.hall.zoneNameTaken'] });

/** How many table numbers a 409 lists before it says '…'. */
const LISTED_TABLES = 10;

/**
 * The restaurant's zones ('Зоны'): members read them, its managers add, rename, reorder and remove
 * them. A zone with tables is not removed: its tables would silently lose their zone, and with it
 * the zone's switch and closures; the manager moves or removes them first.
 */
export function createZonesService(db: Database) {
  const repository = createHallRepository(db);

  async function zoneOf(restaurantId: number, zoneId: number): Promise<ZoneRow> {
    const row = await repository.zoneOf(restaurantId, zoneId);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(restaurantId: number): Promise<Zone[]> {
      await restaurantOrThrow(db, restaurantId);
      return (await repository.zones(restaurantId)).map(toZone);
    },

    /** A new zone goes last unless it says where. */
    async create(restaurantId: number, body: ZoneCreateBody): Promise<Zone> {
      await restaurantOrThrow(db, restaurantId);
      try {
        return await db.transaction(async (tx) => {
          const last = await repository.lastZoneOrder(tx, restaurantId);
          const row = await repository.addZone(tx, {
            restaurantId,
            name: body.name,
            sortOrder: body.sort_order ?? (last === null ? 0 : last + 1),
          });
          if (!row) throw new Error('zone was not created');
          await announceHallChange(tx, restaurantId, row.id);
          return toZone(row);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'zones_restaurant_name_uq')) throw nameTaken();
        throw error;
      }
    },

    async update(restaurantId: number, zoneId: number, body: ZonePatchBody): Promise<Zone> {
      const before = await zoneOf(restaurantId, zoneId);
      const values = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.sort_order !== undefined ? { sortOrder: body.sort_order } : {}),
      };
      if (Object.keys(values).length === 0) return toZone(before);
      try {
        return await db.transaction(async (tx) => {
          const row = await repository.updateZone(tx, zoneId, values);
          if (!row) throw notFound();
          await announceHallChange(tx, restaurantId, row.id);
          return toZone(row);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'zones_restaurant_name_uq')) throw nameTaken();
        throw error;
      }
    },

    async remove(restaurantId: number, zoneId: number): Promise<void> {
      const zone = await zoneOf(restaurantId, zoneId);
      await db.transaction(async (tx) => {
        // A table being put into this zone right now waits for this lock, then fails or is seen.
        await repository.lockZone(tx, zoneId);
        const numbers = await repository.tableNumbersInZone(tx, zoneId);
        if (numbers.length > 0) {
          const listed =
            numbers.slice(0, LISTED_TABLES).join(', ') + (numbers.length > LISTED_TABLES ? ', …' : '');
          throw new HttpError(
            409,
            'errors.hall.zoneHasTables',
            'zone_has_tables',
            { tables: numbers.length },
            {},
            { name: zone.name, tables: listed },
          );
        }
        await repository.removeZone(tx, zoneId);
        await announceHallChange(tx, restaurantId, zoneId);
      });
    },
  };
}
export type ZonesService = ReturnType<typeof createZonesService>;
