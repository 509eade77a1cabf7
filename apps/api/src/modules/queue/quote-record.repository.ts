import type { Database } from '@stolik/db';
import { schema } from '@stolik/db';
import {
  ESTIMATE_LAST_STEP,
  ESTIMATE_STEP_MINUTES,
  type EstimateErrors,
  type JoinedFrom,
  type NoShowRecord,
  type QuoteHistory,
  type WalkRecord,
} from '@stolik/domain';
import { and, eq, gte, sql } from 'drizzle-orm';
import { countsInQueueFiguresSql } from './entry-source.repository';

const { queueEntries } = schema;

/**
 * The restaurant's record of its own quotes since `since` (issue #20), for `quoteCorrectionOf` and `noShowChanceOf`:
 * - errors: seated joins by where they joined from and step of the hall simulation's estimate at the
 *   join (`estimated_wait_minutes`, never the corrected quote), with the median of actual wait
 *   (seated − joined) minus that estimate;
 * - walks: seated joins that were called first, by where they joined from, with the median minutes
 *   from the call to the table;
 * - noShows: joins called to a table, by where they joined from: how many, how many never came
 *   (never seated), and the median minutes from the call until they were given up.
 * `bench/quotes` learns the same from its simulated nights (`learnedHistory`).
 */
export async function loadQuoteRecord(
  db: Database,
  restaurantId: number,
  since: Date,
): Promise<Pick<QuoteHistory, 'errors' | 'walks' | 'noShows'>> {
  // Literal SQL on purpose: the same text in select and group by (bound values would differ).
  const from = sql.raw(`(case when source = 'staff' then 'door' else 'away' end)`);
  const step = sql.raw(
    `(case when estimated_wait_minutes <= 0 then 0 else least(${ESTIMATE_LAST_STEP}, ceil(estimated_wait_minutes / ${ESTIMATE_STEP_MINUTES}.0) * ${ESTIMATE_STEP_MINUTES}) end)::int`,
  );
  const seatedSince = and(
    eq(queueEntries.restaurantId, restaurantId),
    // Fake and imported (Hostme) entries are no quotes of ours (entry-source.ts).
    countsInQueueFiguresSql(),
    gte(queueEntries.createdAt, since),
    sql`${queueEntries.seatedAt} is not null`,
  );
  const [errors, walks, noShows] = await Promise.all([
    db
      .select({
        from: sql<JoinedFrom>`${from}`,
        step: sql<number>`${step}`,
        samples: sql<number>`count(*)::int`,
        median: sql<number>`percentile_cont(0.5) within group (order by extract(epoch from ${queueEntries.seatedAt} - ${queueEntries.createdAt})::float8 / 60 - ${queueEntries.estimatedWaitMinutes})`,
      })
      .from(queueEntries)
      .where(and(seatedSince, sql`${queueEntries.estimatedWaitMinutes} is not null`))
      .groupBy(from, step),
    db
      .select({
        from: sql<JoinedFrom>`${from}`,
        samples: sql<number>`count(*)::int`,
        median: sql<number>`percentile_cont(0.5) within group (order by extract(epoch from ${queueEntries.seatedAt} - ${queueEntries.invitedAt})::float8 / 60)`,
      })
      .from(queueEntries)
      .where(
        and(
          seatedSince,
          sql`${queueEntries.invitedAt} is not null`,
          sql`${queueEntries.seatedAt} >= ${queueEntries.invitedAt}`,
        ),
      )
      .groupBy(from),
    db
      .select({
        from: sql<JoinedFrom>`${from}`,
        called: sql<number>`count(*)::int`,
        absent: sql<number>`(count(*) filter (where ${queueEntries.seatedAt} is null))::int`,
        heldMinutes: sql<
          number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from ${queueEntries.finishedAt} - ${queueEntries.invitedAt})::float8 / 60) filter (where ${queueEntries.seatedAt} is null)`,
      })
      .from(queueEntries)
      .where(
        and(
          eq(queueEntries.restaurantId, restaurantId),
          countsInQueueFiguresSql(),
          gte(queueEntries.createdAt, since),
          sql`${queueEntries.invitedAt} is not null`,
          // How the call ended: seated, or given up (a call still open says nothing yet).
          sql`(${queueEntries.seatedAt} is not null or (${queueEntries.status} = 'cancelled' and ${queueEntries.finishedAt} >= ${queueEntries.invitedAt}))`,
        ),
      )
      .groupBy(from),
  ]);
  return {
    errors: errors.map(
      (e): EstimateErrors => ({
        from: e.from,
        step: Number(e.step),
        samples: Number(e.samples),
        median: Number(e.median),
      }),
    ),
    walks: walks.map(
      (w): WalkRecord => ({ from: w.from, samples: Number(w.samples), median: Number(w.median) }),
    ),
    noShows: noShows.map(
      (n): NoShowRecord => ({
        from: n.from,
        called: Number(n.called),
        absent: Number(n.absent),
        heldMinutes: Number(n.heldMinutes ?? 0),
      }),
    ),
  };
}
