import type { Database } from '@stolik/db';
import type { FastifyBaseLogger } from 'fastify';
import { forgetExpiredRecords } from './expired-records.repository';
import { anonymiseExpiredGuests } from './retention.repository';

/**
 * How often the API process looks for guests past their restaurant's retention period, and for the
 * records that can no longer decide anything (expired-records.repository.ts); and once at start.
 */
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
  // Two passes, each on its own: one failing does not keep the other from its work.
  const runOnce = async (now: Date) => {
    try {
      const outcome = await anonymiseExpiredGuests(db, now);
      if (Object.values(outcome).some((n) => n > 0))
        options.logger?.info(outcome, 'privacy: guests past the retention period anonymised');
    } catch (error) {
      options.logger?.error({ err: error }, 'privacy: the retention run failed');
    }
    try {
      const outcome = await forgetExpiredRecords(db, now);
      if (Object.values(outcome).some((n) => n > 0))
        options.logger?.info(outcome, 'privacy: expired sessions, tokens and rate-limit counters deleted');
    } catch (error) {
      options.logger?.error({ err: error }, 'privacy: deleting the expired records failed');
    }
  };
  const run = (): Promise<void> => {
    if (running !== null) return running;
    running = runOnce(options.now?.() ?? new Date()).finally(() => {
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
