import {
  BookingParams,
  EntryParams,
  GuestMessageLogList,
  GuestQueueStatus,
  GuestReachEventBody,
  GuestTokenParams,
} from '@stolik/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../plugins/authentication';
import { access } from '../../shared/access';
import { errorReplies } from '../../shared/error-replies';
import { perAddress, SMALL_BODY_LIMIT } from '../../shared/rate-limit';
import type { BookingService } from '../booking/booking.service';
import type { QueueService } from '../queue/queue.service';
import type { GuestReachService } from './guest-reach.service';

const errors = errorReplies;
const NoContent = z.null();

/**
 * What guests' pages and notifications report (shown, seen, answered), and the guest card's list
 * of messages for staff.
 */
export const guestMessagesRoutes: FastifyPluginAsyncZod<{
  reach: GuestReachService;
  queue: QueueService;
  bookings: BookingService;
}> = async (app, { reach, queue, bookings }) => {
  app.post(
    '/api/public/queue/:token/reach/',
    {
      bodyLimit: SMALL_BODY_LIMIT,
      config: { access: access.public, rateLimit: perAddress.guestCancel },
      schema: {
        tags: ['guests'],
        summary: 'The guest saw or answered a message about their place in the queue',
        params: GuestTokenParams,
        body: GuestReachEventBody,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await reach.queueEvent(request.params.token, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/public/queue/:token/arrived/',
    {
      config: { access: access.public, rateLimit: perAddress.guestCancel },
      schema: {
        tags: ['guests'],
        summary: "'Я на месте': the called guest is at the door (the hostess's row turns 'Пришел')",
        params: GuestTokenParams,
        response: { 200: GuestQueueStatus, ...errors },
      },
    },
    (request) => reach.queueArrived(request.params.token),
  );

  app.post(
    '/api/public/booking/:token/reach/',
    {
      bodyLimit: SMALL_BODY_LIMIT,
      config: { access: access.public, rateLimit: perAddress.guestCancel },
      schema: {
        tags: ['guests'],
        summary: 'The guest saw or answered a message about their booking',
        params: GuestTokenParams,
        body: GuestReachEventBody,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await reach.bookingEvent(request.params.token, request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/reservation/:id/messages/',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['queue'],
        summary: "Every message to the entry's guest, and each channel it went down",
        params: EntryParams,
        response: { 200: GuestMessageLogList, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const entry = await queue.get(viewer, request.params.id);
      return { results: await reach.log(viewer, entry.restaurant, 'queue', entry.id) };
    },
  );

  app.get(
    '/api/booking/:id/messages/',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['bookings'],
        summary: "Every message to the booking's guest, and each channel it went down",
        params: BookingParams,
        response: { 200: GuestMessageLogList, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const booking = await bookings.get(viewer, request.params.id);
      return { results: await reach.log(viewer, booking.restaurant, 'booking', booking.id) };
    },
  );
};
