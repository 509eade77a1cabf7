import {
  EVENT_STREAM_CLOSING_RETRY_MS,
  EVENT_STREAM_HEARTBEAT_MS,
  GuestTokenParams,
  type RestaurantChange,
  RestaurantParams,
} from '@stolik/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../shared/access';
import type { ChangeHub } from '../../shared/changes/change-hub';
import { errorReplies } from '../../shared/error-replies';
import { notFound } from '../../shared/http-errors';
import { addressOf, perAddress, tooManyRequests } from '../../shared/rate-limit';
import type { AccessSession } from '../auth/sessions';
import { ACCESS_TTL_S } from '../auth/tokens';

/** Guest streams one address may hold open at once, per process (a family, a restaurant's Wi-Fi). */
export const GUEST_STREAMS_PER_ADDRESS = 20;
/** What a 429 for one stream too many asks the client to wait. */
const GUEST_STREAM_RETRY_S = 30;
/**
 * A guest's page is nudged within this long, at a moment of its own, of a change of someone else's
 * entry (its place or wait may have moved): every change nudges every guest's page, which reads
 * again, and 300 pages reading in the same millisecond queued the staff's own requests behind them
 * (`pnpm bench soak`). Nudges due meanwhile make one. A change of the guest's own entry (called,
 * seated) is said at once.
 */
export const GUEST_NUDGE_SPREAD_MS = 500;

/**
 * GET /api/restaurant/{id}/events/: Server-Sent Events of the restaurant's changes, authorised like
 * every staff call (Bearer header; the client reads the stream with fetch, so no token ever sits in
 * a URL). A stream ends when the access token that opened it expires (its `exp`, not a lifetime
 * counted from opening); the client reconnects with a fresh token. One whose session ends (logout,
 * a stolen refresh token, deactivation) or whose user may no longer see the restaurant (taken out
 * of it) closes at once: both are announced on the changes channel, so in every API process.
 */
