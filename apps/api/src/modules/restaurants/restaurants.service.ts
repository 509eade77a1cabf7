import type { Restaurant, Table } from '@stolik/contracts';
import type { Viewer } from '../../shared/access';
import { notFound } from '../../shared/http-errors';
import type { RestaurantRow, RestaurantsRepository, TableRow } from './restaurants.repository';

export function toRestaurant(row: RestaurantRow): Restaurant {
  return {
    id: row.id,
    name: row.name,
    timezone: row.timezone,
    has_bookings: row.hasBookings,
    ui_content: {
      app: {
        hide_orders: row.uiContent.app?.hide_orders ?? false,
        hide_main_table: row.uiContent.app?.hide_main_table ?? false,
      },
    },
  };
}

export function toTable(row: TableRow): Table {
  return {
    id: row.id,
    restaurant: row.restaurantId,
    zone: row.zoneId,
    number: row.number,
    seats_min: row.seatsMin,
    seats_max: row.seatsMax,
    is_reservable: row.isReservable,
    shape: row.shape,
    x: row.x,
    y: row.y,
    width: row.width,
    height: row.height,
    rotation: row.rotation,
  };
}

export function createRestaurantsService(repository: RestaurantsRepository) {
  return {
    /** The viewer's restaurants; a superuser's are all of them. */
    list: async (viewer: Viewer): Promise<Restaurant[]> =>
      (await repository.list(viewer.isSuperuser ? 'all' : [...viewer.memberships.keys()])).map(toRestaurant),

    /** Access was checked by the route (membership); here only existence. */
    get: async (id: number): Promise<Restaurant> => {
      const row = await repository.findById(id);
      if (!row) throw notFound();
      return toRestaurant(row);
    },

    tables: async (id: number): Promise<Table[]> => {
      if (!(await repository.findById(id))) throw notFound();
      return (await repository.tables(id)).map(toTable);
    },
  };
}
