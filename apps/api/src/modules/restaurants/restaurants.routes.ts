import { Restaurant, RestaurantParams, RestaurantPatchBody, Table } from '@stolik/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../plugins/authentication';
import { access } from '../../shared/access';
import { errorReplies } from '../../shared/error-replies';
import type { RestaurantsService } from './restaurants.service';

const errors = errorReplies;

export const restaurantsRoutes: FastifyPluginAsyncZod<{ restaurants: RestaurantsService }> = async (
  app,
  { restaurants },
) => {
  app.get(
    '/api/restaurant/',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['restaurants'],
        summary: 'Your restaurants',
        response: { 200: z.array(Restaurant), ...errors },
      },
    },
    (request) => restaurants.list(viewerOf(request)),
  );

  app.get(
    '/api/restaurant/:id/',
    {
      config: { access: access.member() },
      schema: {
        tags: ['restaurants'],
        summary: 'One restaurant',
        params: RestaurantParams,
        response: { 200: Restaurant, ...errors },
      },
    },
    (request) => restaurants.get(request.params.id),
  );

  app.patch(
    '/api/restaurant/:id/',
    {
      config: {
        access: access.restaurantAdmin(),
        audit: { action: 'settings.restaurant', entity: 'restaurant', values: 'settings' },
      },
      schema: {
        tags: ['restaurants'],
        summary: "Change the restaurant's settings: name, time zone, bookings, ui flags, tags",
        params: RestaurantParams,
        body: RestaurantPatchBody,
        response: { 200: Restaurant, ...errors },
      },
    },
    (request) => restaurants.update(request.params.id, request.body),
  );

  app.get(
    '/api/restaurant/:id/tables/',
    {
      config: { access: access.member() },
      schema: {
        tags: ['restaurants'],
        summary: "The restaurant's tables",
        params: RestaurantParams,
        response: { 200: z.array(Table), ...errors },
      },
    },
    (request) => restaurants.tables(request.params.id),
  );
};
