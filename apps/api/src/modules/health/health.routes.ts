import { Health } from '@stolik/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../shared/access';

const startedAt = Date.now();

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health/',
    {
      config: {
        access: access.public,
        rateLimit: {
          exempt: 'probes and load balancers call it constantly; it runs one select 1 and nothing else',
        },
      },
      schema: {
        tags: ['health'],
        summary: 'Is the API up and is its database reachable',
        description:
          '200 while this process takes requests and its database answers; 503 when the database does not, or while the process is stopping (`status: draining`, from SIGTERM until it closes): a proxy sends it nothing new.',
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      const reachable = await app.database.ping();
      const draining = app.drain.draining;
      const body = {
        status: draining ? ('draining' as const) : reachable ? ('ok' as const) : ('degraded' as const),
        database: reachable ? ('ok' as const) : ('down' as const),
        database_kind: app.database.kind,
        version: app.apiVersion,
        uptime_s: Math.round((Date.now() - startedAt) / 1000),
      };
      return reply.code(reachable && !draining ? 200 : 503).send(body);
    },
  );
};
