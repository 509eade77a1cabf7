import {
  EntryParams,
  EntryUpdateBody,
  Forecast,
  ForecastQuery,
  GuestJoinBody,
  GuestQueueStatus,
  GuestTokenParams,
  HistoryByPhoneQuery,
  InstantSeatBody,
  InviteGuestBody,
  MoveRestaurantBody,
  PhoneHistory,
  PublicRestaurant,
  QueueEntry,
  QueueListQuery,
  ReserveBody,
  RestaurantParams,
  SeatingZone,
  StaffQueueHistoryItem,
  WalkInBody,
} from '@stolik/contracts';
import { normalizeMobilePhone } from '@stolik/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../plugins/authentication';
import { access } from '../../shared/access';
import { contractSerializerCompiler } from '../../shared/contract-serializer';
import { errorReplies } from '../../shared/error-replies';
import { pageLinks } from '../../shared/pagination';
import { addressOf, perAddress, type RateLimiter, SMALL_BODY_LIMIT } from '../../shared/rate-limit';
import { rememberedValidatorCompiler } from '../../shared/remembered-validation';
import type { ReadCache } from '../events/read-cache';
import type { GuestChannelOf } from '../telegram/guest-chat';
import type { EntrySourceCommands } from './entry-source';
import type { QueueService } from './queue.service';

const errors = errorReplies;
const JOIN_PER_ADDRESS = { max: 20, windowS: 10 * 60 };
const JOIN_PER_PHONE = { max: 5, windowS: 10 * 60 };
const IdempotencyHeaders = z.object({ 'idempotency-key': z.string().min(8).max(100).optional() });

