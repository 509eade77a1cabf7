import type { Database } from '@stolik/db';
import { GrammyError } from 'grammy';
import type { DeliveriesRepository } from './deliveries.repository';
import type { DispatcherLogger } from './dispatcher';
import { type DispatcherTuning, rateLimitedInARow, rateLimitNote } from './dispatcher-tuning';

/** A claimed message, as a failed send reports it. */
export interface SendClaim {
  id: number;
  chatId: number;
  /** Tries so far (a 429 is not one). */
  attempts: number;
}

/**
 * What the dispatcher records of a send Telegram refused: a 429 (everyone waits, the message is
 * tried again, or failed after too many in a row), or another error (retried with backoff, or
 * failed for good). Counts go to the dispatcher's stats.
 */
export function createSendFailures(deps: {
  db: Database;
  repository: DeliveriesRepository;
  tuning: DispatcherTuning;
  stats: { rateLimited: number; retried: number; failed: number };
  /** Nothing of this process goes out before then (epoch ms). */
  pause: (untilMs: number) => void;
  logger?: DispatcherLogger | undefined;
}) {
  const { db, repository, tuning, stats, pause, logger } = deps;
  return {
    async rateLimited(item: SendClaim, token: string, retryAfterS: number) {
      // Honoured, but within reason: at least a second, at most maxRetryAfterS.
      const seconds = Math.min(tuning.maxRetryAfterS, Math.max(1, Math.ceil(retryAfterS)));
      stats.rateLimited += 1;
      // Nothing of this process goes out before then (set first: other sends may fire meanwhile).
      pause(Date.now() + seconds * 1000);
      let inARow = 0;
      await db.transaction(async (tx) => {
        const current = await repository.lockClaim(tx, item.id, token);
        if (!current) return;
        inARow = rateLimitedInARow(current.lastError) + 1;
        // Refused every time for a long while: failed, for the admins to see, not retried forever.
        const givesUp = inARow >= tuning.maxRateLimitedInARow;
        const note = `${rateLimitNote(inARow, seconds)}${givesUp ? `; gave up after ${inARow} in a row` : ''}`;
        // Everyone waits: the overall slot and this chat's move past retry_after.
        await repository.rateLimited(tx, { id: item.id, token, chatId: item.chatId }, seconds, givesUp, note);
      });
      if (inARow >= tuning.maxRateLimitedInARow) {
        stats.failed += 1;
        logger?.error(
          { delivery: item.id, chat: item.chatId, rate_limited_in_a_row: inARow },
          'telegram: gave up after 429s in a row',
        );
        return;
      }
      logger?.warn(
        { delivery: item.id, chat: item.chatId, retry_after: seconds, in_a_row: inARow },
        'telegram: 429',
      );
    },

    async failed(item: SendClaim, token: string, error: unknown) {
      const attempts = item.attempts + 1;
      const description =
        error instanceof GrammyError
          ? `${error.error_code}: ${error.description}`
          : String((error as Error)?.message ?? error);
      // Chat not found, bot blocked: trying again will not help.
      const permanent =
        error instanceof GrammyError && (error.error_code === 400 || error.error_code === 403);
      if (permanent || attempts >= tuning.maxAttempts) {
        stats.failed += 1;
        await repository.failed(item.id, token, attempts, null, description.slice(0, 1000));
        logger?.error(
          { delivery: item.id, chat: item.chatId, attempts, error: description },
          'telegram: gave up',
        );
        return;
      }
      stats.retried += 1;
      const backoff = Math.min(tuning.backoffMaxMs, tuning.backoffBaseMs * 2 ** (attempts - 1));
      const delayMs = backoff * (0.8 + Math.random() * 0.4);
      await repository.failed(item.id, token, attempts, delayMs, description.slice(0, 1000));
      logger?.warn({ delivery: item.id, chat: item.chatId, attempts, error: description }, 'telegram: retry');
    },
  };
}
