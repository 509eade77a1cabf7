import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '@stolik/db';
import { createServerI18n } from '@stolik/i18n';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { i18n as I18n } from 'i18next';
import type { Config } from './config';
import { healthRoutes } from './modules/health/health.routes';
import { restaurantsRoutes } from './modules/restaurants/restaurants.routes';
import { errorsPlugin } from './plugins/errors';
import { isClientRoute, serveMiniapp } from './plugins/miniapp';
import { openapiPlugin } from './plugins/openapi';

export const API_VERSION = '0.1.0';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    i18n: I18n;
    apiVersion: string;
  }
}

export interface AppDeps {
  config: Pick<Config, 'miniappDist' | 'logLevel'>;
  database: DatabaseHandle;
  /** false in tests; otherwise pino options (or true for defaults). */
  logger?: boolean | object;
}

/** Builds the whole API as a Fastify instance without listening: tests drive it with inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const i18n = createServerI18n();
  app.decorate('database', deps.database);
  app.decorate('i18n', i18n);
  app.decorate('apiVersion', API_VERSION);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // External plugins, then ours, then routes (fastify/demo's order).
  await app.register(openapiPlugin, { version: API_VERSION });
  await app.register(errorsPlugin, { i18n });

  await app.register(healthRoutes);
  await app.register(restaurantsRoutes);

  const sendIndex = await serveMiniapp(app, deps.config.miniappDist);
  app.setNotFoundHandler((request, reply) => {
    if (sendIndex && isClientRoute(request)) return sendIndex(reply);
    return reply.code(404).send({ detail: i18n.t('errors.notFound'), code: 'not_found' });
  });

  return app;
}
