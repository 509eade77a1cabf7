import { ErrorDetail, FieldErrors, Restaurant, RestaurantParams } from '@stolik/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createRestaurantsRepository } from './restaurants.repository';
import { createRestaurantsService } from './restaurants.service';

/**
 * Read-only restaurant endpoints. They stay unauthenticated until the accounts issue adds sign-in;
 * then they answer only with the caller's restaurants (superusers: all).
 */
export const restaurantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createRestaurantsService(createRestaurantsRepository(app.database.db));

  app.get(
    '/api/restaurant/',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'The restaurants',
        response: { 200: z.array(Restaurant) },
      },
    },
    () => service.list(),
  );

  app.get(
    '/api/restaurant/:id/',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'One restaurant',
        params: RestaurantParams,
        response: { 200: Restaurant, 400: FieldErrors, 404: ErrorDetail },
      },
    },
    (request) => service.get(request.params.id),
  );
};
