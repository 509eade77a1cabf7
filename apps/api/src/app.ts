import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '@stolik/db';
import { createServerI18n } from '@stolik/i18n';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { UserFromGetMe } from 'grammy/types';
import type { i18n as I18n } from 'i18next';
import type { Config } from './config';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { authRoutes } from './modules/auth/auth.routes';
import { type AuthService, createAuthService } from './modules/auth/auth.service';
import { createTokenSigner, loadSigningKey, type TokenSigner } from './modules/auth/tokens';
import { createViewerCache } from './modules/auth/viewer-cache';
import { bookingRoutes } from './modules/booking/booking.routes';
import { createBookingService } from './modules/booking/booking.service';
import { bookingSettingsRoutes } from './modules/booking/booking-settings.routes';
import { createBookingSettingsService } from './modules/booking/booking-settings.service';
import { eventsRoutes } from './modules/events/events.routes';
import { createReadCache } from './modules/events/read-cache';
import { guestLinksRoutes } from './modules/guest-links/guest-links.routes';
import { guestMessagesRoutes } from './modules/guest-messages/guest-messages.routes';
import { createGuestMessenger, type GuestMessenger } from './modules/guest-messages/guest-messenger';
import { createGuestReachService } from './modules/guest-messages/guest-reach.service';
import { pushRoutes } from './modules/guest-messages/push/push.routes';
import { createPushChannel } from './modules/guest-messages/push/push-channel';
import { createPushSubscriptions } from './modules/guest-messages/push/push-subscriptions';
import { loadVapidKeys, type VapidKeys, vapidSubject } from './modules/guest-messages/push/vapid-keys';
import { shortLinksRoutes } from './modules/guest-messages/short-links.routes';
import { createSmsRung } from './modules/guest-messages/sms/sms-rung';
import { createSmsChannel } from './modules/guest-messages/sms/smsc';
import { hallRoutes } from './modules/hall/hall.routes';
import { createTableGroupsService } from './modules/hall/table-groups.service';
import { createTablesService } from './modules/hall/tables.service';
import { createZonesService } from './modules/hall/zones.service';
import { healthRoutes } from './modules/health/health.routes';
import { metabaseRoutes } from './modules/metabase/metabase.routes';
import { createMetabaseService } from './modules/metabase/metabase.service';
import { ordersRoutes } from './modules/orders/orders.routes';
import { createOrdersService } from './modules/orders/orders.service';
import { createPosKeysService } from './modules/orders/pos-keys.service';
import { createAuditLogService } from './modules/privacy/audit-log.service';
import { createGuestDataService } from './modules/privacy/guest-data.service';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { createEntrySourceCommands } from './modules/queue/entry-source';
import { entrySourceRoutes } from './modules/queue/entry-source.routes';
import { queueRoutes } from './modules/queue/queue.routes';
import { createQueueService } from './modules/queue/queue.service';
import { createRestaurantsRepository } from './modules/restaurants/restaurants.repository';
import { restaurantsRoutes } from './modules/restaurants/restaurants.routes';
import { createRestaurantsService } from './modules/restaurants/restaurants.service';
import { createPlatformService } from './modules/static-content/platform.service';
import { createRestaurantContentService } from './modules/static-content/restaurant-content.service';
import { createSchemeService } from './modules/static-content/scheme.service';
import { staticContentRoutes } from './modules/static-content/static-content.routes';
import { createChatActions } from './modules/telegram/chat-actions';
import type { DispatcherTuning } from './modules/telegram/dispatcher-tuning';
import { createGuestChannel } from './modules/telegram/guest-chat';
import { telegramRoutes } from './modules/telegram/telegram.routes';
import { createTelegramService } from './modules/telegram/telegram.service';
import { createTelegramRuntime, type TelegramRuntime } from './modules/telegram/telegram-runtime';
import { createInvitationsService } from './modules/users/invitations.service';
import {
  checkTelegramInitData,
  createTelegramSignIn,
  linkTelegramUser,
} from './modules/users/telegram-signin.service';
import { createUsersRepository } from './modules/users/users.repository';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { authenticationPlugin, loadViewer } from './plugins/authentication';
import { compressionPlugin } from './plugins/compression';
import { errorsPlugin, frameworkErrorReply } from './plugins/errors';
import { inputTextPlugin } from './plugins/input-text';
import { isClientRoute, serveMiniapp } from './plugins/miniapp';
import { openapiPlugin } from './plugins/openapi';
import { replayPlugin } from './plugins/replay';
import { securityPlugin } from './plugins/security';
import { mayReadRestaurant } from './shared/access';
import { auditPlugin } from './shared/audit';
import { type ChangeHub, createChangeHub } from './shared/changes/change-hub';
import { CHANGES_CHANNEL } from './shared/changes/channel';
import { checkContractReplies } from './shared/contract-serializer';
import { createDrain, type Drain } from './shared/drain';
import { fallbackPublicUrl, ownOrigin } from './shared/public-url';
import { createRateLimiter, rateLimitPlugin } from './shared/rate-limit';

