import type { Restaurant } from '@stolik/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/http';

export const getRestaurants = (signal?: AbortSignal) => getJson<Restaurant[]>('/api/restaurant/', signal);

export const restaurantsQueryOptions = () =>
  queryOptions({ queryKey: ['restaurants'], queryFn: ({ signal }) => getRestaurants(signal) });

export const useRestaurants = () => useQuery(restaurantsQueryOptions());
