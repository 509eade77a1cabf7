import type {
  EntryUpdateBody,
  InstantSeatBody,
  MoveRestaurantBody,
  QueueEntry,
  ReserveBody,
  WalkInBody,
} from '@stolik/contracts';
import { MessageKey } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import { ACTIVE_QUEUE_STATUSES, localIsoDate } from '@stolik/domain';
import { requireRestaurant, type Viewer } from '../../shared/access';
import { FieldValidationError, notFound } from '../../shared/http-errors';
import { phoneOrThrow } from '../../shared/phone-input';
import { moveToRestaurant } from '../restaurants/move-to-restaurant';
import { restaurantOrThrow } from '../restaurants/restaurant-or-throw';
import type { EntryRow, QueueRepository } from './queue.repository';
import {
  asAlreadyQueued,
  changedElsewhere,
  type NewEntry,
  type QueueChanges,
  transitionRefused,
} from './queue-changes';
import type { QueueViews } from './queue-views';
import type { JoinQuote, QueueWaits } from './queue-waits';

/** Hostesses add guests (walk-ins, held, seated at once), correct them and move them through the machine. */
export function createQueueCommands(
  db: Database,
  now: () => Date,
  parts: { repository: QueueRepository; changes: QueueChanges; views: QueueViews; waits: QueueWaits },
) {
  const { repository, changes, views, waits } = parts;

  /** 400 unless every table is one of the restaurant's. */
  async function tablesOfOrThrow(restaurantId: number, tableIds: number[]): Promise<void> {
    const owned = await repository.tablesAmong(restaurantId, tableIds);
    if (owned.length !== tableIds.length) throw new FieldValidationError({ tables: [MessageKey.invalid] });
  }

  /** An entry added by a hostess (a walk-in, a held guest, a party seated at once). */
  async function addByStaff(
    viewer: Viewer,
    body: WalkInBody,
    status: 'live' | 'reserve' | 'sat',
    tableIds: number[] = [],
    quote?: NewEntry['quote'],
  ): Promise<EntryRow> {
    requireRestaurant(viewer, body.restaurant, 'member');
    const restaurant = await restaurantOrThrow(db, body.restaurant);
    const phone = phoneOrThrow(body.phone, false);
    if (status === 'sat') await tablesOfOrThrow(restaurant.id, tableIds);
    try {
      return await changes.insert({
        ...(quote ? { quote } : {}),
        restaurantId: restaurant.id,
        timezone: restaurant.timezone,
        groupSize: body.group_size,
        name: body.name,
        phone,
        event: body.event ?? null,
        comment: body.comment,
        source: 'staff',
        idempotencyKey: null,
        by: viewer.id,
        status,
        tableIds,
      });
    } catch (error) {
      throw asAlreadyQueued(error);
    }
  }

  return {
    /** POST /api/reservation/: a walk-in added by a hostess. */
    async walkIn(viewer: Viewer, body: WalkInBody): Promise<QueueEntry> {
      requireRestaurant(viewer, body.restaurant, 'member');
      // The hall read before the party is written, its quote recorded with it (queue-waits.ts).
      const hall = await waits.hallOf(body.restaurant);
      let given: JoinQuote | undefined;
      const entry = await addByStaff(viewer, body, 'live', [], (id) => {
        given = waits.joinQuote(hall, { id, partySize: body.group_size, source: 'staff' });
        return given;
      });
      return views.view(entry, given?.estimate);
    },

    /** POST /api/reservation/create_reservation/: held in reserve, out of the waits until staff make it live. */
    async reserve(viewer: Viewer, body: ReserveBody): Promise<QueueEntry> {
      return views.view(await addByStaff(viewer, body, 'reserve'));
    },

    /** POST /api/reservation/instant_seat/: a walk-in seated at once at free tables. */
    async instantSeat(viewer: Viewer, body: InstantSeatBody): Promise<QueueEntry> {
      return views.view(await addByStaff(viewer, body, 'sat', body.tables));
    },

    async update(viewer: Viewer, id: number, body: EntryUpdateBody): Promise<QueueEntry> {
      let row = await views.entryFor(viewer, id);
      const details: Partial<EntryRow> = {};
      if (body.group_size !== undefined) details.groupSize = body.group_size;
      if (body.name !== undefined) details.name = body.name;
      if (body.phone !== undefined) details.phone = phoneOrThrow(body.phone, false);
      if (body.event !== undefined) details.event = body.event;
      if (body.comment !== undefined) details.comment = body.comment;
      if (body.tables !== undefined) {
        await tablesOfOrThrow(row.restaurantId, body.tables);
        details.tableIds = body.tables;
      }
      if (body.status !== undefined && body.status !== row.status) {
        row = await changes.move(row, body.status, viewer.id, details);
      } else if (Object.keys(details).length > 0) {
        const before = row;
        row = await db.transaction(async (tx) => {
          // A seated party moved to other tables is seated again: the same rules, the same lock.
          if (before.status === 'sat' && details.tableIds) await changes.reseat(tx, before, details.tableIds);
          const updated = await repository.update(tx, before.id, { ...details, updatedAt: now() });
          if (!updated) throw notFound();
          await changes.log(tx, updated, before.status, viewer.id, body);
          return updated;
        });
      }
      return views.view(row);
    },

    /**
     * PUT /api/reservation/{id}/update_resto/: a waiting guest sent to another restaurant of the
     * same staff member: the next number of that restaurant's day, no tables, both halls told.
     */
    async moveRestaurant(viewer: Viewer, id: number, body: MoveRestaurantBody): Promise<QueueEntry> {
      const entry = await views.entryFor(viewer, id);
      try {
        const moved = await moveToRestaurant(db, viewer, entry, body.restaurant, {
          kind: 'queue',
          prepare: async (target) => {
            if (!ACTIVE_QUEUE_STATUSES.includes(entry.status)) throw transitionRefused(entry.status);
            return localIsoDate(target.timezone, now());
          },
          apply: async (tx, target, serviceDate) => {
            const number = await repository.nextNumber(tx, target.id, serviceDate);
            const values = { restaurantId: target.id, serviceDate, number, tableIds: [], updatedAt: now() };
            return repository.updateIfStill(tx, entry, values, true);
          },
          changedElsewhere,
          log: (tx, updated, move) => changes.log(tx, updated, entry.status, viewer.id, move),
        });
        return views.view(moved);
      } catch (error) {
        throw asAlreadyQueued(error);
      }
    },

    async call(viewer: Viewer, id: number): Promise<QueueEntry> {
      return views.view(await changes.move(await views.entryFor(viewer, id), 'called', viewer.id));
    },

    async cancel(viewer: Viewer, id: number): Promise<void> {
      await changes.move(await views.entryFor(viewer, id), 'cancelled', viewer.id);
    },
  };
}
