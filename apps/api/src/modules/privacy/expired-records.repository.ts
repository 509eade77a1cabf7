import { type Database, schema } from '@stolik/db';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { REFRESH_TTL_S } from '../auth/tokens';
import { changed, drain, RETENTION_BATCH } from './retention.repository';

const { refreshTokens, endedSessions, rateLimitCounters, telegramLinkTokens } = schema;

/**
 * How long a rate-limit counter is kept after its window began: longer than any limit's window
 * (the longest, sign-up's, is an hour), so a counter that goes counted nothing any more.
 */
export const RATE_LIMIT_COUNTERS_KEPT_S = 24 * 60 * 60;

export interface ExpiredRecordsOutcome {
  refreshTokens: number;
  endedSessions: number;
  rateLimitCounters: number;
  telegramLinkTokens: number;
}

type Executor = Pick<Database, 'execute'>;

/**
 * Deletes the rows that can no longer decide anything, so that no table grows for ever with the
 * product's use, and guests' phone numbers and addresses (in the rate limits' keys) are not kept
 * past their use:
 * - refresh tokens past their expiry: such a token is refused by its own signature's `exp` before
 *   its row is read, so the row (kept until then to catch a rotated token presented again) is done;
 * - ended sessions whose last token has expired too: a session ends when its tokens are revoked,
 *   and none of them outlives `REFRESH_TTL_S` from then (an access token lives minutes);
 * - rate-limit counters whose window began over a day ago: a missing counter is a count of zero,
 *   which such an old window would reset to anyway;
 * - Telegram link tokens past their expiry, used or not.
 * In batches, as the guests' retention is, so a first run over a long backlog holds no long lock.
 */
export async function forgetExpiredRecords(
  db: Executor,
  now: Date = new Date(),
  batch: number = RETENTION_BATCH,
): Promise<ExpiredRecordsOutcome> {
  const at = sql`${now.toISOString()}::timestamptz`;
  /** Deletes the rows of `table` where `expired` holds, `batch` keys at a time, to the last one. */
  const forget = (table: PgTable, key: PgColumn, expired: SQL) =>
    drain(batch, () =>
      changed(
        db,
        sql`delete from ${table} where ${key} in (select ${key} from ${table} where ${expired} limit ${batch}) returning 1`,
      ),
    );
  return {
    refreshTokens: await forget(refreshTokens, refreshTokens.jti, sql`${refreshTokens.expiresAt} < ${at}`),
    endedSessions: await forget(
      endedSessions,
      endedSessions.id,
      sql`${endedSessions.endedAt} < ${at} - make_interval(secs => ${REFRESH_TTL_S})`,
    ),
    rateLimitCounters: await forget(
      rateLimitCounters,
      rateLimitCounters.key,
      sql`${rateLimitCounters.windowStart} < ${at} - make_interval(secs => ${RATE_LIMIT_COUNTERS_KEPT_S})`,
    ),
    telegramLinkTokens: await forget(
      telegramLinkTokens,
      telegramLinkTokens.tokenHash,
      sql`${telegramLinkTokens.expiresAt} < ${at}`,
    ),
  };
}
