import { randomBytes } from 'node:crypto';
import type {
  FakeMarkBody,
  QueueEntry,
  QueueHistoryItem,
  QueueImportBody,
  StaffQueueHistoryItem,
} from '@stolik/contracts';
import { type Database, schema } from '@stolik/db';
import {
  type EntrySource,
  entryOfLegacySource,
  type LegacySource,
  legacySourceOf,
  localIsoDate,
} from '@stolik/domain';
import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import { requireRestaurant, type Viewer } from '../../shared/access';
import { isUniqueViolation } from '../../shared/db-errors';
import { HttpError, notFound } from '../../shared/http-errors';
import { phoneOrThrow } from '../../shared/phone-input';
import { restaurantOrThrow } from '../../shared/restaurant-or-throw';
import { announceChange } from '../events/changes.repository';
import type { QueueService } from './queue.service';

/*
 * The spec's source enumeration (README.md here): the older system's word for an entry, read off
 * status, source and the fake mark; the queries that keep Fake and Hostme entries out of the queue
 * figures; and the two commands that make those entries: an import in the older words, a mark.
 */

const { queueEntries, queueHistory, queueCounters } = schema;

/** Entries that are the restaurant's own queue work (countsInQueueFigures of @stolik/domain, in SQL). */
export function countsInQueueFiguresSql(
  table: { fake: typeof queueEntries.fake; source: typeof queueEntries.source } = queueEntries,
): SQL {
  return and(eq(table.fake, false), ne(table.source, 'hostme')) as SQL;
}

/** Entries the older system would have recorded in one of `words` (legacySourceOf, in SQL). */
export function legacySourceCondition(words: readonly LegacySource[]): SQL {
  const real = eq(queueEntries.fake, false);
  const each = words.map((word): SQL => {
    switch (word) {
      case 'Fake':
        return eq(queueEntries.fake, true);
      case 'Reserve_Hostme':
        return and(real, eq(queueEntries.status, 'reserve'), eq(queueEntries.source, 'hostme')) as SQL;
      case 'Reserve':
        return and(real, eq(queueEntries.status, 'reserve'), ne(queueEntries.source, 'hostme')) as SQL;
      default:
        return and(real, eq(queueEntries.status, entryOfLegacySource(word).status)) as SQL;
    }
  });
  return or(...each) ?? sql`false`;
}

/**
 * Each history row with the older word for the entry after it. The fake mark's changes are history
 * rows too (`changes.fake`), so the word is read walking back from the entry as it is now.
 */
export function withLegacySources(
  entry: { source: EntrySource; fake: boolean },
  items: QueueHistoryItem[],
): StaffQueueHistoryItem[] {
  let fake = entry.fake;
  const words: LegacySource[] = [];
  for (const item of [...items].reverse()) {
    words.unshift(legacySourceOf({ status: item.to_status, source: entry.source, fake }));
    if (typeof item.changes.fake === 'boolean') fake = !item.changes.fake;
  }
  return items.map((item, i) => ({ ...item, legacy_source: words[i] as LegacySource }));
}

export function createEntrySourceCommands(
  db: Database,
  queue: QueueService,
  now: () => Date = () => new Date(),
) {
  return {
    /** The entry's history, each row with the older word (GET /api/reservation/{id}/history/). */
    async history(viewer: Viewer, id: number): Promise<StaffQueueHistoryItem[]> {
      const entry = await queue.get(viewer, id);
      return withLegacySources(entry, await queue.history(viewer, id));
    },

    /**
     * An entry of another system in the older words (POST /api/reservation/import/, the restaurant's
     * admins). It takes the next number of its day and one history row ({imported_as}); nobody is
     * notified and no table is claimed: it is a record, not a guest at the door now.
     */
    async importEntry(viewer: Viewer, body: QueueImportBody): Promise<QueueEntry> {
      requireRestaurant(viewer, body.restaurant, 'admin');
      const restaurant = await restaurantOrThrow(db, body.restaurant);
      const phone = phoneOrThrow(body.phone, false);
      const facts = entryOfLegacySource(body.source);
      const created = body.created ? new Date(body.created) : now();
      const serviceDate = localIsoDate(restaurant.timezone, created);
      try {
        const entry = await db.transaction(async (tx) => {
          const [counter] = await tx
            .insert(queueCounters)
            .values({ restaurantId: restaurant.id, serviceDate, lastNumber: 1 })
            .onConflictDoUpdate({
              target: [queueCounters.restaurantId, queueCounters.serviceDate],
              set: { lastNumber: sql`${queueCounters.lastNumber} + 1` },
            })
            .returning();
          if (!counter) throw new Error('no queue number');
          const [row] = await tx
            .insert(queueEntries)
            .values({
              restaurantId: restaurant.id,
              serviceDate,
              number: counter.lastNumber,
              groupSize: body.group_size,
              name: body.name,
              phone,
              event: body.event ?? null,
              comment: body.comment,
              source: facts.source,
              status: facts.status,
              fake: facts.fake,
              guestToken: randomBytes(18).toString('base64url'),
              createdAt: created,
              updatedAt: now(),
            })
            .returning();
          if (!row) throw new Error('entry was not imported');
          await tx.insert(queueHistory).values({
            entryId: row.id,
            fromStatus: null,
            toStatus: row.status,
            changedBy: viewer.id,
            changes: { imported_as: body.source, ...(facts.fake ? { fake: true } : {}) },
          });
          await announceChange(tx, {
            kind: 'queue',
            restaurant: row.restaurantId,
            id: row.id,
            status: row.status,
          });
          return row;
        });
        return await queue.get(viewer, entry.id);
      } catch (error) {
        if (isUniqueViolation(error, 'queue_entries_active_phone_uq')) {
          throw new HttpError(409, 'errors.alreadyQueued', 'already_queued');
        }
        throw error;
      }
    },

    /** Mark an entry as no real guest, or take the mark off (PUT /api/reservation/{id}/fake/). */
    async markFake(viewer: Viewer, id: number, body: FakeMarkBody): Promise<QueueEntry> {
      const [row] = await db.select().from(queueEntries).where(eq(queueEntries.id, id));
      if (!row) throw notFound();
      requireRestaurant(viewer, row.restaurantId, 'member');
      if (row.fake !== body.fake) {
        await db.transaction(async (tx) => {
          await tx
            .update(queueEntries)
            .set({ fake: body.fake, updatedAt: now() })
            .where(eq(queueEntries.id, row.id));
          await tx.insert(queueHistory).values({
            entryId: row.id,
            fromStatus: row.status,
            toStatus: row.status,
            changedBy: viewer.id,
            changes: { fake: body.fake },
          });
          await announceChange(tx, {
            kind: 'queue',
            restaurant: row.restaurantId,
            id: row.id,
            status: row.status,
          });
        });
      }
      return queue.get(viewer, row.id);
    },
  };
}
export type EntrySourceCommands = ReturnType<typeof createEntrySourceCommands>;
