import { MetabaseDashboard, MetabaseDashboards, MetabaseParams, MetabaseQuery } from '@stolik/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../shared/access';
import { errorReplies } from '../../shared/error-replies';
import type { MetabaseService } from './metabase.service';

const errors = errorReplies;

/**
 * Metabase dashboards for the analytics page (spec §7): signed embedding addresses for the
 * restaurant's admins. Not configured: the list says so (200, configured false) and a dashboard
 * answers 404 `metabase_not_configured`.
 */
export const metabaseRoutes: FastifyPluginAsyncZod<{ metabase: MetabaseService }> = async (
  app,
  { metabase },
) => {
  app.get(
    '/api/metabase/',
    {
      config: { access: access.restaurantAdmin('query', 'restaurant_id') },
      schema: {
        tags: ['analytics'],
        summary: 'Metabase dashboards, each with a signed embedding address locked to the restaurant',
        querystring: MetabaseQuery,
        response: { 200: MetabaseDashboards, ...errors },
      },
    },
    (request) => metabase.list(request.query.restaurant_id),
  );

  app.get(
    '/api/metabase/:uuid/',
    {
      config: { access: access.restaurantAdmin('query', 'restaurant_id') },
      schema: {
        tags: ['analytics'],
        summary: 'One Metabase dashboard with a fresh signed embedding address',
        params: MetabaseParams,
        querystring: MetabaseQuery,
        response: { 200: MetabaseDashboard, ...errors },
      },
    },
    (request) => metabase.one(request.query.restaurant_id, request.params.uuid),
  );
};
