import { Restaurant } from '@stolik/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '../../../shared/api/http';

export const getRestaurants = (signal?: AbortSignal) =>
  getJson('/api/restaurant/', z.array(Restaurant), signal);

export const restaurantsQueryOptions = () =>
  queryOptions({ queryKey: ['restaurants'], queryFn: ({ signal }) => getRestaurants(signal) });

export const useRestaurants = () => useQuery(restaurantsQueryOptions());
