import type { Restaurant } from '@stolik/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { load } from '../api/load';

export const getRestaurants = (signal?: AbortSignal) => load<Restaurant[]>('/api/restaurant/', { signal });

export const restaurantsQueryOptions = () =>
  queryOptions({ queryKey: ['restaurants'], queryFn: ({ signal }) => getRestaurants(signal) });

export const useRestaurants = () => useQuery(restaurantsQueryOptions());