export const API_VERSION = '0.1.0';
/** Methods that change nothing: they need not wait for their changes to be heard. */
const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    i18n: I18n;
    apiVersion: string;
    tokens: TokenSigner;
    auth: AuthService;
    /** The restaurant changes heard by this process (event streams). */
    changes: ChangeHub;
    /** The Telegram bot and its dispatcher (null without a bot token); started by the process, not here. */
    telegram: TelegramRuntime | null;
    /** Whether the process is stopping (server.ts begins it on SIGTERM; health answers 503). */
    drain: Drain;
    /** The guest messenger of a process without a bot (null with one: the bot's runtime runs it). */
    guestMessenger: GuestMessenger | null;
  }
}

export type AppConfig = Pick<
  Config,
  | 'miniappDist'
  | 'logLevel'
  | 'jwtSecret'
  | 'botToken'
  | 'telegramAuthMaxAgeS'
  | 'publicUrl'
  | 'telegramApiRoot'
  | 'botWebhookUrl'
  | 'botWebhookSecret'
> &
  Partial<
    Pick<
      Config,
      | 'botMiniappShortName'
      | 'botDeliveryLeaseS'
      | 'corsOrigins'
      | 'metabase'
      | 'trustProxy'
      | 'host'
      | 'port'
      | 'sms'
      | 'adminEmail'
      | 'pushTestEndpoints'
    >
  >;

