import type { Restaurant } from '@stolik/contracts';
import { notFound } from '../../shared/http-errors';
import type { RestaurantRow, RestaurantsRepository } from './restaurants.repository';

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

export function createRestaurantsService(repository: RestaurantsRepository) {
  return {
    list: async (): Promise<Restaurant[]> => (await repository.list()).map(toRestaurant),

    get: async (id: number): Promise<Restaurant> => {
      const row = await repository.findById(id);
      if (!row) throw notFound();
      return toRestaurant(row);
    },
  };
}