export const eventsRoutes: FastifyPluginAsyncZod<{
  hub: ChangeHub;
  /** A guest's entry by its secret token (the public stream). */
  findGuestEntry: (token: string) => Promise<{ id: number; restaurantId: number } | null>;
  /** A guest's booking by its secret token (the public booking stream). */
  findGuestBooking: (token: string) => Promise<{ id: number; restaurantId: number } | null>;
  /**
   * May this session still watch this restaurant: the session live, its user a member (checked
   * again when the changes channel says the user's sessions ended or access changed)?
   */
  mayWatch: (session: AccessSession, restaurantId: number) => Promise<boolean>;
  /** The longest a stream stays open (a staff stream ends at its token's expiry before that). */
  lifetimeMs?: number;
  /** How many guest streams one address may hold open at once in this process (429 past it). */
  guestStreamsPerAddress?: number;
  /** Tests: the spread of a guest page's nudges (GUEST_NUDGE_SPREAD_MS). */
  guestNudgeSpreadMs?: number;
}> = async (
  app,
  {
    hub,
    findGuestEntry,
    findGuestBooking,
    mayWatch,
    lifetimeMs = ACCESS_TTL_S * 1000,
    guestStreamsPerAddress = GUEST_STREAMS_PER_ADDRESS,
    guestNudgeSpreadMs = GUEST_NUDGE_SPREAD_MS,
  },
) => {
  /** The open streams' ends; `closing`: the process is stopping, the client is told to reconnect at once. */
  const open = new Set<(closing?: boolean) => void>();
  // Guest streams are public: one address must not hold this process's sockets and timers.
  const guestStreams = new Map<string, number>();
  /** Counts one more open guest stream of the request's address, or answers 429; returns its release. */
  const holdGuestStream = (request: FastifyRequest): (() => void) => {
    const address = addressOf(request.ip);
    const held = guestStreams.get(address) ?? 0;
    if (held >= guestStreamsPerAddress) throw tooManyRequests(GUEST_STREAM_RETRY_S);
    guestStreams.set(address, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (guestStreams.get(address) ?? 1) - 1;
      if (left > 0) guestStreams.set(address, left);
      else guestStreams.delete(address);
    };
  };
  // Staff streams by user, with the session that opened each and the restaurant it watches:
  // closed when the session ends or the user may no longer see the restaurant.
  type StaffStream = { session: AccessSession; restaurantId: number; end: () => void };
  const staffStreams = new Map<number, Set<StaffStream>>();
  const recheck = (userId: number | null) => {
    const held =
      userId === null
        ? [...staffStreams.values()].flatMap((set) => [...set])
        : [...(staffStreams.get(userId) ?? [])];
    for (const stream of held) {
      mayWatch(stream.session, stream.restaurantId).then(
        (allowed) => {
          if (!allowed) stream.end();
        },
        // Unknown: the client reconnects and is authenticated afresh.
        () => stream.end(),
      );
    }
  };
  const stopHearingSessions = hub.onSessionsEnded(recheck);
  // A membership removed, a role changed, in any process (users.repository.ts announces it).
  const stopHearingAccess = hub.onAccessChanged(recheck);
  app.addHook('onClose', async () => {
    stopHearingSessions();
    stopHearingAccess();
  });
  // Open streams would hold the server's close forever. They end with a retry hint: the client
  // reconnects at once, through the proxy, to a process that is not stopping.
  app.addHook('preClose', async () => {
    for (const end of open) end(true);
  });

  /** Writes an open event stream to the raw response until either side ends it. */
  const serve = (
    request: FastifyRequest,
    reply: FastifyReply,
    restaurantId: number,
    /** What this listener is told of a change; null: nothing. */
    toMessage: (change: RestaurantChange) => RestaurantChange | null,
    /** Called once when the stream ends, however it ends. */
    onEnd: () => void = () => {},
    /** When the stream must end at the latest (a staff stream: its token's expiry), epoch ms. */
    endsAt: number = Date.now() + lifetimeMs,
    /** Changes told at a random moment within `withinMs` (coalesced), but those `atOnce` says. */
    spread?: { withinMs: number; atOnce: (change: RestaurantChange) => boolean },
  ) => {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    // HEAD (Fastify answers it with the GET route) asks for the headers alone: they are all it
    // gets, at once. Kept open it never answered and held one of the address's stream places.
    if (request.method === 'HEAD') {
      raw.end();
      onEnd();
      return () => {};
    }
    const write = (text: string) => {
      if (!raw.writableEnded) raw.write(text);
    };
    write('retry: 3000\nevent: ready\ndata: {}\n\n');

    let spreading: ReturnType<typeof setTimeout> | undefined;
    const tell = (told: RestaurantChange) => write(`event: change\ndata: ${JSON.stringify(told)}\n\n`);
    const unsubscribe = hub.subscribe(restaurantId, (message) => {
      if (message.kind === 'gap') write('event: gap\ndata: {}\n\n');
      else {
        const told = toMessage(message.change);
        if (!told) return;
        if (!spread || spread.atOnce(message.change)) {
          clearTimeout(spreading);
          spreading = undefined;
          tell(told);
        } else if (spreading === undefined) {
          spreading = setTimeout(() => {
            spreading = undefined;
            tell(told);
          }, Math.random() * spread.withinMs);
        }
      }
    });
    const heartbeat = setInterval(() => write(': ping\n\n'), EVENT_STREAM_HEARTBEAT_MS);
    const expiry = setTimeout(
      () => end(),
      Math.max(0, Math.min(endsAt, Date.now() + lifetimeMs) - Date.now()),
    );
    const end = (closing = false) => {
      cleanup();
      if (closing) write(`retry: ${EVENT_STREAM_CLOSING_RETRY_MS}\nevent: closing\ndata: {}\n\n`);
      if (!raw.writableEnded) raw.end();
    };
    const cleanup = () => {
      clearTimeout(spreading);
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      open.delete(end);
      onEnd();
    };
    open.add(end);
    request.raw.on('close', cleanup);
    return end;
  };

  app.get(
    '/api/restaurant/:id/events/',
    {
      config: { access: access.member() },
      schema: {
        tags: ['restaurants'],
        summary: 'Live changes of the restaurant (text/event-stream)',
        description:
          'Messages: `ready` on open; `change` with {kind, restaurant, id, status?} after each committed change; `gap` when changes may have been missed (refetch). A comment line every 15 s keeps it open.',
        params: RestaurantParams,
        response: { 200: z.string().describe('text/event-stream'), ...errorReplies },
      },
    },
    async (request, reply) => {
      await hub.start();
      const session = request.session;
      if (!session) {
        serve(request, reply, request.params.id, (change) => change);
        return;
      }
      const held = staffStreams.get(session.userId) ?? new Set();
      staffStreams.set(session.userId, held);
      const stream: StaffStream = { session, restaurantId: request.params.id, end: () => {} };
      held.add(stream);
      stream.end = serve(
        request,
        reply,
        request.params.id,
        (change) => change,
        () => {
          held.delete(stream);
          if (held.size === 0 && staffStreams.get(session.userId) === held)
            staffStreams.delete(session.userId);
        },
        // The token's own expiry, not a lifetime from opening: a token of 4 minutes left opens a
        // stream of 4 minutes.
        session.expiresAt * 1000,
      );
    },
  );

  app.get(
    '/api/public/queue/:token/events/',
    {
      config: { access: access.public, rateLimit: perAddress.guestStream },
      schema: {
        tags: ['guests'],
        summary: "Nudges for a guest's own page (text/event-stream)",
        description:
          "`change` whenever the guest's place may have moved: it names only the guest's own entry, never anyone else's. Same framing as the staff stream.",
        params: GuestTokenParams,
        response: { 200: z.string().describe('text/event-stream'), ...errorReplies },
      },
    },
    async (request, reply) => {
      const release = holdGuestStream(request);
      try {
        const entry = await findGuestEntry(request.params.token);
        if (!entry) throw notFound();
        await hub.start();
        // Other guests' changes move this guest's place too, but their ids and statuses stay private.
        serve(
          request,
          reply,
          entry.restaurantId,
          () => ({ kind: 'queue', restaurant: entry.restaurantId, id: entry.id }),
          release,
          undefined,
          {
            withinMs: guestNudgeSpreadMs,
            atOnce: (change) => change.kind === 'queue' && change.id === entry.id,
          },
        );
      } catch (error) {
        release();
        throw error;
      }
    },
  );

  app.get(
    '/api/public/booking/:token/events/',
    {
      config: { access: access.public, rateLimit: perAddress.guestStream },
      schema: {
        tags: ['guests'],
        summary: "Nudges for a guest's booking page (text/event-stream)",
        description:
          "`change` whenever the guest's own booking changed (confirmed, declined, moved); nothing of other bookings. Same framing as the staff stream.",
        params: GuestTokenParams,
        response: { 200: z.string().describe('text/event-stream'), ...errorReplies },
      },
    },
    async (request, reply) => {
      const release = holdGuestStream(request);
      try {
        const booking = await findGuestBooking(request.params.token);
        if (!booking) throw notFound();
        await hub.start();
        serve(
          request,
          reply,
          booking.restaurantId,
          (change) =>
            change.kind === 'booking' && change.id === booking.id
              ? { kind: 'booking', restaurant: booking.restaurantId, id: booking.id }
              : null,
          release,
        );
      } catch (error) {
        release();
        throw error;
      }
    },
  );
};
