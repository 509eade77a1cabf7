import { timingSafeEqual } from 'node:crypto';
import {
  ErrorDetail,
  FailedDeliveriesQuery,
  FailedDeliveryPage,
  FrontendEventBody,
  Me,
  RestaurantParams,
  TelegramCompleteAuthBody,
  TelegramNotificationSettings,
  TelegramNotificationsBody,
  TelegramUpdate,
} from '@stolik/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Update } from 'grammy/types';
import { z } from 'zod';
import { viewerOf } from '../../plugins/authentication';
import { access, type Viewer } from '../../shared/access';
import { errorReplies } from '../../shared/error-replies';
import { HttpError, notFound } from '../../shared/http-errors';
import { pageLinks } from '../../shared/pagination';
import { addressOf, perAddress, type RateLimiter } from '../../shared/rate-limit';
import type { TelegramService } from './telegram.service';
import type { TelegramRuntime } from './telegram-runtime';

const errors = errorReplies;
/** Client error reports per address: a broken page in a loop must not flood the log. */
const FRONTEND_EVENT_LIMIT = { max: 30, windowS: 60 };
const WEBHOOK_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The notification service of spec §7: telegram notification settings (GET and POST), completing
 * the Telegram link, the frontend-event webhook; and Telegram's own webhook, and the failed
 * deliveries a restaurant's admin may look at.
 */
export const telegramRoutes: FastifyPluginAsyncZod<{
  telegram: TelegramService;
  runtime: TelegramRuntime | null;
  webhookSecret: string | undefined;
  completeAuth: (viewer: Viewer, initData: string) => Promise<Me>;
  limiter: RateLimiter;
}> = async (app, { telegram, runtime, webhookSecret, completeAuth, limiter }) => {
  app.get(
    '/api/telegram/notifications/',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['telegram'],
        summary: 'Telegram notification settings: both types for every restaurant of the user',
        response: { 200: TelegramNotificationSettings, ...errors },
      },
    },
    (request) => telegram.list(viewerOf(request)),
  );

  app.post(
    '/api/telegram/notifications/',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['telegram'],
        summary: 'Replace the listed settings (restaurant and type); replies with all of them',
        body: TelegramNotificationsBody,
        response: { 200: TelegramNotificationSettings, ...errors },
      },
    },
    (request) => telegram.replace(viewerOf(request), request.body),
  );

  app.post(
    '/api/telegram/complete-auth/',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['telegram'],
        summary: 'Link the Telegram account of this Mini App init data to the signed-in user',
        body: TelegramCompleteAuthBody,
        response: { 200: Me, ...errors },
      },
    },
    (request) => completeAuth(viewerOf(request), request.body.init_data),
  );

  app.post(
    '/api/frontend-event/',
    {
      config: { access: access.publicWithViewer, rateLimit: perAddress.report },
      bodyLimit: 16_384,
      schema: {
        tags: ['telegram'],
        summary: 'A client error report: logged, never answered with an error for valid input',
        body: FrontendEventBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      let counted = true;
      try {
        await limiter.consume(`frontend-event:${addressOf(request.ip)}`, FRONTEND_EVENT_LIMIT);
      } catch (error) {
        // Over the limit the report is dropped: the client ignores the answer anyway.
        if (!(error instanceof HttpError && error.statusCode === 429)) throw error;
        counted = false;
      }
      if (counted) {
        request.log.warn(
          { frontend_event: request.body, user: request.viewer?.id ?? null, ip: request.ip },
          'frontend event',
        );
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/telegram/webhook/',
    {
      config: { access: access.public, rateLimit: perAddress.webhook },
      // Checked before the body: without the secret nobody learns anything about this route.
      preValidation: async (request) => {
        if (runtime?.mode.kind !== 'webhook' || !webhookSecret) throw notFound();
        if (!sameSecret(request.headers[WEBHOOK_SECRET_HEADER], webhookSecret)) throw notFound();
      },
      schema: {
        tags: ['telegram'],
        summary: 'Telegram posts updates here (webhook mode); checks X-Telegram-Bot-Api-Secret-Token',
        body: TelegramUpdate,
        response: { 200: z.object({}), 503: ErrorDetail, ...errors },
      },
    },
    async (request) => {
      await runtime?.handleWebhookUpdate(request.body as unknown as Update);
      return {};
    },
  );

  app.get(
    '/api/restaurant/:id/telegram/failed-deliveries/',
    {
      config: { access: access.restaurantAdmin() },
      schema: {
        tags: ['telegram'],
        summary: 'Telegram messages of the restaurant that could not be delivered after every try',
        params: RestaurantParams,
        querystring: FailedDeliveriesQuery,
        response: { 200: FailedDeliveryPage, ...errors },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const { count, items } = await telegram.failedDeliveries(request.params.id, page, page_size);
      return { count, ...pageLinks(request, count, page, page_size), results: items };
    },
  );
};