/** Staff: the live queue of spec §7 (/api/reservation/…). */
export const queueRoutes: FastifyPluginAsyncZod<{
  queue: QueueService;
  /** The history with the older system's words (entry-source.ts). */
  entrySources: EntrySourceCommands;
  limiter: RateLimiter;
  /** The guest's Telegram chat from the form's init_data (400 when forged or too old). */
  guestChannel: GuestChannelOf;
  /** The hot reads' replies (the list, the hall, the public restaurant, the guest's page). */
  reads: ReadCache;
}> = async (app, { queue, entrySources, limiter, guestChannel, reads }) => {
  app.get(
    '/api/reservation/',
    {
      serializerCompiler: contractSerializerCompiler,
      validatorCompiler: rememberedValidatorCompiler,
      config: { access: access.member('query', 'restaurant_id') },
      schema: {
        tags: ['queue'],
        summary: "A day's queue, newest activity first",
        querystring: QueueListQuery,
        response: { 200: z.array(QueueEntry), ...errors },
      },
    },
    // Keyed by every parameter (parsed, so in the contract's order); without a date, today's. A
    // search is typed once and seldom asked again: read, not kept.
    (request) =>
      request.query.search
        ? queue.list(request.query)
        : reads.read(request.query.restaurant_id, `queue-list:${JSON.stringify(request.query)}`, () =>
            queue.list(request.query),
          ),
  );

  app.post(
    '/api/reservation/',
    {
      config: { access: access.authenticated, audit: { action: 'queue.create', entity: 'queue_entry' } },
      schema: {
        tags: ['queue'],
        summary: 'Add a walk-in',
        body: WalkInBody,
        response: { 201: QueueEntry, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await queue.walkIn(viewerOf(request), request.body)),
  );

  app.post(
    '/api/reservation/instant_seat/',
    {
      config: {
        access: access.authenticated,
        audit: { action: 'queue.instant_seat', entity: 'queue_entry' },
      },
      schema: {
        tags: ['queue'],
        summary: 'Seat a walk-in at once at free tables',
        body: InstantSeatBody,
        response: { 201: QueueEntry, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await queue.instantSeat(viewerOf(request), request.body)),
  );

  app.post(
    '/api/reservation/create_reservation/',
    {
      config: { access: access.authenticated, audit: { action: 'queue.reserve', entity: 'queue_entry' } },
      schema: {
        tags: ['queue'],
        summary: 'Hold a guest in reserve (out of the waits until made live)',
        body: ReserveBody,
        response: { 201: QueueEntry, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await queue.reserve(viewerOf(request), request.body)),
  );

  app.get(
    '/api/reservation/zones/:id/',
    {
      serializerCompiler: contractSerializerCompiler,
      config: { access: access.member('params', 'id') },
      schema: {
        tags: ['queue'],
        summary: 'The tables by zone for seating: free, who sits there, or the booking that holds it now',
        params: RestaurantParams,
        response: { 200: z.array(SeatingZone), ...errors },
      },
    },
    (request) => reads.read(request.params.id, 'hall', () => queue.seatingZones(request.params.id)),
  );

  app.get(
    '/api/reservation/forecast/:id/',
    {
      config: { access: access.member() },
      schema: {
        tags: ['queue'],
        summary: 'The coming waits in queue order, and the wait for a party joining now',
        params: RestaurantParams,
        querystring: ForecastQuery,
        response: { 200: Forecast, ...errors },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const forecast = await queue.forecast(request.params.id, request.query);
      return { ...forecast, ...pageLinks(request, forecast.count, page, page_size) };
    },
  );

  app.get(
    '/api/reservation/history-by-phone/',
    {
      config: { access: access.member('query', 'restaurant_id') },
      schema: {
        tags: ['queue'],
        summary: "A guest's earlier visits by phone, newest first",
        querystring: HistoryByPhoneQuery,
        response: { 200: PhoneHistory, ...errors },
      },
    },
    (request) => queue.phoneHistory(request.query),
  );

  app.post(
    '/api/reservation/invite/',
    {
      config: { access: access.authenticated, audit: { action: 'queue.call', entity: 'queue_entry' } },
      schema: {
        tags: ['queue'],
        summary: 'Call the guest: their table is ready',
        body: InviteGuestBody,
        response: { 200: QueueEntry, ...errors },
      },
    },
    (request) => queue.call(viewerOf(request), request.body.id),
  );

  app.get(
    '/api/reservation/:id/',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['queue'],
        summary: 'One entry',
        params: EntryParams,
        response: { 200: QueueEntry, ...errors },
      },
    },
    (request) => queue.get(viewerOf(request), request.params.id),
  );

  app.put(
    '/api/reservation/:id/',
    {
      config: { access: access.authenticated, audit: { action: 'queue.update', entity: 'queue_entry' } },
      schema: {
        tags: ['queue'],
        summary: 'Change the status (by the status machine) or the details',
        params: EntryParams,
        body: EntryUpdateBody,
        response: { 200: QueueEntry, ...errors },
      },
    },
    (request) => queue.update(viewerOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/reservation/:id/update_resto/',
    {
      config: {
        access: access.authenticated,
        audit: { action: 'queue.move_restaurant', entity: 'queue_entry' },
      },
      schema: {
        tags: ['queue'],
        summary: 'Send a waiting guest to another restaurant',
        params: EntryParams,
        body: MoveRestaurantBody,
        response: { 200: QueueEntry, ...errors },
      },
    },
    (request) => queue.moveRestaurant(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/reservation/:id/',
    {
      config: { access: access.authenticated, audit: { action: 'queue.cancel', entity: 'queue_entry' } },
      schema: {
        tags: ['queue'],
        summary: 'The guest left (cancelled)',
        params: EntryParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await queue.cancel(viewerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/reservation/:id/history/',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['queue'],
        summary: 'Who changed what when',
        params: EntryParams,
        response: { 200: z.array(StaffQueueHistoryItem), ...errors },
      },
    },
    (request) => entrySources.history(viewerOf(request), request.params.id),
  );

  // Guests: no sign-in; they see only their own entry, through its secret token.
  app.get(
    '/api/public/restaurant/:id/',
    {
      serializerCompiler: contractSerializerCompiler,
      config: { access: access.public, rateLimit: perAddress.read },
      schema: {
        tags: ['guests'],
        summary: 'What the guest form shows of a restaurant',
        params: RestaurantParams,
        response: { 200: PublicRestaurant, ...errors },
      },
    },
    (request) =>
      reads.read(request.params.id, 'public-restaurant', () => queue.publicRestaurant(request.params.id)),
  );

  app.post(
    '/api/public/restaurant/:id/queue/',
    {
      config: { access: access.public, rateLimit: perAddress.guestForm },
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags: ['guests'],
        summary: 'Join the queue (idempotent on the Idempotency-Key header)',
        description:
          "Inside Telegram the form sends the Mini App's `init_data`: the guest then hears in their chat " +
          'that their table is ready (source `telegram`). Forged or older than a day: 400 with a ' +
          'field error of `init_data`, nothing stored. The same phone while it waits: 409 ' +
          "'Ты уже в очереди', carrying that entry (its token) only when the request proves it is " +
          'the same guest: the `device_key` it was made with, or init data of the same Telegram user.',
        params: RestaurantParams,
        headers: IdempotencyHeaders,
        body: GuestJoinBody,
        response: { 200: GuestQueueStatus, 201: GuestQueueStatus, ...errors },
      },
    },
    async (request, reply) => {
      const channel = guestChannel(request.body.init_data);
      await limiter.consume(`join:address:${addressOf(request.ip)}`, JOIN_PER_ADDRESS);
      // One phone however it is written ('8 916…', '+7 (916)…'): the number the entry would keep.
      // Counted per restaurant, and only entries made: a phone's requests elsewhere, refused ones
      // and replays lock nobody out (rate-limit.ts `creating`).
      const phoneKey = normalizeMobilePhone(request.body.phone) ?? request.body.phone.replace(/\D/g, '');
      const key = request.headers['idempotency-key'] ?? null;
      const result = await limiter.creating(
        `join:phone:${request.params.id}:${phoneKey}`,
        JOIN_PER_PHONE,
        (phoneLimit) =>
          queue.guestJoin(request.params.id, request.body, key, channel.source, channel.chatId, phoneLimit),
      );
      return reply.code(result.created ? 201 : 200).send(result.status);
    },
  );

  app.get(
    '/api/public/queue/:token/',
    {
      serializerCompiler: contractSerializerCompiler,
      config: { access: access.public, rateLimit: perAddress.guestPage },
      schema: {
        tags: ['guests'],
        summary: "The guest's own place in the queue",
        params: GuestTokenParams,
        response: { 200: GuestQueueStatus, ...errors },
      },
    },
    // Kept with every other guest page of the restaurant until its next change (queue-guest.ts).
    (request) => queue.guestStatus(request.params.token),
  );

  app.post(
    '/api/public/queue/:token/cancel/',
    {
      config: { access: access.public, rateLimit: perAddress.guestCancel },
      schema: {
        tags: ['guests'],
        summary: 'The guest leaves the queue',
        params: GuestTokenParams,
        response: { 200: GuestQueueStatus, ...errors },
      },
    },
    (request) => queue.guestCancel(request.params.token),
  );
};
