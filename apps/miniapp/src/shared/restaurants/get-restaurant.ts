import type { Restaurant } from '@stolik/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { load } from '../api/load';

export const getRestaurant = (id: number, signal?: AbortSignal) =>
  load<Restaurant>(`/api/restaurant/${id}/`, { signal });

export const restaurantQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['restaurants', id], queryFn: ({ signal }) => getRestaurant(id, signal) });

export const useRestaurant = (id: number) => useQuery(restaurantQueryOptions(id));
