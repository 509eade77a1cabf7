import {
  GuestTokenParams,
  PushKey,
  PushSubscribed,
  PushUnsubscribeBody,
  pushSubscriptionBody,
} from '@stolik/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../../shared/access';
import { errorReplies } from '../../../shared/error-replies';
import { perAddress, SMALL_BODY_LIMIT } from '../../../shared/rate-limit';
import type { PushSubscriptions } from './push-subscriptions';

const errors = errorReplies;
const SUBJECTS = [
  { kind: 'queue', path: '/api/public/queue/:token/push/', summaryOf: 'queue place' },
  { kind: 'booking', path: '/api/public/booking/:token/push/', summaryOf: 'booking' },
] as const;

/**
 * Web Push for guests (issue #32): the server's VAPID key, and a guest's browser subscribing its
 * status page (the queue or a booking, by its secret token) or turning it off.
 */
export const pushRoutes: FastifyPluginAsyncZod<{
  subscriptions: PushSubscriptions;
  /** The VAPID public key (made once, vapid-keys.ts). */
  publicKey: () => Promise<string>;
  /** PUSH_TEST_ENDPOINTS=loopback: a fake push service on 127.0.0.1 is accepted (tests only). */
  allowLoopback: boolean;
}> = async (app, { subscriptions, publicKey, allowLoopback }) => {
  const SubscriptionBody = pushSubscriptionBody({ allowLoopback });

  app.get(
    '/api/public/push-key/',
    {
      config: { access: access.public, rateLimit: perAddress.read },
      schema: {
        tags: ['guests'],
        summary: "The server's VAPID public key: the applicationServerKey of pushManager.subscribe",
        response: { 200: PushKey, ...errors },
      },
    },
    async () => ({ public_key: await publicKey() }),
  );

  for (const { kind, path, summaryOf } of SUBJECTS) {
    app.post(
      path,
      {
        config: { access: access.public, rateLimit: perAddress.guestPush },
        bodyLimit: SMALL_BODY_LIMIT,
        schema: {
          tags: ['guests'],
          summary: `Send this guest's news of their ${summaryOf} to their browser by Web Push`,
          description:
            "The body is the browser's `PushSubscription.toJSON()`. The endpoint must be https on a " +
            'known push service (FCM, Mozilla, Apple, Windows) and the keys a P-256 point and a ' +
            '16-byte secret: anything else is 400 with nothing stored. 409 once the entry or booking ' +
            'is over. Sending the same endpoint again replaces its keys.',
          params: GuestTokenParams,
          body: SubscriptionBody,
          response: { 201: PushSubscribed, ...errors },
        },
      },
      async (request, reply) => {
        await subscriptions.subscribe(kind, request.params.token, request.body);
        return reply.code(201).send({ subscribed: true });
      },
    );

    app.delete(
      path,
      {
        config: { access: access.public, rateLimit: perAddress.guestPush },
        bodyLimit: SMALL_BODY_LIMIT,
        schema: {
          tags: ['guests'],
          summary: `Stop Web Push of this guest's ${summaryOf} to a browser`,
          params: GuestTokenParams,
          body: PushUnsubscribeBody,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await subscriptions.unsubscribe(kind, request.params.token, request.body.endpoint);
        return reply.code(204).send(null);
      },
    );
  }
};
