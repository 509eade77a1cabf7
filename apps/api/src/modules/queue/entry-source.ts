import { randomBytes } from 'node:crypto';
import type {
  FakeMarkBody,
  QueueEntry,
  QueueHistoryItem,
  QueueImportBody,
  StaffQueueHistoryItem,
} from '@stolik/contracts';
import type { Database } from '@stolik/db';
import {
  type EntrySource,
  entryOfLegacySource,
  type LegacySource,
  legacySourceOf,
  localIsoDate,
} from '@stolik/domain';
import { requireRestaurant, type Viewer } from '../../shared/access';
import { isUniqueViolation } from '../../shared/db-errors';
import { HttpError, notFound } from '../../shared/http-errors';
import { phoneOrThrow } from '../../shared/phone-input';
import { logStatusChange } from '../../shared/status-log.repository';
import { restaurantOrThrow } from '../restaurants/restaurant-or-throw';
import { createQueueRepository } from './queue.repository';
import type { QueueService } from './queue.service';

/*
 * The spec's source enumeration (README.md here): the older system's word for an entry, read off
 * status, source and the fake mark; the queries that keep Fake and Hostme entries out of the queue
 * figures (entry-source.repository.ts); and the two commands that make those entries: an import in
 * the older words, a mark.
 */

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
  const repository = createQueueRepository(db);

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
          const number = await repository.nextNumber(tx, restaurant.id, serviceDate);
          const row = await repository.insert(tx, {
            restaurantId: restaurant.id,
            serviceDate,
            number,
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
          });
          // Nobody is notified: no notices.
          await logStatusChange(tx, {
            kind: 'queue',
            id: row.id,
            restaurantId: row.restaurantId,
            by: viewer.id,
            from: null,
            to: row.status,
            changes: { imported_as: body.source, ...(facts.fake ? { fake: true } : {}) },
            notices: [],
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
      const row = await repository.findById(id);
      if (!row) throw notFound();
      requireRestaurant(viewer, row.restaurantId, 'member');
      if (row.fake !== body.fake) {
        await db.transaction(async (tx) => {
          await repository.update(tx, row.id, { fake: body.fake, updatedAt: now() });
          await logStatusChange(tx, {
            kind: 'queue',
            id: row.id,
            restaurantId: row.restaurantId,
            by: viewer.id,
            from: row.status,
            to: row.status,
            changes: { fake: body.fake },
            notices: [],
          });
        });
      }
      return queue.get(viewer, row.id);
    },
  };
}
export type EntrySourceCommands = ReturnType<typeof createEntrySourceCommands>;