export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  /** How long an event stream stays open before the client must reconnect (tests shorten it). */
  eventStreamLifetimeMs?: number;
  /** How long a guest page's nudge of someone else's change may wait (events.routes.ts; tests). */
  guestNudgeSpreadMs?: number;
  /** How long learned turn times are reused (tests that change history set 0). */
  turnCacheMs?: number;
  /** How long the hot reads' replies are kept at most (read-cache.ts; 0: never). */
  readCacheMs?: number;
  /** How long a viewer read is kept at most (viewer-cache.ts; 0: never). */
  viewerCacheMs?: number;
  /** Tests: replies written from JSON Schema are also parsed with their contracts (contract-serializer.ts). */
  checkReplies?: boolean;
  /** false in tests; otherwise pino options (or true for defaults). */
  logger?: boolean | object;
  /** Tests: the fake Bot API's identity (no getMe), a faster dispatcher, a shorter Bot API timeout. */
  telegram?: { botInfo?: UserFromGetMe; tuning?: Partial<DispatcherTuning>; callTimeoutMs?: number };
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
    // request.ip (the per-address limits, the sign-in log) is the client's only behind trusted proxies.
    trustProxy: (deps.config.trustProxy ?? false) as FastifyServerOptions['trustProxy'],
    // A broken address (bad %-escape, over-long parameter) is answered before any route: in our shapes.
    frameworkErrors: frameworkErrorReply(() => i18n),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (deps.checkReplies) checkContractReplies(app);

  const i18n = createServerI18n();
  app.decorate('database', deps.database);
  app.decorate('i18n', i18n);
  app.decorate('apiVersion', API_VERSION);
  const drain = createDrain();
  app.decorate('drain', drain);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Stopping: no connection is kept for another request (a proxy would reuse it into a closed port).
    if (drain.draining) reply.header('connection', 'close');
    // API replies are one person's data (a queue, a guest's page, tokens): no cache, the
    // browser's or a proxy's, may keep them. A route that may be kept says so itself (the font).
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
  await app.register(securityPlugin, {
    corsOrigins: deps.config.corsOrigins ?? [],
    https: deps.config.publicUrl?.startsWith('https://') ?? false,
    frameSources: deps.config.metabase ? [new URL(deps.config.metabase.siteUrl).origin] : [],
  });

  const db = deps.database.db;
  const tokens = createTokenSigner(await loadSigningKey(db, deps.config.jwtSecret));
  const limiter = createRateLimiter(db);
  const changes = createChangeHub(deps.database, (payload) =>
    app.log.warn({ payload }, 'a change notification that is not a RestaurantChange'),
  );
  app.addHook('onClose', () => changes.close());
  const auth = createAuthService(db, tokens, limiter, () => changes.caughtUp());
  const usersRepository = createUsersRepository(db);
  // Links the product sends anyone (the bot's messages, the dispatcher's): PUBLIC_URL, else an
  // address fixed at start from HOST and PORT, never a request's Host (public-url.ts).
  let fallbackUrl = fallbackPublicUrl(deps.config.host, deps.config.port);
  const publicUrl = () => deps.config.publicUrl ?? fallbackUrl;
  // PORT=0 listens on a port chosen then: the fallback names that one, fixed once.
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (deps.config.port === 0 && address && typeof address === 'object')
      fallbackUrl = fallbackPublicUrl(deps.config.host, address.port);
  });
  // Links in a reply to one request (an invitation, the door sign): PUBLIC_URL, else the host that
  // request itself was made to, if well-formed: it reaches no one but whoever sent it.
  const linksFor = (request: FastifyRequest) => deps.config.publicUrl ?? ownOrigin(request) ?? fallbackUrl;
  const invitations = createInvitationsService(db, usersRepository);
  const users = createUsersService(usersRepository, invitations, auth);
  const telegramSignIn = createTelegramSignIn({
    botToken: deps.config.botToken,
    maxAgeS: deps.config.telegramAuthMaxAgeS,
    auth,
    users: usersRepository,
    invitations,
  });
  // A write answers once this process has heard its own changes: whatever it reads next, from a
  // cache or not, is not older than the write (ChangeHub.caughtUp). Refused ones changed nothing
  // (and a flood of them must not cost a query each).
  app.addHook('onSend', async (request, reply) => {
    if (!READING_METHODS.has(request.method) && reply.statusCode < 400) await changes.caughtUp();
  });
  const viewers = createViewerCache(db, changes, { lifetimeMs: deps.viewerCacheMs });
  const reads = createReadCache(changes, { lifetimeMs: deps.readCacheMs });
  app.decorate('tokens', tokens);
  app.decorate('changes', changes);
  app.decorate('auth', auth);

  // External plugins, then ours, then routes (fastify/demo's order). Compression first: it hooks
  // every route registered after it.
  await app.register(compressionPlugin);
  await app.register(openapiPlugin, { version: API_VERSION });
  await app.register(errorsPlugin, { i18n });
  // Per-address flood caps run first on every request; a public route without one cannot start.
  await app.register(rateLimitPlugin);
  await app.register(authenticationPlugin, { db, tokens, viewers });
  // After the access check: NUL and lone surrogates are refused in every body, query and path.
  await app.register(inputTextPlugin);
  await app.register(replayPlugin, { db });
  // Staff actions that declare `config.audit` leave a row in the audit log.
  await app.register(auditPlugin, { db });

  await app.register(healthRoutes);
  await app.register(authRoutes, { auth, telegramSignIn });
  await app.register(usersRoutes, { users, invitations, auth, limiter, linksFor });
  await app.register(restaurantsRoutes, {
    restaurants: createRestaurantsService(createRestaurantsRepository(db), {
      smsConfigured: deps.config.sms !== undefined,
    }),
  });
  await app.register(guestLinksRoutes, { linksFor, miniAppShortName: deps.config.botMiniappShortName });
  const queue = createQueueService(db, undefined, {
    turnCacheMs: deps.turnCacheMs,
    // The hall's simulated waits, once per change of a restaurant rather than once per guest page.
    shared: (restaurantId, key, load) => reads.read(restaurantId, key, load),
  });
  await app.register(shortLinksRoutes, { publicUrl });
  // Guest forms sent from the Mini App carry init data: the guest's chat for the bot's answer.
  const guestChannel = createGuestChannel(deps.config.botToken);
  const entrySources = createEntrySourceCommands(db, queue);
  await app.register(queueRoutes, { queue, entrySources, limiter, guestChannel, reads });
  await app.register(entrySourceRoutes, { entrySources });
  const bookings = createBookingService(db);
  await app.register(bookingRoutes, { bookings, limiter, guestChannel, reads });
  await app.register(guestMessagesRoutes, {
    reach: createGuestReachService(db, { queue, bookings }),
    queue,
    bookings,
  });
  // Web Push of a guest's page: the VAPID keys are read (made once) when first asked for.
  let vapidKeys: Promise<VapidKeys> | undefined;
  const pushPublicKey = async () => {
    vapidKeys ??= loadVapidKeys(db).catch((error: unknown) => {
      vapidKeys = undefined;
      throw error;
    });
    return (await vapidKeys).publicKey;
  };
  await app.register(pushRoutes, {
    subscriptions: createPushSubscriptions(db),
    publicKey: pushPublicKey,
    allowLoopback: deps.config.pushTestEndpoints === 'loopback',
  });
  await app.register(bookingSettingsRoutes, { settings: createBookingSettingsService(db) });
  await app.register(hallRoutes, {
    tables: createTablesService(db),
    groups: createTableGroupsService(db),
    zones: createZonesService(db),
  });
  await app.register(ordersRoutes, {
    orders: createOrdersService(db),
    posKeys: createPosKeysService(db),
    limiter,
  });
  await app.register(staticContentRoutes, {
    schemes: createSchemeService(db),
    content: createRestaurantContentService(db),
    platform: createPlatformService(db),
  });
  await app.register(analyticsRoutes, { analytics: createAnalyticsService(db) });
  await app.register(metabaseRoutes, { metabase: createMetabaseService(db, deps.config.metabase) });
  await app.register(privacyRoutes, {
    guests: createGuestDataService(db),
    auditLog: createAuditLogService(db),
  });
  await app.register(eventsRoutes, {
    hub: changes,
    // Read afresh (not from the viewer cache): it is asked because the user's access just changed.
    mayWatch: async (session, restaurantId) => {
      const viewer = await loadViewer(db, session.userId, session);
      return viewer !== null && mayReadRestaurant(viewer, restaurantId);
    },
    findGuestBooking: (token) => bookings.guestBookingRef(token),
    findGuestEntry: (token) => queue.guestEntryRef(token),
    ...(deps.eventStreamLifetimeMs ? { lifetimeMs: deps.eventStreamLifetimeMs } : {}),
    ...(deps.guestNudgeSpreadMs === undefined ? {} : { guestNudgeSpreadMs: deps.guestNudgeSpreadMs }),
  });

  // The guests' channels besides Telegram: Web Push always (VAPID keys made once), SMS with an account.
  const guestChannels = {
    push: createPushChannel({
      db,
      subject: vapidSubject({ publicUrl: deps.config.publicUrl, adminEmail: deps.config.adminEmail }),
      allowLoopback: deps.config.pushTestEndpoints === 'loopback',
    }),
    sms: deps.config.sms ? createSmsRung(db, createSmsChannel(deps.config.sms, { logger: app.log })) : null,
  };
  const { botToken, botWebhookUrl, botWebhookSecret } = deps.config;
  const telegram = botToken
    ? createTelegramRuntime({
        database: deps.database,
        token: botToken,
        apiRoot: deps.config.telegramApiRoot,
        botInfo: deps.telegram?.botInfo,
        callTimeoutMs: deps.telegram?.callTimeoutMs,
        publicUrl,
        miniAppShortName: deps.config.botMiniappShortName,
        webhook:
          botWebhookUrl && botWebhookSecret
            ? { url: botWebhookUrl, secretToken: botWebhookSecret }
            : undefined,
        actions: createChatActions(db, { queue, bookings }),
        guestChannels,
        logger: app.log,
        tuning: {
          ...(deps.config.botDeliveryLeaseS ? { leaseMs: deps.config.botDeliveryLeaseS * 1000 } : {}),
          ...deps.telegram?.tuning,
        },
      })
    : null;
  app.decorate('telegram', telegram);
  app.addHook('onClose', async () => telegram?.stop());
  // Without a bot, guests are still told (push, SMS): a messenger of its own, started by the
  // process (server.ts) as the bot is. With a bot it runs beside the bot's dispatcher.
  const guestMessenger = botToken
    ? null
    : createGuestMessenger({
        db,
        publicUrl,
        telegram: false,
        ...guestChannels,
        listen: (wake) => deps.database.listen(CHANGES_CHANNEL, wake, wake),
        logger: app.log,
      });
  app.decorate('guestMessenger', guestMessenger);
  app.addHook('onClose', async () => guestMessenger?.stop());
  await app.register(telegramRoutes, {
    telegram: createTelegramService(db),
    runtime: telegram,
    webhookSecret: botWebhookSecret,
    limiter,
    completeAuth: async (viewer, initData) => {
      const tg = checkTelegramInitData(initData, botToken, deps.config.telegramAuthMaxAgeS);
      await linkTelegramUser(usersRepository, viewer.id, tg);
      return users.me(viewer);
    },
  });

  const sendIndex = await serveMiniapp(app, deps.config.miniappDist);
  app.setNotFoundHandler((request, reply) => {
    if (sendIndex && isClientRoute(request)) return sendIndex(reply);
    return reply.code(404).send({ detail: i18n.t('errors.notFound'), code: 'not_found' });
  });

  return app;
}
