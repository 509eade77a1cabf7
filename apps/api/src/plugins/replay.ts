import type { Database } from '@stolik/db';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { FieldValidationError, HttpError } from '../shared/http-errors';
import { idempotencyKeyReused, requestHash } from '../shared/idempotency';
import { createReplayRepository } from './replay.repository';

/** How long a kept answer is given again: a tablet offline for longer re-sends as a new action. */
export const REPLAY_KEEP_MS = 24 * 60 * 60 * 1000;
/**
 * A claim without an answer for longer than this was not running any more: its process died (or
 * lost its database) between the claim and the answer. No staff request runs anywhere near a minute.
 */
export const ABANDONED_AFTER_MS = 60_000;
const KEY = /^[\w.:-]{8,128}$/;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request holds, once it is the first of its kind. */
    replayKey: string | null;
  }
}

/**
 * Staff actions sent with an `Idempotency-Key` happen once. The hostess's tablet queues what she
 * did offline and sends it when the network is back, or again when an answer was lost; the first
 * answer is kept (per user and key, for a day) and given again to every repeat, so a replayed
 * "call" neither calls twice nor reports a conflict with itself. Guest forms keep their own keys
 * in their rows (queue join, booking request); this covers every signed-in mutating route.
 *
 * A repeat that arrives while the first is still running gets 409 request_in_flight with
 * Retry-After (the tablet keeps the action and tries later); one whose first never answered
 * (ABANDONED_AFTER_MS) gets 409 request_lost. A key is bound to its method, address and a hash
 * of its body: used again for another request (another body included) it gets 422
 * idempotency_key_reused, never the first one's answer. A 5xx is not kept: the action may be tried again.
 */
export const replayPlugin = fp<{ db: Database }>(async (app: FastifyInstance, { db }) => {
  const replays = createReplayRepository(db);
  app.decorateRequest('replayKey', null);

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (!request.viewer || !MUTATING.has(request.method) || key === undefined) return;
    if (typeof key !== 'string' || !KEY.test(key)) {
      throw new FieldValidationError({ idempotency_key: ['errors.replay.keyInvalid'] });
    }
    const userId = request.viewer.id;
    const url = request.url;
    const bodyHash = requestHash(`${request.method} ${url}`, request.body);
    if (await replays.claim({ userId, key, method: request.method, url, bodyHash })) {
      request.replayKey = key;
      return;
    }
    const kept = await replays.find(userId, key);
    if (!kept) {
      // Removed between the two statements (expired, or its 5xx dropped): run it as new.
      return;
    }
    // (A claim kept before bodies were hashed has none: its route alone binds it.)
    if (kept.method !== request.method || kept.url !== url || (kept.bodyHash && kept.bodyHash !== bodyHash)) {
      throw idempotencyKeyReused();
    }
    if (kept.statusCode === null) {
      // Whether an abandoned one was done before its process died is not known: running it again
      // could add the same walk-in twice, so the tablet is told to look (the action is shown as
      // not confirmed), and the key answers so until it is forgotten.
      if (Date.now() - kept.createdAt.getTime() > ABANDONED_AFTER_MS) {
        throw new HttpError(409, 'errors.replay.lost', 'request_lost');
      }
      throw new HttpError(409, 'errors.replay.inFlight', 'request_in_flight', {}, { 'retry-after': '1' });
    }
    return sendKept(reply, kept.statusCode, kept.body as KeptBody | null);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.replayKey;
    if (!key || !request.viewer) return payload;
    if (reply.statusCode >= 500) {
      await replays.drop(request.viewer.id, key);
    } else {
      const body: KeptBody | null =
        typeof payload === 'string'
          ? { payload, contentType: String(reply.getHeader('content-type') ?? 'application/json') }
          : null;
      await replays.keep(request.viewer.id, key, reply.statusCode, body);
    }
    return payload;
  });

  // Forget kept answers after a day; every process sweeps, the DELETE is harmless twice.
  const sweep = () =>
    replays
      .forgetOlderThan(REPLAY_KEEP_MS)
      .catch((error: unknown) => app.log.warn({ error }, 'could not sweep kept request answers'));
  const timer = setInterval(sweep, 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});

interface KeptBody {
  payload: string;
  contentType: string;
}

function sendKept(reply: FastifyReply, statusCode: number, body: KeptBody | null) {
  reply.header('idempotent-replayed', 'true').code(statusCode);
  if (!body) return reply.send();
  // The kept text as it was sent, not serialised again by the route's schema.
  return reply
    .type(body.contentType)
    .serializer((value: unknown) => value as string)
    .send(body.payload);
}
