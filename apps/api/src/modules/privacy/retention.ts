import type { Database } from '@stolik/db';
import type { FastifyBaseLogger } from 'fastify';
import { anonymiseExpiredGuests } from './retention.repository';

/** How often the API process looks for guests past their restaurant's retention period (and once at start). */
export const RETENTION_EVERY_MS = 60 * 60_000;

type Executor = Pick<Database, 'execute'>;

/**
 * Runs the retention in this process: once now, then every `everyMs`. A run still going when the
 * next is due is not doubled. `stop()` waits for a run in progress.
 */
export function startGuestRetention(
  db: Executor,
  options: { everyMs?: number; logger?: FastifyBaseLogger; now?: () => Date } = {},
) {
  const everyMs = options.everyMs ?? RETENTION_EVERY_MS;
  let running: Promise<void> | null = null;
  const run = (): Promise<void> => {
    if (running !== null) return running;
    running = anonymiseExpiredGuests(db, options.now?.() ?? new Date())
      .then((outcome) => {
        if (Object.values(outcome).some((n) => n > 0))
          options.logger?.info(outcome, 'privacy: guests past the retention period anonymised');
      })
      .catch((error: unknown) => options.logger?.error({ err: error }, 'privacy: the retention run failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const first = run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return {
    /** The run started with the job (tests wait for it). */
    first,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
