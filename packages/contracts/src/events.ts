import { z } from 'zod';

/** What changed in a restaurant: staff screens refetch what it touches (no data travels here). */
export const CHANGE_KINDS = ['queue', 'booking', 'table', 'order'] as const;

/**
 * One message of GET /api/restaurant/{id}/events/ (Server-Sent Events). `event: change` carries a
 * RestaurantChange; `event: gap` says changes may have been missed, so refetch everything;
 * `event: ready` opens the stream; `event: closing` (with `retry:`) ends it because the process
 * is stopping: reconnect after that many ms, and another process answers; comment lines are
 * heartbeats.
 */
export const RestaurantChange = z.object({
  kind: z.enum(CHANGE_KINDS),
  restaurant: z.number().int(),
  id: z.number().int(),
  /** The status after the change, when it has one. */
  status: z.string().optional(),
});
export type RestaurantChange = z.infer<typeof RestaurantChange>;

export const EVENT_STREAM_HEARTBEAT_MS = 15_000;

/**
 * The `retry:` a stream ends with when its process stops (SIGTERM): reconnect at once, the proxy
 * sends the new stream to another process (the stopping one already fails its health checks).
 */
export const EVENT_STREAM_CLOSING_RETRY_MS = 0;
